"""``railyard play`` and ``railyard render`` for this client (found through the family's
``railyard.views`` entry point): a window, a headless bot game saved with its PNG,
or a PNG of a game."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import pygame

from railyard.renderer.display import MINIMUM, WINDOW


def new_game(title: Any, count: int, seed: int = 0, variant: str | None = None,
             overrides: tuple[str, ...] = (), names: list[str] | None = None) -> Any:
    from railyard.framework.core.game import Game

    return Game(title, names or [f"Player {i + 1}" for i in range(count)], seed=seed,
                variant=variant, overrides=overrides)


def surface_of(game: Any, size: tuple[int, int] = WINDOW) -> pygame.Surface:
    """The whole table as the window shows it, drawn off-screen."""
    from railyard.renderer.headless import init_headless
    from railyard.renderer.imperial_steam.app import App

    init_headless()
    app = App(game, surface=pygame.Surface(size))
    app.show_standings = False  # a picture: the final standings box waits for a click
    return app.draw()


def autoplay(game: Any, *, seed: int = 0, bot: str = "random", max_actions: int = 10000) -> str:
    """Bots in every seat until the game ends (or cannot go on); returns how far it got."""
    from railyard.framework import autoplay as engine

    result = engine.play(game, bot, max_actions=max_actions, fallback="random", stop_on_error=True)
    return engine.report(game, result, f"round {game.state.round}")


def play(title: Any, args: argparse.Namespace, game: Any = None, headless: bool = False) -> int:
    limits = title.manifest.players
    names = [n.strip() for n in (getattr(args, "names", None) or "").split(",") if n.strip()]
    count = len(names) or args.players or min(max(3, limits.min), limits.max)
    if game is None:
        try:
            game = new_game(title, count, args.seed, args.variant, tuple(args.overrides), names)
        except Exception as error:
            print(f"cannot start a game: {error}", file=sys.stderr)
            return 1
    save = Path(args.save) if args.save else Path.home() / ".railyard" / f"headless-{title.manifest.id}.json"
    if headless:
        print(autoplay(game, seed=args.seed, bot=args.bot, max_actions=args.max_actions), flush=True)
        save.parent.mkdir(parents=True, exist_ok=True)
        game.save(save)
        print(f"saved the game to {save}")
        png = save.with_suffix(".png")
        pygame.image.save(surface_of(game), str(png))
        print(f"drew the table to {png}")
        return 0
    return window(game, args, save if args.save else None)


def window(game: Any, args: argparse.Namespace, save: Path | None, offscreen_ok: bool = False) -> int:
    from railyard.renderer.display import NoWindow, open_display
    from railyard.renderer.imperial_steam.app import App

    try:
        display = open_display(f"railyard - {game.title.manifest.name}", MINIMUM, offscreen_ok)
    except NoWindow as error:
        print(f"No display could be opened ({error}): playing headless, bots in every seat.")
        return play(game.title, args, game, headless=True)
    from railyard.renderer.session import bots_of, new_autosave_path

    bots = bots_of(game)  # a loaded game sits down as it was saved
    if args.bots:
        seats = {int(s) for s in args.bots.replace(" ", "").split(",") if s.isdigit()}
        bots = {game.players[s - 1]: args.bot for s in seats if 1 <= s <= len(game.players)}
    app = App(game, surface=display, bots=bots, autosave=new_autosave_path(game.title.manifest.id),
              save_to=save, seed=args.seed, bot_name=args.bot)
    app.run()
    pygame.display.quit()
    return 0


def render(title: Any, game: Any, args: argparse.Namespace) -> int:
    """``railyard render``: a saved game, or a new game of the title, to a PNG."""
    if game is None:
        try:
            game = new_game(title, min(max(2, args.players), title.manifest.players.max),
                            variant=args.variant)
        except Exception as error:
            print(f"cannot start a game: {error}", file=sys.stderr)
            return 1
    surface = surface_of(game)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(out))
    print(f"wrote {out} ({surface.get_width()}x{surface.get_height()})")
    return 0
