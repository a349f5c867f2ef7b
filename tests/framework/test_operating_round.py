"""The operating round: order, turns and steps (1837 rule IV as the model)."""

import pytest

from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen.actions import Pass
from railyard.framework.eighteen.hooks import Hooks
from railyard.framework.eighteen.operating_round import operating_order
from railyard.framework.eighteen.or_actions import ChooseHome, Dividend, LayTile
from tests.framework.or_helpers import major, minor, operating, position, step


def four_companies(hooks=None, overrides=()):
    """M1 (minor, order 0) and majors CR at 100, ER at 90 (row 1, further right), AR at 90."""
    rules, state = position(overrides, hooks)
    minor(state, "M1", "cy")
    major(rules, state, "AR", (0, 3), {"ann": 60})
    major(rules, state, "CR", (0, 4), {"bob": 60})
    major(rules, state, "ER", (1, 4), {"cy": 60})
    return rules, state


def test_iv_minors_first_then_majors_by_price_ties_to_the_marker_further_right():
    rules, state = four_companies()
    operating(rules, state)
    assert operating_order(rules, state) == ["M1", "CR", "ER", "AR"]
    assert step(state) == ("M1", "tile")


def test_iv_on_one_cell_the_upper_marker_operates_first():
    rules, state = position()
    major(rules, state, "ER", (0, 3), {"cy": 60})
    major(rules, state, "AR", (0, 3), {"ann": 60})  # arrives underneath ER
    operating(rules, state)
    assert operating_order(rules, state) == ["ER", "AR"]


def test_iv_the_order_is_dynamic_each_company_operates_once():
    rules, state = four_companies()
    operating(rules, state)
    state.place_marker("AR", (0, 6))  # AR's price rises to 120 during M1's turn
    rules.apply(state, Pass("M1"))  # M1 has no money and no trains: its turn ends
    assert step(state)[0] == "AR"
    assert state.round.done == ["M1"]
    assert state.companies["M1"].operated


def test_iv_the_round_ends_when_every_company_has_operated():
    rules, state = position()
    minor(state, "M1", "cy")
    operating(rules, state)
    assert state.round.kind == "operating"
    rules.apply(state, Pass("M1"))
    assert state.round.kind == "stock"  # phase 2: one operating round per set


def test_a_company_floated_during_the_round_waits_for_the_next_one():
    rules, state = position()
    minor(state, "M1", "cy")
    major(rules, state, "AR", (0, 3), {"ann": 60}, operated=False)
    state.companies["AR"].floated = False
    operating(rules, state)
    state.companies["AR"].floated = True  # floats (or forms) during M1's turn
    assert operating_order(rules, state) == ["M1"]
    rules.apply(state, Pass("M1"))
    assert state.round.kind == "stock"


class LateStarters(Hooks):
    def operates_this_round(self, state, company_id):
        return True


def test_the_hook_may_let_a_company_formed_during_the_round_operate():
    rules, state = position(hooks=LateStarters)
    minor(state, "M1", "cy")
    major(rules, state, "AR", (0, 3), {"ann": 60}, operated=False)
    state.companies["AR"].floated = False
    operating(rules, state)
    state.companies["AR"].floated = True
    assert operating_order(rules, state) == ["M1", "AR"]


def test_ii_privates_pay_their_income_at_the_start_of_each_operating_round():
    rules, state = position()
    next(c for c in state.companies["P1"].certificates if c.director).owner = "ann"
    next(c for c in state.companies["P2"].certificates if c.director).owner = "bob"
    lines = operating(rules, state)
    assert (state.player("ann").cash, state.player("bob").cash) == (405, 410)
    assert "ann receives 5 from P1" in lines


def test_vii_the_home_token_goes_down_at_the_start_of_the_first_turn():
    rules, state = position()
    major(rules, state, "ER", (0, 3), {"cy": 60}, operated=False)
    assert state.board.tokens_of("ER") == []
    operating(rules, state)
    assert state.board.tokens_of("ER") == [("C3", 0)]
    assert state.companies["ER"].tokens_left == 1


def test_a_company_with_a_choice_of_homes_chooses_before_laying_track():
    rules, state = position(("companies.ER.home=[C3, A3]",))
    major(rules, state, "ER", (0, 3), {"cy": 60}, operated=False)
    operating(rules, state)
    assert step(state) == ("ER", "home")
    assert rules.legal_actions(state) == [ChooseHome("ER", "C3"), ChooseHome("ER", "A3")]
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, Pass("ER"))
    assert refused.value.rule == "rule:operating_round.home"
    rules.apply(state, ChooseHome("ER", "A3"))
    assert state.board.tokens_of("ER") == [("A3", 0)]
    assert step(state) == ("ER", "tile")


def test_actions_out_of_step_or_out_of_turn_are_refused_by_rule():
    rules, state = four_companies()
    operating(rules, state)
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, Dividend("M1", "split"))
    assert refused.value.rule == "rule:operating_round.step"
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, LayTile("AR", "A3", "57", 1))
    assert refused.value.rule == "rule:turn_order"
    assert rules.active_entities(state) == ("M1",)


def test_a_company_without_a_director_does_not_operate():
    rules, state = four_companies()
    next(c for c in state.companies["ER"].certificates if c.director).owner = "@pool"
    operating(rules, state)
    assert operating_order(rules, state) == ["M1", "CR", "AR"]
