"""``railyard routes SAVE.json``: the best routes of a company's trains in a saved game."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from railyard.framework.commands.common import add_save_title_argument, load_save
from railyard.framework.routes import RouteSet, TrainSpec, best_routes
from railyard.framework.routes.board_graph import graph_for_board


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "routes",
        help="the best routes for a company's trains in a saved game",
        description="Find the provably best routes for a company's trains in a saved game.",
    )
    parser.add_argument("save", metavar="SAVE.json", help="a game saved by railyard")
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument("--company", metavar="ID", help="the company whose trains run")
    which.add_argument("--all", action="store_true", help="every company that owns trains")
    parser.add_argument("--json", action="store_true", help="print the routes as JSON")
    parser.add_argument("--max-seconds", type=float, default=None,
                        help="stop searching after this long (the answer then says so)")
    add_save_title_argument(parser)
    parser.set_defaults(func=run, quick_exit=True)  # reads and prints only


def trains_of(title: Any, state: Any, company: str) -> list[TrainSpec]:
    """The company's trains as the route search sees them."""
    out = []
    for train in state.trains_of(company):
        spec = title.trains[train.name]
        out.append(TrainSpec(train.name, spec.kind, spec.distance, spec.plus))
    return out


def companies_with_trains(state: Any) -> list[str]:
    return [
        cid for cid, company in state.companies.items()
        if company.trains and not getattr(company, "closed", False)
    ]


def company_routes(title: Any, state: Any, company: str,
                   max_seconds: float | None = None) -> RouteSet:
    """The best routes of ``company`` on the state's board in the current phase."""
    graph = graph_for_board(state.board, title, state.phase)
    trains = trains_of(title, state, company)
    values = [_stop_values(state, t.name) for t in trains]
    return best_routes(graph, trains, company, title.routes, max_seconds=max_seconds,
                       stop_values=values if any(values) else None)


def _stop_values(state: Any, train_name: str) -> dict[str, int]:
    """Stops that pay this train another amount than their phase value (``train_revenue``:
    an off-board paying D trains more), as the operating round pays them."""
    out: dict[str, int] = {}
    for coord in state.board.coords():
        for i, stop in enumerate(state.board.placed(coord).tile.stops):
            if train_name in stop.train_revenue:
                out[f"{coord}.{i}"] = stop.train_revenue[train_name]
    return out


def describe(company: str, result: RouteSet) -> list[str]:
    """Human-readable lines for one company's routes."""
    extra = f", {result.treasury} to the treasury" if result.treasury else ""
    note = "" if result.complete else " (search cut short: may not be the best)"
    lines = [f"{company}: {result.revenue}{extra}{note}"]
    for run in result.runs:
        name = getattr(run.train, "name", str(run.train))
        if run.route is None:
            lines.append(f"  {name}: no route")
        else:
            paid = f" +{run.treasury} treasury" if run.treasury else ""
            lines.append(f"  {name}: {' - '.join(run.route.stops)} = {run.revenue}{paid}")
    return lines


def run(args: argparse.Namespace) -> int:
    game = load_save(args.save, args.title_path)
    if game is None:
        return 1
    state = game.state
    if getattr(state, "board", None) is None:
        print(f"{args.save}: this game has no board to run trains on", file=sys.stderr)
        return 1
    if not hasattr(state, "companies") or not hasattr(game.title, "trains"):
        print(f"{args.save}: this game has no companies running trains", file=sys.stderr)
        return 1
    if args.all:
        companies = companies_with_trains(state)
    else:
        if args.company not in state.companies:
            print(f"{args.save}: no company {args.company!r}", file=sys.stderr)
            return 1
        companies = [args.company]
    results, seconds = {}, {}
    for c in companies:  # each company's search timed, as the README promises
        start = time.perf_counter()
        results[c] = company_routes(game.title, state, c, args.max_seconds)
        seconds[c] = time.perf_counter() - start
    if args.json:
        print(json.dumps({c: {**r.to_json(), "seconds": round(seconds[c], 4)}
                          for c, r in results.items()}, indent=1))
    elif not results:
        print("no company owns a train")
    else:
        for company, result in results.items():
            print("\n".join(describe(company, result)))
            print(f"  (searched in {seconds[company]:.3f} s)")
    return 0
