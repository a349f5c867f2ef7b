"""Stops only some companies may run through (map hex ``pass_through``): the others may start
or end a route there but never pass, in the search as in the check of drawn routes.

The line A (20) - V (50, only K may pass) - B (40): X and K both have a station on A.
"""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, given, settings

from railyard.framework.hexgrid import Grid
from railyard.framework.loader import load_title
from railyard.framework.routes import (
    Piece,
    StopNode,
    TrackGraph,
    TrainSpec,
    best_routes,
    validate_routes,
)
from railyard.framework.routes.board_graph import graph_for_title, graph_from_tiles
from railyard.framework.tiles import Stop, TileDef
from tests.framework.test_routes_bruteforce import COMPANY, RULES, brute_best, positions
from tests.framework.tinyrail import broken_copy, errors_of

THREE = TrainSpec("3", "plain", 3)
RULE = "Z: only K runs through V"


def line(rule: str = RULE, station_on_v: str | None = None) -> TrackGraph:
    stops = [
        StopNode("A", "city", 20, slots=2, tokens=("X", "K")),
        StopNode("V", "city", 50, slots=2, tokens=(station_on_v,) if station_on_v else (),
                 through_only=("K",), through_rule=rule),
        StopNode("B", "city", 40, slots=2),
    ]
    return TrackGraph(stops, (), [Piece(0, "A", "V"), Piece(1, "V", "B")])


def test_only_the_named_company_runs_through_the_others_end_there():
    g = line()
    assert best_routes(g, [THREE], "K", RULES).runs[0].route.stops == ("A", "V", "B")
    assert best_routes(g, [THREE], "K", RULES).total == 110
    found = best_routes(g, [THREE], "X", RULES)
    assert (found.runs[0].route.stops, found.total) == (("A", "V"), 70)


def test_a_station_on_the_stop_lets_a_route_start_there_but_still_not_pass():
    g = line(station_on_v="X")
    assert best_routes(g, [THREE, TrainSpec("2", "plain", 2)], "X", RULES).total == 70 + 90
    assert best_routes(g, [THREE], "X", RULES).total == 90  # V - B, or A - V: not A - V - B


def test_a_drawn_route_through_is_refused_with_the_data_s_rule_or_a_generic_message():
    (k,) = validate_routes(line(), [(THREE, ["A", "V", "B"])], "K", RULES)
    assert k.ok and k.route.revenue == 110
    (x,) = validate_routes(line(), [(THREE, ["A", "V", "B"])], "X", RULES)
    assert x.rules == ("stop.pass_through",)
    assert x.reasons == (f"{RULE} (route passes through V, where only K may run through)",)
    (plain,) = validate_routes(line(rule=""), [(THREE, ["B", "V", "A"])], "X", RULES)
    assert plain.reasons == ("route passes through V, where only K may run through",)
    (end,) = validate_routes(line(), [(THREE, ["A", "V"])], "X", RULES)
    assert end.ok and end.route.revenue == 70


def _closed_as_terminal(graph: TrackGraph, company: str) -> TrackGraph:
    """The same graph with every stop closed to ``company`` made an off-board-like end."""
    stops = [
        attrs.evolve(s, through_only=None, terminal=s.terminal or s.closed_to(company))
        for s in graph.stops.values()
    ]
    return TrackGraph(stops, graph.junctions, graph.pieces.values())


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_best_routes_with_closed_stops_equal_brute_force_with_those_stops_as_ends(position):
    graph, trains = position
    closed = [
        attrs.evolve(s, through_only=("K",)) if i % 2 else s
        for i, s in enumerate(graph.stops.values())
    ]
    graph = TrackGraph(closed, graph.junctions, graph.pieces.values())
    expected = brute_best(_closed_as_terminal(graph, COMPANY), trains)
    assert best_routes(graph, trains, COMPANY, RULES).total == expected


def test_a_hex_s_pass_through_holds_for_every_stop_of_the_tile_laid_there():
    grid = Grid("pointy", "letter_row")
    two = TileDef("t", "green", stops=(Stop("city", 30), Stop("city", 30)),
                  paths=((1, "s0"), (4, "s0"), (0, "s1")))
    g = graph_from_tiles(grid, {"B4": (two, 0)}, pass_through={"B4": (("K",), "rule")})
    assert {s.id: (s.through_only, s.through_rule) for s in g.stops.values()} == {
        "B4.0": (("K",), "rule"), "B4.1": (("K",), "rule")
    }


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


DUNMORE = "paths: [[1, s0], [2, s0], [0, s0]]"


def test_map_pass_through_reaches_the_graph_of_the_title(in_tmp: Path) -> None:
    folder = broken_copy(in_tmp, "map.yaml", DUNMORE,
                         DUNMORE + "\n    pass_through: {companies: [AR], rule: 'Z: AR only'}")
    title = load_title(folder)
    assert title.map.hexes["B8"].pass_through.companies == ("AR",)
    stop = graph_for_title(title, "2").stops["B8.0"]
    assert (stop.through_only, stop.through_rule, stop.closed_to("CR")) == (("AR",), "Z: AR only", True)


def test_map_pass_through_names_an_unknown_company_at_file_line_and_path(in_tmp: Path) -> None:
    folder = broken_copy(in_tmp, "map.yaml", DUNMORE, DUNMORE + "\n    pass_through: {companies: [AX]}")
    (error,) = errors_of(folder)
    assert error == (
        "tinyrail/map.yaml:36: hexes.B8.pass_through.companies[0]: unknown company 'AX' "
        "(known: AR, CR, ER)"
    )
