"""A board remembers the laid tiles before its last lay or clear (``BoardView.lineage``), and
the graph builder derives the new layout from the one known for that position, without
comparing every laid hex with the recent layouts. The lineage must say the truth (the laid
tiles are that position's but on one hex), and the layout derived through it must be the one
a build from scratch gives: checked at every layout a greedy game and its look-aheads ask for
(1837, 1889), and on a board laid, cleared, tokened, copied and reloaded by hand.
"""

from __future__ import annotations

from typing import Any

import pytest

from railyard.framework.board import Board
from railyard.framework.routes import board_graph
from railyard.framework.routes.layout import Family
from railyard.framework.simulate import runner
from tests.framework.test_routes_layout import _same, _scratch, _title


def _laid_of(key: Any) -> dict[str, tuple[str, int]]:
    return {coord: (tile, rotation) for coord, tile, rotation in key}


@pytest.mark.parametrize("title_id,seed", [("1837", 1), ("1889", 2)])
def test_layouts_derived_through_the_lineage_are_the_layouts_built_from_scratch(
        monkeypatch: pytest.MonkeyPatch, title_id: str, seed: int) -> None:
    layout_of = Family.layout
    asked = {"through lineage": 0}

    def checked(self: Family, laid: Any, key: Any, lineage: Any = None) -> Any:
        if key not in self.known and lineage is not None and lineage[0] in self.known:
            before, coord = _laid_of(lineage[0]), lineage[1]
            now = _laid_of(key)
            assert {c: v for c, v in before.items() if c != coord} == \
                {c: v for c, v in now.items() if c != coord}
            assert {c: (p.tile.id, p.rotation) for c, p in laid.items()} == now
            asked["through lineage"] += 1
        return layout_of(self, laid, key, lineage)

    graph_for_board = board_graph.graph_for_board

    def compared(board: Any, title: Any, phase: str) -> Any:
        graph = graph_for_board(board, title, phase)
        _same(graph, _scratch(board, title, phase))
        return graph

    monkeypatch.setattr(Family, "layout", checked)
    monkeypatch.setattr(board_graph, "graph_for_board", compared)
    from railyard.framework.eighteen import running

    monkeypatch.setattr(running, "graph_for_board", compared)
    config = runner.SimConfig(title_id, 4, ("greedy",))
    runner.loaded(config)
    record = runner.play_game(runner.Job(config, 0, seed))
    assert record.get("error") is None
    assert asked["through lineage"] > 50


def test_a_boards_lineage_names_the_position_before_its_last_lay_or_clear() -> None:
    title = _title()
    board = Board.from_title(title)
    assert board.lineage() is None
    tiles = [t for t in title.tiles.values() if t.paths and not t.stops]
    coords = [c for c in board.coords() if not board.tile(c).stops][:3]
    start = board.state_key()[0]
    board.lay(coords[0], tiles[0], 0, check=False)
    assert board.lineage() == (start, coords[0])
    first = board.state_key()[0]
    copy = board.copy()
    assert copy.lineage() == (start, coords[0])  # a copy has the same position
    copy.lay(coords[1], tiles[0], 1, check=False)
    assert copy.lineage() == (first, coords[1])
    assert board.lineage() == (start, coords[0])  # the copy's lay is its own
    board.clear(coords[0])
    assert board.lineage() == (first, coords[0])
    assert board.state_key()[0] == start
    phase = next(iter(title.phases))
    _same(board_graph.graph_for_board(copy, title, phase), _scratch(copy, title, phase))
    _same(board_graph.graph_for_board(board, title, phase), _scratch(board, title, phase))
    reloaded = Board.from_title(title)
    reloaded.state_key()
    reloaded.lay(coords[2], tiles[0], 2, check=False)
    assert reloaded.lineage() is not None
    reloaded.load_dict(copy.to_dict())
    assert reloaded.lineage() is None  # a whole new position: no lineage
    assert reloaded.state_key()[0] == copy.state_key()[0]


def test_stops_of_layouts_numbered_alike_or_not_are_the_stops_made_afresh(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Tiles with and without stops laid on any hex, some taken off: a layout whose changed
    hexes have as many stops as before (a plain track tile on an empty hex, too) takes its
    parent's stops, one whose stop count changed splices them; either way the stops are those
    made hex by hex."""
    import random

    patched = board_graph._plain_stops
    asked = {"alike": 0, "moved": 0, "gained a hex": 0}

    def checked(layout: Any, phase_key: Any, phase_order: Any, pass_through: Any) -> Any:
        found = patched(layout, phase_key, phase_order, pass_through)
        fresh = []
        for coord in layout.order:
            if layout.tiles[coord][0].stops:
                fresh.extend(board_graph._hex_stops(layout, coord, phase_key[0], phase_order,
                                                    pass_through))
        assert found == fresh
        assert [s.id for s in found] == [board_graph.stop_id(*k) for k in layout.stop_keys]
        base = layout.base
        if base is not None:
            asked["alike" if base[2] else "moved"] += 1
            if base[2] and len(layout.order) != len(layout.stop_keys) and any(
                    c in layout.tiles and not layout.tiles[c][0].stops for c in base[3]):
                asked["gained a hex"] += 1
        return found

    monkeypatch.setattr(board_graph, "_plain_stops", checked)
    title = _title()
    rng = random.Random(23)
    board = Board.from_title(title)
    coords = list(board.coords())
    tiles = [t for t in title.tiles.values() if t.paths]
    phase = next(iter(title.phases))
    for step in range(400):
        coord = rng.choice(coords)
        if step % 5 == 4 and not board.is_printed(coord):
            board.clear(coord)
        else:
            try:
                board.lay(coord, rng.choice(tiles), rng.randrange(6), check=False)
            except Exception:  # tokens that would not fit the new tile: not this lay
                continue
        _same(board_graph.graph_for_board(board, title, phase), _scratch(board, title, phase))
    assert asked["alike"] > 50
    assert asked["moved"] > 50
    assert asked["gained a hex"] > 20


@pytest.mark.parametrize("title_id,seed", [("1837", 1), ("1889", 2)])
def test_a_layout_given_its_parents_shape_has_the_parents_shape_key(
        monkeypatch: pytest.MonkeyPatch, title_id: str, seed: int) -> None:
    """A layout whose stops are numbered like its parent's and whose kept pieces are the
    parent's on every hex shares the parent's shape store: the key it would look up is the
    key of that store."""
    from railyard.framework.routes import layout as layout_module

    keys: dict[int, Any] = {}
    shape_store = layout_module.shape_store

    def recorded(key: Any) -> Any:
        found = shape_store(key)
        keys[id(found)] = key
        return found

    store_of = layout_module.store_of
    asked = {"given": 0}

    def checked(layout: Any) -> Any:
        fresh = "shape" not in layout.memo
        found = store_of(layout)
        if fresh:
            pieces = tuple(layout.kept[c] for c in layout.order if layout.kept[c])
            assert keys[id(found)] == ("layout", tuple(layout.stop_keys), pieces)
            base = layout.base
            if base is not None and base[0].get("shape") is found:
                asked["given"] += 1
        return found

    monkeypatch.setattr(layout_module, "shape_store", recorded)
    monkeypatch.setattr(layout_module, "store_of", checked)
    monkeypatch.setattr(board_graph, "store_of", checked)
    config = runner.SimConfig(title_id, 4, ("greedy",))
    runner.loaded(config)
    record = runner.play_game(runner.Job(config, 0, seed))
    assert record.get("error") is None
    assert asked["given"] > 10
