"""``railyard transcribe-18xxgames BOARD.json --out DIR``: a title's ``map.yaml`` and
``tiles.yaml`` from an 18xx.games board file (framework/importers/transcribe.py), so a new
standard title starts from the site's own board and its recorded games' coordinates, tiles and
rotations mean the same here.
"""

from __future__ import annotations

import argparse
import sys


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "transcribe-18xxgames",
        help="write map.yaml and tiles.yaml from an 18xx.games board file",
        description="Transcribe an 18xx.games board file (board_18xxgames.json) into a title's "
        "map.yaml and tiles.yaml.",
    )
    parser.add_argument("board", metavar="BOARD.json", help="the board file")
    parser.add_argument("--out", required=True, metavar="DIR", help="the folder to write into")
    parser.add_argument("--title", default="", metavar="NAME", help="the title's name, for the headers")
    parser.add_argument(
        "--phases", metavar="COLOUR=PHASE,...",
        help="the phase where each colour's printed value starts (default yellow=2,green=3,"
        "brown=5,gray=D)",
    )
    parser.add_argument(
        "--skip-tiles", default="", metavar="ID,...",
        help="manifest tiles to leave out (e.g. the tiles of a variant the title does not play)",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    import json
    from pathlib import Path

    from railyard.framework.commands.common import one_line
    from railyard.framework.importers.transcribe import BoardError, parse_colour_phases, transcribe

    try:
        board = json.loads(Path(args.board).read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        print(f"{args.board}: cannot read the board: {one_line(error)}", file=sys.stderr)
        return 1
    try:
        written = transcribe(
            board, Path(args.out), colour_phases=parse_colour_phases(args.phases),
            title=args.title, skip_tiles=[t for t in args.skip_tiles.split(",") if t],
        )
    except (BoardError, KeyError) as error:
        print(f"{args.board}: {one_line(error)}", file=sys.stderr)
        return 1
    for path in written:
        print(f"wrote {path}")
    return 0
