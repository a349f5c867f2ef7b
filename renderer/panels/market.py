"""The stock market chart with each company's price marker (stacked markers side by side,
the top of the stack first)."""

from __future__ import annotations

from typing import Any

import pygame
from railyard.renderer import colors, view
from railyard.renderer.fonts import font
from railyard.renderer.panels.base import frame

FLAG_COLORS = {"p": (200, 60, 60), "y": (230, 200, 90), "n": (90, 140, 220)}


def cell_rects(market: Any, area: pygame.Rect) -> dict[tuple[int, int], pygame.Rect]:
    """Screen rectangles of every chart cell; a hex chart shifts each row half a cell left."""
    rows = market.rows
    hexlike = market.layout == "hex"
    ncols = max(len(r) for r in rows)
    span = ncols + ((len(rows) - 1) / 2 if hexlike else 0)
    w = max(10, int(area.width / span))
    h = max(10, min(int(area.height / len(rows)), int(w * 0.9)))
    out = {}
    for r, row in enumerate(rows):
        shift = (len(rows) - 1 - r) * w / 2 if hexlike else 0
        for c, cell in enumerate(row):
            if cell is None:
                continue
            out[(r, c)] = pygame.Rect(area.x + int(shift + c * w), area.y + r * h, w - 2, h - 2)
    return out


def draw(surface: pygame.Surface, rect: pygame.Rect, game: Any) -> None:
    area = frame(surface, rect, "Stock market")
    market = game.title.market
    stacks = view.market(game)
    rects = cell_rects(market, area)
    f = font(max(12, min(18, rects[next(iter(rects))].height // 2)))
    for (r, c), box in rects.items():
        cell = market.cell(r, c)
        fill = (236, 230, 208)
        for flag, color in FLAG_COLORS.items():
            if cell.has(flag):
                fill = color
        pygame.draw.rect(surface, fill, box)
        pygame.draw.rect(surface, colors.PANEL_BORDER, box, 1)
        surface.blit(f.render(str(cell.price), True, colors.TEXT), (box.x + 2, box.y + 1))
        ids = stacks.get((r, c), [])
        if ids:
            d = max(6, min(box.height // 2, box.width // max(1, len(ids))))
            for i, cid in enumerate(ids):
                fill_c, ink = colors.company_colors(game.title.companies[cid])
                center = (box.x + d // 2 + 1 + i * (d - 1), box.bottom - d // 2 - 1)
                pygame.draw.circle(surface, fill_c, center, d // 2)
                pygame.draw.circle(surface, colors.CITY_OUTLINE, center, d // 2, 1)
                if len(ids) <= 2:
                    label = font(max(10, d - 2), True).render(
                        game.title.companies[cid].label[:3], True, ink)
                    surface.blit(label, label.get_rect(center=center))
