"""Random legal play through start packet and stock rounds (and whatever rounds follow),
checking after every action: invariants, save -> load, undo -> redo, and that random wrong
actions are refused with a named rule and leave the state unchanged."""

import random

import pytest

from railyard.framework.core.errors import IllegalAction
from railyard.framework.core.game import Game
from railyard.framework.eighteen.actions import Bid, BuyItem, BuyShares, Par, Pass, SellShares
from tests.framework.g18_helpers import TITLE

COMPANIES = ("AR", "CR", "ER", "P1", "P2", "M1", "XX")


def random_action(rng: random.Random, players: tuple[str, ...]):
    who = rng.choice(players + ("nobody",))
    company = rng.choice(COMPANIES)
    price = rng.choice((-10, 0, 5, 20, 60, 70, 75, 80, 100, 10_000))
    return rng.choice(
        (
            Pass(who),
            Bid(who, company, price),
            BuyItem(who, company, price),
            Par(who, company, price),
            BuyShares(who, company, rng.choice(("ipo", "pool", "attic"))),
            SellShares(who, company, rng.choice((-10, 0, 10, 20, 30, 100))),
        )
    )


def director_holds_most(state) -> list[str]:
    """The stock rules keep the director at least level with every other player."""
    problems = []
    for cid, company in state.companies.items():
        director = state.director(cid)
        if company.kind != "corporation" or director is None:
            continue
        top = max(state.percent_held(p.id, cid) for p in state.players)
        if state.percent_held(director, cid) < top:
            problems.append(f"{cid}: director {director} holds less than {top}%")
    return problems


def play(
    seed: int, variant: str | None, steps: int, players=("ann", "bob", "cy"), overrides=()
) -> Game:
    game = Game(str(TITLE), players, seed, variant, overrides, debug=True)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over():
            break
        before = game.state_hash()
        active = game.active_entities()
        # a wrong action: refused with a rule, state unchanged
        wrong = random_action(rng, game.players)
        try:
            game.process(wrong)
        except IllegalAction as error:
            assert error.rule and error.message
            assert game.state_hash() == before
            if wrong.entity not in active:
                assert error.rule == "rule:turn_order"
        else:
            assert wrong.entity in active
            game.undo()
            assert game.state_hash() == before
        legal = game.legal_actions()
        assert legal, f"nobody can act in {game.state.round}"
        # lean toward buying (but not all-in bids) so that companies float and prices move
        cash = {p.id: p.cash for p in game.state.players}
        buys = [
            a
            for a in legal
            if not isinstance(a, Pass) and not (isinstance(a, Bid) and a.price == cash[a.entity])
        ]
        action = rng.choice(buys) if buys and rng.random() < 0.6 else rng.choice(legal)
        game.process(action)
        assert director_holds_most(game.state) == []
        after = game.state_hash()
        game.undo()
        assert game.state_hash() == before
        game.redo()
        assert game.state_hash() == after
    return game


@pytest.mark.parametrize("variant", [None, "fixed_price"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_legal_play_keeps_every_invariant(seed, variant, tmp_path):
    game = play(seed, variant, 120)
    assert game.check_invariants() == []
    path = tmp_path / "game.json"
    game.save(path)
    again = Game.load(path, title=TITLE)
    assert again.state_hash() == game.state_hash()
    assert again.log == game.log


def test_random_play_with_rich_players_floats_trades_and_keeps_invariants():
    game = play(11, None, 200, ("a", "b", "c", "d"), ("setup.players.4.cash=1500", "setup.bank=40000"))
    assert game.check_invariants() == []
    assert game.state.round.kind != "auction"
    floated = [c for c in game.state.companies.values() if c.kind == "corporation" and c.floated]
    assert floated, "random play never floated a corporation"
    assert any(" sells " in line for line in game.log), "random play never sold a share"


@pytest.mark.parametrize("seed", [4, 5])
def test_random_whole_games_end_and_replay_identically(seed, tmp_path):
    """Whole games (start packet to game end) through the registered operating round: every
    invariant after every action; every 25th action undone and redone; a wrong action every
    10th; the saved game replays to the same hash."""
    game = Game(str(TITLE), ("ann", "bob", "cy"), seed, debug=True)
    rng = random.Random(seed)
    while not game.is_over() and len(game.actions) < 4000:
        legal = game.legal_actions()
        assert legal, f"nobody can act in {game.state.round}"
        moves = [a for a in legal if not isinstance(a, Pass)]
        action = rng.choice(moves) if moves and rng.random() < 0.7 else rng.choice(legal)
        if len(game.actions) % 10 == 0:
            before = game.state_hash()
            wrong = random_action(rng, game.players)
            try:
                game.process(wrong)
            except IllegalAction as error:
                assert error.rule and game.state_hash() == before
            else:
                game.undo()
                assert game.state_hash() == before
        game.process(action)
        assert director_holds_most(game.state) == []
        if len(game.actions) % 25 == 0:
            after = game.state_hash()
            game.undo()
            game.redo()
            assert game.state_hash() == after
    assert game.is_over(), "random play did not finish the game"
    assert game.state.end_reason
    table = game.standings()
    assert [p for p, _ in table] and table == sorted(table, key=lambda pw: -pw[1])
    path = tmp_path / "whole.json"
    game.save(path)
    assert Game.load(path, title=TITLE).state_hash() == game.state_hash()
