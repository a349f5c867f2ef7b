"""``railyard replay SAVE.json``: replay a saved game and print the standings and log tail.

Exit code 1 (with the failing action's index and the rule it broke) when an action is refused.
"""

from __future__ import annotations

import argparse
import sys

from railyard.framework.commands.common import add_save_title_argument, load_save


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "replay",
        help="replay a saved game: final standings and the end of the log",
        description="Replay every action of a saved game through the rules.",
    )
    parser.add_argument("save", metavar="SAVE.json", help="a game saved by railyard")
    parser.add_argument("--tail", type=int, default=15, metavar="N", help="log lines to show (15)")
    parser.add_argument("--debug", action="store_true", help="check every invariant after each action")
    add_save_title_argument(parser)
    parser.set_defaults(func=run, quick_exit=True)  # reads and prints only


def run(args: argparse.Namespace) -> int:
    from railyard.framework.core.game import tuned_for_replays

    with tuned_for_replays():  # one replay, then the process ends: the collector tuning pays
        return _replay(args)


def _replay(args: argparse.Namespace) -> int:
    game = load_save(args.save, args.title_path, debug=args.debug, strict=False)
    if game is None:
        return 1
    total = game.saved_actions  # the save is read once
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
