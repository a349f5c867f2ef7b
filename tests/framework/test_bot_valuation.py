"""The strong bot's valuation (issue 20, point 2): net worth plus what holdings earn over the
rounds left, scored against the rivals; and the late-game sale it leads to.

Positions on packetrail (tests/framework/g18_helpers.py): AR started at 100 (market cell
(0, 4); a sale moves it to (1, 4) = 90), ann its director with 40%, bob 30%.
"""

from __future__ import annotations

import random

from railyard.framework.bots import valuation
from railyard.framework.bots.strong import StrongBot, StrongParams
from railyard.framework.core.actions import tag_of
from tests.framework.g18_helpers import give, started, stock_position


def _position(bob_cash: int = 400):
    rules, state = stock_position(priority=1)  # bob to move
    give(state, "ann", "AR", 40, director=True)
    give(state, "bob", "AR", 30)
    started(rules, state, "AR", (0, 4))
    spare = state.player("bob").cash - bob_cash
    state.player("bob").cash -= spare  # into the bank: money stays conserved
    state.bank += spare
    assert rules.invariants(state) == []
    return rules, state


def test_the_horizon_is_the_banks_cash_over_a_rounds_runs_between_one_round_and_the_cap() -> None:
    assert valuation.horizon(1000, {"AR": 100.0, "CR": 150.0}, cap=6.0) == 4.0
    assert valuation.horizon(5000, {"AR": 100.0, "CR": 150.0}, cap=6.0) == 6.0
    assert valuation.horizon(100, {"AR": 100.0, "CR": 150.0}, cap=6.0) == 1.0
    assert valuation.horizon(100, {}, cap=6.0) == 6.0  # nothing runs yet: the longest horizon


def test_a_players_value_is_net_worth_plus_percent_of_each_earning_times_the_horizon() -> None:
    rules, state = _position()
    assert dict(rules.standings(state)) == {"ann": 800, "bob": 700, "cy": 400}
    values = valuation.player_values(rules, state, {"AR": 100.0}, rounds=3.0)
    assert values == {"ann": 800 + 0.4 * 100 * 3, "bob": 700 + 0.3 * 100 * 3, "cy": 400.0}


def test_the_rank_score_weighs_the_best_rival_against_the_mean_one() -> None:
    values = {"ann": 920.0, "bob": 790.0, "cy": 400.0}
    assert valuation.rank_score(values, "bob", rival_weight=1.0) == 790 - 920
    assert valuation.rank_score(values, "bob", rival_weight=0.0) == 790 - 660
    assert valuation.rank_score(values, "bob", rival_weight=0.5) == 790 - (0.5 * 920 + 0.5 * 660)


def _bobs_choice(horizon_cap: float):
    rules, state = _position(bob_cash=50)  # too poor to buy or start anything: greedy passes
    # the sale search (off by default since it measured worse at 1830) turned on
    bot = StrongBot(rules, params=StrongParams(rival_weight=1.0, margin=0.0, horizon_cap=horizon_cap,
                                               sales=True))
    bot._earnings = lambda _state: {"AR": 100.0}  # type: ignore[method-assign]
    legal = rules.legal_actions(state, "bob")
    return bot.choose(state, legal, random.Random(1))


def test_with_one_round_left_strong_sells_the_leaders_company_and_with_six_it_holds() -> None:
    # one round left: the drop to 90 takes 40 from ann (the leader, 40%); selling 10% costs bob
    # 10 of dividends and 20 on the 20% he keeps, selling 30% costs 30 of dividends: +10 against
    # the leader either way, and the smaller block wins the tie. With six rounds a 10% sale
    # gives up 60 of dividends and bob passes, as greedy does.
    sale = _bobs_choice(horizon_cap=1.0)
    assert tag_of(sale) == "sell_shares" and sale.company == "AR" and sale.percent == 10
    assert tag_of(_bobs_choice(horizon_cap=6.0)) == "pass"


def test_a_director_owes_the_next_trains_price_less_the_treasury_when_no_train_will_last() -> None:
    assert valuation.train_liability(company_cash=200, owns_lasting_train=False, train_price=470) == 270
    assert valuation.train_liability(company_cash=600, owns_lasting_train=False, train_price=470) == 0
    assert valuation.train_liability(company_cash=0, owns_lasting_train=True, train_price=470) == 0
    assert valuation.train_liability(company_cash=0, owns_lasting_train=False, train_price=None) == 0


def test_the_liability_is_taken_from_whoever_directs_the_company() -> None:
    rules, state = _position()
    values = valuation.player_values(rules, state, {}, rounds=1.0, liabilities={"AR": 270.0})
    assert values == {"ann": 800 - 270, "bob": 700.0, "cy": 400.0}


def test_without_the_sale_search_strong_holds_even_with_one_round_left() -> None:
    # the default where the start packet sells privates alone (this test title's packet sells
    # minors, where sales are searched: switched off here): the same position as above, the
    # same one round left
    rules, state = _position(bob_cash=50)
    bot = StrongBot(rules, params=StrongParams(rival_weight=1.0, margin=0.0, horizon_cap=1.0, sales=False))
    bot._earnings = lambda _state: {"AR": 100.0}  # type: ignore[method-assign]
    assert tag_of(bot.choose(state, rules.legal_actions(state, "bob"), random.Random(1))) == "pass"
