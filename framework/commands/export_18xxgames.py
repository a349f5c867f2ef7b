"""``railyard export-18xxgames SAVE.json --out GAME.json``: one of our games written as an
18xx.games record, which the site (and its engine) can load and replay.

Only a title whose folder has ``import_18xxgames.yaml`` can be written: that file says how
our ids map onto the site's, in both directions.
"""

from __future__ import annotations

import argparse
import json
import sys


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "export-18xxgames",
        help="write one of our saved games as an 18xx.games record",
        description="Write a saved game in the 18xx.games site's format (its game export).",
    )
    parser.add_argument("save", metavar="SAVE", help="our save file")
    parser.add_argument("--out", metavar="GAME.json", required=True, help="where to write the site's record")
    parser.add_argument("--end", action="store_true",
                        help="close an unfinished game with the site's end_game (a game ended by hand)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from railyard.framework.commands.common import one_line
    from railyard.framework.core.game import Game
    from railyard.framework.core.savefile import atomic_write_text
    from railyard.framework.exporters import ExportError, export_game

    try:
        game = Game.load(args.save)
    except Exception as error:  # noqa: BLE001 - whatever the file holds, one line
        print(f"{args.save}: cannot load the game: {one_line(error)}", file=sys.stderr)
        return 1
    try:
        record = export_game(game, end=args.end)
    except ExportError as error:
        print(f"{args.save}: cannot export the game: {one_line(error)}", file=sys.stderr)
        return 1
    atomic_write_text(args.out, json.dumps(record, indent=1) + "\n", keep_previous=False)
    state = "finished" if "result" in record else "unfinished"
    print(f"{args.out}: {len(record['actions'])} site actions of {len(game.actions)} of ours ({state} game)")
    return 0
