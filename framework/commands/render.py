"""``railyard render SAVE_OR_TITLE --out board.png``: draw a game (or a title's starting
board) to a PNG without opening a window. The drawing is the window client's, found through
``framework.clients`` when the command runs: the engine imports no UI.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from railyard.framework.commands.common import (
    add_save_title_argument,
    load_save,
    one_line,
    report_title_errors,
)


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "render",
        help="draw a saved game or a title's board to a PNG (no window needed)",
        description="Draw the board (and panels) of a saved game, or a title's starting board.",
    )
    parser.add_argument("source", metavar="SAVE_OR_TITLE", help="a save file (.json) or a title")
    parser.add_argument("--out", required=True, metavar="PNG", help="the PNG file to write")
    parser.add_argument("--variant", metavar="V", help="a variant (for a title)")
    parser.add_argument("--size", type=float, default=44.0, metavar="PX",
                        help="hex radius in pixels (default 44)")
    parser.add_argument("--board-only", action="store_true", help="leave out the side panels")
    parser.add_argument("--players", type=int, default=4, metavar="N",
                        help="players of the game drawn for a title (default 4)")
    add_save_title_argument(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if not Path(args.source).exists() and (args.source.endswith(".json") or "/" in args.source):
        print(f"{args.source}: no such file", file=sys.stderr)
        return 1
    from railyard.framework.loader import TitleErrors, load_title

    source = Path(args.source)
    game = None
    title = None
    if source.suffix == ".json" and source.is_file():
        game = load_save(args.source, args.title_path)
        if game is None:
            return 1
        title = game.title
    else:
        try:
            title = load_title(args.source, variant=args.variant)
        except TitleErrors as errors:
            report_title_errors(args.source, errors)
            return 1
        except Exception as error:  # noqa: BLE001 - a title's own code that fails to load
            print(f"cannot read {args.source}: {one_line(error)}", file=sys.stderr)
            return 1

    from railyard.framework import clients
    from railyard.framework.commands.play import own_view

    own = own_view(title)
    if own is not None:
        return own.render(title, game, args)
    if not hasattr(title, "map"):
        print(f"{args.source}: the client draws hex-map titles only", file=sys.stderr)
        return 1
    headless = clients.client()
    if headless is None:
        print(f"{args.source}: no window client is installed to draw it", file=sys.stderr)
        return 1
    if game is None and not args.board_only:
        game = _new_game(title, args)
    if game is not None and not args.board_only:
        surface = headless.game_surface(game, args.size)
    else:
        surface = headless.board_surface(title, None if game is None else game.state, args.size)
    out = headless.save_png(surface, args.out)
    width, height = surface.get_size()
    print(f"wrote {out} ({width}x{height})")
    return 0


def _new_game(title, args: argparse.Namespace):
    """A fresh game of ``title`` to draw its panels; None if its rules cannot start one."""
    from railyard.framework.core.game import Game

    players = [f"Player {i + 1}" for i in range(args.players)]
    try:
        return Game(title, players, seed=0, variant=args.variant)
    except Exception as error:
        print(f"(board only: no game could be started: {error})", file=sys.stderr)
        return None
