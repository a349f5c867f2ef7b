"""A derived layout's stop nodes are those of the layout it comes from but on the hexes whose
tile changed, also where a hex gains or loses its stops (a first tile with a town, say): the
same nodes, in the same order, as worked out hex by hex from scratch, on every layout a greedy
game and its look-aheads derive (1837 and 1889)."""

from __future__ import annotations

from typing import Any

import pytest

from railyard.framework.routes import board_graph
from railyard.framework.simulate import runner


@pytest.mark.parametrize("title,seed", [("1837", 2), ("1889", 1)])
def test_patched_stops_are_the_stops_worked_out_afresh(
        monkeypatch: pytest.MonkeyPatch, title: str, seed: int) -> None:
    patched = board_graph._plain_stops
    asked = {"derived": 0}

    def checked(layout: Any, phase_key: Any, phase_order: Any, pass_through: Any) -> Any:
        found = patched(layout, phase_key, phase_order, pass_through)
        fresh = []
        for coord in layout.order:
            if layout.tiles[coord][0].stops:
                fresh.extend(board_graph._hex_stops(layout, coord, phase_key[0], phase_order,
                                                    pass_through))
        assert found == fresh
        assert [s.id for s in found] == [board_graph.stop_id(*k) for k in layout.stop_keys]
        if layout.base is not None:
            asked["derived"] += 1
        return found

    monkeypatch.setattr(board_graph, "_plain_stops", checked)
    config = runner.SimConfig(title, 4, ("greedy",))
    runner.loaded(config)
    record = runner.play_game(runner.Job(config, 0, seed))
    assert record.get("error") is None
    assert asked["derived"] > 50
    # a lay rarely changes a hex's number of stops now that a plain tile on an empty hex
    # numbers the stops alike (a handful of times in a game, none in some): the spliced path
    # is driven by the random lays of test_routes_layout_lineage


@pytest.mark.parametrize("title,seed", [("1837", 3), ("1830", 1)])
def test_patched_held_stops_are_the_stops_worked_out_afresh(
        monkeypatch: pytest.MonkeyPatch, title: str, seed: int) -> None:
    """Tokens, reservations and homes in place: the stops a derived layout takes from its
    parent's graph and patches on the changed hexes are those put in place stop by stop."""
    patched = board_graph._held_stops
    asked = {"graphs": 0, "patched": 0}

    def checked(layout: Any, title_: Any, phase: str, phase_order: Any, plain: Any,
                tokens: Any, reserved: Any, homes: Any) -> Any:
        base = layout.base
        before = base[0].get(("held stops", phase, id(title_))) if base is not None else None
        found = patched(layout, title_, phase, phase_order, plain, tokens, reserved, homes)
        fresh = list(plain)
        through = board_graph._pass_through_of(title_)
        for where in tokens.keys() | reserved.keys() | homes.keys():
            at = layout.stop_keys.get(where)
            if at is None:
                continue
            coord, i = where
            tile = layout.tiles[coord][0]
            fresh[at] = board_graph._held_node(
                coord, i, tile, tile.stops[i], phase, phase_order, through.get(coord, (None, "")),
                tokens.get(where, ()), reserved.get(where, ()), homes.get(where, ()), plain[at])
        assert found == fresh
        asked["graphs"] += 1
        if before is not None and base[2] and before[0] == tokens and before[2] == homes:
            asked["patched"] += 1
        return found

    monkeypatch.setattr(board_graph, "_held_stops", checked)
    config = runner.SimConfig(title, 4, ("greedy",))
    runner.loaded(config)
    record = runner.play_game(runner.Job(config, 0, seed))
    assert record.get("error") is None
    assert asked["graphs"] > 100
    assert asked["patched"] > 10
