"""Core driver speed: undo on a long game, atomic refusal, state hashing (pytest-benchmark).

Run: python3 -m pytest benchmarks/bench_core.py --benchmark-only
"""

from __future__ import annotations

import contextlib
import random
from pathlib import Path

import pytest

from railyard.framework.core.game import Game
from railyard.framework.eighteen.actions import Pass

TITLE = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "packetrail"


def long_game(actions: int = 1500, first_seed: int = 1) -> Game:
    """A packetrail game of ``actions`` actions driven by random legal actions (the first seed
    whose game lasts that long)."""
    for seed in range(first_seed, first_seed + 50):
        game = Game(str(TITLE), ("a", "b", "c"), seed)
        rng = random.Random(seed)
        while len(game.actions) < actions and not game.is_over():
            legal = game.legal_actions()
            moves = [a for a in legal if not isinstance(a, Pass)]
            game.process(rng.choice(moves) if moves and rng.random() < 0.7 else rng.choice(legal))
        if len(game.actions) == actions:
            return game
    raise RuntimeError(f"no random game reached {actions} actions")


@pytest.fixture(scope="module")
def game() -> Game:
    return long_game()


def test_undo_redo_on_a_1500_action_game(benchmark, game):
    assert len(game.actions) == 1500

    def undo_redo() -> None:
        game.undo()
        game.redo()

    benchmark(undo_redo)


def test_undo_ten_actions_on_a_1500_action_game(benchmark, game):
    def undo_ten() -> None:
        game.undo_to(len(game.actions) - 10)
        for _ in range(10):
            game.redo()

    benchmark(undo_ten)


def test_refused_action_on_a_1500_action_game(benchmark, game):
    from railyard.framework.core.errors import IllegalAction
    from railyard.framework.eighteen.actions import SellShares

    def refuse() -> None:
        with contextlib.suppress(IllegalAction):
            game.process(SellShares("nobody", "AR", 10))

    benchmark(refuse)


def test_state_hash(benchmark, game):
    benchmark(game.state_hash)
