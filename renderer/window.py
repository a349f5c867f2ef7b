"""Opening the window: the new game dialog when no game is given, then the app's loop."""

from __future__ import annotations

from collections.abc import Set
from pathlib import Path
from typing import Any

import pygame

from railyard.renderer.app import App
from railyard.renderer.display import MINIMUM, open_display
from railyard.renderer.screens.newgame import NewGameScreen
from railyard.renderer.session import bots_of, new_autosave_path


def _autosave_path(title_id: str) -> Path:
    """A new autosave file for this game (one per game, the last few kept)."""
    return new_autosave_path(title_id)


def play_window(title: Any, *, game: Any = None, players: int | None = None,
                bot_seats: Set[int] = frozenset(), seed: int = 0, variant: str | None = None,
                save: str | None = None, bot_name: str = "greedy",
                offscreen_ok: bool = False, names: list[str] | None = None) -> int:
    """Run the window until it is closed. ``offscreen_ok``: accept a driver that draws
    nowhere (tests run the loop under SDL's dummy driver); otherwise that is NoWindow.
    ``names``: the players' names (their count is the number of players); ``save``: a file
    written after every action. A loaded ``game`` sits down with its saved bots unless
    ``bot_seats`` names others."""
    from railyard.framework.core.game import Game
    display = open_display(f"railyard - {title.manifest.name}", MINIMUM, offscreen_ok)
    bots: dict[str, str] = bots_of(game) if game is not None and not bot_seats else {}
    if game is None:
        if players is None and not names:
            screen = NewGameScreen(title.manifest.id, 4, variant)
            clock = pygame.time.Clock()
            while screen.result is None and not screen.cancelled:
                for event in pygame.event.get():
                    screen.handle(event)
                screen.draw(display)
                pygame.display.flip()
                clock.tick(30)
            if screen.result is None:
                pygame.display.quit()
                return 0
            setup = screen.result
            game = Game(setup.title, setup.players, seed=seed, variant=setup.variant)
            bots = {b: bot_name for b in setup.bots}
        else:
            if names:
                seated = list(names)
            else:
                assert players is not None, "no names and no count: the new-game screen was shown"
                seated = [f"Player {i + 1}" for i in range(players)]
            game = Game(title, seated, seed=seed, variant=variant)
    if bot_seats:
        bots |= {game.players[s - 1]: bot_name for s in bot_seats if 1 <= s <= len(game.players)}
    app = App(game, surface=display, bots=bots, autosave=_autosave_path(game.title.manifest.id),
              save_to=save, seed=seed, bot_name=bot_name)
    app.run()
    pygame.display.quit()  # fonts stay up: a caller (a test) may draw again
    return 0
