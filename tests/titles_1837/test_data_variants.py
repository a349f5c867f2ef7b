"""The first-edition rules and the Rails mine values as overlays on the second edition."""

from __future__ import annotations

import pytest

from tests.titles_1837.test_data_loading import title


def first():
    return title("first_edition")


def test_first_edition_start_packet_in_three_columns_at_fixed_prices_I():
    packet = first().setup.start_packet
    assert packet.round == "fixed_price_columns"
    columns: dict[int, list[str]] = {}
    for item_id, item in packet.items.items():
        columns.setdefault(item.row, []).append(item_id)
    assert columns == {
        1: ["EKT", "EOD", "SD2", "MLB", "SD4", "Wocheiner"],
        2: ["EPP", "RGTE", "SD3", "EHS", "LRB", "SD5"],
        3: ["BB", "SD1", "SPB", "ZKB", "Tauern"],
    }


def test_first_edition_packet_prices_II_1():
    items = first().setup.start_packet.items
    prices = {i: item.price for i, item in items.items() if item.companies[0] not in {
        "EKT", "EOD", "MLB", "EPP", "RGTE", "EHS", "LRB", "BB", "SPB", "ZKB"}}
    assert prices == {"SD1": 150, "SD2": 170, "SD3": 185, "SD4": 140, "SD5": 110,
                      "Wocheiner": 130, "Tauern": 150}
    assert {items[c].price for c in ("EKT", "EOD", "MLB", "EPP", "RGTE", "EHS", "LRB", "BB",
                                     "SPB", "ZKB")} == {100}


def test_first_edition_example_reaches_the_documented_column_tops_I_7():
    """A EKT, B EOD, D BB; then the tops are Karawanken(+Sd2), EPP, Semmering(+Sd1)."""
    items = first().setup.start_packet.items
    columns: dict[int, list[str]] = {}
    for item_id, item in items.items():
        columns.setdefault(item.row, []).append(item_id)
    for bought in ("EKT", "EOD", "BB"):
        next(col for col in columns.values() if bought in col).remove(bought)
    assert [col[0] for col in columns.values()] == ["SD2", "EPP", "SD1"]


def test_first_edition_minors_after_the_packet_at_printed_prices_II_3():
    assert first().setup.start_packet.after_packet == ("KK1", "KK2", "KK3", "UG1", "UG2", "UG3")
    prices = {c: first().companies[c].min_bid for c in ("KK1", "KK2", "KK3", "UG1", "UG2", "UG3")}
    assert prices == {"KK1": 90, "KK2": 140, "KK3": 90, "UG1": 90, "UG2": 90, "UG3": 90}


def test_first_edition_mountain_railway_prices_and_closing_II_1():
    mountain = {c: (first().companies[c].min_bid, first().companies[c].closes_on_phase)
                for c in first().companies if first().companies[c].type == "mountain"}
    assert mountain == {
        "Semmering": (150, "5"), "Karst": (110, "5"), "Brenner": (140, "5"), "Arlberg": (185, "5"),
        "Karawanken": (170, "5"), "Wocheiner": (130, "5"), "Tauern": (150, "5"),
    }


def test_first_edition_trains_XII_VIII():
    trains = first().trains
    assert trains["1G"].rusts_on == "3G"
    assert trains["2G"].available_on is None
    assert (trains["3G"].available_on, trains["4G"].available_on) == ("4", "5")
    assert (trains["4G"].count, trains["5+4"].count) == (3, 1)
    assert sum(t.card_count for t in trains.values()) == 55


def test_first_edition_ug_minors_drop_to_one_train_with_the_3plus1_XII_2():
    limits = [p.train_limits["ug_minor"] for p in first().phases.values()]
    assert limits == [2, 2, 1, 1, 1, 1, 1]


def test_first_edition_buy_and_sell_in_any_order_XIV_1():
    assert first().setup.stock_round.sell_then_buy is False


def test_first_edition_express_needs_no_second_city_VIII_4():
    assert first().routes.train_kinds["express"].min_counted == 1
    assert title().routes.train_kinds["express"].min_counted == 2


@pytest.mark.parametrize(
    "concern_check",
    [
        lambda t: t.setup.bank == 14268,
        lambda t: t.setup.players[4].cash == 555,
        lambda t: t.companies["SD"].capital == 710,
        lambda t: [c.price for c in t.market.par_cells()] == [104, 97, 91, 85, 80, 75, 70],
    ],
)
def test_first_edition_keeps_what_it_does_not_change(concern_check):
    assert concern_check(first())


def test_rails_mines_variant_swaps_epp_and_spb_values():
    t = title("rails_mines")
    order = t.phase_order
    values = {c: (t.map.hexes[c].stops[0].revenue.at("2", order),
                  t.map.hexes[c].stops[0].revenue.at("5", order)) for c in ("E11", "K31")}
    assert values == {"E11": (30, 50), "K31": (20, 50)}
    assert t.map.hexes["A13"].stops[0].revenue.at("2", order) == 30
