"""Games of 1837 played by random legal actions, every invariant checked after every action:
money, certificates, trains and tiles are conserved and no listed action is refused."""

from __future__ import annotations

import random

import pytest

from .rules_helpers import new_game


def play(seed: int, variant: str | None, limit: int) -> tuple[object, int]:
    """Play up to ``limit`` random legal actions; returns the game and the actions played."""
    game = new_game(variant, seed=seed)
    rng = random.Random(seed)
    played = 0
    while not game.is_over() and played < limit:
        actions = game.legal_actions()
        assert actions, f"seed {seed}: nobody can act in {game.state.round.kind}"
        game.process(rng.choice(actions))
        played += 1
        problems = game.ruleset.invariants(game.state)
        assert not problems, f"seed {seed}, action {played}: {problems}"
    return game, played


@pytest.mark.parametrize("seed", range(5))
def test_random_legal_actions_keep_every_invariant(seed):
    variant = "first_edition" if seed % 2 else None
    game, played = play(seed, variant, 400)
    assert played == 400 or game.is_over()
    assert game.state.history  # rounds were completed


def test_a_saved_random_game_with_title_choices_loads_to_the_same_state(tmp_path):
    from railyard.framework.core.actions import tag_of
    from railyard.framework.core.game import Game

    game, _ = play(0, None, 620)  # coal exchanges are chosen at actions 590 and 591
    assert any(tag_of(a).startswith("1837_") for a in game.actions)
    path = tmp_path / "game.json"
    game.save(path)
    loaded = Game.load(path)
    assert loaded.state_hash() == game.state_hash()
    assert len(loaded.actions) == len(game.actions)


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "variant"), [(1, None), (2, "first_edition")])
def test_random_games_reach_the_end(seed, variant):
    game, _ = play(seed, variant, 40_000)
    assert game.is_over(), game.state.round.kind
    assert game.state.end_reason
    assert len(game.standings()) == 4
