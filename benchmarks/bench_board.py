"""Board and tile-lay speed: what a bot pays to enumerate and play tile lays, and to checkpoint.

Run with ``python3 -m pytest benchmarks/bench_board.py`` (pytest-benchmark), or as a script for
plain timings: ``python3 benchmarks/bench_board.py``.
"""

from __future__ import annotations

import copy
import random
import time

import pytest

from railyard.framework.board import Board
from railyard.framework.loader import load_title


def _title():
    return load_title("1837")


def lay_options(board: Board, tiles) -> list[tuple[str, object, int]]:
    """Every (hex, tile, rotation) the tile rule allows, ignoring phase, money and connection."""
    return [(c, t, u.rotation) for c in board.coords() for t, u in board.lay_choices(c)]


def random_game(board: Board, tiles, rng: random.Random, lays: int) -> int:
    done = 0
    coords = list(board.coords())
    for _ in range(lays):
        coord = rng.choice(coords)
        opts = board.lay_choices(coord)
        if opts:
            tile, upgrade = rng.choice(opts)
            board.lay(coord, tile, upgrade.rotation)
            done += 1
    return done


@pytest.fixture(scope="module")
def start():
    title = _title()
    return Board.from_title(title), list(title.tiles.values())


def test_bench_enumerate_all_lays_on_the_opening_board(benchmark, start) -> None:
    board, tiles = start
    result = benchmark(lay_options, board, tiles)
    assert len(result) > 1000


def test_bench_300_random_lays(benchmark, start) -> None:
    board, tiles = start

    def run():
        return random_game(board.copy(), tiles, random.Random(7), 300)

    assert benchmark(run) > 100


def test_bench_deepcopy_midgame_board(benchmark, start) -> None:
    board, tiles = start
    mid = board.copy()
    random_game(mid, tiles, random.Random(3), 200)
    twin = benchmark(copy.deepcopy, mid)
    assert twin == mid


if __name__ == "__main__":
    title = _title()
    board, tiles = Board.from_title(title), list(title.tiles.values())
    t0 = time.perf_counter()
    n = len(lay_options(board, tiles))
    t1 = time.perf_counter()
    lay_options(board, tiles)
    t2 = time.perf_counter()
    print(f"enumerate {n} lays: cold {1000 * (t1 - t0):.1f} ms, warm {1000 * (t2 - t1):.1f} ms")
    t0 = time.perf_counter()
    total = sum(random_game(board.copy(), tiles, random.Random(s), 300) for s in range(20))
    dt = time.perf_counter() - t0
    print(f"{total} random lays (with enumeration) in {dt:.2f} s: {total / dt:.0f} per second")
    mid = board.copy()
    random_game(mid, tiles, random.Random(3), 200)
    t0 = time.perf_counter()
    for _ in range(10000):
        copy.deepcopy(mid)
    print(f"deepcopy of a mid-game board: {100 * (time.perf_counter() - t0):.1f} us")
