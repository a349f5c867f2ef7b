"""The stock market chart with each company's price marker (stacked markers side by side,
the top of the stack first); every zone of the chart in its colour, with a legend of what the
title says each zone means."""

from __future__ import annotations

from typing import Any

import pygame

from railyard.renderer import colors, view
from railyard.renderer.fonts import font
from railyard.renderer.panels.base import fit_text, frame

PLAIN = (236, 230, 208)
#: a zone letter is the initial of the colour printed on the chart (18xx charts share these)
FLAG_COLORS = {"p": (200, 60, 60), "y": (230, 200, 90), "o": (236, 150, 60),
               "b": (160, 110, 70), "n": (90, 140, 220), "g": (120, 180, 110),
               "r": (210, 90, 90), "c": (120, 120, 120), "w": (250, 250, 250)}
#: colours for zone letters that name no colour above, in the order the title lists them
SPARE = ((170, 130, 200), (110, 190, 190), (200, 170, 140), (150, 160, 90))
#: a cell with several zone letters takes the colour of the first found here (the par box
#: is drawn as an outline over the zone colour instead)
PRIORITY = "bonygrcw"
LEGEND_SIZE = 14
LEGEND_ROW = 13
MIN_LEGEND_W = 170  # narrower, the legend goes under the chart


def flag_colors(market: Any) -> dict[str, tuple[int, int, int]]:
    """The colour of every flag letter the chart uses."""
    used = sorted({f for cell in market.cells() for f in cell.flags})
    out: dict[str, tuple[int, int, int]] = {}
    spare = iter(SPARE)
    for flag in used:
        out[flag] = FLAG_COLORS.get(flag) or next(spare, (190, 190, 190))
    return out


def meaning(market: Any, flag: str) -> str:
    """What a flag letter means: the title's legend, else its zone's rules in words."""
    said = market.legend.get(flag)
    if said:
        return str(said)
    rules = market.zones.get(flag) or (("outside_certificate_limit",) if flag == "y" else ())
    if flag == "p" and not rules:
        return "par value"
    return ", ".join(r.replace("_", " ") for r in rules) or f"zone {flag}"


def cell_fill(market: Any, cell: Any, palette: dict[str, tuple[int, int, int]]) -> tuple[int, int, int]:
    for flag in PRIORITY + "".join(sorted(cell.flags)):
        if flag in cell.flags and flag != "p":
            return palette[flag]
    return palette["p"] if cell.par and "p" in palette else PLAIN


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


def legend_lines(market: Any) -> list[tuple[str, str]]:
    """(flag, meaning) of every flag the chart uses, in the title's legend order."""
    used = {f for cell in market.cells() for f in cell.flags}
    order = [f for f in market.legend if f in used] + sorted(used - set(market.legend))
    return [(f, meaning(market, f)) for f in order]


def geometry(market: Any, area: pygame.Rect) -> tuple[dict[tuple[int, int], pygame.Rect],
                                                       list[tuple[str, str, pygame.Rect]]]:
    """The cells and the legend's rows: the legend goes in the chart's empty lower-right corner
    when it fits there, else under a chart made shorter for it."""
    items = legend_lines(market)
    rects = cell_rects(market, area)
    if not items:
        return rects, []
    top = area.bottom - LEGEND_ROW * len(items)
    left = max((r.right for r in rects.values() if r.bottom > top), default=area.x - 6) + 6
    corner = [(flag, said, pygame.Rect(left, top + i * LEGEND_ROW, area.right - left, LEGEND_ROW))
              for i, (flag, said) in enumerate(items)]
    if all(row.width >= MIN_LEGEND_W for _, _, row in corner):
        return rects, corner
    rects = cell_rects(market, pygame.Rect(area.x, area.y, area.width, top - area.y - 2))
    return rects, [(flag, said, pygame.Rect(area.x, top + i * LEGEND_ROW, area.width, LEGEND_ROW))
                   for i, (flag, said) in enumerate(items)]


def cell_at(market: Any, area: pygame.Rect, pos: tuple[int, int]) -> Any:
    """The chart cell under a pixel of the panel ``area`` was drawn in (None elsewhere)."""
    rects, _ = geometry(market, _content(area))
    for (r, c), box in rects.items():
        if box.collidepoint(pos):
            return market.cell(r, c)
    return None


def describe_cell(market: Any, cell: Any) -> list[str]:
    """A tooltip: the price and what its zone means."""
    out = [f"{cell.price}" + (" (par)" if cell.par else "")]
    out += [meaning(market, f) for f in sorted(cell.flags) if f != "p"]
    return out


def _content(rect: pygame.Rect) -> pygame.Rect:
    """The area ``frame`` leaves for content (the same arithmetic, without drawing)."""
    title_h = font(20, True).get_height()
    return pygame.Rect(rect.x + 6, rect.y + 6 + title_h, rect.width - 12, rect.height - 10 - title_h)


def draw(surface: pygame.Surface, rect: pygame.Rect, game: Any) -> None:
    area = frame(surface, rect, "Stock market")
    market = game.title.market
    stacks = view.market(game)
    palette = flag_colors(market)
    rects, legend = geometry(market, area)
    f = font(max(12, min(18, rects[next(iter(rects))].height // 2)))
    for (r, c), box in rects.items():
        cell = market.cell(r, c)
        pygame.draw.rect(surface, cell_fill(market, cell, palette), box)
        if cell.par and cell_fill(market, cell, palette) != palette.get("p"):
            pygame.draw.rect(surface, palette["p"], box, 2)
        else:
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
    for flag, said, row in legend:
        swatch = pygame.Rect(row.x, row.y + 2, 10, 9)
        pygame.draw.rect(surface, palette[flag], swatch)
        pygame.draw.rect(surface, colors.PANEL_BORDER, swatch, 1)
        shown, size = fit_text(said, row.width - 14, LEGEND_SIZE)
        surface.blit(font(size).render(shown, True, colors.PANEL_TEXT), (row.x + 14, row.y))
