"""The status bar: round, phase, bank, who acts; and the last message (a refusal names the
rule that refused)."""

from __future__ import annotations

from typing import Any

import pygame

from railyard.renderer import colors, view
from railyard.renderer.fonts import font
from railyard.renderer.panels.base import fit_text


def draw(surface: pygame.Surface, rect: pygame.Rect, game: Any, message: str = "",
         error: bool = False) -> None:
    pygame.draw.rect(surface, colors.PANEL_BG, rect)
    pygame.draw.line(surface, colors.PANEL_BORDER, rect.bottomleft, rect.bottomright)
    surface.blit(font(20, True).render(view.status_line(game), True, colors.PANEL_TEXT),
                 (rect.x + 8, rect.y + 4))
    auction = view.auction_text(game)
    left = rect.x + 8
    if auction:
        image = font(18).render(auction, True, colors.PANEL_ACCENT)
        surface.blit(image, (left, rect.y + 22))
        left += image.get_width() + 24
    if message:  # beside the auction line, in a smaller face or shortened, never over it
        shown, size = fit_text(message, rect.right - 8 - left, 18, True)
        image = font(size, True).render(shown, True, colors.ERROR if error else colors.OK)
        surface.blit(image, (max(left, rect.right - image.get_width() - 8), rect.y + 22))
