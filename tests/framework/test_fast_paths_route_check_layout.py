"""Shortcuts of the route check (issue 17, seventh replay part) give what the long way gives:
the recorded 1837 game and greedy games of 1837, 1889 and 1830 are played, and at every
``run_routes`` check the check on the position's layout (the shortcut) is compared with the
check on the position's whole graph, and the layout's track with a build of the graph from
scratch through the grid (the plain computation)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from railyard.framework.core.errors import IllegalAction
from railyard.framework.core.game import Game
from railyard.framework.eighteen import running
from railyard.framework.routes import board_graph
from railyard.framework.routes.drawn import DrawnView
from railyard.framework.routes.graph import TrackGraph
from railyard.framework.simulate import runner
from tests.framework.site_games import game_file
from tests.framework.test_routes_drawn import _variants

RECORDED = "reference/1837/games/18xxgames_202234_game_end_bank.json"


def _scratch(board: Any, title: Any, phase: str) -> TrackGraph:
    """The position's graph built from scratch, each hex's neighbours named by the grid."""
    order = tuple(title.phases)
    tiles = board.placements()
    return board_graph.graph_from_tiles(
        board.grid,
        tiles,
        revenue=lambda stop: stop.revenue.at(phase, order),
        tokens=board.token_map(),
        reserved=board.reserved_map(),
        homes=board_graph._homes(title, tiles),
        impassable=board.impassable,
        pass_through=board_graph._pass_through_of(title),
    )


def _outcome(call: Any) -> Any:
    try:
        return call()
    except IllegalAction as error:
        return ("refused", error.rule, error.message)


class _Compared:
    """Wraps :func:`running.check`: each check is made on the view (no graph cached) and on
    the whole graph built from scratch with every stop asked for its train bonus (no title-wide
    answer), and both must agree, on the drawn routes and on damaged copies of them."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
        self.rng = random.Random(seed)
        self.counts = {"checks": 0, "tries": 0, "refused": 0, "pieces": 0, "paying": 0}
        self.real = running.check
        self.to_check = board_graph.graph_to_check
        monkeypatch.setattr(running, "check", self.check)

    def _both(self, rules: Any, state: Any, action: Any, ran: Any) -> Any:
        board, title, phase = state.board, rules.spec.title, state.phase
        saved = dict(board_graph._CACHE)
        board_graph._CACHE.clear()  # a bot's search built the graph first: here none is
        views: list[Any] = []

        def on_view(*args: Any) -> Any:
            view = self.to_check(*args)
            views.append(view)
            return view

        try:
            running.graph_to_check = on_view  # type: ignore[assignment]
            fast = _outcome(lambda: self.real(rules, state, action, ran))
        finally:
            running.graph_to_check = self.to_check  # type: ignore[assignment]
            board_graph._CACHE.clear()
            board_graph._CACHE.update(saved)
        assert all(isinstance(v, DrawnView) for v in views)
        graph = _scratch(board, title, phase)
        may_pay = running._may_pay
        try:  # the long way: the whole graph, every stop asked for its train bonus
            running.graph_to_check = lambda *args: graph  # type: ignore[assignment]
            running._may_pay = lambda *args: True  # type: ignore[assignment]
            slow = _outcome(lambda: self.real(rules, state, action, ran))
        finally:
            running.graph_to_check = self.to_check  # type: ignore[assignment]
            running._may_pay = may_pay  # type: ignore[assignment]
        self.counts["paying"] += may_pay(rules, board)
        assert fast == slow, (action, fast, slow)
        if views and not isinstance(fast, tuple):
            self.counts["pieces"] += sum(len(r.pieces) for _, r in fast.routes)
        return fast

    def check(self, rules: Any, state: Any, action: Any, ran: Any) -> Any:
        found = self._both(rules, state, action, ran)
        self.counts["checks"] += 1
        for run in action.runs:  # damaged copies, one train each
            for other in _variants(list(run.nodes), self.rng):
                damaged = type(action)(action.entity, (type(run)(run.train, tuple(other)),))
                got = self._both(rules, state, damaged, ran)
                self.counts["tries"] += 1
                self.counts["refused"] += isinstance(got, tuple)
        if isinstance(found, tuple):
            raise IllegalAction(found[1], found[2])
        return found


def _recorded() -> Game:
    path = game_file(RECORDED)
    if path is None:
        pytest.skip(f"{RECORDED} not available")
    from railyard.framework.importers import import_game, read_recorded

    data = import_game(read_recorded(path)).game.to_dict()
    return Game.from_dict(data)


def test_route_checks_on_the_layout_are_those_on_the_whole_graph_in_the_recorded_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    compared = _Compared(monkeypatch, 9)
    game = _recorded()
    assert [s for _, s in game.standings()] == [9532, 8304, 7398, 7352]
    counts = compared.counts
    assert counts["checks"] >= 200 and counts["pieces"] > 1500, counts
    assert counts["refused"] > 500 and counts["tries"] - counts["refused"] > 100, counts


@pytest.mark.parametrize("title_id,seed", [("1837", 4), ("1889", 5), ("1830", 6)])
def test_route_checks_on_the_layout_are_those_on_the_whole_graph_in_greedy_games(
    monkeypatch: pytest.MonkeyPatch, title_id: str, seed: int,
) -> None:
    compared = _Compared(monkeypatch, seed)
    config = runner.SimConfig(title_id, 4, ("greedy",))
    runner.loaded(config)
    record = runner.play_game(runner.Job(config, 0, seed))
    assert record.get("error") is None
    counts = compared.counts
    assert counts["checks"] >= 40 and counts["pieces"] > 200, counts
    assert counts["refused"] > 100, counts
    assert (counts["paying"] > 0) == (title_id == "1889"), counts  # its off-boards pay D more



@pytest.mark.parametrize("title_id", ["1837", "1889", "1830"])
def test_a_hexs_pieces_read_from_the_boards_neighbours_are_those_the_grid_names_give(
    title_id: str,
) -> None:
    """The layout takes each hex's pieces from the board's neighbour table (map hexes only,
    none across an impassable border): on every map hex, with tiles of every kind in every
    rotation and some neighbours empty, the pieces kept before pruning are those read from the
    grid's names of the neighbours with the edges off the map and the blocked ones dropped."""
    from railyard.framework.board import Board
    from railyard.framework.loader import load_title

    title = load_title(title_id)
    board = Board.from_title(title)
    fast = board_graph._family(board)
    grid = board.grid
    plain = board_graph.Family(
        board.printed_map(),
        lambda coord: board_graph._neighbour_names(grid, coord),
        lambda coord, tile, rotation: board_graph._hex_pieces(grid, coord, tile, rotation),
        board_graph._blocked(grid, board.impassable),
    )
    assert fast.hex_pieces is not plain.hex_pieces
    rng = random.Random(len(title_id))
    tiles = [t for t in title.tiles.values() if t.paths]
    printed = {c: (p.tile, p.rotation) for c, p in board.printed_map().items()}
    compared = dropped = 0
    for coord in printed:
        for tile in [*rng.sample(tiles, min(6, len(tiles))), printed[coord][0]]:
            for rotation in range(6):
                around = {c: t for c, t in printed.items() if rng.random() < 0.8}
                around[coord] = (tile, rotation)
                got = fast._raw_of(coord, around)
                assert got == plain._raw_of(coord, around), (coord, tile.id, rotation)
                assert list(fast.neighbours(coord)) == [
                    n if n in printed and (coord, e) not in board.impassable else None
                    for e, n in enumerate(plain.neighbours(coord))]
                compared += 1
                dropped += len(got) < len(tile.paths)
    assert compared > 1000 and dropped > 100
    assert title_id != "1830" or board.impassable  # 1830 has impassable borders


@pytest.mark.parametrize("where", ["recorded", "1837", "1889", "1830"])
def test_first_piece_ids_read_from_an_earlier_layouts_counts_are_the_counted_ones(
    where: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The route check reads the first piece id of the hexes its routes cross from an earlier
    layout's ids and the hexes counting differently since (``Layout.counts_base``): at every
    layout of the recorded game and of greedy games (their look-aheads included), for every
    hex with kept pieces, the id counted over the whole board."""
    from railyard.framework.routes import drawn
    from railyard.framework.routes import layout as layouts

    counts = {"layouts": 0, "based": 0, "hexes": 0, "moved": 0}
    real_layout = layouts.Family.layout

    def compared(family: Any, *args: Any) -> Any:
        found = real_layout(family, *args)
        view = DrawnView(found, lambda where: None, [])
        want = drawn._counted_offsets(found)[2]
        based = found.memo.get("offsets") is None and found.counts_base is not None
        for coord, pieces in found.kept.items():
            if pieces:
                got = view._first_id(coord)
                assert got == want[coord], (coord, got, want[coord])
                counts["hexes"] += 1
                if based:
                    counts["moved"] += got != found.counts_base[0][2].get(coord)
        counts["layouts"] += 1
        counts["based"] += based
        return found

    monkeypatch.setattr(layouts.Family, "layout", compared)
    if where == "recorded":
        game = _recorded()
        assert [s for _, s in game.standings()] == [9532, 8304, 7398, 7352]
        assert counts["based"] >= 150, counts
    else:
        config = runner.SimConfig(where, 4, ("greedy",))
        runner.loaded(config)
        record = runner.play_game(runner.Job(config, 0, 7))
        assert record.get("error") is None
        assert counts["based"] >= 20, counts
    assert counts["moved"] > 100, counts
