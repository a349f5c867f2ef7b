"""1837 setup (Preparation, rules I, XIII, XIV, XV)."""

from __future__ import annotations

import pytest

from tests.titles_1837.test_data_loading import title


def setup():
    return title().setup


def test_bank_of_14268K():
    assert setup().bank == 14268


@pytest.mark.parametrize(
    "players, cash, limit", [(3, 730, 28), (4, 555, 21), (5, 450, 17), (6, 380, 14), (7, 330, 12)]
)
def test_starting_capital_and_certificate_limit(players, cash, limit):
    p = setup().players[players]
    assert (p.cash, p.certificate_limit) == (cash, limit)


def test_start_packet_has_23_items_sold_by_auction_I():
    packet = setup().start_packet
    assert (packet.round, packet.min_increment) == ("auction", 5)
    assert len(packet.items) == 23


def test_start_packet_min_bids_I():
    bids = {i: (list(item.companies), item.min_bid) for i, item in setup().start_packet.items.items()}
    coal = ["EPP", "RGTE", "EOD", "EKT", "MLB", "ZKB", "SPB", "LRB", "BB", "EHS"]
    assert {c: bids[c] for c in coal} == {c: ([c], 40) for c in coal}
    assert {k: bids[k] for k in ("SD1", "SD2", "SD3", "SD4", "SD5")} == {
        "SD1": (["SD1", "Semmering"], 100), "SD2": (["SD2", "Karawanken"], 120),
        "SD3": (["SD3", "Arlberg"], 135), "SD4": (["SD4", "Brenner"], 90),
        "SD5": (["SD5", "Karst"], 70),
    }
    assert bids["Tauern"] == (["Tauern"], 70) and bids["Wocheiner"] == (["Wocheiner"], 50)
    assert {k: bids[k][1] for k in ("KK1", "KK2", "KK3", "UG1", "UG2", "UG3")} == {
        "KK1": 60, "KK2": 60, "KK3": 60, "UG1": 80, "UG2": 80, "UG3": 80,
    }


def test_sd_pair_price_is_its_mountain_railways_min_bid_I():
    items = setup().start_packet.items
    for sd in ("SD1", "SD2", "SD3", "SD4", "SD5"):
        railway = items[sd].companies[1]
        assert items[sd].min_bid == title().companies[railway].min_bid


def test_every_company_but_majors_nationals_is_in_the_packet_once_I():
    sold = [c for item in setup().start_packet.items.values() for c in item.companies]
    assert len(sold) == len(set(sold)) == 28
    not_sold = {c for c in title().companies if c not in sold}
    assert not_sold == {"BK", "MS", "GT", "CL", "TI", "TR", "BH", "SD", "KK", "UG"}


def test_second_ug_certificates_after_the_packet_I():
    assert setup().start_packet.after_packet == ("UG1", "UG3")


def test_stock_round_rules_XIII_XIV():
    sr = setup().stock_round
    assert sr.sell_then_buy is True
    assert (sr.player_share_limit, sr.pool_share_limit) == (60, 50)
    assert sr.price_drop == "per_sale_action"
    assert sr.sold_out_move == "hook"


def test_game_end_XV_and_bankruptcy_XI():
    end = setup().game_end
    assert end.bank_broken.during_operating_round == "end_of_round"
    assert end.bank_broken.during_stock_round == "after_next_operating_round"
    assert end.bankruptcy == "player_leaves"


def test_starting_player_holds_the_priority_deal():
    assert setup().priority == "first_seat"
