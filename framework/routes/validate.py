"""Checks routes drawn by a player, naming the rule each refused route breaks.

A drawn route is the list of nodes (stops and junctions) it travels, in order; where two
nodes are joined by more than one piece of track, pass a
:class:`~framework.routes.result.Route` instead, which names its pieces too. Each
route is checked on its own, then against the routes before it (no shared track).

Every refusal carries a generic rule key (a title maps them to its rulebook's sections):
``track.unknown``, ``track.missing``, ``track.ambiguous`` (the drawing does not follow track),
``route.ends`` (must start and end at stops), ``track.reversed`` (turns back at a junction),
``track.reused``, ``stop.twice``, ``stop.group`` (two stops that count as one),
``route.min_stops``, ``route.station`` (no station of the company), ``stop.terminal``,
``stop.pass_through`` and ``stop.blocked`` (passes a stop that may only end a route: an
off-board area, a stop only named companies may pass, a full city), ``train.forbids``,
``train.requires``, ``train.at_end``, ``train.distance``, ``train.min_counted`` (the train
kind's rules), ``trains.shared_track`` (track already used by another train).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from railyard.framework.memo import IdMemo
from railyard.framework.records import Record
from railyard.framework.routes.drawn import RouteGraph
from railyard.framework.routes.kinds import RouteRules, TrainKind, TrainLike
from railyard.framework.routes.result import Route

Draft = Sequence[str] | Route
_STR = {str}


@attrs.frozen(repr=False)
class Refusal(Record):
    """Why a route is refused: a generic rule key and a message for the player."""

    rule: str
    message: str

    def __str__(self) -> str:
        return self.message


@attrs.frozen(repr=False)
class RouteCheck(Record):
    """The verdict on one drawn route: the route with its revenue, or why it is refused."""

    train: Any
    route: Route | None
    refusals: tuple[Refusal, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.refusals

    @property
    def reasons(self) -> tuple[str, ...]:
        """The refusal messages, in the order found."""
        return tuple(r.message for r in self.refusals)

    @property
    def rules(self) -> tuple[str, ...]:
        """The rule keys broken, in the order found."""
        return tuple(r.rule for r in self.refusals)


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


def _resolve_known(graph: RouteGraph, draft: Draft
                   ) -> tuple[list[str], list[int], list[str | None]] | None:
    """:func:`_resolve` of a drawing of nodes whose every two neighbours are joined by exactly
    one piece: then every node is an end of a piece of the graph, so a node of it, and the
    nodes are known without asking (None: anything else, for :func:`_resolve` to say). With
    the pieces' tiles, which the check of turning back reads."""
    if isinstance(draft, Route):
        return None
    # names as the save gives them (all exactly str, as checked in C) are taken as they are
    nodes = list(draft) if set(map(type, draft)) == _STR else [str(n) for n in draft]
    if len(nodes) < 2:
        return None
    unique = getattr(graph, "unique_pieces", None)  # the check's view does it in one loop
    if unique is not None:
        found = unique(nodes)
        return None if found is None else (nodes, found[0], found[1])
    between = graph.pieces_between
    pieces: list[int] = []
    tiles: list[str | None] = []
    a = nodes[0]
    for b in nodes[1:]:
        joined = between(a, b)
        if len(joined) != 1:
            return None
        pieces.append(joined[0].id)
        tiles.append(joined[0].tile)
        a = b
    return nodes, pieces, tiles


def _track_refusals(graph: RouteGraph, nodes: list[str], pieces: list[int],
                    tiles: list[str | None] | None = None) -> list[Refusal]:
    """``tiles``: the tile of each piece, when known (else read from the graph's pieces)."""
    out = []
    if not nodes:
        return [Refusal("route.ends", "route is empty")]
    stops = graph.stops
    if nodes[0] not in stops or nodes[-1] not in stops:
        out.append(Refusal(
            "route.ends",
            "route must start and end at a stop (a city, town, mine or off-board area)",
        ))
    by_id = graph.pieces
    for i in range(1, len(nodes) - 1):
        if nodes[i] not in stops:
            if tiles is None:
                before, after = by_id[pieces[i - 1]].tile, by_id[pieces[i]].tile
            else:
                before, after = tiles[i - 1], tiles[i]
            if before is not None and before == after:
                out.append(Refusal("track.reversed",
                                   f"route turns back at {nodes[i]} (track may not reverse there)"))
    if len(set(pieces)) != len(pieces):  # a piece used twice: each repeat named, in order
        seen: set[int] = set()
        for p in pieces:
            if p in seen:
                out.append(Refusal("track.reused",
                                   f"route uses the same track twice (track piece {p})"))
            seen.add(p)
    passed = [n for n in nodes if n not in stops]
    if len(set(passed)) != len(passed):  # a junction passed twice: each named once, in order
        times: dict[str, int] = {}  # junction -> how often the route passes it
        for n in passed:
            times[n] = times.get(n, 0) + 1
        for j, count in times.items():
            if count > 1:
                out.append(Refusal("track.reused",
                                   f"route uses the same track twice (where track meets at {j})"))
    return out


def _stop_refusals(graph: RouteGraph, stop_ids: list[str], company: str,
                   rules: RouteRules) -> list[Refusal]:
    out = []
    stops = graph.stops
    seen: set[str] = set()
    groups: dict[str, str] = {}
    station = False
    for sid in stop_ids:
        stop = stops[sid]
        if not station and stop.is_station_of(company):
            station = True
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
    if not station:
        out.append(Refusal("route.station", f"route must include a station of {company}"))
    for sid in stop_ids[1:-1]:
        stop = stops[sid]
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
    if kind.forbids and not kind.forbids.isdisjoint(kinds):
        name = _train_name(train)
        for sid, k in zip(stop_ids, kinds, strict=True):
            if k in kind.forbids:
                out.append(Refusal("train.forbids", f"a {name} train may not visit a {k} ({sid})"))
    for req_kind, n in kind.requires:
        have = kinds.count(req_kind)
        if have != n:
            out.append(Refusal(
                "train.requires",
                f"a {_train_name(train)} train's route must include exactly "
                f"{_plural(n, req_kind)}, this one has {have}",
            ))
    if kind.at_end and not kind.at_end.isdisjoint(kinds):
        name = _train_name(train)
        for i, (sid, k) in enumerate(zip(stop_ids, kinds, strict=True)):
            if k in kind.at_end and 0 < i < len(stop_ids) - 1:
                out.append(Refusal("train.at_end",
                                   f"{sid} ({k}) must be an end of a {name} train's route"))
    counts = kind.counts
    counted = [k for k in kinds if k in counts]
    plus_counts = kind.plus_counts
    only_base = [k for k in counted if k not in plus_counts] if plus_counts else counted
    distance, plus = int(train.distance), int(getattr(train, "plus", 0) or 0)
    over_total = len(counted) > distance + plus
    if len(only_base) > distance and (plus or not over_total):
        what = "/".join(sorted(kind.counts - kind.plus_counts))
        out.append(Refusal(
            "train.distance",
            f"route includes {len(only_base)} stops of kind {what}, "
            f"a {_train_name(train)} train may include at most {distance}",
        ))
    if over_total:
        out.append(Refusal(
            "train.distance",
            f"route counts {len(counted)} stops, a {_train_name(train)} train counts at most "
            f"{distance + plus}",
        ))
    if len(counted) < kind.min_counted:
        what = "/".join(sorted(kind.counts))
        out.append(Refusal(
            "train.min_counted",
            f"a {_train_name(train)} train's route needs at least {kind.min_counted} stops of "
            f"kind {what}, this one has {len(counted)}",
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
    stops = graph.stops
    if nodes and (not refusals or not any(r.rule == "route.ends" and r.message == "route is empty"
                                          for r in refusals)):
        stop_ids = [n for n in nodes if n in stops]
        found = [stops[s] for s in stop_ids]
        kinds = [stop.kind for stop in found]
        refusals += _stop_refusals(graph, stop_ids, company, rules)
        refusals += _train_refusals(train, kind, stop_ids, kinds)
    if refusals:
        return RouteCheck(train, None, tuple(refusals))
    run = tre = 0
    paid, treasury = _paid_kinds(kind), kind.to_treasury
    for stop in found:  # each stop's revenue to the run or the treasury (or both, or none)
        if stop.kind in paid:
            run += stop.revenue
        if stop.kind in treasury:
            tre += stop.revenue
    route = Route(tuple(nodes), tuple(stop_ids), tuple(pieces), run, tre)
    if bonus is not None:
        route = attrs.evolve(route, revenue=run + bonus(route))
    return RouteCheck(train, route)


# train kind -> the stop kinds it is paid for: those ``TrainKind.pays``
_PAID: IdMemo[frozenset[str]] = IdMemo(256)


def _paid_kinds(kind: TrainKind) -> frozenset[str]:
    found = _PAID.get(id(kind))
    if found is None or found[0] is not kind:
        return _PAID.put(kind, id(kind), frozenset(
            (kind.counts | kind.free) - kind.to_treasury - kind.ignores))
    return found[1]


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
    stops = graph.stops
    last = len(runs) - 1
    for index, (train, draft) in enumerate(runs):
        check = check_route(graph, train, rules.kind_of(train), company, rules, draft, bonus)
        route = check.route
        if not used_by and not junction_by:  # no route accepted yet: none to share track with
            out.append(check)
            if route is not None and index < last:  # its track, for the routes after it
                for p in route.pieces:
                    used_by[p] = index
                for j in route.nodes:
                    if j not in stops:
                        junction_by[j] = index
            continue
        nodes: Sequence[str]
        pieces: Sequence[int]
        if route is not None:  # what check_route resolved the draft to
            nodes, pieces = route.nodes, route.pieces
        else:
            nodes, pieces, _ = _resolve(graph, draft)
        refusals = list(check.refusals)
        shared = sorted({used_by[p] for p in pieces if p in used_by})
        shared += sorted(
            {junction_by[j] for j in nodes if j in junction_by and j not in stops}
            - set(shared)
        )
        for other in shared:
            refusals.append(Refusal(
                "trains.shared_track",
                f"route uses track already used by another train (route {other + 1})",
            ))
        if not refusals and index < last:
            for p in pieces:
                used_by[p] = index
            for j in nodes:
                if j not in stops:
                    junction_by[j] = index
        out.append(RouteCheck(train, None if refusals else check.route, tuple(refusals)))
    return out
