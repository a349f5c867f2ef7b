"""Ties between equal routes are broken by the position alone, not by how a board lists its
hexes or which games built graphs before: the same position always gives the same routes.

The line B2 (town 10) - B4 (city 20, X's token) - B6 (town 10): a 2 train earns 30 either
way, west or east.
"""

from __future__ import annotations

import itertools
from functools import cache
from typing import Any

from railyard.framework.board import Board
from railyard.framework.hexgrid import Grid
from railyard.framework.routes import TrainSpec, best_routes, board_graph
from railyard.framework.routes.board_graph import graph_for_board, graph_from_tiles
from railyard.framework.tiles import Stop, TileDef
from tests.framework.test_routes_bruteforce import RULES

GRID = Grid("pointy", "letter_row")
TWO = TrainSpec("2", "plain", 2)


def _tile(tile_id: str, kind: str, revenue: int, *edges: int) -> TileDef:
    return TileDef(tile_id, "gray", stops=(Stop(kind, revenue),), paths=tuple((e, "s0") for e in edges))


LINE = {
    "B2": (_tile("w", "town", 10, 4), 0),
    "B4": (_tile("c", "city", 20, 1, 4), 0),
    "B6": (_tile("e", "town", 10, 1), 0),
}


def test_equal_routes_are_chosen_alike_whatever_order_the_hexes_come_in():
    picked = set()
    for order in itertools.permutations(LINE):
        graph = graph_from_tiles(GRID, {c: LINE[c] for c in order}, tokens={("B4", 0): ("X",)})
        result = best_routes(graph, [TWO], "X", RULES)
        assert result.total == 30
        picked.add(result.runs[0].route.stops)
    assert picked == {("B4.0", "B2.0")}


@cache
def _title() -> Any:
    from railyard.framework.loader import load_title

    return load_title("1837")


# Prague (C11, 20K, BK's token): west over B10 to the gray town B8 (10K), east over C13 and
# D14 to the town E15 (tile 58, 10K): 30K either way for a 2 train. The two histories lay the
# tiles in opposite orders.
LAYS = (("B10", "8", 5), ("C13", "8", 5), ("D14", "9", 2), ("E15", "58", 0))


def _board(lays: tuple[tuple[str, str, int], ...]) -> Board:
    board = Board.from_title(_title())
    for coord, tile, rotation in lays:
        board.lay(coord, tile, rotation)
    board.place_token("C11", 0, "BK")
    return board


def test_two_graphs_built_in_different_histories_give_the_same_routes():
    title = _title()
    boards = [_board(LAYS), _board(LAYS[::-1])]
    assert boards[0].state_key() == boards[1].state_key()
    picked = []
    for board in boards:
        board_graph._CACHE.clear()  # a graph of its own for each history
        result = best_routes(graph_for_board(board, title, "2"), [TWO], "BK", title.routes)
        assert result.total == 30
        picked.append(result.runs[0].route.stops)
    assert picked == [("C11.0", "B8.0")] * 2


def test_route_rules_cached_for_one_title_are_not_handed_to_another_with_its_id():
    # a title freed after its games leaves its id to the next one loaded (another variant, say)
    from railyard.framework.eighteen import running
    from railyard.framework.routes import RouteRules
    from tests.titles_1837.rules_helpers import new_game

    ruleset = new_game().ruleset
    stale = RouteRules({})
    running._RULES[id(ruleset.spec.title)] = (object(), stale)
    rules = running.route_rules(ruleset)
    assert rules is not stale and set(rules.train_kinds) == set(ruleset.spec.title.routes.train_kinds)
