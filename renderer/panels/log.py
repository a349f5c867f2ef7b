"""The game log: the newest lines at the bottom."""

from __future__ import annotations

from typing import Any

import pygame
from railyard.renderer import colors
from railyard.renderer.panels.base import ROW, frame, line


def draw(surface: pygame.Surface, rect: pygame.Rect, game: Any, scroll: int = 0) -> None:
    area = frame(surface, rect, "Log")
    lines = game.log
    fit = max(1, area.height // ROW)
    end = max(0, len(lines) - scroll)
    shown = lines[max(0, end - fit):end]
    y = area.y
    for text in shown:
        heading = text.startswith("--")  # round and game-end markers
        y = line(surface, area, y, text, colors.PANEL_ACCENT if heading else colors.PANEL_TEXT,
                 bold=heading, size=16)
