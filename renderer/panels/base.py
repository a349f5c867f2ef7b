"""Panel frame and text rows shared by every panel."""

from __future__ import annotations

import pygame
from railyard.renderer import colors
from railyard.renderer.fonts import font

ROW = 17
TEXT_SIZE = 18
TITLE_SIZE = 20


def frame(surface: pygame.Surface, rect: pygame.Rect, title: str) -> pygame.Rect:
    """Draw the panel's ground and title; returns the area left for content."""
    pygame.draw.rect(surface, colors.PANEL_BG, rect)
    pygame.draw.rect(surface, colors.PANEL_BORDER, rect, 1)
    image = font(TITLE_SIZE, True).render(title, True, colors.PANEL_ACCENT)
    surface.blit(image, (rect.x + 6, rect.y + 4))
    return pygame.Rect(rect.x + 6, rect.y + 6 + image.get_height(), rect.width - 12,
                       rect.height - 10 - image.get_height())


def cells(surface: pygame.Surface, area: pygame.Rect, y: int, values: list[str],
          widths: list[int], color: colors.Color = colors.PANEL_TEXT, bold: bool = False,
          size: int = TEXT_SIZE) -> None:
    """One table row: ``values`` in columns of ``widths`` pixels, clipped to ``area``."""
    x = area.x
    f = font(size, bold)
    clip = surface.get_clip()
    surface.set_clip(area)
    for value, width in zip(values, widths, strict=False):
        image = f.render(value, True, color)
        if image.get_width() > width - 4 and width > 0:
            image = image.subsurface(pygame.Rect(0, 0, max(1, width - 4), image.get_height()))
        surface.blit(image, (x, y))
        x += width
    surface.set_clip(clip)


def line(surface: pygame.Surface, area: pygame.Rect, y: int, content: str,
         color: colors.Color = colors.PANEL_TEXT, bold: bool = False, size: int = TEXT_SIZE) -> int:
    """A line of text, clipped to ``area``; returns the next row's y."""
    clip = surface.get_clip()
    surface.set_clip(area)
    surface.blit(font(size, bold).render(content, True, color), (area.x, y))
    surface.set_clip(clip)
    return y + ROW
