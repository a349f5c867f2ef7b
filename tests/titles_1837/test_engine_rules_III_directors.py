"""Rule III: directors of the major corporations, on 1837 positions (BK started at 91K and
operated once; the second stock round, A to act)."""

from __future__ import annotations

from railyard.framework.eighteen.actions import BuyShares, Pass, SellShares
from railyard.framework.eighteen.state import POOL

from .positions import players_cash, second_stock_round
from .rules_helpers import no_problems, refusal


def _director_cert(game, company: str = "BK"):
    return next(c for c in game.state.companies[company].certificates if c.director)


def test_III_shares_in_major_corporations_may_be_sold():
    game = second_stock_round({"B": 30, "C": 20})
    game.process(Pass("A"))
    game.process(SellShares("B", "BK", 10))
    assert players_cash(game.state)["B"] == 282 + 87
    assert game.state.percent_held(POOL, "BK") == 10


def test_III_the_director_changes_only_when_another_player_holds_more():
    game = second_stock_round({"B": 30, "C": 20})
    state = game.state
    game.process(Pass("A"))
    game.process(Pass("B"))
    game.process(BuyShares("C", "BK", "ipo"))  # C 30%, B 30%: equal, no change
    assert state.director("BK") == "B"
    for player in ("D", "A", "B"):
        game.process(Pass(player))
    game.process(BuyShares("C", "BK", "ipo"))  # C 40% > B 30%
    assert state.director("BK") == "C"
    # the old director swaps the 20% certificate for the same percentage in ordinary shares
    assert _director_cert(game).owner == "C"
    assert [c.percent for c in state.certs_held("B", "BK")] == [10, 10, 10]
    assert state.percent_held("C", "BK") == 40 and len(state.certs_held("C", "BK")) == 3
    no_problems(game)


def test_III_on_a_tie_the_first_player_left_of_the_old_director_takes_over():
    game = second_stock_round({"C": 40, "B": 20, "D": 20})  # C directs; B and D hold 20%
    game.process(Pass("A"))
    game.process(Pass("B"))
    game.process(SellShares("C", "BK", 30))  # C keeps 10%: B and D tie with 20%
    assert game.state.director("BK") == "D"  # D sits to C's left, B only after A
    assert _director_cert(game).owner == "D"
    assert game.state.percent_held("C", "BK") == 10 and game.state.percent_held(POOL, "BK") == 30
    no_problems(game)


def test_III_the_director_gives_up_only_if_another_holds_20_percent():
    game = second_stock_round({"B": 40, "C": 10})
    game.process(Pass("A"))
    # C holds 10%: B cannot sell below C, and the director's certificate stays with B
    assert refusal(game, SellShares("B", "BK", 30)).rule == "rule:stock_round.director_certificate"
    assert refusal(game, SellShares("B", "BK", 40)).rule == "rule:stock_round.director_certificate"
    game.process(Pass("B"))
    game.process(BuyShares("C", "BK", "ipo"))  # C now holds 20%
    game.process(Pass("D"))
    game.process(Pass("A"))
    game.process(SellShares("B", "BK", 30))  # B keeps 10% < C's 20%: C takes over
    state = game.state
    assert state.director("BK") == "C" and _director_cert(game).owner == "C"
    assert state.percent_held("B", "BK") == 10 and state.percent_held(POOL, "BK") == 30
    no_problems(game)
