"""``railyard replay SAVE.json``: replay a saved game and print the standings and log tail.

Exit code 1 (with the failing action's index and the rule it broke) when an action is refused.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "replay",
        help="replay a saved game: final standings and the end of the log",
        description="Replay every action of a saved game through the rules.",
    )
    parser.add_argument("save", metavar="SAVE.json", help="a game saved by railyard")
    parser.add_argument("--tail", type=int, default=15, metavar="N", help="log lines to show (15)")
    parser.add_argument("--debug", action="store_true", help="check every invariant after each action")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from railyard.framework.core.game import Game

    try:
        data = json.loads(Path(args.save).read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        print(f"{args.save}: cannot read the save: {error}", file=sys.stderr)
        return 2
    try:
        game = Game.from_dict(data, debug=args.debug, strict=False)
    except Exception as error:  # a title that will not load, or an unknown action type
        print(f"{args.save}: {error}", file=sys.stderr)
        return 2
    total = len(data.get("actions", []))
    print(f"{game.title_ref}: {len(game.actions)} of {total} actions replayed")
    for line in game.log[-args.tail :] if args.tail > 0 else []:
        print(f"  {line}")
    failure = game.replay_error
    if failure is not None:
        print(
            f"action {failure.index} refused ({failure.rule}): {failure.cause}", file=sys.stderr
        )
        return 1
    state = "game over" if game.is_over() else "game in progress"
    print(f"standings ({state}):")
    rank, previous = 0, None
    for place, (player, score) in enumerate(game.standings(), start=1):
        if score != previous:
            rank, previous = place, score
        print(f"  {rank}. {player} {score}")
    return 0
