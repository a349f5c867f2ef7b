"""The new game dialog: title, variant, number of players, names and which seats are bots.

``NewGameScreen.handle`` and ``draw`` work like the app's; ``result`` is set when the player
presses Start: a ``GameSetup`` the caller turns into a game.
"""

from __future__ import annotations

from functools import partial

import attrs
import pygame

from railyard.framework.records import Record
from railyard.renderer import colors
from railyard.renderer.fonts import text
from railyard.renderer.ui.widgets import Button, TextField


@attrs.frozen(repr=False)
class GameSetup(Record):
    title: str
    variant: str | None
    players: tuple[str, ...]
    bots: frozenset[str]


def available_titles() -> list[str]:
    """Titles the window can draw: those of the hex-map family."""
    import yaml

    from railyard.framework.resources import titles_folder

    out = []
    for folder in sorted(titles_folder().iterdir()):
        manifest = folder / "title.yaml"
        if not manifest.is_file():
            continue
        try:
            family = (yaml.safe_load(manifest.read_text(encoding="utf-8")) or {}).get("family")
        except (OSError, yaml.YAMLError):
            continue
        if family == "18xx":
            out.append(folder.name)
    return out


class NewGameScreen:
    def __init__(self, title: str = "1837", players: int = 4, variant: str | None = None) -> None:
        self.titles = available_titles() or [title]
        self.title = title if title in self.titles else self.titles[0]
        self.variant = variant
        self.count = players
        self.names = [TextField(pygame.Rect(0, 0, 220, 28), f"Player {i + 1}") for i in range(7)]
        self.bots = [False] * 7
        self.buttons: list[Button] = []
        self.result: GameSetup | None = None
        self.cancelled = False
        self.error = ""
        self._limits = (3, 7)
        self._variants: list[str | None] = [None]
        self._load_title_info()

    def _load_title_info(self) -> None:
        try:
            from railyard.framework.loader import load_title

            title = load_title(self.title)
        except Exception as error:
            self.error = f"{self.title}: {error}"
            return
        manifest = title.manifest
        self._limits = (manifest.players.min, manifest.players.max)
        self._variants = [None, *manifest.variants]
        if self.variant not in self._variants:
            self.variant = None
        self.count = max(self._limits[0], min(self._limits[1], self.count))

    def _cycle_title(self) -> None:
        i = self.titles.index(self.title)
        self.title = self.titles[(i + 1) % len(self.titles)]
        self._load_title_info()

    def _cycle_variant(self) -> None:
        i = self._variants.index(self.variant)
        self.variant = self._variants[(i + 1) % len(self._variants)]

    def _players(self, step: int) -> None:
        self.count = max(self._limits[0], min(self._limits[1], self.count + step))

    def _start(self) -> None:
        names = tuple(f.text.strip() or f"Player {i + 1}" for i, f in enumerate(self.names[: self.count]))
        if len(set(names)) != len(names):
            self.error = "every player needs a different name"
            return
        bots = frozenset(n for n, b in zip(names, self.bots[: self.count], strict=False) if b)
        self.result = GameSetup(self.title, self.variant, names, bots)

    def toggle_bot(self, seat: int) -> None:
        self.bots[seat] = not self.bots[seat]

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.cancelled = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for f in self.names:
                f.focused = False
            for i, f in enumerate(self.names[: self.count]):
                if f.rect.collidepoint(event.pos):
                    f.focused = True
                    del i
                    return
            for b in self.buttons:
                if b.hit(event.pos):
                    b.on_click()
                    return
        elif event.type == pygame.KEYDOWN:
            for f in self.names:
                if f.key(event):
                    return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._start()
            elif event.key == pygame.K_ESCAPE:
                self.cancelled = True

    def draw(self, surface: pygame.Surface) -> pygame.Surface:
        surface.fill(colors.BACKGROUND)
        w, _h = surface.get_size()
        x0 = w // 2 - 300
        y = 60
        text(surface, "New game", (w // 2, y), 44, colors.PANEL_ACCENT, bold=True)
        y += 60
        self.buttons = []

        def row(label: str, value: str, on_click) -> None:
            nonlocal y
            text(surface, label, (x0, y + 14), 24, colors.PANEL_TEXT, anchor="midleft")
            b = Button(pygame.Rect(x0 + 180, y, 360, 28), value, on_click)
            self.buttons.append(b)
            y += 40

        row("Title", self.title, self._cycle_title)
        row("Variant", self.variant or "standard rules", self._cycle_variant)
        text(surface, "Players", (x0, y + 14), 24, colors.PANEL_TEXT, anchor="midleft")
        self.buttons.append(Button(pygame.Rect(x0 + 180, y, 40, 28), "-", lambda: self._players(-1)))
        text(surface, str(self.count), (x0 + 250, y + 14), 26, colors.PANEL_TEXT, bold=True)
        self.buttons.append(Button(pygame.Rect(x0 + 280, y, 40, 28), "+", lambda: self._players(1)))
        y += 50
        for i in range(self.count):
            text(surface, f"Seat {i + 1}", (x0, y + 14), 22, colors.PANEL_DIM, anchor="midleft")
            self.names[i].rect = pygame.Rect(x0 + 180, y, 240, 28)
            self.names[i].draw(surface, 20)
            self.buttons.append(Button(pygame.Rect(x0 + 430, y, 110, 28),
                                       "bot" if self.bots[i] else "human",
                                       partial(self.toggle_bot, i),
                                       fill=(150, 110, 200) if self.bots[i] else None))
            y += 36
        y += 20
        self.buttons.append(Button(pygame.Rect(x0 + 180, y, 160, 36), "Start (Enter)", self._start))
        self.buttons.append(Button(pygame.Rect(x0 + 380, y, 160, 36), "Quit (Esc)",
                                   lambda: setattr(self, "cancelled", True)))
        for b in self.buttons:
            b.draw(surface, size=20)
        if self.error:
            text(surface, self.error, (w // 2, y + 70), 20, colors.ERROR)
        return surface
