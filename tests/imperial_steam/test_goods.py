"""Main action 5 (Buy or order goods) and the Shipment market."""

from __future__ import annotations

import pytest

from railyard.framework.core.errors import IllegalAction
from railyard.titles.imperial_steam.hooks.actions import BuyGood, EndTurn, OrderGoods, Pass

from .helpers import in_round_one


def _room(state, pid="A"):
    state.players[pid].goods = {"wood": 0, "stone": 0, "iron": 0, "coal": 0}


def test_buy_takes_the_topmost_cube_at_its_row_price():
    rules, state = in_round_one(4)
    _room(state)
    a = state.players["A"]
    rules.apply(state, BuyGood("A", "wood"))  # 6 cubes: the top one sits on the 10 row
    assert a.cash == 130 and a.goods["wood"] == 1 and state.market["wood"] == 5
    rules.apply(state, EndTurn("A"))
    rules.apply(state, BuyGood("B", "wood", ("stone",)))  # the next one down: 10 again
    rules.apply(state, EndTurn("B"))
    rules.apply(state, BuyGood("C", "wood", ("stone",)))  # then the 15 row
    assert [state.players[p].cash for p in "BC"] == [130, 125] and state.market["wood"] == 3


def test_buy_from_an_empty_column_costs_forty_from_the_supply():
    rules, state = in_round_one(4)
    _room(state)
    state.market["iron"] = 0
    supply = state.supply["iron"]
    rules.apply(state, BuyGood("A", "iron"))
    assert state.players["A"].cash == 100 and state.supply["iron"] == supply - 1


def test_buy_with_a_full_store_returns_a_cube():
    rules, state = in_round_one(4)
    rules.apply(state, BuyGood("A", "iron", ("wood",)))
    assert state.players["A"].goods == {"wood": 0, "stone": 1, "iron": 2, "coal": 1}


def test_order_up_to_the_shipment_tile_across_several_actions():
    rules, state = in_round_one(2)  # Round 1's Shipment tile is 2
    a = state.players["A"]
    a.influence = 1  # for the repeat penalty of the second order
    rules.apply(state, OrderGoods("A", ("coal", "coal")))  # 6 cubes at 2 players: 10, then 10
    assert a.cash == 120 - 20 and a.landing["coal"] == 2 and a.ordered == 2
    rules.apply(state, EndTurn("A"))
    rules.apply(state, Pass("B"))
    rules.apply(state, EndTurn("B"))
    with pytest.raises(IllegalAction, match="at most 2 goods"):
        rules.apply(state, OrderGoods("A", ("wood",)))


def test_no_ordering_in_round_eight():
    rules, state = in_round_one(2)
    state.round = 8
    with pytest.raises(IllegalAction, match="Round 8"):
        rules.apply(state, OrderGoods("A", ("wood",)))
