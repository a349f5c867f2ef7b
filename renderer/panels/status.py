"""The status bar: round, phase, bank, who acts; and the last message (a refusal names the
rule that refused)."""

from __future__ import annotations

from typing import Any

import pygame
from railyard.renderer import colors, view
from railyard.renderer.fonts import font


def draw(surface: pygame.Surface, rect: pygame.Rect, game: Any, message: str = "",
         error: bool = False) -> None:
    pygame.draw.rect(surface, colors.PANEL_BG, rect)
    pygame.draw.line(surface, colors.PANEL_BORDER, rect.bottomleft, rect.bottomright)
    surface.blit(font(20, True).render(view.status_line(game), True, colors.PANEL_TEXT),
                 (rect.x + 8, rect.y + 4))
    auction = view.auction_text(game)
    if auction:
        surface.blit(font(18).render(auction, True, colors.PANEL_ACCENT), (rect.x + 8, rect.y + 22))
    if message:
        image = font(18, True).render(message, True, colors.ERROR if error else colors.OK)
        surface.blit(image, (rect.right - image.get_width() - 8, rect.y + 22))
