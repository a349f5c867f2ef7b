"""Main action 2 (Hire): columns gated by hub influence, escalating prices, engineers, 15 workers."""

from __future__ import annotations

import pytest

from railyard.framework.core.errors import IllegalAction
from railyard.titles.imperial_steam.hooks.actions import EndTurn, Hire, Pass

from .helpers import in_round_one


def test_hire_prices_escalate_worker_by_worker_and_the_marker_moves_up():
    rules, state = in_round_one(4)
    a = state.players["A"]
    a.influence = 3  # bronze hub at 2, white at 4
    rules.apply(state, Hire("A", "bronze", 3))  # rows 10, 10, 20
    assert a.cash == 140 - 40 and a.training[1] == 5 and state.hubs["bronze"].hire_row == 3
    rules.apply(state, EndTurn("A"))
    for pid in "BCD":
        rules.apply(state, Pass(pid))
        rules.apply(state, EndTurn(pid))
    rules.apply(state, Hire("A", "bronze", 2))  # rows 20, 30
    assert a.cash == 100 - 50


def test_hire_price_caps_at_fifty():
    rules, state = in_round_one(4)
    state.players["A"].influence = 3
    state.hubs["bronze"].hire_row = 7  # 40, then 50, 50
    rules.apply(state, Hire("A", "bronze", 3))
    assert state.players["A"].cash == 140 - 140 and state.hubs["bronze"].hire_row == 8


def test_a_column_above_your_influence_is_closed():
    rules, state = in_round_one(4)
    state.players["A"].influence = 3
    with pytest.raises(IllegalAction, match="white hub's influence is above A's"):
        rules.apply(state, Hire("A", "white", 1))


def test_engineers_cost_thirty_from_any_eligible_hub_one_of_each_type():
    rules, state = in_round_one(4)
    a = state.players["A"]
    a.influence = 2
    rules.apply(state, Hire("A", "bronze", 1, bridge="bronze", tunnel="bronze"))
    assert a.cash == 140 - 10 - 60 and a.bridge and a.tunnel
    assert state.hubs["bronze"].engineers == {"bridge": 0, "tunnel": 0}
    rules.apply(state, EndTurn("A"))
    for pid in "BCD":
        rules.apply(state, Pass(pid))
        rules.apply(state, EndTurn(pid))
    with pytest.raises(IllegalAction, match="at most one Bridge Engineer"):
        rules.apply(state, Hire("A", None, 0, bridge="green"))


def test_at_most_fifteen_workers():
    rules, state = in_round_one(4)
    a = state.players["A"]
    a.influence = 10
    a.cash = 1000
    a.training = {1: 5, 2: 5, 3: 3}
    with pytest.raises(IllegalAction, match="at most 15 workers"):
        rules.apply(state, Hire("A", "bronze", 3))
    rules.apply(state, Hire("A", "bronze", 2))
    assert a.workers == 15
