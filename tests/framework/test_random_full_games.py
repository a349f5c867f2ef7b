"""Whole games of the packetrail test title driven by random legal actions, start packet to
game end (the bank breaking, or a bankruptcy), with every invariant checked after every action
(``Game(debug=True)``), and now and then: a random wrong action refused by rule with the state
unchanged, undo -> the same hash, redo -> the same hash. At the end: save -> load gives the
same state and log."""

import random

import pytest

from railyard.framework.core.errors import IllegalAction
from railyard.framework.core.game import Game
from railyard.framework.eighteen.actions import Pass, SellShares
from railyard.framework.eighteen.or_actions import (
    BuyTrain,
    DeclareBankruptcy,
    Dividend,
    LayTile,
    PlaceToken,
    RunRoutes,
)
from tests.framework.or_helpers import TITLE
from tests.framework.tinyrail import EXAMPLE

PLAYERS = ("ann", "bob", "cy")
# little money, a long game and dear late trains: directors run out of money
TIGHT = (
    "setup.players.3.cash=250",
    "setup.bank=12000",
    "trains.4.price=700",
    "trains.5E.price=1000",
)
LEAVES = (*TIGHT, "setup.game_end.bankruptcy=player_leaves")


def wrong_action(rng: random.Random):
    who = rng.choice(PLAYERS + ("AR", "CR", "ER", "M1", "XX"))
    return rng.choice(
        (
            LayTile(who, rng.choice(("A3", "A5", "B4", "Z9")), rng.choice(("57", "9", "15", "63")), rng.randint(-1, 6)),
            PlaceToken(who, rng.choice(("A3", "B4", "B8", "C3")), rng.randint(0, 1)),
            RunRoutes(who, ()),
            Dividend(who, rng.choice(("payout", "half", "withhold", "split", "all"))),
            BuyTrain(who, rng.choice(("2#1", "3#1", "4#2", "5E#1", "9#9")), rng.choice((0, 1, 80, 180, 10_000))),
            SellShares(who, rng.choice(("AR", "CR")), rng.choice((10, 20, 70))),
            DeclareBankruptcy(who),
            Pass(who),
        )
    )


def play(
    seed: int, overrides: tuple[str, ...] = (), check_every: int = 20, limit: int = 8000, title=TITLE
) -> Game:
    game = Game(str(title), PLAYERS, seed, None, overrides, debug=True)
    choose = random.Random(seed)
    probe = random.Random(seed + 1000)
    for n in range(limit):
        if game.is_over():
            return game
        legal = game.legal_actions()
        assert legal, f"nobody can act in {game.state.round}"
        moves = [a for a in legal if not isinstance(a, Pass)]
        action = choose.choice(moves) if moves and choose.random() < 0.7 else choose.choice(legal)
        if n % check_every:
            game.process(action)
            continue
        before = game.state_hash()
        wrong = wrong_action(probe)
        try:
            game.process(wrong)
        except IllegalAction as error:
            assert error.rule and error.message
            assert game.state_hash() == before
        else:
            game.undo()
            assert game.state_hash() == before
        game.process(action)
        after = game.state_hash()
        game.undo()
        assert game.state_hash() == before
        game.redo()
        assert game.state_hash() == after
    raise AssertionError(f"seed {seed}: no game end after {limit} actions")


def save_load_identical(game: Game, tmp_path) -> None:
    path = tmp_path / "game.json"
    game.save(path)
    again = Game.load(path, title=game.title.path)  # a fixture title: by folder, as --title PATH
    assert again.state_hash() == game.state_hash()
    assert again.log == game.log


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_run_to_the_bank_breaking(seed, tmp_path):
    game = play(seed)
    state = game.state
    assert state.end_reason == "the bank is broken"
    assert state.phase == "4"
    assert any(t.owner == "@scrapped" for t in state.trains.values())  # the 2s rusted
    assert state.board.laid()  # track was laid
    assert game.check_invariants() == []
    save_load_identical(game, tmp_path)


@pytest.mark.slow
def test_random_game_ends_on_a_bankruptcy(tmp_path):
    game = play(3, TIGHT)
    assert game.state.end_reason == "ann is bankrupt"
    assert game.check_invariants() == []
    save_load_identical(game, tmp_path)


@pytest.mark.slow
def test_random_game_goes_on_after_a_player_leaves_bankrupt(tmp_path):
    game = play(3, LEAVES)
    state = game.state
    assert [p.bankrupt for p in state.players] == [True, False, False]
    assert state.end_reason == "the bank is broken"
    assert game.check_invariants() == []
    save_load_identical(game, tmp_path)


@pytest.mark.slow
def test_the_example_title_needs_no_python_to_play_to_the_end(tmp_path):
    # seed 3: since the example takes the reference's defaults (no half-price surrender, must
    # buy a train only with a route), seed 1's game ends on a bankruptcy instead
    game = play(3, title=EXAMPLE)
    assert game.state.end_reason == "the bank is broken"
    assert game.check_invariants() == []
    save_load_identical(game, tmp_path)
