"""``railyard import-18xxgames FILE.json --out SAVE.json``: a game recorded on the 18xx.games
site, translated into our actions, replayed, and saved as our own save file.

The save holds every action our engine accepted, up to the first recorded action it refused;
exit code 1 names that action, what was recorded and what our engine said.
"""

from __future__ import annotations

import argparse
import sys


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "import-18xxgames",
        help="import a game recorded on 18xx.games: replay it and save it",
        description="Translate a game recorded on the 18xx.games site into our actions and replay it.",
    )
    parser.add_argument("file", metavar="FILE.json", help="the site's game file")
    parser.add_argument("--out", metavar="SAVE.json", help="where to save the replayed game")
    parser.add_argument("--title", metavar="TITLE", help="the title (default: the file's)")
    parser.add_argument(
        "--variant", metavar="V", default="",
        help="the rules variant (default: the one the title's import map names; 'none' for the default rules)",
    )
    parser.add_argument(
        "--set", dest="overrides", metavar="PATH=VALUE", action="append", default=[],
        help="override one title value, e.g. --set trains.1G.rusts_on=null (repeatable)",
    )
    parser.add_argument("--best", action="store_true", help="also compare every run with our best routes")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from railyard.framework.commands.common import one_line
    from railyard.framework.importers import import_game, read_recorded

    try:
        recorded = read_recorded(args.file)
    except Exception as error:  # noqa: BLE001 - whatever the file holds, one line
        print(f"{args.file}: cannot read the game: {one_line(error)}", file=sys.stderr)
        return 1
    missing = _missing_id_map(args.title) if args.title else _missing_id_map(recorded.title, by_id=True)
    if missing:
        print(missing, file=sys.stderr)
        return 1
    variant = None if args.variant == "none" else args.variant
    try:
        result = import_game(
            recorded, args.title, variant, search_best=args.best, overrides=tuple(args.overrides)
        )
    except Exception as error:  # noqa: BLE001 - a title that will not load, a game it cannot seat
        print(f"{args.file}: cannot import the game: {one_line(error)}", file=sys.stderr)
        return 1
    game = result.game
    print(
        f"{recorded.title}: {result.handled} of {len(recorded.actions)} recorded actions replayed "
        f"({len(game.actions)} of ours, {result.seconds:.1f} s)"
    )
    inserted = sum(1 for origin in result.origin if origin < 0)
    print(
        f"  {inserted} moves with no choice added (passes, runs with no route), "
        f"{len(result.absorbed)} recorded passes and answers our engine did not need, "
        f"{len(result.reordered)} answers taken in another order"
    )
    for check in result.runs:
        if not check.agrees:
            print(f"  run {check.company}: recorded {check.recorded_revenue}+{check.recorded_subsidy}, "
                  f"ours {check.our_revenue}+{check.our_treasury}")
        if (
            check.checked and check.best_total is not None
            and check.best_total < (check.recorded_revenue or 0) + (check.recorded_subsidy or 0)
        ):
            print(f"  run {check.company}: our best routes earn {check.best_total}, less than recorded")
    if args.out:
        game.save(args.out)
        print(f"saved {args.out}")
    if result.divergence is not None:
        print(f"diverges at {result.divergence}", file=sys.stderr)
        return 1
    standings = ", ".join(f"{p} {s}" for p, s in game.standings())
    print(f"game over: {standings}" if game.is_over() else f"standings when the record ends: {standings}")
    recorded_result = ", ".join(f"{p} {s}" for p, s in sorted(recorded.result.items(), key=lambda x: -x[1]))
    print(f"recorded result: {recorded_result}")
    return 0


def _missing_id_map(title: str, by_id: bool = False) -> str | None:
    """Why ``title`` cannot take a game from the site (None: it can): a title takes imports
    when its folder carries the site's id map, ``import_18xxgames.yaml``. A title the record
    names (``by_id``) must be a packaged title's id: one that is not is left to the import,
    which refuses it in one line, and no folder a record names is ever loaded."""
    from railyard.framework.importers.mapping import import_map_path
    from railyard.framework.importers.site_18xxgames import SITE
    from railyard.framework.loader import find_title, load_title
    from railyard.framework.loader.errors import TitleErrors

    if by_id:
        try:
            find_title(title, by_id=True)
        except TitleErrors:
            return None
    try:
        loaded = load_title(title)
    except (TitleErrors, OSError, ValueError) as error:
        return f"{title}: cannot load the title: {error}"
    if import_map_path(loaded, SITE) is None:
        folder = getattr(loaded, "path", title)
        return (f"{title}: no import_{SITE}.yaml in {folder}: the title does not say how the "
                f"site's ids map onto its own (docs/adding-a-title.md, 'Recorded games')")
    return None
