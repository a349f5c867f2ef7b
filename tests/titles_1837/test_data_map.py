"""The 1837 board (map.yaml) against the rulebook and the printed board (FACTS.md).

Neighbours come from the board's own geometry (pointy hexes, the letter is the row), with the
edges of docs/data-model.md: 0 SW, 1 W, 2 NW, 3 NE, 4 E, 5 SE.
"""

from __future__ import annotations

import pytest

from railyard.framework.hexgrid import Grid
from tests.titles_1837.test_data_loading import title

GRID = Grid("pointy", "letter_row")


def neighbour(coord: str, edge: int) -> str:
    return GRID.format(GRID.neighbour(GRID.parse(coord), edge))


def hexes():
    return title().map.hexes


def stop_kinds(coord: str) -> list[str]:
    return [s.kind for s in hexes()[coord].stops]


def with_terrain(kind: str, cost: int) -> set[str]:
    return {c for c, h in hexes().items() if any(t.kind == kind and t.cost == cost for t in h.terrain)}


def test_board_has_181_hexes_in_rows_A_to_P():
    assert len(hexes()) == 181
    assert {c[0] for c in hexes()} == set("ABCDEFGHIJKLMNOP")


def test_coordinates_alternate_odd_and_even_columns_by_row():
    for coord in hexes():
        row = ord(coord[0]) - ord("A")
        assert int(coord[1:]) % 2 == (1 if row % 2 == 0 else 0), coord


def test_29_city_hexes_hold_37_cities():
    city_hexes = [c for c in hexes() if "city" in stop_kinds(c)]
    assert len(city_hexes) == 29
    assert sum(stop_kinds(c).count("city") for c in hexes()) == 37


def test_double_city_hexes():
    doubles = sorted(c for c in hexes() if stop_kinds(c).count("city") == 2)
    assert doubles == ["G13", "H20", "H22", "H30", "J28"]


def test_double_town_hexes():
    doubles = sorted(c for c in hexes() if stop_kinds(c).count("town") == 2)
    assert doubles == ["C31", "F18", "H18", "I23", "J12", "L24", "L6"]


def test_wien_has_four_cities_counted_once_per_route_VIII():
    wien = hexes()["G17"]
    assert wien.name == "Vienna" and wien.color == "yellow" and wien.labels == ("W",)
    assert [(s.kind, s.revenue.first, s.group) for s in wien.stops] == [("city", 40, "Wien")] * 4
    assert wien.paths == ((0, "s0"), (1, "s1"), (2, "s2"), (3, "s3"))


def test_buda_and_pest_count_separately_VIII():
    budapest = hexes()["H22"]
    assert budapest.labels == ("Bu",)
    assert [(s.kind, s.revenue.first, s.group) for s in budapest.stops] == [("city", 40, None)] * 2


def test_reserved_city_slots_in_wien_and_budapest_I():
    reserved = {
        (coord, i): s.reserved[0]
        for coord in ("G17", "H22")
        for i, s in enumerate(hexes()[coord].stops)
        if s.reserved
    }
    assert reserved == {
        ("G17", 0): "SD1", ("G17", 1): "KK2", ("G17", 2): "KK3", ("G17", 3): "KK1",
        ("H22", 0): "UG3", ("H22", 1): "UG1",
    }


def test_sd1_shares_wien_with_the_kk_minors_and_leaves_towards_semmering():
    # Sd #1's Wien city is the one whose track leaves SW, towards the Semmering hex H16.
    assert neighbour("G17", 0) == "H16"
    assert hexes()["H16"].name == "Semmering"


def test_ten_coal_mines_with_two_values_II_IX():
    mines = {
        c: (h.stops[0].revenue.at("2", title().phase_order), h.stops[0].revenue.at("5", title().phase_order))
        for c, h in hexes().items()
        if stop_kinds(c) == ["mine"]
    }
    assert mines == {
        "A13": (30, 50), "B32": (20, 50), "C19": (20, 40), "C21": (25, 45), "E11": (20, 40),
        "F26": (20, 40), "K31": (30, 50), "K33": (25, 50), "L30": (25, 50), "P20": (35, 60),
    }
    for coord in mines:
        assert hexes()[coord].color == "gray"
        assert hexes()[coord].stops[0].slots == 1


def test_mine_value_changes_with_phase_5_not_before():
    zkb = hexes()["K33"].stops[0].revenue
    order = title().phase_order
    assert [zkb.at(p, order) for p in order] == [25, 25, 25, 25, 25, 25, 50]


def test_every_mine_belongs_to_exactly_one_coal_company():
    mines = sorted(c for c in hexes() if stop_kinds(c) == ["mine"])
    homes = sorted(
        h.hex for c in title().companies.values() if c.type == "coal" for h in c.home
    )
    assert homes == mines


def test_gray_edge_towns_worth_10():
    towns = sorted(c for c, h in hexes().items() if h.color == "gray" and "town" in stop_kinds(c))
    assert towns == ["A11", "B8", "H8", "J34", "K1", "M13", "N14", "O17"]
    assert {hexes()[c].stops[0].revenue.first for c in towns} == {10}


def test_gray_track_without_stops():
    track = sorted(c for c, h in hexes().items() if h.color == "gray" and not h.stops)
    assert track == ["B26", "D38", "G37", "G9", "N22"]


def test_preprinted_yellow_and_green_hexes_V():
    colours = {c: h.color for c, h in hexes().items() if h.color in ("yellow", "green")}
    assert colours == {
        "C11": "yellow", "F18": "yellow", "G17": "yellow", "G27": "yellow", "H22": "yellow",
        "H26": "yellow", "J16": "yellow", "L22": "yellow",
        "I3": "green", "I29": "green", "K21": "green",
    }


def test_marburg_is_worth_30_and_prague_20():
    assert hexes()["J16"].stops[0].revenue.first == 30
    assert hexes()["C11"].stops[0].revenue.first == 20


def test_terrain_costs_V():
    assert len(with_terrain("mountain", 70)) == 33
    assert with_terrain("water", 50) == {
        "G15", "G19", "G21", "G23", "G29", "I23", "I25", "J22", "K19", "K23", "K25", "L24",
    }
    assert with_terrain("mountain", 110) == {"H16", "K13", "J6", "I5", "J12", "K11", "J10"}


def test_mountain_railway_hexes_match_the_mountain_railways():
    railways = {c.hexes[0]: c.name for c in title().companies.values() if c.type == "mountain"}
    assert railways == {
        "H16": "Semmering Railway", "K13": "Karst Railway", "J6": "Brenner Railway",
        "I5": "Arlberg Railway", "J12": "Karawanken Railway", "K11": "Wocheiner Railway",
        "J10": "Tauern Railway",
    }
    assert all(hexes()[h].name == n.split()[0] for h, n in railways.items())


@pytest.mark.parametrize(
    "label, coords",
    [
        ("X", ["C11", "E17", "G19", "J16", "J26"]),
        ("Y", ["C33", "D36", "H10", "I7", "L2", "N20"]),
        ("T", ["C23", "F38", "J36", "L12"]),
        ("W", ["G17"]),
        ("Bu", ["H22"]),
        ("B", ["I3"]),
    ],
)
def test_city_labels_V_VI(label, coords):
    assert sorted(c for c, h in hexes().items() if label in h.labels) == sorted(coords)


def test_bozen_becomes_Bo_when_italy_closes_XII():
    bozen = hexes()["K5"]
    assert bozen.name == "Bozen"
    assert (bozen.future_label.label, bozen.future_label.phase) == ("Bo", "4")
    assert title().tiles["426"].labels == ("Bo",)


def test_italy_closes_in_phase_4_and_bosnia_opens_in_phase_3_XII():
    regions = title().map.regions
    assert sorted(regions["italy"].hexes) == sorted(
        ["K1", "K3", "K7", "K9", "L2", "L4", "L6", "L8", "M3", "M5", "M7"]
    )
    assert regions["italy"].closes_on_phase == "4"
    assert sorted(regions["bosnia"].hexes) == sorted(
        ["L16", "L18", "L20", "M17", "M19", "M21", "N18", "N20"]
    )
    assert regions["bosnia"].opens_on_phase == "3"
    assert "K5" not in regions["italy"].hexes  # Bozen stays Austrian


def test_province_border_is_drawn_on_both_sides():
    borders = {(c, b.edge) for c, h in hexes().items() for b in h.borders}
    assert {c for c, _ in borders} == {
        "J4", "J6", "J8", "J10", "K3", "K5", "K7", "K9", "K11", "L4", "L6",
    }
    for coord, edge in borders:
        other = neighbour(coord, edge)
        assert (other, (edge + 3) % 6) in borders, (coord, edge)
    assert all(b.kind == "province" for h in hexes().values() for b in h.borders)


def test_every_preprinted_track_end_meets_a_hex_of_the_map_V():
    """No preprinted track leaves the map; one running into a gray hex meets gray track."""
    for coord, h in hexes().items():
        for a, b in h.paths:
            for end in (a, b):
                if not isinstance(end, int):
                    continue
                other = neighbour(coord, end)
                assert other in hexes(), f"{coord} edge {end} leaves the map"
                if hexes()[other].color == "gray":
                    ends = {e for p in hexes()[other].paths for e in p}
                    assert (end + 3) % 6 in ends, f"{coord} edge {end} runs into blank gray"


def test_gray_hexes_run_only_into_buildable_or_track_hexes():
    for coord, h in hexes().items():
        if h.color != "gray":
            continue
        for end in {e for p in h.paths for e in p if isinstance(e, int)}:
            other = hexes()[neighbour(coord, end)]
            assert other.color in ("white", "yellow", "green", "gray"), coord


def test_home_hexes_exist_with_the_right_stops():
    companies = title().companies
    for cid, company in companies.items():
        for home in company.home:
            assert home.hex in hexes(), cid
            stops = hexes()[home.hex].stops
            index = home.city or 0
            expected = "mine" if company.type == "coal" else "city"
            assert stops[index].kind == expected, cid


def test_minor_homes_hold_their_reservation():
    for cid in ("SD1", "KK1", "KK2", "KK3", "UG1", "UG3"):
        home = title().companies[cid].home[0]
        assert hexes()[home.hex].stops[home.city].reserved == {0: cid}


def test_the_board_is_pointy_with_letter_rows():
    assert (title().map.layout, title().map.axes) == ("pointy", "letter_row")
    assert neighbour("G17", 4) == "G19" and neighbour("G17", 3) == "F18"


def test_krakow_is_five_hexes_from_vienna_so_a_first_extra_token_costs_100K_VII():
    distance = GRID.distance(GRID.parse("G17"), GRID.parse("C23"))
    assert distance == 5
    assert title().company_types["national"].token_cost.per_hex[0] * distance == 100
