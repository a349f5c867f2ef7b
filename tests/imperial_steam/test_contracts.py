"""Main action 7 (Secure a contract): reserved cars, Investors, no refills; the best fill."""

from __future__ import annotations

import pytest

from railyard.framework.core.errors import IllegalAction
from railyard.titles.imperial_steam.hooks.actions import SecureContract
from railyard.titles.imperial_steam.hooks.contracts import best_fill
from railyard.titles.imperial_steam.hooks.state import Factory

from .helpers import in_round_one


def _card(state, rules, size):
    for deck in state.display.values():
        for card in deck:
            if len(rules.data.contracts[card].factories) == size:
                return card
    raise AssertionError


def test_securing_a_contract_reserves_cars_returns_their_goods_and_takes_investors():
    rules, state = in_round_one(4)
    a = state.players["A"]
    card = _card(state, rules, 2)
    deck = rules.data.contracts[card].deck
    shown = len(state.display[deck])
    rules.apply(state, SecureContract("A", card, ("wood", "stone")))
    assert a.contracts == [card]
    assert (a.trains[0].freight, a.trains[0].reserved) == (1, 2)
    assert a.goods == {"wood": 0, "stone": 0, "iron": 1, "coal": 1}
    assert a.investors == [2, 1, 0, 0, 0, 0]  # the lowest empty spaces
    assert len(state.display[deck]) == shown - 1  # no refill
    assert state.reserved_supply == 33
    assert rules.invariants(state) == []


def test_a_contract_needs_enough_free_freight_cars():
    rules, state = in_round_one(4)
    state.players["A"].trains[0].freight, state.players["A"].trains[0].passenger = 1, 2
    with pytest.raises(IllegalAction, match="free freight cars"):
        rules.apply(state, SecureContract("A", _card(state, rules, 2), ()))


def test_investors_that_do_not_fit_stay_in_the_supply():
    rules, state = in_round_one(4)
    a = state.players["A"]
    a.investors = [2, 2, 2, 2, 2, 1]
    state.investor_supply -= 10
    rules.apply(state, SecureContract("A", _card(state, rules, 2), ("wood", "stone")))
    assert a.investors == [2, 2, 2, 2, 2, 2] and state.investor_supply == 34 - 4 - 10 - 1


def test_best_fill_chooses_the_most_valuable_contracts_the_factories_allow():
    rules, state = in_round_one(4)
    a = state.players["A"]
    a.contracts = ["K05", "K08", "K10"]  # wood 60; wood+stone 60; wood+stone 80
    a.factories = [Factory("X#0", "X", "wood", 1, 0), Factory("X#1", "X", "stone", 1, 0)]
    assert best_fill(rules.data, a) == (["K10"], ["K05", "K08"])
    a.factories.append(Factory("X#2", "X", "wood", 1, 0))
    assert best_fill(rules.data, a) == (["K05", "K10"], ["K08"])
