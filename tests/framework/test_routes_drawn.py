"""A drawn route is checked against a view of the position's layout
(``framework/routes/drawn.py``) instead of the whole graph; the view must answer every question
the check asks as the graph does (nodes, stops, piece ids, pieces between two nodes), so that a
route, drawn well or badly, is accepted or refused alike, with the same messages.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from railyard.framework.core.game import Game
from railyard.framework.eighteen import running
from railyard.framework.routes import board_graph, validate_routes
from railyard.framework.routes.drawn import DrawnView
from railyard.framework.routes.graph import TrackGraph
from tests.framework.site_games import game_file

RECORDED = "reference/1837/games/18xxgames_202234_game_end_bank.json"


def _same_answers(view: DrawnView, graph: TrackGraph, rng: random.Random) -> None:
    assert list(view.stops) == list(graph.stops)
    assert len(view.stops) == len(graph.stops)
    for sid, node in graph.stops.items():
        assert sid in view.stops and view.has_node(sid)
        assert view.stops[sid] == node
    assert dict(view.pieces) == graph.pieces
    assert len(view.pieces) == len(graph.pieces)
    pruned = {e for pieces in view.layout.raw.values() for a, b, _ in pieces for e in (a, b)}
    coords = sorted(view.layout.tiles)
    odd = ["", "K33", "K33.00", "K33.-1", "K33.99", "Z99.0", "K33|K33", "J34|K33|L1", "0", "1"]
    odd += [f"{c}.{i}" for c in rng.sample(coords, 5) for i in (0, 1, 2, 7)]
    for node in [*graph.junctions, *sorted(pruned), *odd]:
        if "|" in node:
            a, _, b = node.partition("|")
            odd.append(f"{b}|{a}")  # the edge named the wrong way round
    for node in [*graph.junctions, *sorted(pruned), *odd]:
        assert view.has_node(node) == graph.has_node(node), node
        assert (node in view.stops) == (node in graph.stops), node
    for pid in [-1, len(graph.pieces), len(graph.pieces) + 5]:
        assert view.pieces.get(pid) is None
    nodes = [*graph.stops, *graph.junctions, *sorted(pruned)]
    pairs = [(p.a, p.b) for p in graph.pieces.values()]
    pairs += [(b, a) for a, b in pairs]
    pairs += [(rng.choice(nodes), rng.choice(nodes)) for _ in range(200)]
    for a, b in pairs:
        assert view.pieces_between(a, b) == graph.pieces_between(a, b), (a, b)


def _variants(draft: Any, rng: random.Random) -> list[Any]:
    """The drawn route and damaged copies of it: reversed, shortened, a node repeated,
    two nodes swapped, a node mangled."""
    nodes = list(draft.nodes) if hasattr(draft, "nodes") else list(draft)
    out: list[Any] = [draft, nodes[::-1], nodes[1:], nodes[:-1], nodes + nodes[-2:-1]]
    if len(nodes) > 2:
        i = rng.randrange(1, len(nodes) - 1)
        swapped = list(nodes)
        swapped[i], swapped[i - 1] = swapped[i - 1], swapped[i]
        out += [swapped, nodes[:i] + nodes[i + 1:], nodes[:i] + [nodes[i] + "0"] + nodes[i + 1:]]
    return out


def test_the_route_check_gets_the_graphs_answers_on_every_position_of_the_recorded_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = game_file(RECORDED)
    if path is None:
        pytest.skip(f"{RECORDED} not available")
    from railyard.framework.importers import import_game, read_recorded

    data = import_game(read_recorded(path)).game.to_dict()
    rng = random.Random(17)
    where: list[Any] = []
    checked = []
    real_to_check = board_graph.graph_to_check

    def to_check(board: Any, title: Any, phase: str, nodes: Any = None) -> Any:
        board_graph._CACHE.clear()  # a bot's search builds the graph first: here none has
        view = real_to_check(board, title, phase, nodes)
        assert isinstance(view, DrawnView)
        where[:] = [board, title, phase]
        return view

    def for_nodes(view: DrawnView, drafts: Any) -> DrawnView:
        nodes = [str(n) for _, d in drafts for n in (d.nodes if hasattr(d, "nodes") else d)]
        return DrawnView(view.layout, view.node_of, nodes)

    def validating(view: Any, drafts: Any, company: str, rules: Any) -> Any:
        graph = board_graph.graph_for_board(*where)
        _same_answers(DrawnView(view.layout, view.node_of), graph, rng)  # every stop
        answer = validate_routes(view, drafts, company, rules)  # the stops of these routes
        assert answer == validate_routes(graph, drafts, company, rules)
        for (train, draft) in drafts:
            variant = _variants(draft, rng)
            for other in variant:
                got = validate_routes(for_nodes(view, [(train, other)]), [(train, other)],
                                      company, rules)
                assert got == validate_routes(graph, [(train, other)], company, rules), other
        if len(drafts) > 1:  # two trains on one route: shared track
            doubled = [drafts[0], (drafts[1][0], drafts[0][1])]
            assert validate_routes(view, doubled, company, rules) == \
                validate_routes(graph, doubled, company, rules)
        checked.append(company)
        return answer

    monkeypatch.setattr(running, "graph_to_check", to_check)
    monkeypatch.setattr(running, "validate_routes", validating)
    game = Game.from_dict(data)
    assert [s for _, s in game.standings()] == [9532, 8304, 7398, 7352]
    assert len(checked) >= 200
