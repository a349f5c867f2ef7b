"""The board graph of a position is derived from a recent one with the changed hexes swapped
(``framework/routes/layout.py``); it must be the graph a build from scratch gives (the same
stops, junctions and pieces with the same ids in the same order), since piece ids are saved in
``run_routes`` actions and the search breaks ties by the graph's order.
"""

from __future__ import annotations

import contextlib
import random
from functools import cache
from typing import Any

import pytest

from railyard.framework.board import Board
from railyard.framework.eighteen import running
from railyard.framework.routes import board_graph
from railyard.framework.routes.board_graph import graph_for_board, graph_from_tiles
from railyard.framework.routes.graph import TrackGraph
from tests.framework.site_games import game_file

RECORDED = "reference/1837/games/18xxgames_202234_game_end_bank.json"


@cache
def _title() -> Any:
    from railyard.framework.loader import load_title

    return load_title("1837")


def _scratch(board: Any, title: Any, phase: str) -> TrackGraph:
    order = tuple(title.phases)
    tiles = board.placements()
    return graph_from_tiles(
        board.grid,
        tiles,
        revenue=lambda stop: stop.revenue.at(phase, order),
        tokens=board.token_map(),
        reserved=board.reserved_map(),
        homes=board_graph._homes(title, tiles),
        impassable=board.impassable,
        pass_through=board_graph._pass_through_of(title),
    )


def _same(derived: TrackGraph, scratch: TrackGraph) -> None:
    assert list(derived.stops.values()) == list(scratch.stops.values())
    assert derived.junctions == scratch.junctions
    assert list(derived.pieces.values()) == list(scratch.pieces.values())
    assert derived.incident == scratch.incident


def test_random_lays_and_removals_give_the_graph_a_fresh_build_gives() -> None:
    """Tiles of every colour laid anywhere in any rotation (no upgrade rule), some taken off
    again, tokens placed: after every change the derived graph equals the fresh build, dead
    ends pruned and revived alike."""
    title = _title()
    rng = random.Random(17)
    board = Board.from_title(title)
    coords = list(board.coords())
    tiles = [t for t in title.tiles.values() if t.paths]
    phase = next(iter(title.phases))
    lays = 0
    for step in range(300):
        coord = rng.choice(coords)
        if step % 7 == 6 and not board.is_printed(coord):
            board.clear(coord)
        else:
            tile = rng.choice(tiles)
            try:
                board.lay(coord, tile, rng.randrange(6), check=False)
            except Exception:  # tokens that would not fit the new tile: not this lay
                continue
            lays += 1
            stops = [i for i, s in enumerate(tile.stops) if s.slots > 0]
            if stops and step % 3 == 0:
                with contextlib.suppress(ValueError):  # no free slot
                    board.place_token(coord, stops[0], rng.choice(("BK", "SD", "KK")))
        if step % 50 == 49:
            phase = rng.choice(tuple(title.phases))
        _same(graph_for_board(board, title, phase), _scratch(board, title, phase))
        if step % 10 == 0:  # a look-ahead: one lay on a copy, as the greedy bot tries it
            trial = board.copy()
            try:
                trial.lay(rng.choice(coords), rng.choice(tiles), rng.randrange(6), check=False)
            except Exception:
                continue
            _same(graph_for_board(trial, title, phase), _scratch(trial, title, phase))
    assert lays > 200


def test_every_position_of_the_recorded_game_gets_the_graph_a_fresh_build_gives(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = game_file(RECORDED)
    if path is None:
        pytest.skip(f"{RECORDED} not available")
    from railyard.framework.importers import import_game, read_recorded

    checked = []

    def checking(board: Any, title: Any, phase: str) -> TrackGraph:
        graph = graph_for_board(board, title, phase)
        _same(graph, _scratch(board, title, phase))
        checked.append(phase)
        return graph

    monkeypatch.setattr(running, "graph_for_board", checking)
    result = import_game(read_recorded(path))
    assert result.divergence is None
    assert len(checked) >= 200
