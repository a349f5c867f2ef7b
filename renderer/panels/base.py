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
    shown, size = fit_text(title, rect.width - 12, TITLE_SIZE, bold=True)  # a long prompt whole
    image = font(size, True).render(shown, True, colors.PANEL_ACCENT)
    surface.blit(image, (rect.x + 6, rect.y + 4 + (font(TITLE_SIZE, True).get_height() - image.get_height()) // 2))
    height = font(TITLE_SIZE, True).get_height()
    return pygame.Rect(rect.x + 6, rect.y + 6 + height, rect.width - 12, rect.height - 10 - height)


def content_area(rect: pygame.Rect) -> pygame.Rect:
    """The area ``frame`` leaves for content, without drawing (hit-testing a panel's rows)."""
    h = font(TITLE_SIZE, True).get_height()
    return pygame.Rect(rect.x + 6, rect.y + 6 + h, rect.width - 12, rect.height - 10 - h)


def row_index(rect: pygame.Rect, pos: tuple[int, int], scroll: int = 0, head: int = 1) -> int | None:
    """Which table row (counted from the first, ``scroll`` included) lies under ``pos`` in a
    panel drawn by ``frame`` with ``head`` header rows; None off the rows."""
    area = content_area(rect)
    if not area.collidepoint(pos) or pos[1] < area.y + head * ROW:
        return None
    return scroll + (pos[1] - area.y - head * ROW) // ROW


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
        smaller = size
        while image.get_width() > width - 4 and width > 0 and smaller > 12:
            smaller -= 2  # a long name in a smaller face before any of it is cut
            image = font(smaller, bold).render(value, True, color)
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


def fitted(widths: list[int], room: int) -> list[int]:
    """Column widths shrunk in proportion when the panel is narrower than they add up to."""
    total = sum(widths)
    if total <= room:
        return list(widths)
    return [w * room // total for w in widths]


def wrapped(content: str, width: int, size: int = TEXT_SIZE, bold: bool = False,
            indent: str = "   ") -> list[str]:
    """``content`` broken at spaces into lines no wider than ``width`` pixels (a word wider
    than the line stays whole); the lines after the first start with ``indent``."""
    f = font(size, bold)
    out: list[str] = []
    current = ""
    for word in content.split(" "):
        candidate = f"{current} {word}" if current else word
        if current.strip() and f.size(candidate)[0] > width:
            out.append(current)
            current = indent + word
        else:
            current = candidate
    out.append(current)
    return out


def scrollbar(surface: pygame.Surface, area: pygame.Rect, first: int, shown: int,
              total: int) -> None:
    """A thin bar at the right edge of ``area``: how much of ``total`` rows is shown, where."""
    if total <= shown or total <= 0:
        return
    track = pygame.Rect(area.right - 4, area.y, 4, area.height)
    pygame.draw.rect(surface, colors.PANEL_BORDER, track, border_radius=2)
    h = max(12, area.height * shown // total)
    y = area.y + (area.height - h) * first // max(1, total - shown)
    pygame.draw.rect(surface, colors.PANEL_ACCENT, (track.x, y, 4, h), border_radius=2)


def fit_text(content: str, width: int, size: int, bold: bool = False) -> tuple[str, int]:
    """``content`` and a font size that fit in ``width`` pixels: a smaller face first (down
    to 13 px), then the end cut off with "...", never a word cut through silently."""
    for face in range(size, 12, -2):
        if font(face, bold).size(content)[0] <= width:
            return content, face
    face = 13
    while content and font(face, bold).size(content + "...")[0] > width:
        content = content[:-1]
    return content.rstrip() + "...", face
