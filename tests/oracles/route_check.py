"""The route check as it was before the sixth replay part (commit 9d4920c), kept as the long
way that :mod:`framework.routes.validate`'s faster loops are compared with
(``tests/framework/test_fast_paths_tables_saves_and_route_verdicts.py``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from railyard.framework.routes.drawn import RouteGraph
from railyard.framework.routes.kinds import RouteRules, TrainKind, TrainLike
from railyard.framework.routes.result import Route
from railyard.framework.routes.validate import Draft, Refusal, RouteCheck, _resolve_known

__all__ = ["validate_routes"]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _train_name(train: TrainLike) -> str:
    return str(getattr(train, "name", f"{train.distance}"))


def _resolve(graph: RouteGraph, draft: Draft) -> tuple[list[str], list[int], list[Refusal]]:
    """Nodes and pieces of a draft, and why it does not even follow track."""
    given = list(draft.pieces) if isinstance(draft, Route) else None
    nodes = [str(n) for n in (draft.nodes if isinstance(draft, Route) else draft)]
    refusals = [
        Refusal("track.unknown", f"route passes {n!r}, which is not on the board")
        for n in nodes
        if not graph.has_node(n)
    ]
    if refusals:
        return nodes, [], refusals
    if given is not None:
        if len(given) != max(len(nodes) - 1, 0):
            return nodes, [], [Refusal("track.missing",
                                       "route's track pieces do not match its points")]
        for a, b, p in zip(nodes, nodes[1:], given, strict=False):
            piece = graph.pieces.get(p)
            if piece is None or {piece.a, piece.b} != {a, b}:
                refusals.append(
                    Refusal("track.missing", f"route has no track piece {p} between {a} and {b}")
                )
        return nodes, given, refusals
    pieces: list[int] = []
    for a, b in zip(nodes, nodes[1:], strict=False):
        between = graph.pieces_between(a, b)
        if not between:
            refusals.append(Refusal("track.missing", f"route has no track between {a} and {b}"))
        elif len(between) > 1:
            refusals.append(Refusal(
                "track.ambiguous", f"route is ambiguous between {a} and {b}: more than one track"
            ))
        else:
            pieces.append(between[0].id)
    return nodes, pieces, refusals


def _track_refusals(graph: RouteGraph, nodes: list[str], pieces: list[int],
                    tiles: list[str | None] | None = None) -> list[Refusal]:
    """``tiles``: the tile of each piece, when known (else read from the graph's pieces)."""
    out = []
    if not nodes:
        return [Refusal("route.ends", "route is empty")]
    if nodes[0] not in graph.stops or nodes[-1] not in graph.stops:
        out.append(Refusal(
            "route.ends",
            "route must start and end at a stop (a city, town, mine or off-board area)",
        ))
    stops, by_id = graph.stops, graph.pieces
    for i in range(1, len(nodes) - 1):
        if nodes[i] not in stops:
            if tiles is None:
                before, after = by_id[pieces[i - 1]].tile, by_id[pieces[i]].tile
            else:
                before, after = tiles[i - 1], tiles[i]
            if before is not None and before == after:
                out.append(Refusal("track.reversed",
                                   f"route turns back at {nodes[i]} (track may not reverse there)"))
    seen: set[int] = set()
    for p in pieces:
        if p in seen:
            out.append(Refusal("track.reused", f"route uses the same track twice (track piece {p})"))
        seen.add(p)
    stops = graph.stops
    times: dict[str, int] = {}  # junction -> how often the route passes it, in order of first pass
    for n in nodes:
        if n not in stops:
            times[n] = times.get(n, 0) + 1
    for j, count in times.items():
        if count > 1:
            out.append(Refusal("track.reused",
                               f"route uses the same track twice (where track meets at {j})"))
    return out


def _stop_refusals(graph: RouteGraph, stop_ids: list[str], company: str,
                   rules: RouteRules) -> list[Refusal]:
    out = []
    seen: set[str] = set()
    groups: dict[str, str] = {}
    for sid in stop_ids:
        stop = graph.stops[sid]
        if sid in seen:
            out.append(Refusal("stop.twice", f"route visits {sid} twice"))
            continue
        seen.add(sid)
        if stop.group is not None:
            if stop.group in groups:
                out.append(Refusal(
                    "stop.group",
                    f"route visits {groups[stop.group]} and {sid}, which count as one stop",
                ))
            groups[stop.group] = sid
    if len(seen) < rules.min_stops:
        out.append(Refusal("route.min_stops",
                           f"route must visit at least {rules.min_stops} different stops"))
    if not any(graph.stops[s].is_station_of(company) for s in stop_ids):
        out.append(Refusal("route.station", f"route must include a station of {company}"))
    for sid in stop_ids[1:-1]:
        stop = graph.stops[sid]
        if stop.terminal:
            out.append(Refusal("stop.terminal",
                               f"route passes through {sid}, which may only be the end of a route"))
        elif stop.closed_to(company):
            only = ", ".join(stop.through_only or ())
            why = f"route passes through {sid}, where only {only} may run through"
            out.append(Refusal(
                "stop.pass_through", f"{stop.through_rule} ({why})" if stop.through_rule else why
            ))
        elif stop.blocked_for(company):
            out.append(Refusal(
                "stop.blocked",
                f"route passes through {sid}, whose stations are all taken by other companies",
            ))
    return out


def _train_refusals(train: TrainLike, kind: TrainKind, stop_ids: list[str],
                    kinds: list[str]) -> list[Refusal]:
    out = []
    name = _train_name(train)
    for sid, k in zip(stop_ids, kinds, strict=True):
        if k in kind.forbids:
            out.append(Refusal("train.forbids", f"a {name} train may not visit a {k} ({sid})"))
    for req_kind, n in kind.requires:
        have = kinds.count(req_kind)
        if have != n:
            out.append(Refusal(
                "train.requires",
                f"a {name} train's route must include exactly {_plural(n, req_kind)}, "
                f"this one has {have}",
            ))
    for i, (sid, k) in enumerate(zip(stop_ids, kinds, strict=True)):
        if k in kind.at_end and 0 < i < len(stop_ids) - 1:
            out.append(Refusal("train.at_end", f"{sid} ({k}) must be an end of a {name} train's route"))
    counted = [k for k in kinds if k in kind.counts]
    only_base = [k for k in counted if k not in kind.plus_counts]
    distance, plus = int(train.distance), int(getattr(train, "plus", 0) or 0)
    over_total = len(counted) > distance + plus
    if len(only_base) > distance and (plus or not over_total):
        what = "/".join(sorted(kind.counts - kind.plus_counts))
        out.append(Refusal(
            "train.distance",
            f"route includes {len(only_base)} stops of kind {what}, "
            f"a {name} train may include at most {distance}",
        ))
    if over_total:
        out.append(Refusal(
            "train.distance",
            f"route counts {len(counted)} stops, a {name} train counts at most {distance + plus}",
        ))
    if len(counted) < kind.min_counted:
        what = "/".join(sorted(kind.counts))
        out.append(Refusal(
            "train.min_counted",
            f"a {name} train's route needs at least {kind.min_counted} stops of kind {what}, "
            f"this one has {len(counted)}",
        ))
    return out


def check_route(
    graph: RouteGraph,
    train: TrainLike,
    kind: TrainKind,
    company: str,
    rules: RouteRules,
    draft: Draft,
    bonus: Callable[[Route], int] | None = None,
) -> RouteCheck:
    """One route on its own: track, stops, station, blocked cities, and the train's rating."""
    known = _resolve_known(graph, draft)
    if known is None:
        nodes, pieces, refusals = _resolve(graph, draft)
        if refusals:
            return RouteCheck(train, None, tuple(refusals))
        refusals = _track_refusals(graph, nodes, pieces)
    else:
        nodes, pieces, tiles = known
        refusals = _track_refusals(graph, nodes, pieces, tiles)
    if nodes and not any(r.rule == "route.ends" and r.message == "route is empty"
                         for r in refusals):
        stop_ids = [n for n in nodes if n in graph.stops]
        kinds = [graph.stops[s].kind for s in stop_ids]
        refusals += _stop_refusals(graph, stop_ids, company, rules)
        refusals += _train_refusals(train, kind, stop_ids, kinds)
    if refusals:
        return RouteCheck(train, None, tuple(refusals))
    run = sum(graph.stops[s].revenue for s in stop_ids if kind.pays(graph.stops[s].kind))
    tre = sum(graph.stops[s].revenue for s in stop_ids if graph.stops[s].kind in kind.to_treasury)
    route = Route(tuple(nodes), tuple(stop_ids), tuple(pieces), run, tre)
    if bonus is not None:
        route = attrs.evolve(route, revenue=run + bonus(route))
    return RouteCheck(train, route)


def validate_routes(
    graph: RouteGraph,
    runs: Sequence[tuple[TrainLike, Draft]],
    company: str,
    rules: RouteRules,
    *,
    bonus: Callable[[Route], int] | None = None,
) -> list[RouteCheck]:
    """Check each (train, drawn route) pair; one verdict per pair, in the same order.

    Besides each route's own rules, two routes may not share any track (they may meet at a
    stop).
    """
    rules = RouteRules.of(rules)
    out: list[RouteCheck] = []
    used_by: dict[int, int] = {}
    junction_by: dict[str, int] = {}
    for index, (train, draft) in enumerate(runs):
        check = check_route(graph, train, rules.kind_of(train), company, rules, draft, bonus)
        refusals = list(check.refusals)
        if check.route is not None:  # what check_route resolved the draft to
            nodes, pieces = list(check.route.nodes), list(check.route.pieces)
        else:
            nodes, pieces, _ = _resolve(graph, draft)
        shared = sorted({used_by[p] for p in pieces if p in used_by})
        shared += sorted(
            {junction_by[j] for j in nodes if j in junction_by and j not in graph.stops}
            - set(shared)
        )
        for other in shared:
            refusals.append(Refusal(
                "trains.shared_track",
                f"route uses track already used by another train (route {other + 1})",
            ))
        if not refusals:
            for p in pieces:
                used_by[p] = index
            for j in nodes:
                if j not in graph.stops:
                    junction_by[j] = index
        out.append(RouteCheck(train, None if refusals else check.route, tuple(refusals)))
    return out
