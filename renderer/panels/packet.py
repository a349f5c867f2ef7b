"""The start packet while any of it is left: each item, its minimum bid (or price) and what it
gives (an Sd pair gives its mountain railway too), the item under the hammer marked. Shown
to every player, not only to the one opening an auction."""

from __future__ import annotations

from typing import Any

import pygame

from railyard.renderer import colors, view
from railyard.renderer.panels.base import ROW, cells, fitted, frame, row_index, scrollbar

WIDTHS = [90, 70, 380]


def draw(surface: pygame.Surface, rect: pygame.Rect, game: Any, scroll: int = 0) -> None:
    rows = view.packet(game)
    cur = game.title.manifest.currency
    area = frame(surface, rect, f"Start packet: {len(rows)} left")
    widths = fitted(WIDTHS, area.width)
    cells(surface, area, area.y, ["item", "min", "gives"], widths, colors.PANEL_DIM)
    y = area.y + ROW
    shown = 0
    for row in rows[scroll:]:
        if y + ROW > area.bottom:
            break
        shown += 1
        hot = bool(row.bidding)
        what = f"{row.what}: {row.bidding}" if hot else row.what
        cells(surface, area, y, [row.id, f"{row.price}{cur}", what], widths,
              colors.PANEL_ACCENT if hot else colors.PANEL_TEXT, bold=hot, size=16)
        y += ROW
    scrollbar(surface, pygame.Rect(area.x, area.y + ROW, area.width, area.height - ROW),
              scroll, shown, len(rows))


def item_at(rect: pygame.Rect, game: Any, scroll: int, pos: tuple[int, int]) -> list[str]:
    """The companies of the packet item under ``pos`` (their cards are shown on hover)."""
    index = row_index(rect, pos, scroll)
    rows = view.packet(game)
    if index is None or index >= len(rows):
        return []
    start = game.title.setup.start_packet
    return list(start.items[rows[index].id].companies)
