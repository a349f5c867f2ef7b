"""The 1837 tile manifest (tiles.yaml) against the rulebook's component list (294 tiles)."""

from __future__ import annotations

import pytest

from tests.titles_1837.test_data_loading import title

MANIFEST = {
    "yellow": {
        "1": 2, "2": 3, "3": 6, "4": 12, "5": 2, "7": 12, "8": 28, "9": 22, "55": 1, "56": 1,
        "57": 3, "58": 12, "69": 2, "201": 3, "202": 3, "401": 4, "402": 3, "404": 4,
    },
    "green": {
        "12": 2, "16": 3, "17": 1, "18": 1, "19": 3, "20": 3, "23": 12, "24": 12, "25": 5,
        "26": 4, "27": 4, "28": 3, "29": 3, "30": 1, "31": 1, "87": 2, "88": 2, "204": 2,
        "205": 2, "206": 2, "207": 4, "208": 2, "405": 4, "406": 3, "408": 4,
        "410": 2, "411": 2, "412": 2, "413": 2, "414": 1, "415": 1, "416": 1, "417": 1,
        "418": 2, "419": 2, "420": 2, "421": 2, "422": 2, "423": 2, "424": 2,
        "425": 1, "426": 1, "427": 1, "429": 2,
    },
    "brown": {
        "39": 2, "40": 3, "41": 4, "42": 4, "43": 2, "44": 3, "45": 3, "46": 3, "47": 3,
        "63": 4, "70": 2, "216": 5, "430": 5, "431": 4, "432": 4, "434": 2, "435": 1, "436": 1,
    },
}


def tiles():
    return title().tiles


def edges_of_stop(tile, index: int) -> set[int]:
    stop = f"s{index}"
    return {a if b == stop else b for a, b in tile.paths if stop in (a, b)} - {f"s{i}" for i in range(9)}


def test_component_list_294_tiles():
    assert sum(t.count for t in tiles().values()) == 294


@pytest.mark.parametrize("colour, total", [("yellow", 123), ("green", 116), ("brown", 55)])
def test_tiles_by_colour(colour, total):
    assert sum(t.count for t in tiles().values() if t.color == colour) == total


@pytest.mark.parametrize("colour", ["yellow", "green", "brown"])
def test_every_tile_number_and_count(colour):
    assert {n: t.count for n, t in tiles().items() if t.color == colour} == MANIFEST[colour]


def test_bozen_tile_426_counts_among_the_green_ones():
    bozen = tiles()["426"]
    assert (bozen.color, bozen.count, bozen.labels) == ("green", 1, ("Bo",))
    assert bozen.upgrades_to == ("434",)
    assert tiles()["434"].labels == ("B",)


@pytest.mark.parametrize(
    "number, label, revenue, slots",
    [
        ("401", "T", 30, 1), ("405", "T", 40, 2), ("431", "T", 60, 2),
        ("402", "X", 20, 1), ("406", "X", 40, 2), ("429", "X", 40, 2), ("430", "X", 50, 2),
        ("201", "Y", 30, 1), ("202", "Y", 30, 1), ("207", "Y", 40, 2), ("208", "Y", 40, 2),
        ("216", "Y", 50, 2), ("425", "Bu", 50, 1), ("435", "Bu", 70, 3), ("427", "W", 60, 1),
        ("436", "W", 80, 1), ("434", "B", 40, 1),
    ],
)
def test_labelled_city_tiles(number, label, revenue, slots):
    tile = tiles()[number]
    assert tile.labels == (label,)
    assert {(s.kind, s.revenue.first, s.slots) for s in tile.stops} == {("city", revenue, slots)}


def test_town_tiles_pay_10_and_plain_city_tiles_20_30_40():
    for number, tile in tiles().items():
        if tile.stops and all(s.kind == "town" for s in tile.stops):
            assert {s.revenue.first for s in tile.stops} == {10}, number
    assert {n: tiles()[n].stops[0].revenue.first for n in ("5", "57", "12", "205", "206", "63")} == {
        "5": 20, "57": 20, "12": 30, "205": 30, "206": 30, "63": 40,
    }


def test_double_city_tiles_keep_two_cities_and_brown_432_joins_them_VI():
    assert [len(tiles()[n].stops) for n in ("404", "408", "432")] == [2, 2, 2]
    assert ("s0", "s1") in tiles()["432"].paths
    assert ("s0", "s1") not in tiles()["408"].paths
    assert [s.slots for s in tiles()["408"].stops] == [2, 1]


def test_brown_wien_436_merges_the_kk_tokens_into_one_city_with_three_tracks_VI_VII():
    wien = tiles()["436"]
    assert len(wien.stops) == 4 and {s.group for s in wien.stops} == {"Wien"}
    assert sorted(len(edges_of_stop(wien, i)) for i in range(4)) == [1, 1, 1, 3]
    assert tiles()["427"].upgrades_to == ("436",)
    assert title().map.hexes["G17"].upgrades == ("427",)


def test_budapest_promotes_to_one_brown_city_VI():
    assert tiles()["425"].upgrades_to == ("435",)
    assert ("s0", "s1") in tiles()["425"].paths


@pytest.mark.parametrize(
    "number, targets",
    [
        ("1", ("88",)), ("2", ("87",)), ("55", ("88",)), ("56", ("87",)), ("69", ("204",)),
        ("3", ("416", "417", "422", "423")),
        ("4", ("410", "411", "414", "415")),
        ("58", ("412", "413", "418", "419", "420", "421", "424")),
    ],
)
def test_town_promotions_follow_the_tile_manifest_VI(number, targets):
    assert tiles()[number].upgrades_to == targets


def test_only_town_and_special_tiles_carry_explicit_upgrades():
    explicit = sorted((n for n, t in tiles().items() if t.upgrades_to is not None), key=int)
    assert explicit == ["1", "2", "3", "4", "55", "56", "58", "69", "425", "426", "427"]


def test_town_stays_on_the_same_stretch_58_to_420_not_410_VI():
    # 58: town on a gentle curve (edges 0 and 2). 420 keeps the town on two edges two apart,
    # 410 puts it on a straight (edges 0 and 3): only 420 is in 58's list.
    assert edges_of_stop(tiles()["58"], 0) == {0, 2}
    assert edges_of_stop(tiles()["420"], 0) == {0, 4}
    assert edges_of_stop(tiles()["410"], 0) == {0, 3}
    assert "420" in tiles()["58"].upgrades_to and "410" not in tiles()["58"].upgrades_to


def test_every_path_end_is_an_edge_or_a_stop_of_the_tile():
    for number, tile in tiles().items():
        for path in tile.paths:
            for end in path:
                assert end in range(6) or int(end[1:]) < len(tile.stops), number


def test_every_city_and_town_hex_has_a_yellow_tile_with_its_stops_and_labels_V():
    """A white hex with printed stops takes a yellow tile with the same stops and labels."""
    yellow = [t for t in tiles().values() if t.color == "yellow"]
    for coord, h in title().map.hexes.items():
        if h.color != "white" or not h.stops:
            continue
        kinds = sorted(s.kind for s in h.stops)
        fits = [t.id for t in yellow if sorted(s.kind for s in t.stops) == kinds and t.labels == h.labels]
        assert fits, coord


@pytest.mark.parametrize(
    "start, chain",
    [("402", ["406", "429", "430"]), ("401", ["405", "431"]), ("201", ["207", "208", "216"]),
     ("404", ["408", "432"])],
)
def test_labelled_and_double_city_families_reach_brown_VI(start, chain):
    family = [tiles()[start], *(tiles()[n] for n in chain)]
    assert {t.labels for t in family} == {tiles()[start].labels}
    assert [t.color for t in family][0] == "yellow" and family[-1].color == "brown"


def test_brown_wien_can_be_laid_so_the_kk_home_cities_merge_VI():
    """Some rotation of 436 puts its three-track city on the edges of kk #1-#3's cities."""
    wien = title().map.hexes["G17"]
    kk_edges = {
        e for i, s in enumerate(wien.stops) if s.reserved.get(0, "").startswith("KK")
        for a, b in wien.paths if f"s{i}" in (a, b) for e in (a, b) if isinstance(e, int)
    }
    assert kk_edges == {1, 2, 3}
    brown = tiles()["436"]
    big = next(i for i in range(4) if len(edges_of_stop(brown, i)) == 3)
    rotations = [r for r in range(6) if {(e + r) % 6 for e in edges_of_stop(brown, big)} == kk_edges]
    assert rotations == [5]
