"""``railyard compare-human TITLE GAMES_DIR SIM_DIR``: bot games beside recorded human games.

GAMES_DIR holds recorded games (18xx.games files, or our saves); SIM_DIR is a
``railyard simulate --out`` folder (with ``--save-games`` every measure is known). The table
gives, per measure, the human games' range and the bot games' median, quartiles and range,
and whether typical bot games reach the human range (:mod:`framework.simulate.human`).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "compare-human",
        help="compare bot games with recorded human games of the same title",
        description="Replay recorded human games and a simulation's bot games; compare rounds, "
                    "phases, how games ended, net worth and trains bought per phase.",
    )
    parser.add_argument("title", metavar="TITLE", help="the title both sets of games are of")
    parser.add_argument("games", metavar="GAMES_DIR", help="folder of recorded human games (*.json)")
    parser.add_argument("sim", metavar="SIM_DIR", help="a `railyard simulate --out` folder")
    parser.add_argument("--json", action="store_true", help="print the comparison as JSON")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from railyard.framework.simulate import human

    for label, folder in (("GAMES_DIR", args.games), ("SIM_DIR", args.sim)):
        if not Path(folder).exists():
            print(f"compare-human: {label} {folder}: no such folder", file=sys.stderr)
            return 2
    people, notes = human.human_games(args.games, args.title)
    for note in notes:
        print(f"compare-human: left out {note}", file=sys.stderr)
    bots = human.bot_games(args.sim)
    if not people:
        print(f"compare-human: no recorded game of {args.title} in {args.games}", file=sys.stderr)
        return 2
    if not bots:
        print(f"compare-human: no simulation records in {args.sim}", file=sys.stderr)
        return 2
    order = human.phase_order(args.title)
    print(human.as_json(people, bots, order) if args.json else human.text_table(people, bots, args.title, order))
    return 0
