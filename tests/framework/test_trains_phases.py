"""Train purchases and phases (common 18xx rules; 1837 rules XI and XII as the model)."""

import pytest

from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen import phases, trains
from railyard.framework.eighteen.actions import Pass
from railyard.framework.eighteen.hooks import Hooks
from railyard.framework.eighteen.or_actions import (
    AnswerTrainOffer,
    BuyTrain,
    DiscardTrain,
    SurrenderTrain,
)
from railyard.framework.eighteen.state import SCRAPPED, TRAIN_POOL
from tests.framework.or_helpers import give_train, major, operating, position, step


def at_trains_step(overrides=(), hooks=None, cash=1000):
    """AR (ann 60%, bob 20%) at 90, in its trains step after passing tile and token."""
    rules, state = position(overrides, hooks)
    major(rules, state, "AR", (0, 3), {"ann": 60, "bob": 20}, cash=cash)
    operating(rules, state)
    rules.apply(state, Pass("AR"))
    rules.apply(state, Pass("AR"))
    assert step(state) == ("AR", "trains")
    return rules, state


def test_xi_new_trains_are_sold_in_order():
    rules, state = at_trains_step()
    assert trains.depot_offers(rules, state) == ["2#1"]
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, BuyTrain("AR", "3#1", 180))
    assert refused.value.rule == "rule:trains.order"
    rules.apply(state, BuyTrain("AR", "2#1", 80))
    assert state.companies["AR"].trains == ["2#1"]
    assert state.companies["AR"].cash == 1000 - 80
    assert trains.depot_offers(rules, state) == ["2#2"]


def test_xi_more_than_one_purchase_per_turn_and_the_next_name_after_a_sell_out():
    rules, state = at_trains_step(cash=2000)
    for n in range(1, 5):
        rules.apply(state, BuyTrain("AR", f"2#{n}", 80))
    assert len(state.companies["AR"].trains) == 4
    # limit 4 in phase 2: the fifth is refused
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, BuyTrain("AR", "2#5", 80))
    assert refused.value.rule == "rule:trains.limit"


def test_xii_first_3_starts_phase_3_with_two_operating_rounds():
    rules, state = at_trains_step()
    for _ in range(5):
        give_train(rules, state, "CR", "2")  # the 2s are sold out
    assert state.phase == "2"
    rules.apply(state, BuyTrain("AR", "3#1", 180))
    assert state.phase == "3"
    assert state.operating_rounds_in_set == 2
    assert phases.tile_colors(rules, state) == ("yellow", "green")


def test_xii_operating_rounds_from_next_set_wait_for_the_next_set():
    rules, state = at_trains_step(("phases.3.operating_rounds_from=next_set",))
    for _ in range(5):
        give_train(rules, state, "CR", "2")
    rules.apply(state, BuyTrain("AR", "3#1", 180))
    assert state.phase == "3"
    assert state.operating_rounds_in_set == 1


def test_xii_first_4_scraps_every_2_and_lowers_the_limit_the_company_chooses_its_discard():
    rules, state = at_trains_step(cash=3000)
    mine = [give_train(rules, state, "AR", "2")]
    pooled = give_train(rules, state, "CR", "2")
    trains.to_pool(state, pooled)
    for _ in range(3):
        give_train(rules, state, "ER", "2")
    threes = [give_train(rules, state, "AR", "3") for _ in range(2)]
    give_train(rules, state, "ER", "3")
    assert state.phase == "3"
    rules.apply(state, BuyTrain("AR", "4#1", 300))
    assert state.phase == "4"
    assert all(state.trains[t].owner == SCRAPPED for t in mine + [pooled])
    assert state.companies["AR"].trains == threes + ["4#1"]
    # limit 3 in phase 4: AR (3 trains) is fine, a company with 4 must discard
    assert trains.over_limit(rules, state) == []
    for _ in range(3):
        give_train(rules, state, "CR", "5E")
    state.companies["CR"].trains.append(threes[0])
    state.companies["AR"].trains.remove(threes[0])
    state.trains[threes[0]].owner = "CR"
    assert trains.over_limit(rules, state) == ["CR"]


def test_xi_over_the_limit_after_a_phase_change_the_company_discards_to_the_pool():
    rules, state = at_trains_step(cash=3000)
    for _ in range(5):
        give_train(rules, state, "ER", "2")
    for _ in range(3):
        give_train(rules, state, "AR", "3")
    give_train(rules, state, "CR", "5E")  # not in order, but a 4th train for AR comes below
    state.companies["CR"].trains.clear()
    tid = "5E#1"
    state.trains[tid].owner = "AR"
    state.companies["AR"].trains.append(tid)
    assert len(state.companies["AR"].trains) == 4
    # the 4 would be a fifth train: surrender one first (half price)
    with pytest.raises(IllegalAction):
        rules.apply(state, BuyTrain("AR", "4#1", 300))
    rules.apply(state, SurrenderTrain("AR", "3#1"))
    assert state.companies["AR"].cash == 3000 - 90
    assert state.trains["3#1"].owner == TRAIN_POOL
    rules.apply(state, BuyTrain("AR", "4#1", 300))
    # phase 4: limit 3 and AR holds 4 (3#2, 3#3, 5E#1, 4#1): it must discard first
    assert state.phase == "4"
    assert rules.active_entities(state) == ("AR",)
    assert {type(a) for a in rules.legal_actions(state)} == {DiscardTrain}
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, Pass("AR"))
    assert refused.value.rule == "rule:trains.discard"
    rules.apply(state, DiscardTrain("AR", "3#2"))
    assert state.companies["AR"].trains == ["3#3", "5E#1", "4#1"]
    assert state.trains["3#2"].owner == TRAIN_POOL
    assert state.companies["AR"].cash == 3000 - 90 - 300


def test_xi_voluntary_surrender_only_at_the_limit():
    rules, state = at_trains_step()
    rules.apply(state, BuyTrain("AR", "2#1", 80))
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, SurrenderTrain("AR", "2#1"))
    assert refused.value.rule == "rule:trains.surrender"


def test_xi_pool_trains_sell_at_full_price():
    rules, state = at_trains_step()
    for _ in range(5):
        give_train(rules, state, "ER", "2")
    give_train(rules, state, "ER", "3")
    trains.to_pool(state, "2#3")
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, BuyTrain("AR", "2#3", 40))
    assert refused.value.rule == "rule:trains.price"
    rules.apply(state, BuyTrain("AR", "2#3", 80))
    assert state.companies["AR"].cash == 920
    assert "2#3" not in state.depot.pool


FROM_COMPANIES = ("phases.3.buy_from_companies=true",)


def test_xi_trains_from_companies_only_from_phase_3_at_any_price_of_at_least_1():
    rules, state = at_trains_step(FROM_COMPANIES)
    major(rules, state, "CR", (0, 4), {"ann": 60}, cash=0)
    give_train(rules, state, "CR", "2")
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, BuyTrain("AR", "2#1", 1))
    assert refused.value.rule == "rule:trains.from_companies"
    for _ in range(4):
        give_train(rules, state, "ER", "2")
    give_train(rules, state, "ER", "3")
    assert state.phase == "3"
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, BuyTrain("AR", "2#1", 0))
    assert refused.value.rule == "rule:trains.price"
    assert BuyTrain("AR", "2#1", 1) in rules.legal_actions(state, "AR")
    rules.apply(state, BuyTrain("AR", "2#1", 1))
    assert state.companies["CR"].cash == 1
    assert state.companies["AR"].cash == 999


def test_available_on_puts_a_later_train_on_sale_early():
    rules, state = at_trains_step(('trains.5E.available_on="3"',))
    for _ in range(5):
        give_train(rules, state, "ER", "2")
    assert trains.depot_offers(rules, state) == ["3#1"]
    rules.apply(state, BuyTrain("AR", "3#1", 180))
    assert trains.depot_offers(rules, state) == ["3#2", "5E#1"]


def test_an_unlimited_train_never_sells_out():
    rules, state = at_trains_step(cash=5000)
    for name, n in (("2", 5), ("3", 3), ("4", 2)):
        for _ in range(n):
            give_train(rules, state, "ER", name)
            trains.to_pool(state, state.companies["ER"].trains[-1])
    assert trains.depot_offers(rules, state) == ["5E#1"]
    rules.apply(state, BuyTrain("AR", "5E#1", 500))
    rules.apply(state, BuyTrain("AR", "5E#2", 500))
    assert trains.depot_offers(rules, state) == ["5E#3"]
    assert rules.invariants(state) == []


def test_train_kinds_of_the_type_limit_what_a_company_may_own():
    rules, state = position(("company_types.major.train_kinds=[express]",))
    major(rules, state, "AR", (0, 3), {"ann": 60}, cash=1000)
    with pytest.raises(IllegalAction) as refused:
        trains.check_buy(rules, state, BuyTrain("AR", "2#1", 80))
    assert refused.value.rule == "rule:trains.kind"
    assert trains.offers(rules, state, "AR") == []


class Recording(Hooks):
    def on_event(self, name, state):
        state.extra.setdefault("events", []).append(name)
        return [f"event {name}"]

    def train_limit(self, state, company_id, default):
        return 1 if company_id == "AR" else default


def test_phase_events_reach_the_hooks_and_the_train_limit_hook_decides():
    rules, state = at_trains_step(('phases.4.events=["close_privates"]',), hooks=Recording, cash=3000)
    rules.apply(state, BuyTrain("AR", "2#1", 80))
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, BuyTrain("AR", "2#2", 80))
    assert refused.value.rule == "rule:trains.limit"
    for _ in range(4):
        give_train(rules, state, "ER", "2")
    for _ in range(3):
        give_train(rules, state, "CR", "3")
    lines = phases.on_first_purchase(rules, state, "4")
    assert state.phase == "4"
    assert state.extra["events"] == ["close_privates"]
    assert "event close_privates" in lines


def test_privates_close_on_their_phase():
    rules, state = at_trains_step(('companies.P1.closes_on_phase="3"',))
    for _ in range(5):
        give_train(rules, state, "ER", "2")
    assert not state.companies["P1"].closed
    rules.apply(state, BuyTrain("AR", "3#1", 180))
    assert state.companies["P1"].closed


def test_xi_a_train_of_another_player_s_company_needs_its_director_s_consent():
    rules, state = at_trains_step(FROM_COMPANIES)
    major(rules, state, "CR", (0, 4), {"bob": 60}, cash=0)
    give_train(rules, state, "CR", "2")
    for _ in range(4):
        give_train(rules, state, "ER", "2")
    give_train(rules, state, "ER", "3")
    assert BuyTrain("AR", "2#1", 50) not in rules.legal_actions(state)  # 1, 80, all its cash
    lines = rules.apply(state, BuyTrain("AR", "2#1", 50))
    assert lines == ["AR offers 50 for train 2#1 of CR"]
    assert rules.active_entities(state) == ("bob",)
    assert rules.legal_actions(state) == [AnswerTrainOffer("bob", True), AnswerTrainOffer("bob", False)]
    rules.apply(state, AnswerTrainOffer("bob", False))
    assert state.trains["2#1"].owner == "CR"
    assert rules.active_entities(state) == ("AR",)
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, BuyTrain("AR", "2#1", 60))
    assert refused.value.rule == "rule:trains.offer"
    state.round.declined.clear()
    rules.apply(state, BuyTrain("AR", "2#1", 60))
    rules.apply(state, AnswerTrainOffer("bob", True))
    assert state.trains["2#1"].owner == "AR"
    assert (state.companies["AR"].cash, state.companies["CR"].cash) == (940, 60)


def test_trains_between_players_never_by_option():
    rules, state = at_trains_step((*FROM_COMPANIES, "setup.operating_round={trains_between_players: never}"))
    major(rules, state, "CR", (0, 4), {"bob": 60}, cash=0)
    give_train(rules, state, "CR", "2")
    for _ in range(4):
        give_train(rules, state, "ER", "2")
    give_train(rules, state, "ER", "3")
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, BuyTrain("AR", "2#1", 50))
    assert refused.value.rule == "rule:trains.from_companies"
