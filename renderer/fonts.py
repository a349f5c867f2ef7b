"""Fonts by pixel size, loaded once: pygame's bundled font, so every machine draws the same."""

from __future__ import annotations

import pygame

_CACHE: dict[tuple[int, bool], pygame.font.Font] = {}


def font(size: int, bold: bool = False) -> pygame.font.Font:
    size = max(6, int(size))
    key = (size, bold)
    if not pygame.font.get_init():
        start()
    cached = _CACHE.get(key)
    if cached is None:
        cached = pygame.font.Font(None, size)
        cached.set_bold(bold)
        _CACHE[key] = cached
    return cached


def start() -> None:
    """(Re)start pygame's fonts; fonts and images made before a restart are dropped, since
    they die with the font module that made them."""
    if not pygame.font.get_init():
        pygame.font.init()
        _CACHE.clear()
        _RENDERED.clear()


_RENDERED: dict[tuple[str, int, tuple[int, ...], bool, tuple[int, int, int] | None], pygame.Surface] = {}
_RENDERED_MAX = 4096


def rendered(content: str, size: int, color: tuple[int, int, int], bold: bool = False,
             background: tuple[int, int, int] | None = None) -> pygame.Surface:
    """``content`` rendered once and reused (panels and buttons redraw the same words every
    frame)."""
    key = (content, int(size), tuple(color), bold, background)
    image = _RENDERED.get(key)
    if image is None:
        if len(_RENDERED) >= _RENDERED_MAX:
            _RENDERED.clear()
        image = font(size, bold).render(content, True, color, background)
        _RENDERED[key] = image
    return image


def text(surface: pygame.Surface, content: str, pos: tuple[float, float], size: int,
         color: tuple[int, int, int], *, anchor: str = "center", bold: bool = False,
         background: tuple[int, int, int] | None = None) -> pygame.Rect:
    """Draw ``content`` anchored at ``pos`` (a pygame Rect attribute name: center, topleft...)."""
    image = rendered(content, size, color, bold, background)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(image, rect)
    return rect
