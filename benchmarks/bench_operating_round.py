"""Operating-round speed on the 1837 map: listing the legal actions of each step (every tile
lay, every token, the best routes, every buyable train) in positions reached by seeded random
play (pytest-benchmark).

Run: python3 -m pytest benchmarks/bench_operating_round.py --benchmark-only
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from railyard.framework.core.game import Game
from railyard.framework.eighteen.actions import Pass

TITLE = Path(__file__).resolve().parent.parent / "titles" / "1837"
PLAYERS = ("a", "b", "c", "d")


def position(step: str, min_actions: int, seed: int = 1) -> Game:
    """The first operating-round position at ``step`` after ``min_actions`` random actions."""
    game = Game(str(TITLE), PLAYERS, seed)
    rng = random.Random(seed)
    while not game.is_over():
        rs = game.state.round
        here = len(game.actions) >= min_actions and rs.kind == "operating" and getattr(rs, "step", "") == step
        if here and (step != "run" or any(a.runs for a in game.legal_actions())):
            return game
        legal = game.legal_actions()
        moves = [a for a in legal if not isinstance(a, Pass)]
        game.process(rng.choice(moves) if moves and rng.random() < 0.7 else rng.choice(legal))
    raise RuntimeError(f"no {step} step after {min_actions} actions")


@pytest.mark.parametrize("step", ["tile", "token", "run", "trains"])
def test_legal_actions_mid_game(benchmark, step):
    game = position(step, 1500)
    found = benchmark(game.legal_actions)
    assert found


def test_one_operating_turn_of_best_choices(benchmark):
    """Tile (first listed), token (first listed), best routes, first dividend, then pass."""
    game = position("tile", 1500)
    start = len(game.actions)

    def turn() -> None:
        company = game.state.round.current
        while game.state.round.kind == "operating" and game.state.round.current == company:
            game.process(game.legal_actions()[0])
        game.undo_to(start)

    benchmark(turn)
