"""1837 trains (rulebook "Trains Available", rules VIII, XI, XII) and route kinds."""

from __future__ import annotations

import pytest

from tests.titles_1837.test_data_loading import title

PASSENGER = [  # name, distance, plus, kind, price, count (None = unlimited)
    ("2", 2, 0, "plain", 90, 14),
    ("3", 3, 0, "plain", 180, 5),
    ("3+1", 3, 1, "plain", 280, 2),
    ("4", 4, 0, "plain", 470, 4),
    ("4E", 4, 0, "express", 500, 1),
    ("4+1", 4, 1, "plain", 530, 1),
    ("4+2", 4, 2, "plain", 560, 1),
    ("5", 5, 0, "plain", 800, 2),
    ("5E", 5, 0, "express", 830, 1),
    ("5+2", 5, 2, "plain", 860, 1),
    ("5+3", 5, 3, "plain", 900, 1),
    ("5+4", 5, 4, "plain", 960, None),
]
GOODS = [
    ("1G", 1, 0, "goods", 100, 10),
    ("2G", 2, 0, "goods", 230, 6),
    ("3G", 3, 0, "goods", 590, 2),
    ("4G", 4, 0, "goods", 1000, None),
]


def trains():
    return title().trains


@pytest.mark.parametrize("name, distance, plus, kind, price, count", PASSENGER + GOODS)
def test_train_table(name, distance, plus, kind, price, count):
    t = trains()[name]
    assert (t.distance, t.plus, t.kind, t.price, t.count) == (distance, plus, kind, price, count)


def test_55_train_cards_one_5plus4_and_three_4G():
    assert sum(t.card_count for t in trains().values()) == 55
    assert trains()["5+4"].card_count == 1
    assert trains()["4G"].card_count == 3


def test_passenger_and_goods_stacks_in_order_of_sale_XI():
    passenger = [n for n, t in trains().items() if t.depot == "passenger"]
    goods = [n for n, t in trains().items() if t.depot == "goods"]
    assert passenger == [p[0] for p in PASSENGER]
    assert goods == [g[0] for g in GOODS]


def test_goods_trains_are_released_by_passenger_trains_XII():
    released = {n: trains()[n].available_on for n in ("1G", "2G", "3G", "4G")}
    assert released == {"1G": None, "2G": "3", "3G": "4", "4G": "5"}


def test_scrapping_XII():
    rusts = {n: t.rusts_on for n, t in trains().items() if t.rusts_on}
    assert rusts == {"2": "4", "3": "5", "3+1": "5+2", "2G": "4G"}


def test_first_purchase_events_XII():
    events = {n: t.events for n, t in trains().items() if t.events}
    assert events == {
        "3": ("open_mountain_passes",),
        "4": ("lay_bozen_tile", "form_national_sd", "may_form_kk"),
        "4E": ("may_form_ug",),
        "4+1": ("must_form_kk",),
        "5": ("must_form_ug", "exchange_all_coal"),
    }


def test_route_kinds_VIII():
    kinds = title().routes.train_kinds
    assert kinds["plain"].counts == ("city", "town")
    assert kinds["plain"].plus_counts == ("town",)  # a town may replace a city, not vice versa
    assert kinds["express"].ignores == ("town",)
    assert kinds["express"].min_counted == 2
    assert kinds["goods"].requires == {"mine": 1}
    assert kinds["goods"].free == ("town",)
    assert kinds["goods"].to_treasury == ("mine",)
    assert "mine" in kinds["plain"].forbids and "mine" in kinds["express"].forbids
    assert title().routes.min_stops == 2
    assert title().routes.home_stop_kinds == {"mine": "coal"}
