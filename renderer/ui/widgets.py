"""Buttons and text fields: drawn each frame, hit-tested by the app's input handling."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pygame

from railyard.framework.records import Record
from railyard.renderer import colors
from railyard.renderer.fonts import font, rendered


@attrs.define(repr=False)
class Button(Record):
    rect: pygame.Rect
    label: str
    on_click: Callable[[], None]
    enabled: bool = True
    hint: str = ""  # shown in the status bar on hover (e.g. a keyboard shortcut)
    fill: colors.Color | None = None
    action: Any = None  # the action the button submits, if any (for hover text and tests)

    def draw(self, surface: pygame.Surface, hover: bool = False, size: int = 18) -> None:
        if not self.enabled:
            fill = colors.BUTTON_DISABLED
        elif self.fill is not None:
            fill = self.fill
        else:
            fill = colors.BUTTON_HOVER if hover else colors.BUTTON
        pygame.draw.rect(surface, fill, self.rect, border_radius=4)
        if hover and self.enabled:
            pygame.draw.rect(surface, colors.PANEL_ACCENT, self.rect, 1, border_radius=4)
        ink = colors.PANEL_TEXT if self.enabled else colors.PANEL_DIM
        if self.fill is not None and self.enabled:
            ink = colors.contrast(self.fill)
        image = rendered(self.label, size, ink)
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        surface.blit(image, image.get_rect(center=self.rect.center))
        surface.set_clip(clip)

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)


@attrs.define(repr=False)
class TextField(Record):
    """A one-line text entry; ``numeric`` accepts digits only."""

    rect: pygame.Rect
    text: str = ""
    numeric: bool = False
    focused: bool = False
    on_enter: Callable[[str], None] | None = None

    def draw(self, surface: pygame.Surface, size: int = 18) -> None:
        pygame.draw.rect(surface, (250, 250, 250), self.rect, border_radius=3)
        border = colors.PANEL_ACCENT if self.focused else colors.PANEL_BORDER
        pygame.draw.rect(surface, border, self.rect, 2 if self.focused else 1, border_radius=3)
        shown = self.text + ("|" if self.focused else "")
        image = font(size).render(shown, True, colors.TEXT)
        clip = surface.get_clip()
        surface.set_clip(self.rect.inflate(-4, -2))
        surface.blit(image, (self.rect.x + 4, self.rect.centery - image.get_height() // 2))
        surface.set_clip(clip)

    def key(self, event: pygame.event.Event) -> bool:
        """Handle a key press; True if it was used."""
        if not self.focused:
            return False
        if event.key == pygame.K_BACKSPACE:
            self.text = self.text[:-1]
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.on_enter is not None:
                self.on_enter(self.text)
            return True
        char = getattr(event, "unicode", "")
        if char and char.isprintable() and (not self.numeric or char.isdigit()):
            self.text += char
            return True
        return False

    @property
    def value(self) -> int | None:
        return int(self.text) if self.text.isdigit() else None
