"""The action menu: every legal action of the one to act, as rows of buttons.

A row is one kind of action on one thing ("Bid for EPP"); its buttons are the listed values
(the engine lists representative amounts) and, where an amount is free, a field to type any
other amount, which the engine then accepts or refuses with the rule.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import attrs
import pygame

from railyard.framework.core.actions import Action
from railyard.renderer import colors
from railyard.renderer.fonts import font, rendered
from railyard.renderer.panels.base import frame, scrollbar
from railyard.renderer.ui.describe import Namer, Row, rows, value_label, with_value
from railyard.renderer.ui.widgets import Button, TextField

ROW_H = 26
DETAIL_H = 17


class ActionMenu:
    def __init__(self, submit: Callable[[Action], Any], namer: Namer | None = None,
                 details: Callable[[Row], list[str]] | None = None,
                 labeler: Callable[[Action], str] | None = None,
                 typed: Callable[[Row], bool] | None = None) -> None:
        self.submit = submit
        #: whether a row's amount may be typed (the engine takes an amount it did not list);
        #: without it, every row with an amount field offers one
        self.typed = typed
        self.labeler = labeler  # a button's text (its value and, say, what it costs)
        self.namer = namer
        self.details = details  # lines shown under a row (what each choice would do)
        self.scroll = 0
        self.fields: dict[str, TextField] = {}
        self.buttons: list[Button] = []
        self.rows: list[Row] = []
        self._key: tuple[Action, ...] = ()
        self._image: tuple[object, pygame.Surface] | None = None

    def update(self, actions: Sequence[Action]) -> None:
        key = tuple(actions)
        if key != self._key:
            self._key = key
            self.rows = [row if row.free is None or self.typed is None or self.typed(row)
                         else attrs.evolve(row, free=None) for row in rows(actions, self.namer)]
            self.scroll = 0
            # a typed amount stays only while its row is still offered: a bid field focused
            # in the packet must not catch the Enter meant for a tile later on
            titles = {row.title for row in self.rows if row.free is not None}
            self.fields = {k: v for k, v in self.fields.items() if v.focused and k in titles}

    def unfocus(self) -> None:
        """No amount field takes keys any more (the map's preview has them)."""
        for f in self.fields.values():
            f.focused = False

    def focused_field(self) -> TextField | None:
        for f in self.fields.values():
            if f.focused:
                return f
        return None

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, title: str) -> None:
        """Draw the menu; the picture is reused while nothing it shows has changed."""
        mouse = pygame.mouse.get_pos() if pygame.display.get_init() else (-1, -1)
        hovered = next((i for i, b in enumerate(self.buttons) if b.rect.collidepoint(mouse)), -1)
        fields = tuple((k, f.text, f.focused) for k, f in self.fields.items())
        key = (self._key, tuple(rect), title, self.scroll, hovered, fields)
        if self._image is not None and self._image[0] == key:
            surface.blit(self._image[1], rect.topleft)
            return
        image = pygame.Surface(rect.size)
        self._draw(image, pygame.Rect((0, 0), rect.size), title, (mouse[0] - rect.x, mouse[1] - rect.y))
        for b in self.buttons:
            b.rect.move_ip(rect.topleft)
        for f in self.fields.values():
            f.rect.move_ip(rect.topleft)
        surface.blit(image, rect.topleft)
        self._image = (key, image)

    def _draw(self, surface: pygame.Surface, rect: pygame.Rect, title: str,
              mouse: tuple[int, int]) -> None:
        area = frame(surface, rect, title)
        self.buttons = []
        y = area.y
        clip = surface.get_clip()
        surface.set_clip(area)
        visible = self.rows[self.scroll:]
        if not self.rows:
            surface.blit(rendered("nothing to do", 18, colors.PANEL_DIM), (area.x, y))
        drawn = 0
        for row in visible:
            if y + ROW_H > area.bottom:
                break
            drawn += 1
            x = area.x
            label_of = self.labeler or value_label
            bare = len(row.actions) == 1 and not label_of(row.actions[0]) and row.free is None
            if not bare:  # a lone action with nothing to choose is just a button
                label = rendered(row.title, 18, colors.PANEL_TEXT, True)
                surface.blit(label, (area.x, y + 5))
                x = area.x + max(150, label.get_width() + 10)
            start = x
            for action in row.actions:
                text = label_of(action) or row.title
                w = max(44, font(18).size(text)[0] + 14)
                if x + w > area.right and x > area.x + 12:  # wrap: every choice stays reachable
                    y += ROW_H
                    x = start if start + w <= area.right else area.x + 12
                if y + ROW_H > area.bottom:
                    break
                button = Button(pygame.Rect(x, y + 1, w, ROW_H - 4), text,
                                partial(self.submit, action), action=action)
                self.buttons.append(button)
                x += w + 4
            if row.free is not None and x + 110 > area.right:
                y += ROW_H
                x = start
            if row.free is not None and y + ROW_H <= area.bottom:
                key = row.title
                field = self.fields.get(key)
                if field is None:
                    field = TextField(pygame.Rect(0, 0, 60, ROW_H - 4), numeric=True)
                    self.fields[key] = field
                field.rect = pygame.Rect(x, y + 1, 60, ROW_H - 4)
                field.on_enter = lambda text, r=row: self._typed(r, text)
                field.draw(surface)
                self.buttons.append(Button(pygame.Rect(x + 64, y + 1, 40, ROW_H - 4), "Go",
                                           partial(self._go, row, field)))
            y += ROW_H
            for line in self._wrapped(self.details(row) if self.details else [], area.width - 12):
                if y + DETAIL_H > area.bottom:
                    break
                surface.blit(rendered(line, 16, colors.PANEL_DIM), (area.x + 12, y))
                y += DETAIL_H
        for button in self.buttons:
            button.draw(surface, hover=button.rect.collidepoint(mouse))
        surface.set_clip(clip)
        scrollbar(surface, area, self.scroll, drawn, len(self.rows))
        if self.scroll or len(visible) * ROW_H > area.height:
            more = f"{self.scroll + 1}-{min(len(self.rows), self.scroll + area.height // ROW_H)}" \
                   f" of {len(self.rows)} (wheel scrolls)"
            image = rendered(more, 16, colors.PANEL_DIM)
            surface.blit(image, (rect.right - image.get_width() - 6, rect.y + 6))

    @staticmethod
    def _wrapped(lines: list[str], width: int) -> list[str]:
        f = font(16)
        out = []
        for line in lines:
            words, current = line.split(" "), ""
            for word in words:
                candidate = f"{current} {word}" if current else word
                if current and f.size(candidate)[0] > width:
                    out.append(current)
                    current = "   " + word
                else:
                    current = candidate
            out.append(current)
        return out

    def _go(self, row: Row, field: TextField) -> None:
        """The Go button: the number in ``field`` as it reads at the click."""
        self._typed(row, field.text)

    def _typed(self, row: Row, text: str) -> None:
        if row.free is None or not text.strip().isdigit():
            return
        self.submit(with_value(row.actions[0], row.free, int(text)))

    def click(self, pos: tuple[int, int]) -> bool:
        for f in self.fields.values():
            f.focused = f.rect.collidepoint(pos)
        for button in self.buttons:
            if button.hit(pos):
                button.on_click()
                return True
        return any(f.focused for f in self.fields.values())

    def button_for(self, action: Action) -> Button | None:
        """The button that submits ``action`` (as last drawn)."""
        for button in self.buttons:
            if button.action == action:
                return button
        return None

    def field_for(self, title: str) -> TextField | None:
        """The amount field of the row titled ``title`` (as last drawn)."""
        return self.fields.get(title)

    def wheel(self, dy: int) -> None:
        self.scroll = max(0, min(max(0, len(self.rows) - 1), self.scroll - dy))
