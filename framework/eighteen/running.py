"""Running trains: the routes a company's trains may run, their revenue, and income paid
straight to the treasury.

Routes drawn by the player are checked by :func:`framework.routes.validate_routes` (and the
title's ``route_problems``); the best routes come from :func:`framework.routes.best_routes`.
Stop values follow the current phase. Trains that already ran this round (bought from or
inherited from a company that operated) may not run again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen.or_actions import RunRoutes, TrainRoute
from railyard.framework.eighteen.state import G18State
from railyard.framework.memo import IdMemo
from railyard.framework.records import Record
from railyard.framework.routes import Route, RouteRules, TrainSpec, best_routes, validate_routes
from railyard.framework.routes.board_graph import graph_for_board, graph_to_check

if TYPE_CHECKING:
    from railyard.framework.eighteen.context import Context

# title -> its route rules
_RULES: IdMemo[RouteRules] = IdMemo(64)


@attrs.frozen(repr=False)
class RunResult(Record):
    revenue: int  # what the dividend step distributes
    treasury: int  # paid to the treasury at once (mine values, ``mine_income``)
    routes: tuple[tuple[str, Route], ...]  # (train id, route)


def route_rules(rules: Context) -> RouteRules:
    """The title's route rules, built once per title (the entry holds the title, so that its
    id cannot pass to another title, say another variant loaded later)."""
    title = rules.spec.title
    found = _RULES.get(id(title))
    if found is None or found[0] is not title:
        return _RULES.put(title, id(title), RouteRules.of(title.routes))
    return found[1]


# train definition -> its spec: frozen, so every check shares it
_SPECS: IdMemo[TrainSpec] = IdMemo(256)


def spec_of(rules: Context, state: G18State, train_id: str) -> TrainSpec:
    tdef = rules.spec.trains[state.trains[train_id].name]
    found = _SPECS.get(id(tdef))
    if found is None or found[0] is not tdef:
        return _SPECS.put(tdef, id(tdef), TrainSpec(tdef.name, tdef.kind, tdef.distance, tdef.plus))
    return found[1]


def runnable(state: G18State, company_id: str, ran: list[str]) -> list[str]:
    """The company's trains that may run now (not yet run this round)."""
    return [t for t in state.companies[company_id].trains if t not in ran]


def graph(rules: Context, state: G18State) -> Any:
    return graph_for_board(state.board, rules.spec.title, state.phase)


def train_bonus(rules: Context, state: G18State, train_id: str, route: Route) -> int:
    """What stops with a ``train_revenue`` for this train's name add over their phase value
    (an off-board paying D trains more). Added to checked routes; the best-route search ranks
    routes with them too (:func:`train_stop_values`)."""
    if not _bonus_possible(rules, state):
        return 0  # no stop of the map or of a tile of the title pays any train another amount
    name = state.trains[train_id].name if train_id in state.trains else ""
    extra = 0
    for stop_id in route.stops:
        coord, _, index = stop_id.partition(".")
        if not index.isdigit() or not state.board.on_map(coord):
            continue
        stops = state.board.placed(coord).tile.stops
        i = int(index)
        if i < len(stops) and name in stops[i].train_revenue:
            extra += stops[i].train_revenue[name] - stops[i].revenue.at(state.phase, rules.spec.phase_order)
    return extra


# title -> whether some tile of its manifest has a stop with a train_revenue
_TILES_PAY: IdMemo[bool] = IdMemo(64)


def _bonus_possible(rules: Context, state: G18State) -> bool:
    """Whether a train bonus may be paid at this position (a board that cannot list its
    printed hexes is asked stop by stop)."""
    board = state.board
    return board is None or not hasattr(board, "printed_map") or _may_pay(rules, board)


def _may_pay(rules: Context, board: Any) -> bool:
    """Whether some stop of the board may pay a train another amount: a printed hex's, or a
    tile's of the title's manifest (where the tiles laid come from)."""
    if _printed_paying(board.printed_map())[1]:
        return True
    title = rules.spec.title
    return _TILES_PAY.cached(title, _manifest_pays, title)


def _manifest_pays(title: Any) -> bool:
    return any(map(_pays, title.tiles.values()))


def train_stop_values(rules: Context, state: G18State, train_id: str) -> dict[str, int]:
    """Stop id -> what this train earns there instead of the stop's phase value (the stops
    :func:`train_bonus` pays it more at), for the best-route search to rank routes with."""
    name = state.trains[train_id].name if train_id in state.trains else ""
    if state.board is None:
        return {}
    return {sid: paid[name] for sid, paid in _paying_stops(state.board) if name in paid}


# printed map, (id(printed map), laid tiles' key) -> the stops with a ``train_revenue``: the
# search asks per train on every run, and only a tile lay changes the answer
_PAYING: IdMemo[tuple[tuple[str, Any], ...]] = IdMemo(32, oldest=True, per_game=True)


def _paying_hexes(printed: Any, laid: Any) -> list[str]:
    """The hexes, in map order, whose tile (``laid``'s, else the printed one) has a stop with
    a ``train_revenue``."""
    order, printed_paying = _printed_paying(printed)
    where = [c for c in printed_paying if c not in laid]
    where += [c for c, placed in laid.items() if _pays(placed.tile)]
    if len(where) > 1:
        where.sort(key=order.__getitem__)
    return where


# printed map -> (hex -> map index, the hexes whose printed tile pays some train another
# amount)
_PRINTED_PAYING: IdMemo[tuple[dict[str, int], tuple[str, ...]]] = IdMemo(64)
# tile -> whether some stop of it has a train_revenue
_PAYS: IdMemo[bool] = IdMemo(50_000)


def _printed_paying(printed: Any) -> tuple[dict[str, int], tuple[str, ...]]:
    return _PRINTED_PAYING.cached(printed, _printed_paying_hexes, printed)


def _printed_paying_hexes(printed: Any) -> tuple[dict[str, int], tuple[str, ...]]:
    return ({c: i for i, c in enumerate(printed)},
            tuple(c for c, p in printed.items() if _pays(p.tile)))


def _pays(tile: Any) -> bool:
    found = _PAYS.get(id(tile))
    if found is None or found[0] is not tile:
        return _PAYS.put(tile, id(tile), any(stop.train_revenue for stop in tile.stops))
    return found[1]


def _paying_stops(board: Any) -> tuple[tuple[str, Any], ...]:
    """(stop id, its ``train_revenue``) of every stop on the board paying some train another
    amount, in map order."""
    printed = board.printed_map() if hasattr(board, "printed_map") else None
    key = (id(printed), board.state_key()[0]) if printed is not None else None
    if key is not None:
        found = _PAYING.get(key)
        if found is not None and found[0] is printed:
            return found[1]
    # only hexes whose tile has such a stop: the printed ones not built over, and the laid
    # ones (a lay changes the key, so this runs after every lay: a walk of the whole map was
    # ~2% of a greedy game)
    where = board.coords() if printed is None else _paying_hexes(printed, board.laid_placed())
    paying = tuple(
        (f"{coord}.{i}", stop.train_revenue)
        for coord in where
        for i, stop in enumerate(board.placed(coord).tile.stops)
        if stop.train_revenue
    )
    if key is not None:
        _PAYING.put(printed, key, paying)
    return paying


def _with_bonus(route: Route, bonus: int) -> Route:
    """The route paying ``bonus`` more (``attrs.evolve`` without its look at every field)."""
    if not bonus:
        return route
    return Route(route.nodes, route.stops, route.pieces, route.revenue + bonus, route.treasury)


def result_of(rules: Context, state: G18State, company_id: str, routes: list[tuple[str, Route]]) -> RunResult:
    paying = bool(routes) and _bonus_possible(rules, state)
    paid: list[tuple[str, Route]] = []
    revenue = treasury = 0
    for t, r in routes:
        if paying:  # else no train bonus anywhere (see train_bonus)
            r = _with_bonus(r, train_bonus(rules, state, t, r))
        paid.append((t, r))
        revenue += r.revenue
        treasury += r.treasury
    routes = paid
    revenue = rules.hooks.revenue_adjustment(state, company_id, revenue, routes)
    treasury += rules.hooks.mine_income(state, company_id)
    return RunResult(revenue, treasury, tuple(routes))


def check(rules: Context, state: G18State, action: RunRoutes, ran: list[str]) -> RunResult:
    company_id = action.entity
    allowed = runnable(state, company_id, ran)
    ids = [run.train for run in action.runs]
    for train_id in ids:
        if train_id not in allowed:
            why = "has already run this round" if train_id in ran else f"is not a train of {company_id}"
            raise IllegalAction("rule:running.train", f"train {train_id} {why}")
    if len(set(ids)) != len(ids):
        raise IllegalAction("rule:running.train", "a train runs one route per turn")
    if not action.runs:
        return result_of(rules, state, company_id, [])
    if state.board is None:
        raise IllegalAction("rule:running.board", "this title has no board to run on")
    nodes = [n if type(n) is str else str(n) for run in action.runs for n in run.nodes]
    g = graph_to_check(state.board, rules.spec.title, state.phase, nodes)
    drafts: list[tuple[Any, Any]] = []
    for run in action.runs:
        draft: Any = Route(run.nodes, (), run.pieces) if run.pieces else list(run.nodes)
        drafts.append((spec_of(rules, state, run.train), draft))
    checks = validate_routes(g, drafts, company_id, route_rules(rules))
    problems: list[str] = []
    routes = []
    for run, c in zip(action.runs, checks, strict=True):  # one pass: most checks refuse none
        if c.refusals:
            problems += [f"train {run.train}: {r.message}" for r in c.refusals]
        if c.route is not None:
            routes.append((run.train, c.route))
    if not problems:
        problems = list(rules.hooks.route_problems(state, company_id, routes))
    if problems:
        raise IllegalAction("rule:running.route", "; ".join(problems))
    return result_of(rules, state, company_id, routes)


def best(rules: Context, state: G18State, company_id: str, ran: list[str]) -> RunRoutes:
    """The routes earning the company the most with its runnable trains."""
    trains = runnable(state, company_id, ran)
    if not trains or state.board is None:
        return RunRoutes(company_id, ())
    values = [train_stop_values(rules, state, t) for t in trains]
    result = best_routes(graph(rules, state), [spec_of(rules, state, t) for t in trains], company_id,
                         route_rules(rules), stop_values=values if any(values) else None)
    runs = tuple(
        TrainRoute(train_id, run.route.nodes, run.route.pieces)
        for train_id, run in zip(trains, result.runs, strict=True)
        if run.route is not None
    )
    return RunRoutes(company_id, runs)
