"""The track graph built from tiles on hexes: geometry, rotation, dead ends, tokens, homes."""

from __future__ import annotations

from functools import cache
from typing import Any

from railyard.framework.board import Board
from railyard.framework.hexgrid import Grid
from railyard.framework.routes import TrainSpec, best_routes, validate_routes
from railyard.framework.routes.board_graph import graph_for_board, graph_for_title, graph_from_tiles
from railyard.framework.tiles import Stop, TileDef
from tests.framework.test_routes_bruteforce import RULES

GRID = Grid("pointy", "letter_row")
FIRST_RUN = {"D10": ("4", 2), "C9": ("9", 2)}


def city_tile(tile_id: str, revenue: int, *edges: int) -> TileDef:
    return TileDef(tile_id, "gray", stops=(Stop("city", revenue),),
                   paths=tuple((e, "s0") for e in edges))


@cache
def title() -> Any:
    from railyard.framework.loader import load_title

    return load_title("1837")


def test_a_tile_rotation_turns_its_edges_clockwise() -> None:
    # tile 57-like: a city on a straight from SW (0) to NE (3); turned once it runs W to E
    straight = TileDef("57", "yellow", stops=(Stop("city", 20),), paths=((0, "s0"), (3, "s0")))
    graph = graph_from_tiles(GRID, {"B2": (straight, 1), "B4": (straight, 1)},
                             tokens={("B2", 0): ("X",)})
    assert set(graph.junctions) == {"B2|B4"}
    assert best_routes(graph, [TrainSpec("2", "plain", 2)], "X", RULES).total == 40
    unturned = graph_from_tiles(GRID, {"B2": (straight, 0), "B4": (straight, 0)},
                                tokens={("B2", 0): ("X",)})
    assert unturned.junctions == ()
    assert best_routes(unturned, [TrainSpec("2", "plain", 2)], "X", RULES).total == 0


def test_track_does_not_turn_back_where_two_paths_of_a_tile_meet_at_an_edge() -> None:
    # B4 joins its W edge to NE and to SE; a route from A5 (NE) may reach B2 (W) but not C5 (SE)
    branch = TileDef("x", "green", paths=((1, 3), (1, 5)))
    tiles = {
        "B4": (branch, 0),
        "A5": (city_tile("a", 20, 0), 0),
        "B2": (city_tile("b", 10, 4), 0),
        "C5": (city_tile("c", 50, 2), 0),
    }
    graph = graph_from_tiles(GRID, tiles, tokens={("A5", 0): ("X",)})
    result = best_routes(graph, [TrainSpec("2", "plain", 2)], "X", RULES)
    assert result.total == 30
    assert result.runs[0].route.stops == ("A5.0", "B2.0")
    (check,) = validate_routes(
        graph, [(TrainSpec("2", "plain", 2), ["A5.0", "A5|B4", "B2|B4", "B4|C5", "C5.0"])],
        "X", RULES,
    )
    assert check.reasons == ("route turns back at B2|B4 (track may not reverse there)",)


def test_track_leading_nowhere_is_left_out_of_the_graph() -> None:
    # B2's city runs to W (off the map) and E (to B4, which has no track there)
    graph = graph_from_tiles(
        GRID,
        {"B2": (city_tile("a", 20, 1, 4), 0), "B4": (city_tile("b", 30, 0), 0)},
    )
    assert graph.pieces == {}
    assert graph.junctions == ()


def test_a_coal_mine_is_its_companys_station_on_the_board() -> None:
    # the first goods run of the recorded game: EPP from its mine E11 over tile 4 on D10 and
    # tile 9 on C9 to the gray town B8 earns 20, and the mine's 20 goes to the treasury
    graph = graph_for_title(title(), "2", placed=FIRST_RUN)
    result = best_routes(graph, [TrainSpec("1G", "goods", 1)], "EPP", title().routes)
    assert (result.revenue, result.treasury) == (20, 20)
    assert result.runs[0].route.stops == ("E11.0", "D10.0", "B8.0")
    assert best_routes(graph, [TrainSpec("1G", "goods", 1)], "BK", title().routes).total == 0


def test_phase_dependent_values_are_resolved_for_the_phase() -> None:
    graph = graph_for_title(title(), "5", placed=FIRST_RUN)
    result = best_routes(graph, [TrainSpec("1G", "goods", 1)], "EPP", title().routes)
    assert (result.revenue, result.treasury) == (20, 40)


def test_the_board_graph_is_built_once_per_position() -> None:
    board = Board.from_title(title())
    first = graph_for_board(board, title(), "2")
    assert graph_for_board(board, title(), "2") is first
    board.lay("D10", "4", 2)
    laid = graph_for_board(board, title(), "2")
    assert laid is not first
    assert "D10.0" in laid.stops
    result = best_routes(laid, [TrainSpec("1G", "goods", 1)], "EPP", title().routes)
    assert result.total == 30  # E11 D10: the mine's 20 and the town's 10
    board.lay("C9", "9", 2)
    result = best_routes(graph_for_board(board, title(), "2"), [TrainSpec("1G", "goods", 1)],
                         "EPP", title().routes)
    assert result.total == 40


def test_track_pointing_off_the_top_or_left_edge_ends_there() -> None:
    # A1 lies in the top-left corner: a straight through it points off the map both ways;
    # the graph keeps the tile's city and simply has no track leaving the board
    through = TileDef("57", "yellow", stops=(Stop("city", 20),), paths=((0, "s0"), (3, "s0")))
    graph = graph_from_tiles(GRID, {"A1": (through, 1), "A3": (city_tile("b", 30, 1), 0)},
                             tokens={("A1", 0): ("X",)})
    assert sorted(graph.stops) == ["A1.0", "A3.0"]
    assert set(graph.junctions) == {"A1|A3"}
    assert best_routes(graph, [TrainSpec("2", "plain", 2)], "X", RULES).total == 50
