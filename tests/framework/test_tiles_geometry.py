"""Tile definitions and their geometry: validation, rotation, exits and what joins what."""

import cattrs
import pytest

from railyard.framework.model.values import PhaseValue
from railyard.framework.tiles import (
    End,
    Placed,
    Stop,
    TileDef,
    color_rank,
    connectivity,
    distinct_rotations,
    map_hex_tile,
    next_color,
    rotate,
    rotate_end,
    structure_end,
)
from tests.framework.tile_samples import T1, T7, T8, T9, T18, T57, T63, T410, T425, city, tile

# -- definitions ---------------------------------------------------------------------------


def test_tile_structures_from_the_yaml_shape_with_cattrs():
    conv = cattrs.Converter()
    conv.register_structure_hook_func(lambda t: t == End, structure_end)
    conv.register_structure_hook(PhaseValue, lambda raw, _: PhaseValue.of(raw))
    raw = {
        "id": "57",
        "color": "yellow",
        "count": 3,
        "stops": [{"kind": "city", "revenue": 20, "slots": 1}],
        "paths": [[0, "s0"], [3, "s0"]],
    }
    t = conv.structure(raw, TileDef)
    assert t == TileDef(id="57", color="yellow", count=3, stops=[city()], paths=[[0, "s0"], [3, "s0"]])
    assert t.paths == ((0, "s0"), (3, "s0"))
    assert t.stops[0].revenue.first == 20


def test_town_has_no_token_slots_and_city_defaults_to_one():
    assert Stop("town", 10).slots == 0
    assert Stop("city", 20).slots == 1
    assert Stop("city", 40, 2).slots == 2


def test_stop_revenue_accepts_a_phase_dependent_map():
    s = Stop("mine", {"2": 20, "5": 40})
    assert s.revenue.at("4", ["2", "3", "4", "5"]) == 20
    assert s.revenue.at("5", ["2", "3", "4", "5"]) == 40


def test_unknown_stop_kind_is_refused():
    with pytest.raises(ValueError, match="kind"):
        Stop("village", 10)


def test_path_to_a_missing_stop_is_refused_naming_the_tile():
    with pytest.raises(ValueError, match="tile 99: path end 's1' refers to stop 1, but the tile has 1"):
        TileDef("99", "yellow", stops=[city()], paths=[[0, "s0"], [3, "s1"]])


@pytest.mark.parametrize("bad", [6, -1, "x", "s", True, 2.0])
def test_bad_path_end_is_refused(bad):
    with pytest.raises(ValueError, match="bad path end"):
        TileDef("99", "yellow", paths=[[0, bad]])


def test_path_joining_an_end_to_itself_is_refused():
    with pytest.raises(ValueError, match="joins an end to itself"):
        TileDef("99", "yellow", paths=[[2, 2]])


def test_tile_definitions_are_hashable_values():
    again = tile("57", "yellow", [["s0", 0], ["s0", 3]], [city()])
    assert again == T57 and hash(again) == hash(T57)
    assert len({T57, again, T9}) == 2


def test_map_hex_is_a_tile_with_an_at_id():
    t = map_hex_tile("F28", stops=[city(0)], labels=["Y"])
    assert t.id == "@F28" and t.color == "white" and t.count == 1
    assert t.labels == ("Y",) and t.upgrades_to is None
    t = map_hex_tile("G17", "yellow", upgrades=["427"])
    assert t.upgrades_to == ("427",)


# -- colours --------------------------------------------------------------------------------


def test_colour_order_is_white_yellow_green_brown_gray():
    assert [next_color(c) for c in ("white", "yellow", "green", "brown", "gray", "red")] == [
        "yellow",
        "green",
        "brown",
        "gray",
        None,
        None,
    ]
    assert color_rank("yellow") < color_rank("green") < color_rank("brown") < color_rank("gray")


# -- rotation -------------------------------------------------------------------------------


def test_rotation_turns_edges_clockwise_and_keeps_stop_references():
    assert [rotate_end(0, r) for r in range(6)] == [0, 1, 2, 3, 4, 5]
    assert rotate_end(5, 2) == 1
    assert rotate_end("s1", 4) == "s1"


@pytest.mark.parametrize(
    "t, expected",
    [
        (T7, [{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 0}]),
        (T8, [{0, 2}, {1, 3}, {2, 4}, {3, 5}, {4, 0}, {5, 1}]),
        (T9, [{0, 3}, {1, 4}, {2, 5}, {3, 0}, {4, 1}, {5, 2}]),
        (T57, [{0, 3}, {1, 4}, {2, 5}, {3, 0}, {4, 1}, {5, 2}]),
    ],
    ids=["7", "8", "9", "57"],
)
def test_exits_of_standard_tiles_under_every_rotation(t, expected):
    assert [set(rotate(t, r).exits) for r in range(6)] == expected


def test_rotated_paths_of_a_city_tile():
    assert Placed(T57, 2).paths == (("s0", 2), ("s0", 5))


def test_distinct_rotations_skip_symmetric_repeats():
    assert distinct_rotations(T7) == (0, 1, 2, 3, 4, 5)
    assert distinct_rotations(T9) == (0, 1, 2)
    assert distinct_rotations(T57) == (0, 1, 2)
    assert distinct_rotations(T63) == (0,)


def test_bad_rotation_is_refused():
    with pytest.raises(ValueError, match="rotation must be 0-5"):
        connectivity(T7, 6)


# -- connectivity ----------------------------------------------------------------------------


def test_two_towns_on_one_tile_keep_their_own_track():
    p = Placed(T1, 0)
    assert p.stop_edges(0) == {1, 3} and p.stop_edges(1) == {0, 4}
    assert p.edge_stops(3) == {0} and p.edge_stops(0) == {1} and p.edge_stops(2) == set()
    assert all(p.edge_partners(e) == set() for e in range(6))
    assert p.exits == {0, 1, 3, 4}
    turned = Placed(T1, 1)
    assert turned.stop_edges(0) == {2, 4} and turned.stop_edges(1) == {1, 5}


def test_branch_bypassing_a_town_is_pure_track_and_does_not_reach_the_town():
    p = Placed(T410, 0)
    assert p.edge_partners(0) == {2}
    assert p.edge_partners(2) == {0}
    assert p.edge_stops(0) == {0} and p.edge_stops(2) == set() and p.edge_stops(3) == {0}
    assert p.stop_edges(0) == {0, 3}


def test_crossing_tracks_are_not_joined():
    p = Placed(T18, 0)
    assert p.edge_partners(0) == {3} and p.edge_partners(1) == {2}
    assert p.conn.edge_edges == {frozenset({0, 3}), frozenset({1, 2})}


def test_track_between_two_cities_on_one_tile():
    p = Placed(T425, 0)
    assert p.stop_partners(0) == {1} and p.stop_partners(1) == {0}
    assert p.stop_edges(0) == {0, 4, 5} and p.stop_edges(1) == {1, 2, 3}


def test_gray_track_junction_joins_each_listed_pair_only():
    g = tile("@G37", "gray", [[0, 3], [0, 2], [2, 3]])
    p = Placed(g, 1)
    assert p.edge_partners(1) == {4, 3} and p.edge_partners(3) == {1, 4}
    assert p.exits == {1, 3, 4}


def test_placed_tiles_compare_by_tile_and_rotation():
    assert Placed(T57, 1) == Placed(T57, 1)
    assert Placed(T57, 1) != Placed(T57, 4)  # same track, but a different placement
    assert len({Placed(T9, 0), Placed(T9, 0), Placed(T9, 3)}) == 2
