"""The route search answers as over the whole graph, on real positions (the recorded 1837 game).

A company's search sets up only the links of its stations' components (found one at a time,
walked per component), asks which stops block only there, and works a train's per-stop
numbers out per stop kind; what one query leaves in a graph's memo serves the next; no walk
starts from a stop without track. These tests compare each with the whole-graph, fresh or
per-stop answer: routes for many companies and trains, links and clashes uid for uid, the
per-stop numbers stop by stop.
"""

from __future__ import annotations

from typing import Any

import pytest

from railyard.framework.routes import best_routes
from railyard.framework.routes.board_graph import graph_for_title
from tests.framework.test_routes_recorded import _all_runs, _rules, _train, needs_game, title

TRAIN_SETS = (("2",), ("3", "2"), ("4",), ("5+4", "5"), ("4G", "3"), ("4", "4"))


def _graph(run: Any) -> Any:
    return graph_for_title(title(), run.phase, run.placed, run.tokens, run.reserved)


def _answer(result: Any) -> tuple[Any, ...]:
    return tuple((r.route.stops, r.route.pieces, r.revenue, r.treasury) if r.route else None
                 for r in result.runs)


@needs_game
@pytest.mark.parametrize("step", range(0, 209, 23))
def test_a_graph_asked_again_gives_the_routes_of_a_fresh_graph(step: int) -> None:
    run = _all_runs()[step]
    shared = _graph(run)
    companies = sorted({c for owners in run.tokens.values() for c in owners})
    asked = 0
    for _ in range(2):  # the second round finds every view in the memo
        for company in companies:
            for names in TRAIN_SETS:
                trains = [_train(n) for n in names]
                again = best_routes(shared, trains, company, _rules())
                fresh = best_routes(_graph(run), trains, company, _rules())
                assert _answer(again) == _answer(fresh), (step, company, names)
                asked += 1
    assert asked == 2 * len(companies) * len(TRAIN_SETS)


def _links_walking_every_stop(graph: Any) -> dict[str, tuple[Any, ...]]:
    """The links as they were found before stops without track were left out of the walk."""
    from railyard.framework.routes.graph import Link, _minimal

    by_pair: dict[tuple[str, str], list[Any]] = {}
    for start in graph.stops:
        for found in graph._walk_links(start):
            by_pair.setdefault((start, found[0]), []).append(found)
    out: dict[str, list[Any]] = {s: [] for s in graph.stops}
    uid = 0
    for (a, b), found in by_pair.items():
        for _, pieces, junctions, mask in _minimal(found):
            out[a].append(Link(a, b, pieces, junctions, mask, uid))
            out[b].append(Link(b, a, pieces[::-1], junctions[::-1], mask, uid))
            uid += 1
    return {s: tuple(ls) for s, ls in out.items()}


@needs_game
@pytest.mark.parametrize("step", range(0, 209, 19))
def test_the_links_are_those_a_walk_from_every_stop_finds(step: int) -> None:
    graph = _graph(_all_runs()[step])
    assert any(not graph._walk_table[s] for s in graph.stops)  # stops without track exist
    assert graph.links == _links_walking_every_stop(graph)


@needs_game
@pytest.mark.parametrize("step", range(0, 209, 13))
def test_a_search_over_the_stations_components_gives_the_routes_of_the_whole_graph(
        step: int) -> None:
    """Without a budget a company's search sets up only the links of its stations'
    components; with one (never running out here) every stop's links: the same routes."""
    from railyard.framework.routes.search import CompanyView

    run = _all_runs()[step]
    companies = sorted({c for owners in run.tokens.values() for c in owners})
    graph = _graph(run)
    parts = 0
    for company in companies:
        view = CompanyView(graph, company)
        parts += sum(1 for row in view.adj if not row) > 0
        for names in TRAIN_SETS:
            trains = [_train(n) for n in names]
            parted = best_routes(graph, trains, company, _rules())
            whole = best_routes(_graph(run), trains, company, _rules(), max_nodes=10**12)
            assert whole.complete
            assert _answer(parted) == _answer(whole), (step, company, names)
    assert parts  # some stop outside every station's component was left out


@needs_game
@pytest.mark.parametrize("step", range(0, 209, 19))
def test_a_components_links_are_the_graphs_links_of_its_stops(step: int) -> None:
    graph = _graph(_all_runs()[step])
    whole = graph.links
    to_whole: dict[int, int] = {}
    parts: dict[str, dict[int, tuple[int, ...]]] = {}
    for stop in graph.stops:
        first = graph.component_of(stop)
        links, clashes = graph.component_links(first)
        parts[first] = clashes
        mine = links[stop]
        assert [(k.a, k.b, k.pieces, k.junctions, k.mask) for k in mine] == [
            (k.a, k.b, k.pieces, k.junctions, k.mask) for k in whole[stop]]
        for k, w in zip(mine, whole[stop], strict=True):
            assert to_whole.setdefault(k.uid, w.uid) == w.uid  # one uid, both directions
    assert len(set(to_whole.values())) == len(to_whole) == len(graph.link_clashes)
    for clashes in parts.values():  # the clashes are the whole graph's, uid for uid
        for uid, others in clashes.items():
            assert {to_whole[u] for u in others} == set(graph.link_clashes[to_whole[uid]])


@needs_game
@pytest.mark.parametrize("step", range(0, 209, 41))
def test_a_trains_stop_numbers_are_those_of_each_stops_kind(step: int) -> None:
    """The per-stop numbers of a train, worked out once per stop kind, are what each stop's
    kind makes them (counted, paid, to the treasury, at an end, required)."""
    from railyard.framework.routes.search import CompanyView, _KindNumbers

    graph = _graph(_all_runs()[step])
    view = CompanyView(graph, sorted({c for o in _all_runs()[step].tokens.values() for c in o})[0])
    rules = _rules()
    for name in ("2", "3", "4", "5+4", "4G", "5"):
        train = _train(name)
        kind = rules.kind_of(train)
        kv = _KindNumbers(view, kind, train.distance, train.plus)
        req = [k for k, _ in kind.requires]
        for i, (k, v) in enumerate(zip(view.kinds, view.values, strict=True)):
            assert kv.allowed[i] == (k not in kind.forbids)
            assert kv.ca[i] == int(k in kind.counts and k not in kind.plus_counts)
            assert kv.cb[i] == int(k in kind.counts and k in kind.plus_counts)
            assert kv.pay[i] == (v if kind.pays(k) else 0)
            assert kv.tre[i] == (v if k in kind.to_treasury else 0)
            assert kv.at_end[i] == (k in kind.at_end)
            assert kv.rqinc[i] == ((1 << (8 * req.index(k))) if k in req else 0)
        assert len(kv.allowed) == len(view.ids)
