"""Free action: deliver a good (demands, Factory board payout, City Keys, hub growth)."""

from __future__ import annotations

import pytest

from railyard.framework.core.errors import IllegalAction
from railyard.titles.imperial_steam.hooks.actions import Deliver, EndTurn, Fundraise, Pass
from railyard.titles.imperial_steam.hooks.state import Factory

from .helpers import connect, in_round_one


def _factories(state, pid, *specs):
    p = state.players[pid]
    for site, good, goods in specs:
        index = len([f for f in p.factories if f.site == site])
        p.factories.append(Factory(f"{site}#{index}", site, good, 1, goods))
        state.factories_bought[good] += 1
        state.supply[good] -= goods
        state.sites[site].factories[index] = pid


def test_deliver_spends_a_coal_and_pays_the_rightmost_empty_space():
    rules, state = in_round_one(4)
    connect(state, "A", "WIE-BAD", "BAD-WNS")
    _factories(state, "A", ("BAD", "wood", 2))
    a = state.players["A"]
    rules.apply(state, Deliver("A", "BAD#0", "WNS", 0))  # bronze hub demands wood first
    assert a.cash == 140 + 45  # 1 wood factory bought: 50 steps down to 45
    assert a.goods["coal"] == 0 and a.factories[0].goods == 1
    assert state.sites["WNS"].demands[0] == "A"
    assert state.hubs["bronze"].influence == 2 + 1  # growth tile G1: first cube +1
    assert rules.invariants(state) == []


def test_deliver_once_per_turn_and_only_to_a_matching_empty_demand():
    rules, state = in_round_one(4)
    connect(state, "A", "WIE-BAD", "BAD-WNS")
    _factories(state, "A", ("BAD", "wood", 2))
    a = state.players["A"]
    a.goods["coal"] = 2
    with pytest.raises(IllegalAction, match="wants stone"):
        rules.apply(state, Deliver("A", "BAD#0", "WNS", 1))
    rules.apply(state, Deliver("A", "BAD#0", "WNS", 0))
    with pytest.raises(IllegalAction, match="one delivery per turn"):
        rules.apply(state, Deliver("A", "BAD#0", "WNS", 0))
    rules.apply(state, Fundraise("A"))
    rules.apply(state, EndTurn("A"))
    for pid in "BCD":
        rules.apply(state, Pass(pid))
        rules.apply(state, EndTurn(pid))
    with pytest.raises(IllegalAction, match="filled"):
        rules.apply(state, Deliver("A", "BAD#0", "WNS", 0))


def test_coal_to_a_hub_takes_the_gold_key_then_the_silver_and_never_both():
    rules, state = in_round_one(4)
    for pid in "AB":
        connect(state, pid, "WIE-WNS")
    state.players["A"].factories.append(Factory("KOF#0", "KOF", "coal", 1, 2))
    state.players["B"].factories.append(Factory("KOF#1", "KOF", "coal", 1, 1))
    state.factories_bought["coal"] = 2
    state.supply["coal"] -= 3
    state.sites["KOF"].factories = ["A", "B"]
    a, b = state.players["A"], state.players["B"]
    rules.apply(state, Deliver("A", "KOF#0", "WNS", 3))
    assert a.keys == ["bronze:gold"] and a.cash == 140  # a key instead of money
    rules.apply(state, Fundraise("A"))
    rules.apply(state, EndTurn("A"))
    rules.apply(state, Deliver("B", "KOF#1", "WNS", 4))
    assert b.keys == ["bronze:silver"] and state.hubs["bronze"].influence == 2 + 1 + 1
    rules.apply(state, Pass("B"))
    rules.apply(state, EndTurn("B"))
    for pid in "CD":
        rules.apply(state, Pass(pid))
        rules.apply(state, EndTurn(pid))
    state.sites["WNS"].demands[4] = None  # even with a coal demand open again
    a.goods["coal"] = 1
    with pytest.raises(IllegalAction, match="both bronze keys"):
        rules.apply(state, Deliver("A", "KOF#0", "WNS", 4))


def test_deliver_needs_the_city_in_the_network_and_a_coal_in_storage():
    rules, state = in_round_one(4)
    _factories(state, "A", ("BAD", "wood", 2))
    with pytest.raises(IllegalAction, match="not connected"):
        rules.apply(state, Deliver("A", "BAD#0", "WNS", 0))
    connect(state, "A", "WIE-WNS")
    state.players["A"].goods["coal"] = 0
    with pytest.raises(IllegalAction, match="needs 1 coal"):
        rules.apply(state, Deliver("A", "BAD#0", "WNS", 0))


def test_regular_cities_carry_demands_at_three_and_four_players_only():
    rules, state = in_round_one(4)
    connect(state, "A", "WIE-BAD")
    _factories(state, "A", ("GLO", "stone", 1))
    rules.apply(state, Deliver("A", "GLO#0", "BAD", 0))  # Baden demands stone
    assert state.players["A"].cash == 140 + 55
    rules2, state2 = in_round_one(2)
    assert state2.sites["BAD"].demands == []
