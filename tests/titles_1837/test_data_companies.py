"""1837 company types and companies (rules II, III, IV, IX, XII)."""

from __future__ import annotations

import pytest

from tests.titles_1837.test_data_loading import title


def companies():
    return title().companies


def of_type(kind: str) -> list[str]:
    return [cid for cid, c in companies().items() if c.type == kind]


def test_7_mountain_10_coal_11_minor_7_major_3_national():
    counts = {k: len(of_type(k)) for k in title().company_types}
    assert counts == {
        "mountain": 7, "coal": 10, "sd_minor": 5, "kk_minor": 3, "ug_minor": 3,
        "major": 7, "national": 3,
    }


@pytest.mark.parametrize(
    "cid, min_bid, income, hexes",
    [
        ("Semmering", 100, 5, ["H16"]), ("Karst", 70, 10, ["K13"]), ("Brenner", 90, 15, ["J6"]),
        ("Arlberg", 135, 20, ["I5"]), ("Karawanken", 120, 25, ["J12"]),
        ("Wocheiner", 50, 30, ["K11"]), ("Tauern", 70, 35, ["J10"]),
    ],
)
def test_mountain_railways_reference_table(cid, min_bid, income, hexes):
    c = companies()[cid]
    assert (c.min_bid, c.income.first, list(c.hexes), c.closes_on_phase) == (min_bid, income, hexes, "5")


def test_coal_companies_in_operating_order_with_home_mine_and_exchange_IV():
    coal = {cid: (companies()[cid].home[0].hex, companies()[cid].exchanges_into) for cid in of_type("coal")}
    assert list(coal) == ["EPP", "RGTE", "EOD", "EKT", "MLB", "ZKB", "SPB", "LRB", "BB", "EHS"]
    assert coal == {
        "EPP": ("E11", "BK"), "RGTE": ("A13", "BK"), "EOD": ("C19", "MS"), "EKT": ("C21", "MS"),
        "MLB": ("B32", "CL"), "ZKB": ("K33", "TR"), "SPB": ("K31", "TR"), "LRB": ("L30", "TI"),
        "BB": ("P20", "BH"), "EHS": ("F26", "TI"),
    }
    for cid in coal:
        assert (companies()[cid].capital, companies()[cid].min_bid) == (100, 40)


def test_coal_companies_own_only_goods_trains_II():
    assert title().company_types["coal"].train_kinds == ("goods",)


@pytest.mark.parametrize(
    "cid, home, capital, merges_into",
    [
        ("SD1", ("G17", 0), 90, "SD"), ("SD2", ("J16", None), 90, "SD"),
        ("SD3", ("I7", None), 90, "SD"), ("SD4", ("K5", None), 90, "SD"),
        ("KK1", ("G17", 3), 90, "KK"), ("KK2", ("G17", 1), 140, "KK"), ("KK3", ("G17", 2), 90, "KK"),
        ("UG1", ("H22", 1), 180, "UG"), ("UG2", ("K21", None), 90, "UG"),
        ("UG3", ("H22", 0), 180, "UG"),
    ],
)
def test_minor_companies_II(cid, home, capital, merges_into):
    c = companies()[cid]
    assert ((c.home[0].hex, c.home[0].city), c.capital, c.merges_into) == (home, capital, merges_into)


def test_sd5_chooses_milan_or_venice_I():
    sd5 = companies()["SD5"]
    assert [h.hex for h in sd5.home] == ["L2", "L8"]
    assert sd5.home_choice


def test_ug1_and_ug3_have_two_25_percent_certificates_ug2_one_50_II_IX():
    for cid in ("UG1", "UG3"):
        certs = companies()[cid].certificates
        assert [(c.percent, c.director) for c in certs] == [(25, True), (25, False)]
        assert companies()[cid].abilities == (
            {"kind": "second_certificate", "price": 90, "after": "start_packet"},
        )
    assert [(c.percent, c.director) for c in title().company_types["ug_minor"].certificates] == [(50, True)]
    assert title().company_types["ug_minor"].revenue_split == {"owners": 50, "treasury": 50}


@pytest.mark.parametrize("kind", ["coal", "sd_minor", "kk_minor", "ug_minor"])
def test_coal_and_minor_companies_pay_half_keep_half_and_place_no_extra_tokens_II(kind):
    t = title().company_types[kind]
    assert t.revenue_split == {"owners": 50, "treasury": 50}
    assert (t.extra_tokens, t.must_own_train, t.lays_tiles) == (False, False, True)


def test_operating_order_groups_IV():
    order = {k: t.order for k, t in title().company_types.items()}
    assert order == {
        "mountain": 0, "coal": 1, "sd_minor": 2, "kk_minor": 3, "ug_minor": 4, "major": 5, "national": 5,
    }
    assert title().company_types["major"].order_by == "share_price"
    assert title().company_types["national"].order_by == "share_price"


@pytest.mark.parametrize(
    "cid, home, for_sale",
    [("BK", "C11", 8), ("MS", "E17", 8), ("GT", "D36", 10), ("CL", "C33", 9),
     ("TI", "F28", 8), ("TR", "J36", 8), ("BH", "N20", 9)],
)
def test_major_corporations_III(cid, home, for_sale):
    c = companies()[cid]
    assert (c.home[0].hex, c.tokens, 10 - c.exchange_shares) == (home, 3, for_sale)


def test_exchange_shares_equal_the_coal_companies_of_each_major_II():
    for cid in of_type("major"):
        coal = [k for k in of_type("coal") if companies()[k].exchanges_into == cid]
        assert companies()[cid].exchange_shares == len(coal), cid


def test_bosnia_herzegovina_railway_closed_in_phase_2_XII():
    assert companies()["BH"].opens_on_phase == "3"


def test_major_type_III_VII_IX():
    major = title().company_types["major"]
    assert [(c.percent, c.director, c.count) for c in major.certificates] == [(20, True, 1), (10, False, 8)]
    assert major.float_percent == 50
    assert major.dividends == ("payout", "half", "withhold")
    assert major.token_cost.per_hex == (20, 40)


@pytest.mark.parametrize(
    "cid, home, tokens, start_price, capital, exchange, for_sale",
    [
        ("SD", ("G17", 0), 5, 142, 710, 5, 5),
        ("KK", ("G17", 3), 3, 120, 840, 3, 7),
        ("UG", ("H22", 1), 3, 175, 875, 5, 5),
    ],
)
def test_national_railways_III_XII(cid, home, tokens, start_price, capital, exchange, for_sale):
    c = companies()[cid]
    assert ((c.home[0].hex, c.home[0].city), c.tokens) == (home, tokens)
    assert (c.start_price, c.capital, c.exchange_shares) == (start_price, capital, exchange)
    assert 10 - c.exchange_shares == for_sale
    assert c.start_price * for_sale == c.capital


def test_national_exchange_shares_equal_their_minor_certificates_XII():
    for national in ("SD", "KK", "UG"):
        certs = sum(
            len(title().companies[m].certificates or title().company_types[title().companies[m].type].certificates)
            for m in companies()
            if companies()[m].merges_into == national
        )
        assert companies()[national].exchange_shares == certs, national


def test_national_directors_certificate_is_10_percent_III():
    certs = title().company_types["national"].certificates
    assert [(c.percent, c.director, c.count) for c in certs] == [(10, True, 1), (10, False, 9)]


def test_display_colours_are_distinct_for_majors_and_nationals():
    colours = [companies()[c].color for c in of_type("major") + of_type("national")]
    assert len(set(colours)) == 10
    assert all(companies()[c].color == companies()[companies()[c].merges_into].color for c in
               of_type("sd_minor") + of_type("kk_minor") + of_type("ug_minor"))


def test_93_major_share_certificates_in_the_box():
    majors = len(of_type("major")) * sum(c.count for c in title().company_types["major"].certificates)
    nationals = len(of_type("national")) * sum(
        c.count for c in title().company_types["national"].certificates
    )
    assert (majors, nationals, majors + nationals) == (63, 30, 93)


def test_minors_operate_in_number_order_IV():
    minors = [c for c in companies() if companies()[c].type in ("sd_minor", "kk_minor", "ug_minor")]
    assert minors == ["SD1", "SD2", "SD3", "SD4", "SD5", "KK1", "KK2", "KK3", "UG1", "UG2", "UG3"]


def test_capital_is_the_initial_offering_at_par_example_XIII():
    """Transylvanian Railway at 85K: 80% in the initial offering -> 8 x 85K = 680K."""
    tr = companies()["TR"]
    assert title().company_types["major"].capitalization == "full"
    assert (10 - tr.exchange_shares) * 85 == 680


def test_payouts_round_in_favour_of_the_bank_IX():
    assert {t.rounding for t in title().company_types.values() if t.kind != "private"} == {"bank"}


def test_components_the_station_tokens_in_play_are_53_of_the_61_pieces():
    """Components list "61 tokens"; the rules give stations to: majors 3 each (III table),
    Sd 5 / kk 3 / Ug 3 (III, VII), one home per minor (VII) and one per coal company on its
    mine (II). That is 53; neither rulebook gives the other 8 pieces a use (spares, or
    markers the engine keeps as state), so nothing is derived from the printed 61."""
    from railyard.framework.core.game import Game

    game = Game(title(), ("A", "B", "C", "D"), 1)
    supply: dict[str, int] = {}
    for company in game.state.companies.values():
        supply[company.type] = supply.get(company.type, 0) + company.tokens_left
    assert supply == {"mountain": 0, "coal": 10, "sd_minor": 5, "kk_minor": 3, "ug_minor": 3,
                      "major": 21, "national": 11}
    assert sum(supply.values()) == 53
