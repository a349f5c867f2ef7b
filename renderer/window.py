"""Opening the window: the new game dialog when no game is given, then the app's loop."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
from railyard.renderer.app import App
from railyard.renderer.display import open_display
from railyard.renderer.screens.newgame import NewGameScreen


def _autosave_path(title_id: str) -> Path:
    return Path.home() / ".railyard" / f"autosave-{title_id}.json"


def play_window(title: Any, *, game: Any = None, players: int | None = None,
                bot_seats: set[int] = frozenset(), seed: int = 0, variant: str | None = None,
                save: str | None = None, bot_name: str = "greedy",
                offscreen_ok: bool = False) -> int:
    """Run the window until it is closed. ``offscreen_ok``: accept a driver that draws
    nowhere (tests run the loop under SDL's dummy driver); otherwise that is NoWindow."""
    from railyard.framework.core.game import Game
    display = open_display(f"railyard - {title.manifest.name}", (1024, 700), offscreen_ok)
    bots: set[str] = set()
    if game is None:
        if players is None:
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
            bots = set(setup.bots)
        else:
            names = [f"Player {i + 1}" for i in range(players)]
            game = Game(title, names, seed=seed, variant=variant)
    if bot_seats:
        bots |= {game.players[s - 1] for s in bot_seats if 1 <= s <= len(game.players)}
    app = App(game, surface=display, bots=bots, autosave=_autosave_path(game.title.manifest.id),
              save_path=save, seed=seed, bot_name=bot_name)
    app.run()
    pygame.display.quit()  # fonts stay up: a caller (a test) may draw again
    return 0
