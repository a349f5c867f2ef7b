"""Companies: type, owner or director, cash, trains, tokens left, share price, shares left in
the initial offering and in the pool."""

from __future__ import annotations

from typing import Any

import pygame

from railyard.renderer import colors, view
from railyard.renderer.fonts import font
from railyard.renderer.panels.base import ROW, cells, fitted, frame, row_index, scrollbar
from railyard.renderer.ui.card_view import train_chips

WIDTHS = [52, 62, 76, 54, 86, 30, 44, 40, 40]
HEAD = ["co", "type", "owner", "cash", "trains", "tok", "price", "IPO", "pool"]


def draw(surface: pygame.Surface, rect: pygame.Rect, game: Any, scroll: int = 0) -> None:
    area = frame(surface, rect, "Companies")
    widths = fitted(WIDTHS, area.width)
    cells(surface, area, area.y, HEAD, widths, colors.PANEL_DIM)
    y = area.y + ROW
    rows = view.companies(game)
    if not rows:
        cells(surface, area, y, ["none started yet"], [area.width], colors.PANEL_DIM)
        return
    shown = 0
    for row in rows[scroll:]:
        if y + ROW > area.bottom:
            break
        shown += 1
        fill, ink = colors.company_colors(game.title.companies[row.id])
        chip = pygame.Rect(area.x, y, widths[0] - 6, ROW - 2)
        pygame.draw.rect(surface, fill, chip, border_radius=3)
        label = font(16, True).render(row.label, True, ink)
        if label.get_width() > chip.width - 2:  # a long label in a smaller face, never cut
            label = font(12, True).render(row.label, True, ink)
            chip.width = max(chip.width, label.get_width() + 4)
            pygame.draw.rect(surface, fill, chip, border_radius=3)
        surface.blit(label, label.get_rect(center=chip.center))
        color = colors.PANEL_ACCENT if row.active else colors.PANEL_TEXT
        if row.closed:
            color = colors.PANEL_DIM
        price = "" if row.price is None else str(row.price)
        if row.price is None and row.par is not None:
            price = f"({row.par})"
        cdef = game.title.companies[row.id]
        if row.kind == "private":  # no cash, trains or stations: what it pays its owner instead
            income = f"rev {cdef.income.first}" if cdef.income is not None else ""
            cells(surface, area, y, ["", row.type, row.owner, "", income], widths, color, bold=row.active)
            y += ROW
            continue
        values = ["", row.type, row.owner, str(row.cash), "" if row.trains else "-",
                  str(row.tokens_left), price,
                  f"{row.ipo}%" if row.kind == "corporation" else "",
                  f"{row.pool}%" if row.kind == "corporation" else ""]
        cells(surface, area, y, values, widths, color, bold=row.active)
        if row.trains:  # one chip a train: "1G 1G 2" must not read "1G1G2"
            left = area.x + sum(widths[:4])
            clip = surface.get_clip()
            surface.set_clip(area)
            train_chips(surface, left, y, row.trains, left + widths[4] - 2, size=15)
            surface.set_clip(clip)
        y += ROW
    body = pygame.Rect(area.x, area.y + ROW, area.width, area.height - ROW)
    scrollbar(surface, body, scroll, shown, len(rows))


def company_at(rect: pygame.Rect, game: Any, scroll: int, pos: tuple[int, int]) -> str | None:
    """The company whose row is under ``pos`` (its card is shown on hover)."""
    index = row_index(rect, pos, scroll)
    rows = view.companies(game)
    return rows[index].id if index is not None and index < len(rows) else None


def first_row_for(game: Any, rect: pygame.Rect, scroll: int) -> int:
    """The first row to show so that the acting company's row is in view (the user's own
    scroll while it already is)."""
    rows = view.companies(game)
    room = max(1, (rect.height - 30) // ROW - 1)
    acting = next((i for i, row in enumerate(rows) if row.active), None)
    if acting is None or scroll <= acting < scroll + room:
        return scroll
    return max(0, min(acting - room // 2, len(rows) - room))
