"""Frame times of the client (pytest-benchmark): a full-map board frame must stay under 16 ms.

- board frame, idle: the cached static layer blitted into a 1060x700 viewport;
- board frame while placing a tile: the same plus legal-hex highlights and a tile preview
  that moves to another hex every frame (as when dragging a tile over the map);
- whole window frame: board plus every panel and the action menu (1600x1000);
- static layer rebuild: what a board change (a tile laid, a token placed) costs once.

Run: ``SDL_VIDEODRIVER=dummy python3 -m pytest benchmarks/bench_render.py``.
"""

from __future__ import annotations

import itertools
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from railyard.framework.core.game import Game  # noqa: E402
from railyard.renderer.app import App  # noqa: E402
from railyard.renderer.board import BoardRenderer  # noqa: E402
from railyard.renderer.headless import init_headless  # noqa: E402
from railyard.renderer.snapshot import snapshot  # noqa: E402

FRAME_BUDGET = 0.016


@pytest.fixture(scope="module")
def game():
    init_headless()
    return Game("1837", ["Ann", "Bob", "Cid", "Dee"], seed=1)


@pytest.fixture(scope="module")
def fitted(game):
    target = pygame.Surface((1600, 1000))
    app = App(game, surface=target)
    return app, target


def _mean(benchmark) -> float:
    return benchmark.stats.stats.mean


def test_board_frame_idle(benchmark, fitted):
    app, target = fitted
    board, snap = app.board, app.snap()
    viewport = app.layout.board
    board.draw(target, viewport, app.camera.size, app.camera.offset, snap)  # warm the cache
    benchmark(board.draw, target, viewport, app.camera.size, app.camera.offset, snap)
    assert _mean(benchmark) < FRAME_BUDGET


def test_board_frame_while_placing_a_tile(benchmark, fitted, game):
    app, target = fitted
    board, snap = app.board, app.snap()
    viewport = app.layout.board
    size, offset = app.camera.size, app.camera.offset
    legal = [c for c, h in game.title.map.hexes.items() if h.color == "white"][:40]
    tile = game.title.tiles["57"]
    moves = itertools.cycle(itertools.product(legal, range(6)))
    board.draw(target, viewport, size, offset, snap)

    def frame():
        coord, rotation = next(moves)
        board.draw(target, viewport, size, offset, snap)
        screen_offset = (viewport.x + offset[0], viewport.y + offset[1])
        board.highlight(target, legal, size, screen_offset)
        board.preview_tile(target, coord, tile, rotation, size, screen_offset, snap.phase)

    benchmark(frame)
    assert _mean(benchmark) < FRAME_BUDGET


def test_whole_window_frame(benchmark, fitted):
    app, _target = fitted
    app.draw()
    benchmark(app.draw)


def test_static_layer_rebuild(benchmark, game):
    board = BoardRenderer(game.title)
    snap = snapshot(game.title, game.state)
    benchmark.pedantic(board.draw_static, args=(32.0, snap), rounds=5, iterations=1)


def test_layer_patch_after_a_tile_lay(benchmark, game):
    """A tile laid and a token placed: the cached layer is copied and two hexes redrawn."""
    from railyard.framework.board import Board

    board = BoardRenderer(game.title)
    real = Board.from_title(game.title)
    state = type("S", (), {"board": real, "phase": "2", "companies": {}})()
    before = snapshot(game.title, state)
    base = board.static_layer(32.0, before)
    base_key = next(iter(board._cache))
    real.lay("F28", "57", 0)
    real.place_token("F28", 0, "TI")
    after = snapshot(game.title, state)

    def reset():
        board._cache.clear()
        board._snaps.clear()
        board._cache[base_key] = base
        board._snaps[base_key] = before

    benchmark.pedantic(board.static_layer, args=(32.0, after), setup=reset, rounds=20,
                       iterations=1)
    assert _mean(benchmark) < FRAME_BUDGET * 2
