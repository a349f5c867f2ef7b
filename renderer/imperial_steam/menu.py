"""The action menu: the legal actions of the one to act, grouped under the Main Action tile
they use, one button per action with its parameters in words; an amount (bid, philanthropy)
may also be typed, and the engine accepts or refuses it with the rule."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import attrs
import pygame

from railyard.framework.core.actions import Action
from railyard.framework.records import Record
from railyard.renderer import colors
from railyard.renderer.fonts import font, rendered
from railyard.renderer.imperial_steam import words
from railyard.renderer.panels.base import frame, scrollbar
from railyard.renderer.ui.widgets import Button, TextField

ROW_H = 24
HEAD_H = 20
SIZE = 17


@attrs.frozen(repr=False)
class Group(Record):
    title: str
    actions: tuple[Action, ...]
    labels: tuple[str, ...]
    free: bool  # an amount field beside the buttons


def groups(actions: Sequence[Action], data: Any, state: Any, currency: str) -> list[Group]:
    """Actions under their headings: End turn, then free actions, then the main actions."""
    by: dict[str, list[Action]] = {}
    for action in actions:
        by.setdefault(words.heading(action, state), []).append(action)

    def order(item: tuple[str, list[Action]]) -> int:
        name = words.kind(item[1][0])
        return 0 if name == "EndTurn" else 1 if name in words.OTHER else 2

    out = []
    for title, members in sorted(by.items(), key=order):
        labels = tuple(words.label(a, data, state, currency) for a in members)
        out.append(Group(title, tuple(members), labels, words.kind(members[0]) in words.FREE_AMOUNT))
    return out


class Menu:
    def __init__(self, submit: Callable[[Action], Any]) -> None:
        self.submit = submit
        self.groups: list[Group] = []
        self.buttons: list[Button] = []
        self.fields: dict[str, TextField] = {}
        self.scroll = 0  # pixels
        self._key: Any = None
        #: rows of tool buttons drawn above the actions: (heading, [(label, on_click, lit)])
        self.tools: list[tuple[str, list[tuple[str, Callable[[], Any], bool]]]] = []

    def update(self, actions: Sequence[Action], data: Any, state: Any, currency: str) -> None:
        key = (tuple(actions), id(state))
        if key != self._key:
            self._key = key
            self.groups = groups(actions, data, state, currency)
            self.scroll = 0
            self.fields = {k: f for k, f in self.fields.items() if f.focused}

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, title: str,
             mouse: tuple[int, int] = (-1, -1)) -> None:
        area = frame(surface, rect, title)
        self.buttons = []
        clip = surface.get_clip()
        surface.set_clip(area)
        y = area.y - self.scroll
        if not self.groups:
            surface.blit(rendered("nothing to do", SIZE, colors.PANEL_DIM), (area.x, y))
        f = font(SIZE)
        for heading, chips in self.tools:
            head = rendered(heading, SIZE, colors.OK, True)
            surface.blit(head, (area.x, y + 3))
            x = area.x + head.get_width() + 10
            for label, on_click, lit in chips:
                w = min(area.width - 12, f.size(label)[0] + 14)
                if x + w > area.right and x > area.x + 8:
                    x, y = area.x + 8, y + ROW_H
                self.buttons.append(Button(pygame.Rect(x, y, w, ROW_H - 4), label, on_click,
                                           fill=colors.PANEL_ACCENT if lit else None))
                x += w + 4
            y += ROW_H + 2
        for group in self.groups:
            head = rendered(group.title, SIZE, colors.PANEL_ACCENT, True)
            surface.blit(head, (area.x, y + 3))
            x = area.x + head.get_width() + 10  # buttons follow the heading while they fit
            for action, text in zip(group.actions, group.labels, strict=True):
                w = min(area.width - 12, f.size(text)[0] + 14)
                if x + w > area.right and x > area.x + 8:
                    x, y = area.x + 8, y + ROW_H
                button = Button(pygame.Rect(x, y, w, ROW_H - 4), text,
                                partial(self.submit, action), action=action)
                self.buttons.append(button)
                x += w + 4
            if group.free:
                if x + 110 > area.right:
                    x, y = area.x + 8, y + ROW_H
                field = self.fields.get(group.title)
                if field is None:
                    field = TextField(pygame.Rect(0, 0, 60, ROW_H - 4), numeric=True)
                    self.fields[group.title] = field
                field.rect = pygame.Rect(x, y, 60, ROW_H - 4)
                field.on_enter = lambda text, g=group: self._typed(g, text)
                if area.contains(field.rect):
                    field.draw(surface, SIZE)
                self.buttons.append(Button(pygame.Rect(x + 64, y, 40, ROW_H - 4), "Go",
                                           partial(self._go, group, field)))
            y += ROW_H + 2
        # only what is wholly inside the menu is drawn and may be clicked (the wheel scrolls)
        self.buttons = [b for b in self.buttons if area.contains(b.rect)]
        for button in self.buttons:
            button.draw(surface, hover=button.rect.collidepoint(mouse), size=SIZE)
        surface.set_clip(clip)
        self.height = y + self.scroll - area.y
        if self.height > area.height:
            more = rendered("wheel scrolls", 15, colors.PANEL_DIM)
            surface.blit(more, (rect.right - more.get_width() - 6, rect.y + 6))
            scrollbar(surface, area, self.scroll, area.height, self.height)  # in pixels

    def _go(self, group: Group, field: TextField) -> None:
        """The Go button: the amount in ``field`` as it reads at the click."""
        self._typed(group, field.text)

    def _typed(self, group: Group, text: str) -> None:
        if text.strip().isdigit():
            self.submit(group.actions[0].evolve(amount=int(text)))

    def click(self, pos: tuple[int, int]) -> bool:
        for field in self.fields.values():
            field.focused = field.rect.collidepoint(pos)
        for button in self.buttons:
            if button.hit(pos):
                button.on_click()
                return True
        return any(f.focused for f in self.fields.values())

    def focused_field(self) -> TextField | None:
        return next((f for f in self.fields.values() if f.focused), None)

    def button_for(self, action: Action) -> Button | None:
        return next((b for b in self.buttons if b.action == action), None)

    def field_for(self, title_start: str) -> TextField | None:
        return next((f for t, f in self.fields.items() if t.startswith(title_start)), None)

    def wheel(self, dy: int) -> None:
        self.scroll = max(0, min(max(0, getattr(self, "height", 0) - 60), self.scroll - dy * 40))
