"""``railyard validate TITLE``: check every file of a title; list every problem found.

With ``--play N`` a title that validates is then played: N random games, every invariant
checked after every action, each to its end. A game that cannot start, crashes, refuses an
action it listed as legal, stalls or does not end is the title's error, so that a designer
learns of a deadlock from validate rather than from a player.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from railyard.framework.commands.common import add_title_arguments, one_line
from railyard.framework.core.ruleset import HooksError, title_hooks_module
from railyard.framework.loader import TitleErrors, load_title


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "validate",
        help="check a title's files (schemas, types, cross-references)",
        description="Check a title; exit 0 if clean, else 1 with one error per line.",
    )
    add_title_arguments(parser)
    parser.add_argument("--play", type=int, default=0, metavar="N",
                        help="then play N random games to their end, checking every invariant")
    parser.add_argument("--max-actions", type=int, default=20000, metavar="N",
                        help="with --play: a game not over after this many actions fails (20000)")
    parser.set_defaults(func=run, quick_exit=True)  # reads and prints only


def play_failure(title: str, variant: str | None, overrides: tuple[str, ...], games: int,
                 players: tuple[int, int], max_actions: int = 20000, seed: int = 1) -> str | None:
    """The first of ``games`` random games that fails, described in one line; None if all
    reach their end. Player counts cycle through the title's range."""
    from railyard.framework.simulate.runner import Job, SimConfig, play_game

    low, high = players
    for index in range(games):
        count = low + index % (high - low + 1)
        config = SimConfig(title=title, players=count, bots=("random",), variant=variant,
                           overrides=overrides, check=True, max_actions=max_actions, rotate=False)
        record: dict[str, Any] = play_game(Job(config, index, seed))
        what = f"random game {index + 1} of {games} ({count} players, seed {record['seed']})"
        if record.get("error"):
            error = record["error"]
            where = f" [{error['where']}]" if error.get("where") else ""
            return (f"{what} failed at action {error['action_index']}: "
                    f"{error['type']}: {error['message']}{where}")
        if record.get("violation"):
            violation = record["violation"]
            return (f"{what} broke an invariant at action {violation['action_index']}: "
                    f"{'; '.join(violation['problems'])}")
        if record.get("end_reason") == "stalled":
            return f"{what} stalled after {record['actions']} actions: every player only passes"
        if not record.get("finished"):
            return f"{what} did not end within {max_actions} actions"
    return None


def run(args: argparse.Namespace) -> int:
    try:
        title = load_title(args.title, variant=args.variant, overrides=args.overrides)
    except TitleErrors as errors:
        for error in errors:
            print(error)
        print(f"{len(errors)} error(s)", file=sys.stderr)
        return 1
    except Exception as error:  # noqa: BLE001 - a title's code that fails oddly, in one line
        print(f"{args.title}: {type(error).__name__}: {one_line(error)}")
        return 1
    try:  # the hooks are the title's own code: a module that gives no rules is an error
        title_hooks_module(title)
    except HooksError as error:
        print(error)
        print("1 error(s)", file=sys.stderr)
        return 1
    for warning in getattr(title, "warnings", ()):
        print(warning)
    variant = f" (variant {args.variant})" if args.variant else ""
    if args.play > 0:
        limits = title.manifest.players
        failure = play_failure(args.title, args.variant, tuple(args.overrides), args.play,
                               (limits.min, limits.max), args.max_actions)
        if failure is not None:
            print(f"{title.manifest.id}{variant}: {failure}")
            print("1 error(s)", file=sys.stderr)
            return 1
        print(f"{title.manifest.id}{variant}: ok ({args.play} random game(s) played to their end)")
        return 0
    print(f"{title.manifest.id}{variant}: ok")
    return 0
