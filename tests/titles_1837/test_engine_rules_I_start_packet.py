"""Rule I (second edition) and the first-edition appendix: the engine's start-packet rounds
on the 1837 packet (auction, priority deal, end of the round)."""

from __future__ import annotations

from railyard.framework.eighteen.actions import Bid, BuyItem, Pass, SellShares
from railyard.framework.eighteen.state import IPO, POOL, RESERVED

from .positions import players_cash
from .rules_helpers import hooks, new_game, no_problems, play_until, refusal, sell


def test_I_the_priority_deal_holder_opens_the_first_stock_round():
    game = new_game(players=("C", "A", "D", "B"))
    assert game.state.priority_player == "C"  # the starting (first-seated) player
    assert game.active_entities() == ("C",)
    assert Pass("C") in game.legal_actions()
    assert Bid("C", "SD3", 135) in game.legal_actions()  # any item, at its printed minimum


def test_I_bids_rise_by_5_passers_drop_out_and_the_last_bidder_pays_the_bank():
    game = new_game()
    bank = game.state.bank
    game.process(Bid("A", "SD1", 100))
    assert refusal(game, Bid("B", "SD1", 104)).rule == "rule:auction.min_increment"
    game.process(Bid("B", "SD1", 105))
    game.process(Pass("C"))  # C is out of contention
    game.process(Pass("D"))
    assert game.active_entities() == ("A",)  # C and D are skipped from now on
    game.process(Bid("A", "SD1", 110))
    assert game.active_entities() == ("B",)
    game.process(Pass("B"))
    state = game.state
    assert players_cash(state) == {"A": 555 - 110, "B": 555, "C": 555, "D": 555}
    assert state.director("SD1") == "A" and state.director("Semmering") == "A"
    assert state.bank == bank + 110 - 90  # Sd #1's charter capital of 90K comes from the bank
    assert state.companies["SD1"].cash == 90
    no_problems(game)


def test_I_the_priority_deal_goes_to_the_left_of_the_purchaser():
    game = new_game()
    game.process(Bid("A", "UG2", 80))
    for player in ("B", "C", "D"):
        game.process(Pass(player))
    assert game.state.director("UG2") == "A"
    assert game.state.priority_player == "B" and game.active_entities() == ("B",)
    game.process(Bid("B", "EPP", 40))
    game.process(Bid("C", "EPP", 45))
    for player in ("D", "A", "B"):  # clockwise from the bidder C
        game.process(Pass(player))
    assert game.state.director("EPP") == "C"
    assert game.state.priority_player == "D" and game.active_entities() == ("D",)


def test_I_all_players_passing_ends_the_round_priority_left_of_the_last_buyer():
    game = new_game()
    game.process(Bid("A", "Tauern", 70))
    for player in ("B", "C", "D"):
        game.process(Pass(player))
    game.process(Bid("B", "KK2", 60))
    for player in ("C", "D", "A"):
        game.process(Pass(player))
    assert game.state.round.kind == "auction"  # three passes are not yet all players
    for player in ("C", "D", "A"):
        game.process(Pass(player))
    assert game.state.round.kind == "auction"
    game.process(Pass("B"))
    assert game.state.round.kind != "auction"
    assert game.state.priority_player == "C"  # left of B, the last to buy
    play_until(game, "stock")
    assert game.active_entities() == ("C",)
    no_problems(game)


def test_I_the_round_ends_when_the_start_packet_is_sold_out():
    game = new_game()
    for item in list(game.state.packet_remaining)[:-1]:
        sell(game, item, "A", 0)
    assert game.state.round.kind == "auction"
    (last,) = game.state.packet_remaining
    game.process(Bid("A", last, 80))
    for player in ("B", "C", "D"):
        game.process(Pass(player))
    assert game.state.packet_remaining == [] and game.state.round.kind != "auction"
    assert game.state.priority_player == "B"


def test_FE_appendix_paid_to_the_bank_and_no_selling_in_the_first_stock_round():
    game = new_game("first_edition")
    bank = game.state.bank
    top = [a for a in game.legal_actions() if isinstance(a, BuyItem)]
    assert [(a.item, a.price) for a in top] == [("EKT", 100), ("EPP", 100), ("BB", 100)]
    assert not [a for a in game.legal_actions() if isinstance(a, SellShares)]
    assert refusal(game, SellShares("A", "BK", 10)).rule == "rule:start_packet.action"
    game.process(BuyItem("A", "EKT", 100))
    assert game.state.player("A").cash == 455
    assert game.state.bank == bank + 100 - 100  # the 100K paid; EKT's 100K capital from the bank
    assert game.state.priority_player == "B"  # left of the last buyer


def test_FE_appendix_no_discounts_once_the_packet_is_sold_priority_left_of_the_last_buyer():
    game = new_game("first_edition", players=("A", "B", "C"))
    for item in list(game.state.packet_remaining):
        if item != "Tauern":
            sell(game, item, "C" if item.startswith("SD") else "B", 0)
    game.process(BuyItem("A", "Tauern", 150))  # the last item of the packet
    game.process(hooks(game, "actions").ChooseHome("C", "SD5", "L2"))  # Sd #5's home first
    state = game.state
    assert state.round.kind == "stock" and state.priority_player == "B"
    assert {k: o.price for k, o in state.offers.items()} == {"KK1": 90, "KK2": 140, "KK3": 90}
    for player in ("B", "C", "A"):  # a whole round of passes: no discount, the round ends
        game.process(Pass(player))
    assert state.round.kind == "operating"
    play_until(game, "stock")
    assert {k: o.price for k, o in state.offers.items()} == {"KK1": 90, "KK2": 140, "KK3": 90}
    assert game.active_entities() == ("B",)


def test_preparation_the_engine_is_the_banker():
    game = new_game()
    state = game.state
    assert state.money_total == 14268
    assert state.bank == 14268 - 4 * 555 and players_cash(state) == dict.fromkeys("ABCD", 555)


def test_components_shares_start_in_the_initial_offering_exchange_shares_aside_pool_empty():
    state = new_game().state
    bk = state.companies["BK"]
    assert sum(c.percent for c in bk.certificates if c.owner == IPO) == 80
    assert [c.percent for c in bk.certificates if c.owner == IPO and c.director] == [20]
    assert sum(c.percent for c in bk.certificates if c.owner == RESERVED) == 20  # 2 exchange shares
    assert not any(c.owner == POOL for co in state.companies.values() for c in co.certificates)
    assert state.depot.pool == []


def test_I_II_ug1_floats_with_its_directors_certificate_and_receives_180():
    game = new_game()
    bank = game.state.bank
    game.process(Bid("A", "UG1", 80))
    for player in ("B", "C", "D"):
        game.process(Pass(player))
    ug1 = game.state.companies["UG1"]
    assert ug1.floated and ug1.cash == 180 and game.state.director("UG1") == "A"
    assert game.state.bank == bank + 80 - 180
    assert game.state.cert("UG1.1").owner == IPO  # the second 25% waits for the packet's end
