"""Start-packet rounds: the bidding auction and the fixed-price sale in columns (packetrail:
P1 min 20, P2 min 40 in column 0; M1 min 100 in column 1; players ann, bob, cy with 400)."""

import pytest

from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen.actions import Bid, BuyItem, Pass
from tests.framework.g18_helpers import act, new_game


def refused(rules, state, action, rule):
    with pytest.raises(IllegalAction) as error:
        rules.apply(state, action)
    assert error.value.rule == rule


def test_game_starts_with_the_auction_and_the_first_seat():
    rules, state = new_game()
    assert state.round.kind == "auction"
    assert rules.active_entities(state) == ("ann",)


def test_opening_bid_must_reach_the_minimum_bid():
    rules, state = new_game()
    refused(rules, state, Bid("ann", "P2", 35), "rule:auction.min_bid")


def test_raises_must_be_at_least_the_minimum_increment():
    rules, state = new_game()
    act(rules, state, Bid("ann", "P1", 20))
    assert rules.active_entities(state) == ("bob",)
    refused(rules, state, Bid("bob", "P1", 24), "rule:auction.min_increment")
    act(rules, state, Bid("bob", "P1", 25))
    assert rules.active_entities(state) == ("cy",)


def test_bid_may_not_exceed_cash():
    rules, state = new_game()
    refused(rules, state, Bid("ann", "P1", 401), "rule:auction.cash")


def test_last_bidder_pays_and_priority_goes_to_the_buyers_left():
    rules, state = new_game()
    act(rules, state, Bid("ann", "P2", 40))
    act(rules, state, Bid("bob", "P2", 45))
    act(rules, state, Pass("cy"))
    assert rules.active_entities(state) == ("ann",)
    act(rules, state, Pass("ann"))
    assert state.director("P2") == "bob"
    assert state.player("bob").cash == 355
    assert state.player("ann").cash == 400
    assert state.priority_player == "cy"
    assert rules.active_entities(state) == ("cy",)
    assert state.packet_remaining == ["P1", "M1"]


def test_opener_wins_at_the_opening_bid_when_all_others_drop_out():
    rules, state = new_game()
    act(rules, state, Pass("ann"))
    act(rules, state, Bid("bob", "M1", 100))
    act(rules, state, Pass("cy"))
    act(rules, state, Pass("ann"))
    assert state.director("M1") == "bob"
    assert state.companies["M1"].cash == 90  # the minor's printed capital, from the bank
    assert state.player("bob").cash == 300
    assert state.bank == 4000 - 1200 + 100 - 90


def test_round_ends_when_all_pass_and_unsold_items_stay_on_sale_at_face_value():
    rules, state = new_game()
    act(rules, state, Bid("ann", "P1", 20))
    act(rules, state, Pass("bob"))
    act(rules, state, Pass("cy"))
    # ann bought: bob has priority and starts
    for player in ("bob", "cy", "ann"):
        act(rules, state, Pass(player))
    assert state.round.kind == "stock"
    assert state.priority_player == "bob"
    assert {k: v.price for k, v in state.offers.items()} == {"P2": 40, "M1": 100}
    assert rules.active_entities(state) == ("bob",)


def test_round_ends_when_the_packet_is_sold():
    rules, state = new_game()
    for item, price in (("P1", 20), ("P2", 40), ("M1", 100)):
        opener = rules.active_entities(state)[0]
        act(rules, state, Bid(opener, item, price))
        while state.round.kind == "auction" and state.round.item is not None:
            act(rules, state, Pass(rules.active_entities(state)[0]))
    assert state.round.kind == "stock"
    assert state.packet_remaining == [] and state.offers == {}
    assert [state.director(c) for c in ("P1", "P2", "M1")] == ["ann", "bob", "cy"]
    assert state.priority_player == "ann"


def fixed():
    return new_game("fixed_price")


def test_fixed_price_only_column_tops_are_on_sale():
    rules, state = fixed()
    assert state.round.kind == "fixed_price_columns"
    refused(rules, state, BuyItem("ann", "P2", 40), "rule:start_packet.column")
    act(rules, state, BuyItem("ann", "P1", 20))
    act(rules, state, BuyItem("bob", "P2", 40))
    assert state.player("bob").cash == 360


def test_fixed_price_must_pay_the_current_price():
    rules, state = fixed()
    refused(rules, state, BuyItem("ann", "P1", 15), "rule:start_packet.price")


def test_fixed_price_discount_after_each_complete_round_of_passes_and_reset_on_purchase():
    rules, state = fixed()
    for player in ("ann", "bob", "cy"):
        act(rules, state, Pass(player))
    assert rules.legal_actions(state, "ann")[1:] == [BuyItem("ann", "P1", 10), BuyItem("ann", "M1", 90)]
    act(rules, state, Pass("ann"))
    act(rules, state, BuyItem("bob", "M1", 90))
    assert state.player("bob").cash == 310
    assert state.companies["M1"].cash == 90
    refused(rules, state, BuyItem("cy", "P1", 10), "rule:start_packet.price")
    act(rules, state, BuyItem("cy", "P1", 20))


def test_fixed_price_item_at_zero_must_be_taken():
    rules, state = fixed()
    for _ in range(2):
        for player in ("ann", "bob", "cy"):
            act(rules, state, Pass(player))
    # P1 costs 20 - 20 = 0: ann, next after the (initial) priority, must take it
    refused(rules, state, Pass("ann"), "rule:start_packet.forced_take")
    refused(rules, state, BuyItem("ann", "M1", 80), "rule:start_packet.forced_take")
    act(rules, state, BuyItem("ann", "P1", 0))
    assert state.director("P1") == "ann" and state.player("ann").cash == 400


def test_fixed_price_round_gives_way_to_the_stock_round_when_sold():
    rules, state = fixed()
    act(rules, state, BuyItem("ann", "P1", 20))
    act(rules, state, BuyItem("bob", "M1", 100))
    act(rules, state, BuyItem("cy", "P2", 40))
    assert state.round.kind == "stock"
    assert state.priority_player == "ann"
