"""The opening blind bid, the eight phases, hands per round and the repeat penalty."""

from __future__ import annotations

import pytest

from railyard.framework.core.errors import IllegalAction
from railyard.titles.imperial_steam.hooks import rounds
from railyard.titles.imperial_steam.hooks.actions import (
    Bid,
    EndTurn,
    Fundraise,
    ManipulateShare,
    Pass,
    Philanthropize,
    StoreOrdered,
)
from railyard.titles.imperial_steam.hooks.data import GOODS
from railyard.titles.imperial_steam.hooks.state import Train

from .helpers import fresh, in_round_one


def _all_pass_round(rules, state):
    """Every remaining hand of the round takes a cheap legal main action (fundraise or pass
    while free, else anything legal)."""
    start = state.round
    while state.round == start and state.phase == 7:
        pid = state.current
        legal = [a for a in rules.legal_actions(state, pid) if type(a).__name__ not in ("SellShare", "Deliver", "BuyStateRailway")]
        placed = state.players[pid].placed
        cheap = [a for a in legal if isinstance(a, Fundraise | Pass) and placed.get(type(a).__name__.lower(), 0) == 0]
        rules.apply(state, (cheap or legal)[0])
        rules.apply(state, EndTurn(pid))


def test_opening_blind_bid_pays_and_stacks_equal_bids_in_reveal_order():
    rules, state = fresh(4)
    state.order = ["A", "B", "C", "D"]
    for pid, amount in (("A", 30), ("B", 10), ("C", 30)):
        rules.apply(state, Bid(pid, amount))
    assert state.phase == 0 and rules.active_entities(state) == ("D",)
    rules.apply(state, Bid("D", 0))
    assert [state.players[p].cash for p in "ABCD"] == [110, 130, 110, 140]
    assert [state.players[p].influence for p in "ABCD"] == [3, 1, 3, 0]
    # C revealed after A on the same column: C sits on top, so C goes first
    assert state.order == ["C", "A", "B", "D"]
    assert (state.round, state.phase) == (1, 7)  # Round 1 skips phases 1-6
    assert all(p.hands == 2 for p in state.players.values())


def test_opening_bid_must_be_a_multiple_of_ten_and_affordable():
    rules, state = fresh(2)
    with pytest.raises(IllegalAction, match="Opening blind bid"):
        rules.apply(state, Bid("A", 15))
    with pytest.raises(IllegalAction, match="only 120"):
        rules.apply(state, Bid("A", 130))


def test_hands_per_round_two_three_four_then_five():
    rules, state = in_round_one(2)
    seen = {}
    while state.round <= 5:
        seen[state.round] = state.players["A"].hands
        _all_pass_round(rules, state)
    assert seen == {1: 2, 2: 3, 3: 4, 4: 5, 5: 5}


def test_repeat_penalty_costs_one_step_per_own_hand_already_there():
    rules, state = in_round_one(2)
    state.round = 4
    rounds.begin_actions(rules.data, state)
    a = state.players["A"]
    a.influence = 3
    state.players["B"].influence = 5
    seen = []
    for _ in range(3):  # 1st free, 2nd costs 1, 3rd costs 2
        rules.apply(state, Fundraise("A"))
        seen.append(a.influence)
        rules.apply(state, EndTurn("A"))
        rules.apply(state, Fundraise("B"))  # other players' hands are irrelevant
        rules.apply(state, EndTurn("B"))
    assert seen == [3, 2, 0]
    assert a.cash == 120 + 30
    # a 4th fundraise would cost 3 influence: not available; other tiles still are
    with pytest.raises(IllegalAction, match="Repeat penalty"):
        rules.apply(state, Fundraise("A"))
    assert a.hands == 2 and a.influence == 0
    rules.apply(state, Philanthropize("A", 10))
    assert a.influence == 1


def test_pass_is_available_when_nothing_else_is_even_without_the_penalty():
    rules, state = in_round_one(2)
    a = state.players["A"]
    a.placed = {"pass": 2}
    a.influence = 0
    with pytest.raises(IllegalAction, match="Repeat penalty"):
        rules.apply(state, Pass("A"))  # Fundraise is still available
    rules.apply(state, Fundraise("A"))
    assert a.cash == 130


def test_refused_main_action_leaves_influence_and_hands_untouched():
    rules, state = in_round_one(2)
    a = state.players["A"]
    a.influence = 2
    a.placed = {"share_value": 1}
    # penalty 1 then the 60 row costs 1 more: fine; but a share step of +2 is refused
    with pytest.raises(IllegalAction, match="Manipulate share value"):
        rules.apply(state, ManipulateShare("A", 2))
    assert (a.influence, a.hands, state.main_done) == (2, 2, False)


def test_phase_two_shipment_fills_columns_bottom_to_top_and_overflow_returns():
    rules, state = in_round_one(4)
    state.round = 4
    state.market = {"wood": 5, "stone": 0, "iron": 3, "coal": 6}
    for good, n in (("wood", 1), ("stone", 6), ("iron", 3)):  # from 6 each: keep 40 of each
        state.supply[good] += n
    drawn = state.shipments[4]
    for good in GOODS:  # the shipment of the "each" reading: 3 of every good at 4 players
        state.supply[good] += drawn[good] - 3
    state.shipments[4] = dict.fromkeys(GOODS, 3)
    supply = dict(state.supply)
    lines = rounds.shipments.arrive(rules.data, state)
    assert state.market == {"wood": 6, "stone": 3, "iron": 6, "coal": 6}
    assert state.supply["wood"] == supply["wood"] + 2 and state.supply["coal"] == supply["coal"] + 3
    assert 4 not in state.shipments and lines
    assert [x for x in rules.invariants(state) if x.startswith("goods")] == []


def test_phase_three_stores_ordered_goods_or_asks_what_to_discard():
    rules, state = in_round_one(2)
    a, b = state.players["A"], state.players["B"]
    a.landing["iron"] = 2  # A holds 4 goods in 3 car + 1 engine spaces: no room
    b.landing["coal"] = 1
    b.goods["coal"] = 0
    state.phase = 8
    state.round = 1
    lines = rounds.end_of_round(rules.data, state)
    assert state.phase == 3 and state.pending_store == ["A"] or state.pending_store == ["A"]
    assert b.goods["coal"] == 1 and b.landing["coal"] == 0
    with pytest.raises(IllegalAction, match="exactly 2"):
        rules.apply(state, StoreOrdered("A", ("iron",)))
    rules.apply(state, StoreOrdered("A", ("wood", "stone")))
    assert a.goods == {"wood": 0, "stone": 0, "iron": 3, "coal": 1}
    assert state.phase == 7 and lines


def test_phase_four_income_ten_per_passenger_car_and_uncovered_warehouse():
    rules, state = in_round_one(2)
    a = state.players["A"]
    a.trains = [Train("IS-3", 1, 2, 0), Train("IS-4", 4, 0, 0)]
    a.warehouse = 3
    assert rounds.income(rules.data, state, "A") == 50


def test_phase_five_trains_rested_workers_only():
    rules, state = in_round_one(2)
    a = state.players["A"]
    a.training = {1: 2, 2: 1, 3: 1}
    a.working = {1: 1, 2: 1, 3: 1}
    rounds.workers.train(a)
    assert a.training == {1: 1, 2: 3, 3: 3} and a.working == {1: 0, 2: 0, 3: 0}


def test_phase_six_turn_order_by_influence_highest_first():
    rules, state = in_round_one(3)
    state.players["A"].influence = 2
    state.players["B"].influence = 5
    state.players["C"].influence = 2
    state.players["A"].stamp = state.next_stamp()  # A arrived on step 2 after C
    assert rounds.influence.turn_order(state) == ["B", "A", "C"]


def test_game_ends_after_round_eight():
    rules, state = in_round_one(2)
    for _ in range(8):
        _all_pass_round(rules, state)
    assert rules.is_over(state) and state.round == 8
    assert set(state.final) == {"A", "B"}


def test_game_ends_at_the_end_of_the_round_in_which_trieste_is_connected():
    rules, state = in_round_one(2)
    state.trieste_by = ["B"]
    state.players["B"].trieste = True
    _all_pass_round(rules, state)
    assert rules.is_over(state) and state.round == 1


def test_the_view_hides_opening_bids_until_all_are_in():
    rules, state = fresh(2)
    rules.apply(state, Bid(state.order[0], 40))
    assert rules.view(state).bids == {state.order[0]: -1}
    assert state.bids == {state.order[0]: 40}


def test_eleven_main_action_tiles():
    from railyard.titles.imperial_steam.hooks.actions import MAIN_TILES

    assert MAIN_TILES == ("build_tracks", "hire", "build_building", "produce", "buy_goods", "train",
                          "contract", "philanthropize", "share_value", "fundraise", "pass")
