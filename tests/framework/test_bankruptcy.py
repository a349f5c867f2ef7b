"""Forced train purchases, emergency share sales and bankruptcy (1837 rule XI as the model)."""

import pytest

from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen import emergency, trains
from railyard.framework.eighteen.actions import Pass, SellShares
from railyard.framework.eighteen.control import controller_of
from railyard.framework.eighteen.dividends import DEBT_KEY
from railyard.framework.eighteen.or_actions import BuyTrain, DeclareBankruptcy
from railyard.framework.eighteen.state import POOL
from tests.framework.or_helpers import give_train, major, minor, operating, position, step


def stricken(ar_cash, ann_cash, overrides=(), hooks=None, holders=None):
    """AR (ann 30% director, bob 20%, cy 20% unless told) in its trains step without a train."""
    rules, state = position(overrides, hooks)
    major(rules, state, "AR", (0, 3), holders or {"ann": 30, "bob": 20, "cy": 20}, cash=ar_cash)
    state.pay("ann", "@bank", 400 - ann_cash)
    operating(rules, state)
    rules.apply(state, Pass("AR"))
    rules.apply(state, Pass("AR"))
    assert step(state) == ("AR", "trains")
    return rules, state


def test_xi_a_company_that_must_own_a_train_may_not_end_its_turn_without_one():
    rules, state = stricken(100, 400)
    assert Pass("AR") not in rules.legal_actions(state)
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, Pass("AR"))
    assert refused.value.rule == "rule:trains.must_own"


def test_xi_the_director_makes_up_the_difference_and_the_treasury_is_left_empty():
    rules, state = stricken(50, 400)
    assert rules.active_entities(state) == ("AR",)  # ann has the money: no sales needed
    assert rules.legal_actions(state, "AR") == [BuyTrain("AR", "2#1", 80)]
    lines = rules.apply(state, BuyTrain("AR", "2#1", 80))
    assert "ann contributes 30" in lines
    assert (state.companies["AR"].cash, state.player("ann").cash) == (0, 370)
    assert rules.invariants(state) == []


def test_xi_the_director_may_choose_a_dearer_train_than_the_treasury_could_pay_alone():
    rules, state = stricken(100, 400)
    for _ in range(3):
        give_train(rules, state, "ER", "2")
    trains.to_pool(state, give_train(rules, state, "ER", "3"))
    assert rules.legal_actions(state, "AR") == [BuyTrain("AR", "2#4", 80), BuyTrain("AR", "3#1", 180)]
    rules.apply(state, BuyTrain("AR", "3#1", 180))
    assert (state.companies["AR"].cash, state.player("ann").cash) == (0, 320)
    assert trains.help_prices(rules, state, "AR") == []  # help buys one train only
    assert state.operating_round_in_set == 2  # nothing more AR can do: on to the next OR (phase 3)


def test_forced_choice_cheapest_by_option():
    rules, state = stricken(100, 400, ("setup.operating_round={forced_choice: cheapest}",))
    for _ in range(3):
        give_train(rules, state, "ER", "2")
    trains.to_pool(state, give_train(rules, state, "ER", "3"))
    assert rules.legal_actions(state, "AR") == [BuyTrain("AR", "2#4", 80)]
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, BuyTrain("AR", "3#1", 180))
    assert refused.value.rule == "rule:trains.forced_choice"


def test_xi_the_director_sells_shares_first_but_keeps_the_directorship():
    rules, state = stricken(50, 10)
    assert rules.active_entities(state) == ("AR", "ann")
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, BuyTrain("AR", "2#1", 80))
    assert refused.value.rule == "rule:trains.director_cash"
    assert rules.legal_actions(state, "ann") == [SellShares("ann", "AR", 10)]
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, SellShares("ann", "AR", 20))
    assert refused.value.rule == "rule:emergency.directorship"
    rules.apply(state, SellShares("ann", "AR", 10))  # at 80 (90, then left for no revenue)
    assert state.player("ann").cash == 90
    assert state.percent_held(POOL, "AR") == 10
    assert state.companies["AR"].market == (1, 2)  # one sale: down
    assert rules.legal_actions(state, "ann") == []  # enough money now
    rules.apply(state, BuyTrain("AR", "2#1", 80))
    assert (state.companies["AR"].cash, state.player("ann").cash) == (0, 60)
    assert controller_of(state, "AR") == "ann"


def test_xi_bankruptcy_ends_the_game_when_the_title_says_so():
    rules, state = stricken(10, 0, holders={"ann": 20, "bob": 20})
    with pytest.raises(IllegalAction):
        rules.apply(state, SellShares("ann", "AR", 20))
    assert rules.legal_actions(state, "ann") == [DeclareBankruptcy("ann")]
    rules.apply(state, DeclareBankruptcy("ann"))
    assert state.game_over
    assert state.end_reason == "ann is bankrupt"
    assert state.companies["AR"].trains == ["2#1"]
    assert state.companies["AR"].extra[DEBT_KEY] == 70
    assert rules.invariants(state) == []


def test_xi_no_bankruptcy_while_shares_can_be_sold_or_the_money_is_there():
    rules, state = stricken(50, 10)
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, DeclareBankruptcy("ann"))
    assert refused.value.rule == "rule:bankruptcy.can_sell"
    rules, state = stricken(50, 40)
    with pytest.raises(IllegalAction) as refused:
        emergency.check_bankruptcy(rules, state, "AR", DeclareBankruptcy("ann"))
    assert refused.value.rule == "rule:bankruptcy.can_pay"


LEAVES = ("setup.game_end.bankruptcy=player_leaves",)


def test_xi_a_bankrupt_player_leaves_shares_to_the_pool_control_to_the_largest_holder():
    rules, state = position(LEAVES)
    major(rules, state, "AR", (0, 3), {"ann": 20, "bob": 20, "cy": 20}, cash=10)
    major(rules, state, "CR", (1, 1), {"ann": 20, "cy": 10})
    minor(state, "M1", "ann", cash=0)
    state.pay("ann", "@bank", 400)
    state.priority = 2  # cy holds the priority deal: cy wins the tie for AR
    operating(rules, state)
    rules.apply(state, Pass("M1"))  # M1 owns nothing and ends its turn
    assert step(state) == ("AR", "tile")
    rules.apply(state, Pass("AR"))
    rules.apply(state, Pass("AR"))
    rules.apply(state, DeclareBankruptcy("ann"))
    assert not state.game_over
    assert state.player("ann").bankrupt
    assert state.percent_held(POOL, "AR") == 20 and state.percent_held(POOL, "CR") == 20
    assert controller_of(state, "AR") == "cy"
    assert controller_of(state, "CR") == "cy"
    assert state.companies["M1"].closed
    assert state.companies["AR"].extra[DEBT_KEY] == 70
    assert state.companies["AR"].trains == ["2#1"]
    assert rules.invariants(state) == []
    assert state.round.done == ["M1", "AR"]  # AR has nothing left to do; cy runs CR now
    assert step(state)[0] == "CR"
    assert rules.active_entities(state) == ("CR",)


def test_xi_a_helped_purchase_from_another_company_never_above_the_printed_price():
    rules, state = stricken(0, 400, overrides=("phases.3.buy_from_companies=true",))
    major(rules, state, "CR", (0, 4), {"ann": 60})
    give_train(rules, state, "CR", "2")
    for _ in range(4):
        give_train(rules, state, "ER", "2")
    give_train(rules, state, "ER", "3")
    assert state.phase == "3"
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, BuyTrain("AR", "2#1", 81))
    assert refused.value.rule == "rule:trains.forced_choice"
    assert BuyTrain("AR", "2#1", 80) in rules.legal_actions(state, "AR")
    rules.apply(state, BuyTrain("AR", "2#1", 80))
    assert (state.player("ann").cash, state.companies["CR"].cash) == (320, 80)


def test_forced_train_from_depot_a_helped_purchase_takes_only_a_bank_train():
    overrides = ("phases.3.buy_from_companies=true", "setup.operating_round={forced_train_from: depot}")
    rules, state = stricken(0, 400, overrides=overrides)
    major(rules, state, "CR", (0, 4), {"ann": 60})
    give_train(rules, state, "CR", "2")
    for _ in range(4):
        give_train(rules, state, "ER", "2")
    give_train(rules, state, "ER", "3")
    assert not any(b.train == "2#1" for b in rules.legal_actions(state, "AR") if isinstance(b, BuyTrain))
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, BuyTrain("AR", "2#1", 80))
    assert refused.value.rule == "rule:trains.forced_source"
    assert BuyTrain("AR", "3#2", 180) in rules.legal_actions(state, "AR")
