"""The game log: the newest lines at the bottom, long lines wrapped, a scrollbar when the log
is longer than the panel; ``scroll`` counts lines back from the newest."""

from __future__ import annotations

from typing import Any

import pygame

from railyard.renderer import colors
from railyard.renderer.panels.base import ROW, frame, line, scrollbar, wrapped

SIZE = 16


def draw(surface: pygame.Surface, rect: pygame.Rect, game: Any, scroll: int = 0,
         lines: list[str] | None = None) -> None:
    """``lines``: the log as the player reads it (the client's words); the engine's log
    otherwise."""
    area = frame(surface, rect, "Log")
    lines = game.log if lines is None else lines
    fit = max(1, area.height // ROW)
    width = area.width - 8
    scroll = max(0, min(scroll, max(0, len(lines) - 1)))
    end = len(lines) - scroll
    rows: list[tuple[str, bool]] = []
    index = end
    while index > 0 and len(rows) < fit:  # wrap from the newest back until the panel is full
        index -= 1
        text = lines[index]
        heading = text.startswith("--")  # round and game-end markers
        rows[:0] = [(part, heading) for part in wrapped(text, width, SIZE, heading)]
    rows = rows[-fit:]
    y = area.y
    for text, heading in rows:
        y = line(surface, area, y, text, colors.PANEL_ACCENT if heading else colors.PANEL_TEXT,
                 bold=heading, size=SIZE)
    scrollbar(surface, area, max(0, index), end - index, len(lines))
