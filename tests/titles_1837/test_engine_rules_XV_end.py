"""Rule XV: game end and the winner, on 1837 positions."""

from __future__ import annotations

from railyard.framework.eighteen.actions import Pass
from railyard.framework.eighteen.or_actions import Dividend
from railyard.framework.eighteen.state import BANK

from .positions import bk_at_run_step, second_stock_round


def test_XV_the_greatest_net_worth_wins_cash_plus_shares_at_market_price():
    # BK at 87K: B 282K + 30% (261K) = 543K; C 373K + 20% (174K) = 547K; A's minor and
    # mountain railway count nothing: 465K; D holds 555K in cash
    game = second_stock_round({"B": 30, "C": 20})
    assert game.ruleset.standings(game.state) == [("D", 555), ("C", 547), ("B", 543), ("A", 465)]


def test_XV_bank_broken_in_an_operating_round_ends_the_game_after_that_round():
    game = bk_at_run_step(("2",))
    state = game.state
    state.pay(BANK, "D", state.bank - 10)  # the bank holds 10K
    game.process(game.legal_actions()[0])  # 30K
    game.process(Dividend("BK", "payout"))  # 15K to B and C: the bank is broken
    assert state.bank_broken and state.bank == 10 - 15 and not game.is_over()
    game.process(Pass("BK"))  # the last company ends the operating round
    assert game.is_over()
    # payments after the break count ("noted on paper"): B 282 + 9 + 30% of 95K
    assert dict(game.ruleset.standings(state))["B"] == 282 + 9 + 3 * 95
