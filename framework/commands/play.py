"""``railyard play TITLE``: the window client, or a headless bot game where there is no display.

With no display (no DISPLAY or WAYLAND_DISPLAY, and SDL_VIDEODRIVER not naming a real driver),
or with ``--headless``, bots take every seat and play as far as the engine allows (bounded by
``--max-actions``); the game is saved and the final board written as a PNG beside the save.
The window client is found through the ``railyard.client`` entry point (``framework.clients``)
and only when the command runs: the engine imports no UI.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from railyard.framework import clients
from railyard.framework.commands.common import add_title_arguments, load_or_report


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("play", help="play a title", description="Play a title.")
    add_title_arguments(parser, optional=True,
                        title_help="a title name (under titles/) or a folder; with --load the "
                                   "save's own title (if given, it must be the save's)")
    parser.add_argument("--players", type=int, metavar="N", help="number of players")
    parser.add_argument("--bots", metavar="SEATS", help="seats played by bots, e.g. 2,3")
    parser.add_argument("--load", metavar="SAVE", help="continue a saved game")
    parser.add_argument("--headless", action="store_true",
                        help="no window: bots play every seat, then save and draw the board")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="random seed")
    parser.add_argument("--names", metavar="NAMES",
                        help="the players' names, e.g. Anna,Bela,Carl (their count is --players)")
    parser.add_argument("--save", metavar="PATH",
                        help="keep the game saved here after every action (besides the autosave)")
    parser.add_argument("--bot", default="greedy", metavar="NAME",
                        help="which bot plays the bot seats (default greedy; see railyard simulate)")
    parser.add_argument("--max-actions", type=int, default=10000, metavar="N",
                        help="headless: stop after this many actions (default 10000)")
    parser.set_defaults(func=run)


def display_available() -> tuple[bool, str]:
    """Whether a window can be shown, and why not."""
    client = clients.client()
    if client is None:
        return False, "no window client is installed"
    driver = os.environ.get("SDL_VIDEODRIVER", "").strip().lower()
    if driver in client.NO_SCREEN_DRIVERS:
        return False, f"SDL_VIDEODRIVER={driver} draws to no screen"
    if driver:
        return True, ""
    if sys.platform in ("win32", "darwin"):
        return True, ""
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return True, ""
    return False, "neither DISPLAY nor WAYLAND_DISPLAY is set"


def run(args: argparse.Namespace) -> int:
    game = None
    if args.load:
        from railyard.framework.commands.common import load_save

        # a save names its title; a TITLE typed beside --load is the one the save must be a
        # game of (or the folder of a title outside titles/), and a save of another is refused
        wrong = _other_title(args.load, args.title)
        if wrong:
            print(f"{args.load}: cannot load the save: {wrong}", file=sys.stderr)
            return 1
        game = load_save(args.load, args.title)
        if game is None:
            return 1
        title = game.title
    elif args.title is None:
        from railyard.framework.resources import titles_folder

        ids = sorted(p.name for p in titles_folder().iterdir() if (p / "title.yaml").is_file())
        print(f"railyard play: name a TITLE to start a game ({', '.join(ids)}), "
              "or --load SAVE to continue one", file=sys.stderr)
        return 2
    else:
        title = load_or_report(args)
        if title is None:
            return 1
    shown, why = display_available()
    own = own_view(title)
    if args.headless or not shown:
        if not args.headless:
            print(f"No display found ({why}): playing headless, bots in every seat.")
        if own is not None:
            return own.play(title, args, game, headless=True)
        return run_headless(title, args, game)
    if own is not None:
        return own.play(title, args, game, headless=False)
    if not hasattr(title, "map"):
        print("The window client draws hex-map titles only: playing headless, bots in every seat.")
        return run_headless(title, args, game)
    client = clients.client()
    assert client is not None  # display_available() said a window can be shown
    try:
        return run_window(title, args, game)
    except client.NoWindow as error:
        print(f"No display could be opened ({error}): playing headless, bots in every seat.")
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        return run_headless(title, args, game)


def _other_title(save: str, title: str | None) -> str:
    """Why a TITLE typed beside --load is not the save's title ("" when it is, or when either
    cannot be read: loading the save then says what is wrong with it)."""
    if not title:
        return ""
    import json

    import yaml

    from railyard.framework.loader import find_title

    try:
        with open(save, encoding="utf-8") as f:
            saved = json.load(f).get("title")
        folder = find_title(title)
        given = (yaml.safe_load((folder / "title.yaml").read_text(encoding="utf-8")) or {}).get("id")
    except Exception:  # noqa: BLE001 - the load that follows reports what cannot be read
        return ""
    if isinstance(saved, str) and given is not None and str(given) != saved:
        return f"the save is a game of {saved!r}, not of {str(given)!r} (leave out the title: the save names it)"
    return ""


def own_view(title):
    """The view a client installed for the title's family, or None for the hex-map client.
    It offers ``play(title, args, game, headless)`` and ``render(title, game, args)``."""
    return clients.view_for(title.manifest.family)


def names_of(args: argparse.Namespace) -> list[str] | None:
    """``--names`` as a list; a count that disagrees with ``--players`` or a name given twice
    is a ValueError."""
    if not getattr(args, "names", None):
        return None
    names = [n.strip() for n in args.names.split(",") if n.strip()]
    if args.players and len(names) != args.players:
        raise ValueError(f"--names gives {len(names)} names for --players {args.players}")
    if len(set(names)) != len(names):
        raise ValueError(f"--names gives a name twice: {args.names}")
    return names


def _players(title, args: argparse.Namespace) -> list[str]:
    limits = title.manifest.players
    names = names_of(args)
    count = len(names) if names else args.players if args.players else min(max(4, limits.min), limits.max)
    if not limits.min <= count <= limits.max:
        raise ValueError(f"{title.manifest.id} takes {limits.min}-{limits.max} players, not {count}")
    return names or [f"Player {i + 1}" for i in range(count)]


def _default_save(title_id: str, kind: str) -> Path:
    return Path.home() / ".railyard" / f"{kind}-{title_id}.json"


def run_headless(title, args: argparse.Namespace, game=None) -> int:
    from railyard.framework import autoplay
    from railyard.framework.core.game import Game

    if game is None:
        try:
            players = _players(title, args)
            game = Game(title, players, seed=args.seed, variant=args.variant,
                        overrides=tuple(args.overrides))
        except Exception as error:
            print(f"cannot start a game: {error}", file=sys.stderr)
            return 1
    client = clients.client()
    result = autoplay.play(game, args.bot, max_actions=args.max_actions, fallback="random",
                           stop_on_error=True, on_action=_progress(client))
    report = autoplay.report(game, result, client.position(game) if client else None)
    save = Path(args.save) if args.save else _default_save(title.manifest.id, "headless")
    save.parent.mkdir(parents=True, exist_ok=True)
    game.save(save)
    print(report)
    print(f"saved the game to {save}")
    if client is None:
        print("(no board picture: no window client is installed)")
    elif hasattr(title, "map"):
        png = client.board_png(title, game.state, save.with_suffix(".png"))
        print(f"drew the board to {png}")
    else:
        print("(no board picture: the client draws hex maps only)")
    return 0


def _progress(client, every: int = 1000):
    """A line every ``every`` actions of a long headless game."""
    def note(game, _action) -> None:
        if len(game.actions) % every == 0:
            where = client.position(game) if client else f"{len(game.actions)} actions"
            print(f"  ... {len(game.actions)} actions, {where}", flush=True)

    return note


def run_window(title, args: argparse.Namespace, game=None) -> int:
    bots: set[int] = set()
    if args.bots:
        try:
            bots = {int(s) for s in args.bots.replace(" ", "").split(",") if s}
        except ValueError:
            print(f"--bots takes seat numbers such as 2,3, not {args.bots!r}", file=sys.stderr)
            return 1
    try:
        names = names_of(args)
        if names or args.players:
            _players(title, args)  # the count checked before a window opens
    except ValueError as error:
        print(error, file=sys.stderr)
        return 1
    client = clients.client()
    assert client is not None, "run_window needs the window client"
    return client.play_window(title, game=game, players=args.players, bot_seats=bots, seed=args.seed,
                              variant=args.variant, save=args.save, bot_name=args.bot, names=names)
