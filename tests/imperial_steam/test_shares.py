"""Main actions 8-11 (Philanthropize, Manipulate share value, Fundraise, Pass) and Sell a share."""

from __future__ import annotations

import pytest

from railyard.framework.core.errors import IllegalAction
from railyard.titles.imperial_steam.hooks.actions import (
    EndTurn,
    Fundraise,
    ManipulateShare,
    Pass,
    Philanthropize,
    SellShare,
)

from .helpers import in_round_one


def test_philanthropize_one_step_per_ten_guldens():
    rules, state = in_round_one(4)
    rules.apply(state, Philanthropize("A", 30))
    assert (state.players["A"].cash, state.players["A"].influence) == (110, 3)


def test_philanthropize_takes_multiples_of_ten_only():
    rules, state = in_round_one(4)
    with pytest.raises(IllegalAction, match="multiple of 10"):
        rules.apply(state, Philanthropize("A", 25))


def test_share_value_up_one_step_pays_the_influence_printed_at_the_new_row():
    rules, state = in_round_one(4)
    a = state.players["A"]
    a.influence = 4
    a.share_row = 2  # 90; moving into 130 costs 3
    rules.apply(state, ManipulateShare("A", 1))
    assert (a.share_row, a.influence) == (3, 1)


def test_share_value_up_needs_the_influence():
    rules, state = in_round_one(4)
    with pytest.raises(IllegalAction, match="needs 1 influence"):
        rules.apply(state, ManipulateShare("A", 1))


def test_share_value_down_any_amount_for_free():
    rules, state = in_round_one(4)
    a = state.players["A"]
    a.share_row = 4
    rules.apply(state, ManipulateShare("A", -3))
    assert (a.share_row, a.influence) == (1, 0)


def test_fundraise_and_pass():
    rules, state = in_round_one(4)
    rules.apply(state, Fundraise("A"))
    rules.apply(state, EndTurn("A"))
    rules.apply(state, Pass("B"))
    assert state.players["A"].cash == 150 and state.players["B"].cash == 140


def test_sell_a_share_to_the_topmost_investor_at_or_above_the_share_value():
    rules, state = in_round_one(4)
    a = state.players["A"]
    a.investors = [1, 0, 1, 0, 0, 0]
    state.investor_supply -= 1
    a.share_row = 1  # 60
    rules.apply(state, SellShare("A"))
    assert a.cash == 200 and a.investors == [1, 0, 0, 0, 0, 0] and a.shareholders == 1
    with pytest.raises(IllegalAction, match="no Investor"):
        rules.apply(state, SellShare("A"))  # the 40 investor will not pay 60
    assert state.main_done is False  # free actions
    assert rules.invariants(state) == []


def test_one_main_action_per_turn_then_end_turn():
    rules, state = in_round_one(4)
    rules.apply(state, Fundraise("A"))
    with pytest.raises(IllegalAction, match="one main action per turn"):
        rules.apply(state, Fundraise("A"))
    rules.apply(state, SellShare("A"))  # free actions still allowed after the main action
    rules.apply(state, EndTurn("A"))
    assert state.current == "B"
    with pytest.raises(IllegalAction, match="B's turn"):
        rules.apply(state, Fundraise("A"))
