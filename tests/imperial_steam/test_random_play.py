"""Whole games of seeded random legal actions, invariants checked after every action, on the core
Game driver (atomic process, undo, save and replay)."""

from __future__ import annotations

import random

import pytest

from railyard.framework.core.game import Game
from railyard.framework.loader import load_title
from railyard.titles.imperial_steam.hooks import RULESET


def _game(n: int, seed: int, variant: str | None = None) -> Game:
    title = load_title("imperial_steam", variant)
    return Game(title, [f"P{i}" for i in range(n)], seed, variant, ruleset=RULESET(title), debug=True)


def _play(game: Game, seed: int, limit: int = 5000) -> int:
    """Pick an action kind at random, then one action of that kind (so that rare kinds such as
    building track are tried as often as common ones)."""
    rng = random.Random(seed)
    steps = 0
    while not game.is_over():
        legal = game.legal_actions()
        assert legal, f"no legal action in phase {game.state.phase}"
        kinds: dict[str, list] = {}
        for action in legal:
            kinds.setdefault(type(action).__name__, []).append(action)
        kind = rng.choice(sorted(kinds))
        game.process(rng.choice(kinds[kind]))
        steps += 1
        assert steps < limit
    return steps


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_run_to_the_end_with_invariants_holding(n, seed):
    game = _game(n, seed)
    steps = _play(game, seed)
    standings = game.standings()
    assert len(standings) == n and steps > 50
    assert game.check_invariants() == []
    assert [money for _, money in standings] == sorted((m for _, m in standings), reverse=True)
    assert set(game.state.final) == {f"P{i}" for i in range(n)}


@pytest.mark.parametrize("variant", ["normal", "random"])
def test_random_games_on_the_normal_and_random_setups(variant):
    game = _game(3, 7, variant)
    _play(game, 7)
    assert game.is_over() and game.check_invariants() == []


def test_a_saved_game_replays_to_the_same_state_and_undo_restores_it(tmp_path):
    game = _game(3, 5)
    rng = random.Random(5)
    for _ in range(120):
        game.process(rng.choice(game.legal_actions()))
    digest = game.state_hash()
    path = tmp_path / "is.json"
    game.save(path)
    again = Game.load(path, title=game.title, ruleset=game.ruleset)
    assert again.state_hash() == digest
    game.undo()
    game.undo()
    game.redo()
    game.redo()
    assert game.state_hash() == digest


def test_the_core_finds_the_titles_own_ruleset_from_its_hooks(tmp_path):
    game = Game("imperial_steam", ["A", "B"], 3, debug=True)
    assert type(game.ruleset).__name__ == "ImperialSteamRuleset"
    first = game.active_entities()[0]
    game.process({"type": "is_bid", "entity": first, "amount": 20})
    game.save(tmp_path / "g.json")
    again = Game.load(tmp_path / "g.json")
    assert again.state_hash() == game.state_hash()
    assert again.state.players[first].cash == 120  # paid once all bids are in, not yet


@pytest.mark.parametrize("n", [2, 4])
def test_a_focused_builder_plays_whole_games(n):
    from .bots import builder_choice

    game = _game(n, 11)
    rng = random.Random(11)
    while not game.is_over():
        game.process(builder_choice(game.ruleset, game.state, game.legal_actions(), rng))
    assert game.check_invariants() == []
    assert max(len(p.tracks) for p in game.state.players.values()) >= 3


def test_every_listed_legal_action_is_accepted():
    import copy

    game = _game(3, 21)
    rules = game.ruleset
    rng = random.Random(21)
    checked = 0
    step = 0
    while not game.is_over():
        legal = game.legal_actions()
        if step % 7 == 0:
            for action in legal:
                trial = copy.deepcopy(game.state)
                rules.apply(trial, action)
                assert rules.invariants(trial) == [], action
                checked += 1
        kinds: dict[str, list] = {}
        for action in legal:
            kinds.setdefault(type(action).__name__, []).append(action)
        game.process(rng.choice(kinds[rng.choice(sorted(kinds))]))
        step += 1
    assert checked > 200
