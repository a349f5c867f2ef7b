"""The train depot: trains left in each stack with prices, the pool, the phase, and what the
next phase's first train will bring."""

from __future__ import annotations

from typing import Any

import pygame

from railyard.renderer import colors, view
from railyard.renderer.panels.base import frame, line, wrapped


def draw(surface: pygame.Surface, rect: pygame.Rect, game: Any) -> None:
    area = frame(surface, rect, "Trains")
    info = view.depot(game)
    cur = game.title.manifest.currency
    y = area.y
    for stack, rows in info.stacks.items():
        parts = []
        for row in rows:
            if row.left == "0":
                continue
            count = "" if row.left == "unlimited" else f" x{row.left}"
            when = f" (after {row.locked_until})" if row.locked_until else ""
            parts.append(f"{row.name} {row.price}{cur}{count}{when}")
        y = _wrapped(surface, area, y, f"{stack}:", parts or ["sold out"])
    if info.pool:
        y = line(surface, area, y, "pool: " + ", ".join(info.pool), colors.PANEL_TEXT)
    y = line(surface, area, y, f"phase {info.phase}", colors.PANEL_ACCENT, bold=True)
    if info.next_phase:
        trigger = f"first {info.next_trigger}" if info.next_trigger else "next"
        for text in wrapped(f"{trigger} train -> phase {info.next_phase}: "
                            + ", ".join(info.next_effects), area.width, 16):
            y = line(surface, area, y, text, colors.PANEL_DIM, size=16)


def _wrapped(surface: pygame.Surface, area: pygame.Rect, y: int, head: str,
             parts: list[str]) -> int:
    """``head`` then the parts, as many per line as fit."""
    from railyard.renderer.fonts import font

    f = font(18)
    current = head
    for part in parts:
        candidate = f"{current} {part}" if current else part
        if f.size(candidate)[0] > area.width and current:
            y = line(surface, area, y, current)
            current = "    " + part
        else:
            current = candidate if current != head else f"{head} {part}"
    return line(surface, area, y, current)
