"""Main action 6 (Buy or upgrade a train) and the Round track."""

from __future__ import annotations

import pytest

from railyard.framework.core.errors import IllegalAction
from railyard.titles.imperial_steam.hooks.actions import BuyTrain, UpgradeTrain
from railyard.titles.imperial_steam.hooks.rounds import begin_actions
from railyard.titles.imperial_steam.hooks.state import Train

from .helpers import in_round_one


def test_buy_an_engine_with_its_freight_cars_and_a_free_coal():
    rules, state = in_round_one(4)
    a = state.players["A"]
    rules.apply(state, BuyTrain("A", "IS-4"))
    assert a.cash == 100 and a.trains[1] == Train("IS-4", 4) and a.goods["coal"] == 2
    assert state.engines_track["IS-4"] == 3 and state.car_supply == 70 - 12 - 4
    assert rules.invariants(state) == []


def test_only_engines_at_or_left_of_the_current_round():
    rules, state = in_round_one(4)
    with pytest.raises(IllegalAction, match="IS-5 is not available"):
        rules.apply(state, BuyTrain("A", "IS-5"))


def test_engines_with_influence_and_the_three_train_limit():
    rules, state = in_round_one(4)
    state.round = 5
    a = state.players["A"]
    a.cash = 500
    rules.apply(state, BuyTrain("A", "IS-8"))
    assert a.influence == 3
    state.main_done = False
    a.placed = {}
    a.trains.append(Train("IS-4", 4))
    with pytest.raises(IllegalAction, match="fewer than 3 trains"):
        rules.apply(state, BuyTrain("A", "IS-6"))


def test_upgrade_pays_the_difference_adds_cars_and_keeps_the_coal():
    rules, state = in_round_one(4)
    state.round = 3
    begin_actions(rules.data, state)
    a = state.players["A"]
    a.trains[0].passenger, a.trains[0].freight = 1, 2
    rules.apply(state, UpgradeTrain("A", 0, "IS-6"))
    assert a.cash == 110 and a.trains[0] == Train("IS-6", 5, 1, 0)
    assert a.goods["coal"] == 1 and a.influence == 1
    assert state.engines_box["IS-3"] == 1
    assert rules.invariants(state) == []


def test_upgrade_must_raise_the_level():
    rules, state = in_round_one(4)
    state.players["A"].trains[0].engine = "IS-4"
    with pytest.raises(IllegalAction, match="no upgrade"):
        rules.apply(state, UpgradeTrain("A", 0, "IS-4"))
