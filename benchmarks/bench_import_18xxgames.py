"""Importing a recorded game: translating and replaying the whole recorded 1837 game
(1071 recorded actions, 1086 of ours), and replaying the saved result (pytest-benchmark).

Run: python3 -m pytest benchmarks/bench_import_18xxgames.py --benchmark-only
"""

from __future__ import annotations

from pathlib import Path

import pytest

from railyard.framework.core.game import Game
from railyard.framework.importers import import_game, read_recorded

RECORDED = "reference/1837/games/18xxgames_202234_game_end_bank.json"
GAME = next(
    (base / RECORDED for base in (Path(__file__).resolve().parents[2] / "shared", Path("/work/shared"))
     if (base / RECORDED).is_file()),
    Path("/work/shared") / RECORDED,
)

needs_game = pytest.mark.skipif(not GAME.is_file(), reason="recorded game not available")


@needs_game
def test_import_and_replay_the_recorded_game(benchmark) -> None:  # noqa: ANN001
    recorded = read_recorded(GAME)
    result = benchmark.pedantic(import_game, args=(recorded,), rounds=3, iterations=1)
    assert result.complete


@needs_game
def test_replay_the_imported_save(benchmark) -> None:  # noqa: ANN001
    data = import_game(read_recorded(GAME)).game.to_dict()
    game = benchmark.pedantic(Game.from_dict, args=(data,), rounds=3, iterations=1)
    assert game.is_over()
