"""Players: cash, certificates, net worth, priority deal; the one to act is highlighted."""

from __future__ import annotations

from typing import Any

import pygame

from railyard.renderer import colors, view
from railyard.renderer.fonts import font
from railyard.renderer.panels.base import ROW, cells, content_area, frame, line, wrapped

WIDTHS = [120, 70, 50, 80, 40]
HOLDING_SIZE = 17


def draw(surface: pygame.Surface, rect: pygame.Rect, game: Any) -> None:
    area = frame(surface, rect, "Players")
    cur = game.title.manifest.currency
    cells(surface, area, area.y, ["player", "cash", "certs", "worth", "PD"], WIDTHS,
          colors.PANEL_DIM)
    y = area.y + ROW
    limit = None
    setup = getattr(game.title, "setup", None)
    if setup is not None and len(game.players) in setup.players:
        limit = setup.players[len(game.players)].certificate_limit
    for row in view.players(game):
        color = colors.PANEL_ACCENT if row.active else colors.PANEL_TEXT
        if row.bankrupt:
            color = colors.ERROR
        name = ("> " if row.active else "  ") + row.id
        worth = "" if row.worth is None else f"{row.worth}{cur}"
        certs = f"{row.certificates}/{limit}" if limit else str(row.certificates)
        cells(surface, area, y, [name, f"{row.cash}{cur}", certs, worth,
                                 "PD" if row.priority else ""], WIDTHS, color, bold=row.active)
        y += ROW
        for text, _ in holding_lines(row, area.width):  # wrapped, never cut: read by all
            y = line(surface, area, y, text, colors.HOLDINGS, size=HOLDING_SIZE)


def holding_lines(row: Any, width: int) -> list[tuple[str, str]]:
    """A player's holdings as drawn: (line, player id) for each wrapped line."""
    if not row.holdings:
        return []
    return [(text, row.id) for text in wrapped("    " + row.holdings, width, HOLDING_SIZE, indent="    ")]


def company_at(rect: pygame.Rect, game: Any, pos: tuple[int, int]) -> str | None:
    """The company whose name in a player's holdings is under ``pos`` (its card is shown on
    hover): the lines laid out as ``draw`` lays them, each holding measured in its face."""
    area = content_area(rect)
    if not area.collidepoint(pos):
        return None
    labels = {cdef.label: cid for cid, cdef in game.title.companies.items()}
    f = font(HOLDING_SIZE)
    y = area.y + ROW
    for row in view.players(game):
        y += ROW
        for text, _ in holding_lines(row, area.width):
            if y <= pos[1] < y + ROW:
                x = area.x + f.size(text[: len(text) - len(text.lstrip())])[0]
                for part in text.strip().split(", "):
                    w = f.size(part)[0]
                    if x <= pos[0] < x + w:
                        return labels.get(part.split(" ")[0])
                    x += w + f.size(", ")[0]
                return None
            y += ROW
    return None
