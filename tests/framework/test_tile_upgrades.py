"""The general upgrade rule (docs/data-model.md): next colour, same labels and stops, every old
path kept, separate stops kept separate; and explicit upgrade lists."""

import pytest

from railyard.framework.tiles import (
    Placed,
    TileDef,
    Upgrade,
    map_hex_tile,
    new_track,
    upgrade_for,
    upgrade_options,
    upgrade_refusal,
    upgrade_rotations,
)
from tests.framework import tile_samples as samples
from tests.framework.tile_samples import (
    T3,
    T4,
    T7,
    T8,
    T9,
    T12,
    T14,
    T15,
    T18,
    T23,
    T24,
    T25,
    T26,
    T27,
    T28,
    T29,
    T57,
    T58,
    T63,
    T87,
    T402,
    T404,
    T406,
    T408,
    T410,
    T411,
    T420,
    T424,
    T425,
    T427,
    T432,
    T432_BU,
    T432_NO_LINK,
    T436,
    city,
    tile,
    town,
)

# -- plain track ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "old, new, expected",
    [
        # gentle curve 0-2 must stay a gentle curve 0-2
        (T8, T23, [5]),
        (T8, T24, [0]),
        (T8, T25, [0, 2]),
        (T8, T28, [0]),
        (T8, T29, [0]),
        (T8, T18, []),
        # straight 0-3
        (T9, T23, [0, 3]),
        (T9, T24, [0, 3]),
        (T9, T18, [0, 3]),
        (T9, T26, [0, 3]),
        (T9, T27, [0, 3]),
        (T9, T25, []),
        (T9, T29, []),
        # sharp curve 0-1
        (T7, T26, [4]),
        (T7, T27, [0]),
        (T7, T28, [5]),
        (T7, T29, [0]),
        (T7, T24, []),
    ],
    ids=lambda v: getattr(v, "id", None),
)
def test_green_track_keeps_every_yellow_path(old, new, expected):
    assert upgrade_rotations(Placed(old, 0), new) == expected


def test_rotated_old_tile_rotates_the_legal_rotations():
    # 8 turned by 2 is a gentle curve 2-4: tile 25 fits with its own rotation + 2
    assert upgrade_rotations(Placed(T8, 2), T25) == [2, 4]
    assert upgrade_rotations(Placed(T9, 1), T24) == [1, 4]


def test_yellow_on_yellow_is_refused_by_colour():
    assert upgrade_rotations(Placed(T9, 0), T8) == []
    assert upgrade_refusal(Placed(T9, 0), T8) == (
        "a yellow tile is replaced by a green tile, not a yellow one"
    )


def test_brown_onto_yellow_skips_a_colour_and_is_refused():
    assert upgrade_rotations(Placed(T57, 0), T63) == []
    assert "replaced by a green tile, not a brown one" in upgrade_refusal(Placed(T57, 0), T63)


# -- cities and towns -------------------------------------------------------------------------


def test_city_on_a_straight_upgrades_to_green_cities_containing_the_straight():
    assert upgrade_rotations(Placed(T57, 0), T14) == [0, 2, 3, 5]
    assert upgrade_rotations(Placed(T57, 0), T14, distinct=True) == [0, 2]
    assert upgrade_rotations(Placed(T57, 0), T15) == [0, 3]
    assert upgrade_rotations(Placed(T57, 1), T15) == [1, 4]


def test_lost_path_is_refused_city_straight_onto_three_adjacent_exits():
    # 12 has exits 4, 5, 0 (no two opposite): the straight through the city would be lost
    assert upgrade_refusal(Placed(T57, 0), T12) is None  # nothing wrong but the track
    assert upgrade_rotations(Placed(T57, 0), T12) == []


def test_town_onto_city_tile_is_refused():
    assert upgrade_rotations(Placed(T4, 0), T14) == []
    assert upgrade_refusal(Placed(T4, 0), T14) == (
        "stops must stay the same: the hex has town, tile 14 has city"
    )
    assert upgrade_rotations(Placed(T3, 0), T12) == []


def test_town_keeps_its_track_on_a_green_town_tile():
    # 87: one town joined to four neighbouring edges 5, 0, 1, 2
    assert upgrade_rotations(Placed(T3, 0), T87) == [0, 1, 5]
    assert upgrade_rotations(Placed(T4, 0), T87) == [1, 4]


def test_label_mismatch_refused_x_tile_onto_plain_city():
    x_green = tile("406", "green", T406.paths, T406.stops, labels=["X"])
    assert upgrade_rotations(Placed(T57, 0), x_green) == []
    assert upgrade_refusal(Placed(T57, 0), x_green) == (
        "labels must match: the hex has no label, tile 406 has X"
    )


def test_label_mismatch_refused_plain_tile_onto_x_city():
    assert upgrade_rotations(Placed(T402, 0), T14) == []
    assert upgrade_refusal(Placed(T402, 0), T14) == (
        "labels must match: the hex has X, tile 14 has no label"
    )


def test_x_city_upgrades_to_x_green_city():
    # 402: city with exits 0 and 2; 406: exits 0, 2, 3, 5
    assert upgrade_rotations(Placed(T402, 0), T406) == [0, 3]


# -- several stops on one tile --------------------------------------------------------------


def test_two_separate_cities_stay_separate_each_with_its_own_edges():
    # 404: city 0 on edges 0, 4; city 1 on edges 1, 3. 408: city 0 on 0, 4, 5; city 1 on 1, 2, 3
    assert upgrade_options(Placed(T404, 0), T408) == (
        Upgrade(0, (0, 1)),
        Upgrade(3, (1, 0)),  # turned half way: the cities swap places
    )


def test_two_cities_may_not_merge_into_one():
    both_on_one = tile(
        "bad", "green", [[0, "s0"], [1, "s0"], [3, "s0"], [4, "s0"], [5, "s1"]], [city(), city()]
    )
    assert upgrade_rotations(Placed(T404, 0), both_on_one) == []


def test_city_count_must_stay_equal():
    assert upgrade_rotations(Placed(T404, 0), T14) == []
    assert "city, city" in upgrade_refusal(Placed(T404, 0), T14)


def test_track_between_two_cities_must_be_kept():
    bu_yellow = map_hex_tile(
        "H22",
        "yellow",
        stops=[city(40), city(40)],
        paths=[[0, "s0"], [5, "s0"], [1, "s1"], [3, "s1"]],
        labels=["Bu"],
    )
    assert upgrade_rotations(Placed(bu_yellow, 0), T425) == [0, 3]
    assert upgrade_rotations(Placed(T425, 0), T432_BU) == [0, 3]
    assert upgrade_rotations(Placed(T425, 0), T432_NO_LINK) == []
    assert upgrade_rotations(Placed(T425, 0), T432) == []  # label Bu lost


# -- the town with a bypass (1837 rule: the town stays on the same stretch of track) ---------------


def test_town_on_curve_upgrades_to_town_on_curve_with_bypass():
    # 58: town on the gentle curve 0-2. 420: town on 4-0 with a bypass 0-5
    assert upgrade_options(Placed(T58, 0), T420) == (Upgrade(2, (0,)),)
    assert upgrade_rotations(Placed(T58, 0), T424) == [2]


def test_town_on_curve_may_not_become_the_bypass_of_a_straight_town():
    # 410: bypass 0-2 (the old curve, but without the town), town on the straight 0-3
    assert upgrade_refusal(Placed(T58, 0), T410) is None
    assert upgrade_rotations(Placed(T58, 0), T410) == []
    assert upgrade_rotations(Placed(T58, 0), T411) == []


def test_town_on_straight_upgrades_to_straight_town_with_bypass():
    assert upgrade_rotations(Placed(T4, 0), T410) == [0, 3]
    assert upgrade_rotations(Placed(T4, 0), T411) == [0, 3]


# -- preprinted hexes ------------------------------------------------------------------------


def test_empty_hex_takes_plain_yellow_track_in_every_rotation():
    blank = Placed(map_hex_tile("B10"))
    assert upgrade_rotations(blank, T7) == [0, 1, 2, 3, 4, 5]
    assert upgrade_rotations(blank, T57) == []
    assert upgrade_rotations(blank, T14) == []  # green onto an empty hex


def test_city_hex_takes_a_yellow_city_and_town_hex_a_yellow_town():
    city_hex = Placed(map_hex_tile("F28", stops=[city(0)]))
    assert upgrade_rotations(city_hex, T57) == [0, 1, 2, 3, 4, 5]
    assert upgrade_rotations(city_hex, T9) == []
    assert upgrade_rotations(city_hex, T58) == []
    town_hex = Placed(map_hex_tile("B12", stops=[town(0)]))
    assert upgrade_rotations(town_hex, T58) == [0, 1, 2, 3, 4, 5]
    assert upgrade_rotations(town_hex, T57) == []


def test_preprinted_yellow_track_with_rotation_is_upgraded_like_a_tile():
    # a preprinted straight lying 1-4
    printed = Placed(map_hex_tile("X1", "yellow", paths=[[0, 3]]), 1)
    assert upgrade_rotations(printed, T24) == [1, 4]


def test_gray_and_red_hexes_are_never_replaced():
    gray = Placed(map_hex_tile("G37", "gray", paths=[[0, 3]]))
    assert upgrade_rotations(gray, T18) == []
    assert upgrade_refusal(gray, T18) == "a gray hex is never replaced"
    red = Placed(map_hex_tile("A1", "red", stops=[city(30)]))
    assert upgrade_refusal(red, T57) == "a red hex is never replaced"


# -- explicit upgrade lists ------------------------------------------------------------------


def test_explicit_list_admits_only_listed_tiles():
    hexdef = map_hex_tile("F28", stops=[city(0)], upgrades=["14"])
    assert upgrade_rotations(Placed(hexdef), T57) == []
    assert upgrade_refusal(Placed(hexdef), T57) == (
        "tile 57 is not among the tiles allowed on @F28 (14)"
    )


def test_explicit_list_still_keeps_the_track():
    vienna = map_hex_tile(
        "G17",
        "yellow",
        stops=[city(30, 1, "capital") for _ in range(4)],
        paths=[[0, "s0"], [1, "s1"], [2, "s2"], [3, "s3"]],
        labels=["W"],
        upgrades=["427"],
    )
    # four cities become six: each old city goes to the new city on its edge
    opts = upgrade_options(Placed(vienna, 0), T427)
    assert [u.rotation for u in opts] == [0, 1, 2, 3, 4, 5]
    assert opts[0].stop_map == (0, 1, 2, 3)
    assert opts[1].stop_map == (5, 0, 1, 2)  # new city j sits on edge j + 1


def test_explicit_list_lets_stops_merge():
    # six cities become four: those on edges 2, 3, 4 merge into one
    opt = upgrade_for(Placed(T427, 0), Placed(T436, 0))
    assert opt == Upgrade(0, (0, 1, 2, 2, 2, 3))
    assert upgrade_for(Placed(T427, 0), Placed(T57, 0)) is None


# -- new track -------------------------------------------------------------------------------


def test_new_track_on_an_empty_hex_is_the_whole_tile():
    assert new_track(None, Placed(T8, 1)) == {(1, 3)}


def test_new_track_of_a_plain_upgrade():
    assert new_track(Placed(T8, 0), Placed(T25, 0)) == {(4, 0)}
    assert new_track(Placed(T9, 0), Placed(T24, 3)) == {(3, 5)}


def test_new_track_of_a_city_upgrade():
    assert new_track(Placed(T57, 0), Placed(T14, 0)) == {(1, "s0"), (4, "s0")}


def test_new_track_follows_the_stop_mapping_when_cities_swap():
    old, new = Placed(T404, 0), Placed(T408, 3)
    (u,) = [u for u in upgrade_options(old, T408) if u.rotation == 3]
    assert new_track(old, new, u.stop_map) == {(2, "s0"), (5, "s1")}


# -- properties over every pair of sample tiles ----------------------------------------------------

SAMPLES = [v for v in vars(samples).values() if isinstance(v, TileDef)]


def _translate(path, stop_map):
    def end(e):
        return e if isinstance(e, int) else f"s{stop_map[int(e[1:])]}"

    return frozenset(end(e) for e in path)


def test_every_legal_upgrade_keeps_every_old_path_and_adds_exactly_the_new_track():
    checked = 0
    for old_tile in SAMPLES:
        for r in range(6):
            old = Placed(old_tile, r)
            for new_tile in SAMPLES:
                for u in upgrade_options(old, new_tile):
                    new = Placed(new_tile, u.rotation)
                    kept = {_translate(p, u.stop_map) for p in old.paths}
                    assert kept <= new.conn.path_keys, (old_tile.id, r, new_tile.id, u)
                    added = {frozenset(p) for p in new_track(old, new, u.stop_map)}
                    assert added | kept == set(new.conn.path_keys)
                    checked += 1
    assert checked > 100


def test_turning_the_old_tile_turns_the_legal_rotations_with_it():
    for old_tile in SAMPLES:
        for new_tile in SAMPLES:
            base = upgrade_rotations(Placed(old_tile, 0), new_tile)
            for k in range(1, 6):
                turned = upgrade_rotations(Placed(old_tile, k), new_tile)
                assert turned == sorted((x + k) % 6 for x in base), (old_tile.id, new_tile.id, k)
