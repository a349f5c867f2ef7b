"""Players: cash, certificates, net worth, priority deal; the one to act is highlighted."""

from __future__ import annotations

from typing import Any

import pygame
from railyard.renderer import colors, view
from railyard.renderer.panels.base import ROW, cells, frame, line, wrapped

WIDTHS = [120, 70, 50, 80, 40]


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
        if row.holdings:  # wrapped, never cut: a holding is a decision for the others
            for text in wrapped("    " + row.holdings, area.width, 16, indent="    "):
                y = line(surface, area, y, text, colors.HOLDINGS, size=17)
