"""The Game driver: atomic process, undo/redo, checkpoints, save/load, seeded randomness."""

import pytest

from railyard.framework.core import GameRng, IllegalAction
from railyard.framework.core.errors import ReplayError
from railyard.framework.core.game import Game
from tests.framework.core_toy import Add, PileRuleset, Roll, new_game


def test_process_applies_and_logs():
    game = new_game()
    assert game.process(Add("ann", 3)) == ["ann adds 3, pile 3"]
    assert game.state.pile == 3
    assert game.active_entities() == ("bob",)
    assert game.log == ["ann adds 3, pile 3"]
    assert game.actions == (Add("ann", 3),)


def test_refused_action_names_rule_and_leaves_state_unchanged():
    game = new_game()
    for _ in range(6):
        game.process(Add(game.active_entities()[0], 3))
    before = game.state_hash()
    with pytest.raises(IllegalAction) as refused:
        game.process(Add("bob", 3))  # after six turns it is ann's turn
    assert refused.value.rule == "toy:turn"
    assert game.state_hash() == before


def test_a_ruleset_that_mutates_before_refusing_is_still_atomic():
    game = new_game()
    for _ in range(6):
        game.process(Add(game.active_entities()[0], 3))
    game.process(Add("ann", 2))  # pile 20
    before = game.state_hash()
    with pytest.raises(IllegalAction, match="toy:overflow"):
        game.process(Add("bob", 3))
    assert game.state.pile == 20
    assert game.state_hash() == before
    assert len(game.actions) == 7


def test_undo_then_redo_gives_the_same_hash_across_checkpoints():
    game = new_game()
    Game.CHECKPOINT_EVERY = 4
    try:
        hashes = [game.state_hash()]
        for _ in range(10):
            game.process(Roll(game.active_entities()[0]))
            hashes.append(game.state_hash())
        for count in range(9, -1, -1):
            game.undo()
            assert game.state_hash() == hashes[count]
        assert game.undo() is None
        for count in range(1, 11):
            game.redo()
            assert game.state_hash() == hashes[count]
        assert game.redo() is None
    finally:
        Game.CHECKPOINT_EVERY = 32


def test_a_new_action_clears_redo():
    game = new_game()
    game.process(Add("ann", 1))
    game.undo()
    game.process(Add("ann", 2))
    assert game.redo() is None
    assert game.state.pile == 2


def test_rng_replays_the_same_draws_after_undo():
    game = new_game(seed=7)
    game.process(Roll("ann"))
    first = game.state.pile
    game.undo()
    game.process(Roll("ann"))
    assert game.state.pile == first


def test_rng_is_seeded():
    assert [GameRng(5).randint(1, 100) for _ in range(3)] == [GameRng(5).randint(1, 100)] * 3
    a, b = GameRng(5), GameRng(5)
    assert [a.randint(1, 6) for _ in range(5)] == [b.randint(1, 6) for _ in range(5)]
    assert a == b and a.to_dict() == b.to_dict()


def test_save_and_load_give_the_same_hash(tmp_path):
    game = new_game(seed=3)
    for _ in range(9):
        game.process(Roll(game.active_entities()[0]))
    path = tmp_path / "save.json"
    game.save(path)
    again = Game.load(path, ruleset=PileRuleset())
    assert again.state_hash() == game.state_hash()
    assert again.actions == game.actions
    assert again.log == game.log


def test_loading_a_save_with_a_refused_action_names_its_index_and_rule():
    game = new_game()
    game.process(Add("ann", 1))
    data = game.to_dict()
    data["actions"].append({"type": "toy_add", "entity": "ann", "amount": 1})
    with pytest.raises(ReplayError) as failed:
        Game.from_dict(data, ruleset=PileRuleset())
    assert failed.value.index == 1
    assert failed.value.rule == "toy:turn"


def test_debug_flag_runs_invariants_after_each_action():
    class Broken(PileRuleset):
        def apply(self, state, action):
            lines = super().apply(state, action)
            state.scores[action.entity] += 1
            return lines

    game = Game(None, ("ann", "bob"), 1, ruleset=Broken(), debug=True)
    with pytest.raises(Exception, match="invariants broken"):
        game.process(Add("ann", 1))
    assert game.state.pile == 0
    assert game.actions == ()


def test_any_exception_in_a_ruleset_leaves_the_state_unchanged():
    class Crashing(PileRuleset):
        def apply(self, state, action):
            state.pile += 5
            raise RuntimeError("bug after a mutation")

    game = Game(None, ("ann", "bob"), 1, ruleset=Crashing())
    before = game.state_hash()
    with pytest.raises(RuntimeError):
        game.process(Add("ann", 1))
    assert game.state_hash() == before and game.state.pile == 0


@pytest.mark.parametrize("title", ["1837", "1889", "1830", "imperial_steam"])
def test_undo_to_the_start_gives_the_set_ups_state_made_again_from_the_seed(title):
    """No copy of the state before the first action is kept: an undo to the start, and a
    refused first action, make it again from the title, players and seed, and it is the
    state the game started with (same hash), for every title."""
    from railyard.framework import autoplay

    game = Game(title, ["ann", "bob", "cy", "dee"], 11)
    start = game.state_hash()
    autoplay.play(game, "random", max_actions=40)
    hashes_after = game.state_hash()
    played = len(game.actions)
    assert played >= 20
    game.undo_to(0)
    assert game.state_hash() == start
    while game.redo() is not None:
        pass
    assert len(game.actions) == played and game.state_hash() == hashes_after
    fresh = Game(title, ["ann", "bob", "cy", "dee"], 11)
    refused = 0
    for later in game.actions[1:]:  # moves of later positions, most refused now: rebuilt
        try:
            fresh.process(later)
        except IllegalAction:
            refused += 1
            assert fresh.state_hash() == start
        else:
            fresh.undo()
    assert refused >= 5
