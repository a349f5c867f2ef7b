"""A tile lay continues a route: the walk of what a company's track reaches goes only where a
train could run. It leaves a stop by another path than the one it came in on (a station by
any), never passes a city full of others' tokens, and never reverses at a hex edge; a token's
connection (``backtrack=True``) may reverse at an edge.

The board (pointy hexes, rows of letters; edges 0 SW, 1 W, 2 NW, 3 NE, 4 E, 5 SE)::

       A1   A3   A5   A7
     B2   B4   B6   B8
       C1   C3   C5   C7
"""

from __future__ import annotations

import pytest

from railyard.framework.board import Board
from railyard.framework.eighteen.reach import walk
from railyard.framework.hexgrid import Grid
from railyard.framework.tiles import Placed, Stop, TileDef, map_hex_tile

GRID = Grid("pointy", "letter_row", parity=1)
COORDS = ("A1", "A3", "A5", "A7", "B2", "B4", "B6", "B8", "C1", "C3", "C5", "C7")


def city(slots: int = 1) -> Stop:
    return Stop("city", 20, slots)


def town() -> Stop:
    return Stop("town", 10)


def board_with(tiles: dict[str, tuple[tuple[Stop, ...], tuple[tuple[object, object], ...]]]) -> Board:
    """Every hex of the map blank but ``tiles``: coord -> (stops, paths), laid unrotated."""
    printed = {c: Placed(map_hex_tile(c), 0) for c in COORDS}
    laid = {c: TileDef(f"t{c}", "yellow", stops=stops, paths=paths) for c, (stops, paths) in tiles.items()}
    board = Board(GRID, printed, laid)
    for coord, tdef in laid.items():
        board.lay(coord, tdef, 0, check=False)
    return board


HOME = ((city(),), ((4, "s0"),))  # B2: a city with track east to B4
JUNCTION = ((), ((1, 4), (0, 4)))  # B4: west to east and south-west to east, meeting at E
SIDE_LINE = ((town(),), ((3, "s0"), ("s0", 1)))  # C3: a town on track from B4's SW edge


def test_the_board_is_laid_out_as_drawn() -> None:
    board = board_with({})
    assert board.neighbours("B4") == ("C3", "B2", "A3", "A5", "B6", "C5")


@pytest.mark.parametrize("dead_end", [
    ((town(),), ((1, "s0"),)),  # a town with track only west
    ((town(), town()), ((1, "s0"), ("s0", "s1"))),  # a town joined on the tile to a second one
], ids=["town", "two_stops"])
def test_a_route_does_not_turn_back_at_a_dead_end_stop_to_reach_the_far_side_of_a_junction(dead_end) -> None:
    board = board_with({"B2": HOME, "B4": JUNCTION, "B6": dead_end, "C3": SIDE_LINE})
    board.place_token("B2", 0, "X")
    reach = walk(board, "X", board.tokens_of("X"))
    stops_b6 = {("B6", i) for i in range(len(dead_end[0]))}
    assert stops_b6 <= reach.stops  # the route ends there
    assert ("B4", 4) in reach.out_edges
    assert ("B4", 0) not in reach.out_edges and "C3" not in reach.hexes
    assert ("C3", 0) not in reach.stops
    # a token's connection may reverse at B4's east edge (and so reaches the side line)
    turning = walk(board, "X", board.tokens_of("X"), backtrack=True)
    assert ("C3", 0) in turning.stops and ("B4", 0) in turning.out_edges


def test_a_route_through_a_stop_may_leave_by_any_other_path_and_come_round_again() -> None:
    # B6: a town with track west, north-east and south-west; C5 curves from NE to W, C3 from
    # E to NE: a loop B4 - B6 - C5 - C3 - back into B4 by its SW edge, a route's own way
    board = board_with({
        "B2": HOME, "B4": JUNCTION,
        "B6": ((town(),), ((1, "s0"), ("s0", 3), ("s0", 0))),
        "C5": ((), ((3, 1),)),
        "C3": ((), ((4, 3),)),
    })
    board.place_token("B2", 0, "X")
    reach = walk(board, "X", board.tokens_of("X"))
    assert {("B6", 3), ("B6", 0), ("C5", 1)} <= reach.out_edges
    assert ("C3", 3) in reach.out_edges  # round the loop to B4's SW edge
    assert {"C5", "C3"} <= reach.hexes


def test_a_station_is_left_by_every_path() -> None:
    # a city in the middle of a line west-east: the token reaches both ends
    board = board_with({
        "B2": ((town(),), ((4, "s0"),)),
        "B4": ((city(),), ((1, "s0"), ("s0", 4))),
        "B6": ((town(),), ((1, "s0"),)),
    })
    board.place_token("B4", 0, "X")
    reach = walk(board, "X", board.tokens_of("X"))
    assert reach.stops == {("B2", 0), ("B4", 0), ("B6", 0)}
    assert reach.out_edges == {("B4", 1), ("B4", 4)}  # the towns are ends, not left again


def test_a_city_full_of_other_tokens_ends_the_route_an_own_token_opens_it() -> None:
    line = {
        "B2": HOME,
        "B4": ((city(),), ((1, "s0"), ("s0", 4))),
        "B6": ((town(),), ((1, "s0"),)),
    }
    board = board_with(line)
    board.place_token("B2", 0, "X")
    board.place_token("B4", 0, "Y")
    reach = walk(board, "X", [("B2", 0)])
    assert ("B4", 0) in reach.stops and ("B4", 4) not in reach.out_edges
    assert ("B6", 0) not in reach.stops
    assert ("B6", 0) in walk(board, "Y", [("B4", 0)]).stops
    board = board_with(line)
    board.place_token("B4", 0, "X")
    assert ("B6", 0) in walk(board, "X", [("B2", 0)]).stops  # its own station passes
