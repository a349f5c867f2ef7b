"""The search against a brute force: every walk, every combination, on random small graphs.

The brute force below shares no code with the search: it walks the raw graph (junctions and
all), checks each walk with the rules written out plainly, and tries every combination.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from railyard.framework.routes import (
    Piece,
    Route,
    RouteRules,
    StopNode,
    TrackGraph,
    TrainSpec,
    best_routes,
    validate_routes,
)

RULES = RouteRules.from_data(
    {
        "train_kinds": {
            "plain": {
                "counts": ["city", "town", "offboard"],
                "plus_counts": ["town"],
                "forbids": ["mine"],
            },
            "express": {
                "counts": ["city", "offboard"],
                "ignores": ["town"],
                "forbids": ["mine"],
                "min_counted": 2,
            },
            "goods": {
                "counts": ["city", "offboard"],
                "free": ["town"],
                "requires": {"mine": 1},
                "at_end": ["mine"],
                "to_treasury": ["mine"],
            },
        },
        "min_stops": 2,
        "home_stop_kinds": {"mine": "coal"},
    }
)
COMPANY = "X"


def walks(graph: TrackGraph) -> Iterator[tuple[tuple[str, ...], tuple[int, ...]]]:
    """Every walk from a stop to a stop repeating no piece, junction or stop, in one direction."""

    def go(nodes: list[str], pieces: list[int]) -> Iterator[tuple[tuple[str, ...], tuple[int, ...]]]:
        here = nodes[-1]
        for piece in graph.pieces.values():
            if here not in (piece.a, piece.b) or piece.id in pieces:
                continue
            nxt = piece.b if piece.a == here else piece.a
            if nxt in nodes:
                continue
            came_by = graph.pieces[pieces[-1]].tile if pieces else None
            if here not in graph.stops and came_by is not None and came_by == piece.tile:
                continue  # track does not turn back at a junction
            nodes.append(nxt)
            pieces.append(piece.id)
            if nxt in graph.stops:
                yield tuple(nodes), tuple(pieces)
            yield from go(nodes, pieces)
            nodes.pop()
            pieces.pop()

    for start in graph.stops:
        yield from go([start], [])


def brute_value(graph: TrackGraph, train: TrainSpec, nodes: tuple[str, ...]) -> int | None:
    """The value (run + treasury) of a walk for a train, or None when the rules refuse it."""
    kind = RULES.train_kinds[train.kind]
    stops = [graph.stops[n] for n in nodes if n in graph.stops]
    groups = [s.group for s in stops if s.group is not None]
    if len(groups) != len(set(groups)) or len(stops) < RULES.min_stops:
        return None
    if not any(COMPANY in s.tokens or COMPANY in s.homes for s in stops):
        return None
    for s in stops[1:-1]:
        full = s.slots > 0 and len(s.tokens) + len(s.reserved) >= s.slots
        mine = COMPANY in s.tokens or COMPANY in s.reserved
        if s.terminal or (full and not mine):
            return None
    kinds = [s.kind for s in stops]
    if any(k in kind.forbids for k in kinds):
        return None
    if any(kinds.count(k) != n for k, n in kind.requires):
        return None
    if any(k in kind.at_end for k in kinds[1:-1]):
        return None
    counted = [k for k in kinds if k in kind.counts]
    base = [k for k in counted if k not in kind.plus_counts]
    if len(base) > train.distance or len(counted) > train.distance + train.plus:
        return None
    if len(counted) < kind.min_counted:
        return None
    value = 0
    for s in stops:
        paid = s.kind in kind.to_treasury or s.kind in kind.counts or s.kind in kind.free
        if paid and s.kind not in kind.ignores:
            value += s.revenue
    return value


def brute_best(graph: TrackGraph, trains: list[TrainSpec]) -> int:
    routes = {}
    for nodes, pieces in walks(graph):
        key = frozenset(pieces)
        if key not in routes:
            used = frozenset(pieces) | frozenset(("j", n) for n in nodes if n not in graph.stops)
            routes[key] = (nodes, used)
    options = []
    for train in trains:
        opts = [(0, frozenset())]
        for nodes, used in routes.values():
            value = brute_value(graph, train, nodes)
            if value is not None:
                opts.append((value, used))
        options.append(opts)
    best = 0
    for combo in itertools.product(*options):
        used_all: set = set()
        ok = True
        for _, used in combo:
            if used_all & used:
                ok = False
                break
            used_all |= used
        if ok:
            best = max(best, sum(v for v, _ in combo))
    return best


@st.composite
def positions(draw: st.DrawFn) -> tuple[TrackGraph, list[TrainSpec]]:
    n_stops = draw(st.integers(2, 7))
    n_junctions = draw(st.integers(0, 3))
    stops = []
    for i in range(n_stops):
        kind = "city" if i == 0 else draw(
            st.sampled_from(["city", "city", "city", "town", "town", "mine", "offboard"])
        )
        revenue = draw(st.sampled_from([10, 20, 30, 40, 50, 60]))
        slots = draw(st.integers(1, 2)) if kind in ("city", "offboard", "mine") else 0
        tokens: tuple[str, ...] = ()
        homes: tuple[str, ...] = ()
        if i == 0:
            tokens = (COMPANY,)
        elif kind == "city":
            tokens = tuple(draw(st.lists(st.sampled_from([COMPANY, "Y", "Z"]), max_size=slots,
                                         unique=True)))
        if kind == "mine" and draw(st.booleans()):
            homes = (COMPANY,)
        group = draw(st.sampled_from([None, None, None, "g"]))
        stops.append(StopNode(f"s{i}", kind, revenue, group=group, slots=slots, tokens=tokens,
                              homes=homes, terminal=kind == "offboard"))
    nodes = [s.id for s in stops] + [f"j{i}" for i in range(n_junctions)]
    n_pieces = draw(st.integers(2, 11))
    pieces = []
    for pid in range(n_pieces):
        a, b = draw(st.lists(st.sampled_from(nodes), min_size=2, max_size=2, unique=True))
        pieces.append(Piece(pid, a, b, tile=draw(st.sampled_from([None, "t0", "t1"]))))
    graph = TrackGraph(stops, [f"j{i}" for i in range(n_junctions)], pieces)
    train_choices = st.sampled_from(
        [
            TrainSpec("2", "plain", 2),
            TrainSpec("3", "plain", 3),
            TrainSpec("1+1", "plain", 1, 1),
            TrainSpec("2+2", "plain", 2, 2),
            TrainSpec("2E", "express", 2),
            TrainSpec("3E", "express", 3),
            TrainSpec("1G", "goods", 1),
            TrainSpec("2G", "goods", 2),
        ]
    )
    trains = draw(st.lists(train_choices, min_size=1, max_size=3))
    return graph, trains


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_best_routes_equal_brute_force_on_random_small_positions(position) -> None:
    graph, trains = position
    result = best_routes(graph, trains, COMPANY, RULES)
    assert result.complete
    assert result.total == brute_best(graph, trains)
    # every chosen route passes the independent route check, with the same value
    drawn = [(r.train, r.route) for r in result.runs if r.route is not None]
    checks = validate_routes(graph, drawn, COMPANY, RULES)
    assert all(c.ok for c in checks), [c.reasons for c in checks]
    assert sum(c.route.value for c in checks if c.route) == result.total


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_route_check_accepts_exactly_the_walks_the_rules_allow(position) -> None:
    graph, trains = position
    train = trains[0]
    for nodes, pieces in walks(graph):
        expected = brute_value(graph, train, nodes)
        drawn = Route(nodes, tuple(n for n in nodes if n in graph.stops), pieces)
        (check,) = validate_routes(graph, [(train, drawn)], COMPANY, RULES)
        assert check.ok == (expected is not None), (nodes, check.reasons)
        if expected is not None:
            assert isinstance(check.route, Route)
            assert check.route.value == expected


def every_route_combined(graph: TrackGraph, trains: list[TrainSpec]) -> int:
    """The best total from every route of every train (no bounds, no targets), tried in full."""
    from railyard.framework.routes.search import CompanyView, enumerate_routes

    view = CompanyView(graph, COMPANY)
    options = []
    for t in trains:
        found = enumerate_routes(view, RULES.kind_of(t), t.distance, t.plus, RULES.min_stops)
        options.append(sorted(((c.value, c.mask) for c in found), reverse=True))
    best = 0

    def go(i: int, used: int, acc: int) -> None:
        nonlocal best
        if i == len(options):
            best = max(best, acc)
            return
        go(i + 1, used, acc)
        for value, mask in options[i]:
            if not mask & used:
                go(i + 1, used | mask, acc + value)

    go(0, 0, 0)
    return best


@st.composite
def medium_positions(draw: st.DrawFn) -> tuple[TrackGraph, list[TrainSpec]]:
    n_stops = draw(st.integers(6, 12))
    stops = []
    for i in range(n_stops):
        kind = "city" if i < 2 else draw(st.sampled_from(["city", "city", "town", "mine"]))
        slots = 1 if kind in ("city", "mine") else 0
        tokens = (COMPANY,) if i < 2 else tuple(draw(st.lists(st.just("Y"), max_size=slots)))
        stops.append(StopNode(f"s{i}", kind, draw(st.sampled_from([10, 20, 30, 40, 50])),
                              slots=slots, tokens=tokens if kind == "city" else ()))
    junctions = [f"j{i}" for i in range(draw(st.integers(0, 6)))]
    nodes = [s.id for s in stops] + junctions
    pieces = []
    for pid in range(draw(st.integers(8, 22))):
        a, b = draw(st.lists(st.sampled_from(nodes), min_size=2, max_size=2, unique=True))
        pieces.append(Piece(pid, a, b, tile=draw(st.sampled_from([None, "t0", "t1", "t2"]))))
    trains = draw(st.lists(st.sampled_from([
        TrainSpec("4+2", "plain", 4, 2), TrainSpec("3", "plain", 3), TrainSpec("3E", "express", 3),
        TrainSpec("2G", "goods", 2), TrainSpec("2", "plain", 2),
    ]), min_size=2, max_size=3))
    return TrackGraph(stops, junctions, pieces), trains


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(medium_positions())
def test_pruned_search_equals_every_route_combined_on_medium_positions(position) -> None:
    graph, trains = position
    assert best_routes(graph, trains, COMPANY, RULES).total == every_route_combined(graph, trains)


@st.composite
def junction_rich_positions(draw: st.DrawFn) -> tuple[TrackGraph, list[TrainSpec]]:
    """Few stops, many junctions and tiles: the links between stops are most of the work."""
    n_stops = draw(st.integers(2, 5))
    stops = [
        StopNode(f"s{i}", "city" if i == 0 else draw(st.sampled_from(["city", "town"])),
                 draw(st.sampled_from([10, 20, 30, 40])), slots=1,
                 tokens=(COMPANY,) if i == 0 else ())
        for i in range(n_stops)
    ]
    junctions = [f"j{i}" for i in range(draw(st.integers(2, 6)))]
    nodes = [s.id for s in stops] + junctions
    pieces = []
    for pid in range(draw(st.integers(3, 12))):
        a, b = draw(st.lists(st.sampled_from(nodes), min_size=2, max_size=2, unique=True))
        pieces.append(Piece(pid, a, b, tile=draw(st.sampled_from([None, "t0", "t1", "t2"]))))
    trains = draw(st.lists(st.sampled_from([
        TrainSpec("2", "plain", 2), TrainSpec("3", "plain", 3), TrainSpec("2E", "express", 2),
    ]), min_size=1, max_size=2))
    return TrackGraph(stops, junctions, pieces), trains


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(junction_rich_positions())
def test_best_routes_equal_brute_force_where_track_meets_at_many_junctions(position) -> None:
    graph, trains = position
    assert best_routes(graph, trains, COMPANY, RULES).total == brute_best(graph, trains)
