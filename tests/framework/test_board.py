"""The board: tiles on hexes, tile supply, tokens and reservations, copying and canonical form."""

import copy
import random
from types import SimpleNamespace

import pytest

from railyard.framework.board import Board, BoardError, BoardView, new_board_state
from railyard.framework.hexgrid import Grid
from railyard.framework.model.map import Border, HexDef, MapDef
from railyard.framework.tiles import Placed, Stop, map_hex_tile
from tests.framework.tile_samples import (
    T7,
    T8,
    T9,
    T23,
    T24,
    T57,
    T58,
    T404,
    T408,
    city,
    tile,
    town,
)

GRID = Grid("pointy", "letter_row", parity=1)

#      A1(red)   A3(town)   A5(gray mine, track to SW = B4)
#   B2(blank)  B4(city, R1)  B6(two cities)  B8(blank)
#      C3(blank) C5(blank)
HEXES = {
    "A1": map_hex_tile("A1", "red", stops=[Stop("offboard", 30)], paths=[[5, "s0"]]),
    "A3": map_hex_tile("A3", stops=[town(0)]),
    "A5": map_hex_tile("A5", "gray", stops=[Stop("mine", 20)], paths=[[0, "s0"]]),
    "B2": map_hex_tile("B2"),
    "B4": map_hex_tile("B4", stops=[Stop("city", 0, reserved={0: "R1"})]),
    "B6": map_hex_tile("B6", stops=[city(0), city(0)]),
    "B8": map_hex_tile("B8"),
    "C3": map_hex_tile("C3"),
    "C5": map_hex_tile("C5"),
}
MANIFEST = {t.id: t for t in (T7, T8, T9, T23, T24, T57, T58, T404, T408)}
COUNTS = {"7": 2, "8": 2, "9": 1, "23": 1, "24": 1, "57": 1, "58": 1, "404": 1, "408": 1}


@pytest.fixture
def board() -> Board:
    printed = {c: Placed(t, 0) for c, t in HEXES.items()}
    return Board(GRID, printed, MANIFEST, supply=COUNTS, impassable=[("B2", 5)])


# -- hexes and neighbours ---------------------------------------------------------------------


def test_unlaid_hex_shows_its_printed_tile(board):
    assert board.placed("B4").tile.id == "@B4"
    assert board.is_printed("B4")
    assert board.exits("B4") == frozenset()
    assert board.exits("A5") == {0}
    assert board.laid() == {}


def test_placements_list_hexes_with_track_or_stops_only(board):
    assert set(board.placements()) == {"A1", "A3", "A5", "B4", "B6"}


def test_neighbour_across_stays_on_the_map(board):
    assert board.neighbours("B4") == ("C3", "B2", "A3", "A5", "B6", "C5")
    assert board.neighbour_across("A1", 2) is None  # north-west of A1 is off the map
    assert board.neighbour_across("B8", 4) is None


def test_impassable_border_blocks_both_sides(board):
    assert board.neighbour_across("B2", 5) is None
    assert board.neighbour_across("C3", 2) is None
    assert board.impassable == {("B2", 5), ("C3", 2)}


def test_unknown_hex_is_named_in_the_error(board):
    with pytest.raises(BoardError, match="Z9 is not a hex of this map"):
        board.placed("Z9")
    with pytest.raises(BoardError, match="Z9 is not a hex of this map"):
        board.neighbour_across("Z9", 0)


def test_track_meets_only_where_both_sides_have_track(board):
    assert not board.track_meets("B4", 3)
    board.lay("B4", "57", 0)  # city on 0-3: edge 3 faces A5, whose mine track runs to edge 0
    assert board.track_meets("B4", 3)
    assert board.track_meets("A5", 0)
    assert not board.track_meets("B4", 0)  # C3 is blank


# -- laying tiles -------------------------------------------------------------------------------


def test_lay_yellow_then_green_updates_board_and_supply(board):
    result = board.lay("B8", T9, 1)
    assert result.replaced == "@B8" and result.upgrade.rotation == 1
    assert board.exits("B8") == {1, 4}
    assert board.available("9") == 0
    board.lay("B8", "24", 1)
    assert board.laid() == {"B8": ("24", 1)}
    assert board.available("9") == 1  # the replaced tile goes back to the supply
    assert board.available("24") == 0
    assert board.tile_conservation_problems() == []


def test_lay_accepts_a_tile_by_id_and_refuses_an_unknown_one(board):
    board.lay("B2", "7", 3)
    with pytest.raises(BoardError, match="no tile '99' in this title"):
        board.lay("C3", "99", 0)


def test_lay_in_a_rotation_that_loses_track_names_the_legal_rotations(board):
    board.lay("B8", T9, 0)
    with pytest.raises(BoardError, match=r"rotation 1 does not keep the existing track \(legal: 0, 3\)"):
        board.lay("B8", T24, 1)
    assert board.laid() == {"B8": ("9", 0)}


def test_lay_of_a_tile_that_fits_no_rotation(board):
    board.lay("B8", T8, 0)
    with pytest.raises(BoardError, match="no rotation keeps the existing track"):
        board.lay("B8", T9.__class__("x", "green", paths=[[0, 3]]), 0)


def test_lay_refuses_town_tile_on_city_hex_naming_the_rule(board):
    with pytest.raises(BoardError, match="tile 58 cannot replace @B4 on B4: stops must stay the same"):
        board.lay("B4", T58, 0)


def test_gray_hex_is_never_replaced(board):
    with pytest.raises(BoardError, match="a gray hex is never replaced"):
        board.lay("A5", T7, 0)


def test_empty_supply_refuses_the_lay(board):
    board.lay("B8", T9, 0)
    with pytest.raises(BoardError, match="no tile 9 left in the supply"):
        board.lay("C5", T9, 0)


def test_lay_without_check_is_for_hooks_that_allow_more(board):
    board.lay("B2", T57, 0, check=False)
    assert board.tile("B2").id == "57"


def test_dead_ends_are_exits_off_the_map_or_into_a_border(board):
    assert board.dead_ends("B8", Placed(T9, 1)) == {4}
    assert board.dead_ends("B2", Placed(T8, 3)) == {5}  # 3-5: edge 5 is the border
    assert board.dead_ends("B4", Placed(T9, 0)) == set()


# -- tokens --------------------------------------------------------------------------------------


def test_reserved_slot_is_taken_for_others_and_free_for_its_company(board):
    board.lay("B4", T57, 0)
    assert board.reserved_at("B4", 0) == ("R1",)
    assert board.free_slots("B4", 0) == 0
    assert board.free_slots("B4", 0, "R1") == 1
    with pytest.raises(BoardError, match="no free slot for X1 on B4 stop 0"):
        board.place_token("B4", 0, "X1")
    board.place_token("B4", 0, "R1")
    assert board.tokens_at("B4", 0) == ("R1",)
    assert board.reserved_at("B4", 0) == ()
    assert board.tokens_of("R1") == [("B4", 0)]


def test_home_token_may_sit_on_an_unbuilt_city(board):
    board.place_token("B6", 1, "H")
    assert board.has_token("B6", "H") and board.has_token("B6", "H", 1)
    assert not board.has_token("B6", "H", 0)


def test_towns_take_no_tokens(board):
    with pytest.raises(BoardError, match="A3 stop 0 is a town and takes no tokens"):
        board.place_token("A3", 0, "X1")


def test_one_token_per_company_per_stop_and_no_token_on_a_full_city(board):
    board.place_token("B6", 0, "X1")
    with pytest.raises(BoardError, match="X1 already has a token on B6 stop 0"):
        board.place_token("B6", 0, "X1")
    with pytest.raises(BoardError, match="no free slot for X2"):
        board.place_token("B6", 0, "X2")
    with pytest.raises(BoardError, match="B6 has no stop 2"):
        board.place_token("B6", 2, "X2")


def test_remove_and_replace_tokens(board):
    board.lay("B6", T404, 0)
    board.lay("B6", T408, 0)  # city 0 now has two slots
    board.place_token("B6", 0, "M1")
    board.place_token("B6", 0, "N")
    assert board.replace_token("B6", 0, "M1", "Q") is True
    assert board.tokens_at("B6", 0) == ("Q", "N")
    assert board.replace_token("B6", 0, "Q", "N") is False  # N is there already: Q just goes
    assert board.tokens_at("B6", 0) == ("N",)
    board.remove_token("B6", 0, "N")
    assert board.token_map() == {}
    with pytest.raises(BoardError, match="N has no token on B6 stop 0"):
        board.remove_token("B6", 0, "N")


def test_tokens_follow_their_city_when_an_upgrade_swaps_the_cities(board):
    board.lay("B6", T404, 0)  # city 0 on edges 0, 4; city 1 on edges 1, 3
    board.place_token("B6", 0, "E")
    result = board.lay("B6", T408, 3)  # turned half way: old city 0 is now city 1
    assert result.upgrade.stop_map == (1, 0)
    assert result.moved == {("B6", 0): ("B6", 1)}
    assert board.tokens_at("B6", 1) == ("E",)
    assert board.tokens_at("B6", 0) == ()
    assert board.placed("B6").stop_edges(1) == {0, 4, 5}


def test_reservation_follows_its_city_through_upgrades(board):
    board.lay("B4", T57, 2)
    assert board.reserved_at("B4", 0) == ("R1",)


def test_merging_cities_keeps_one_token_per_company():
    four = map_hex_tile(
        "B4",
        "yellow",
        stops=[city(10, 1, "g") for _ in range(4)],
        paths=[[0, "s0"], [1, "s1"], [2, "s2"], [3, "s3"]],
        upgrades=["big"],
    )
    big = tile("big", "green", [[0, "s0"], [1, "s0"], [2, "s1"], [3, "s1"]], [city(30, 2), city(30, 2)])
    b = Board(GRID, {"B4": Placed(four, 0)}, {"big": big})
    for stop, comp in enumerate(["K", "K", "K", "S"]):
        b.place_token("B4", stop, comp)
    result = b.lay("B4", "big", 0)
    assert result.upgrade.stop_map == (0, 0, 1, 1)
    assert b.tokens_at("B4", 0) == ("K",)
    assert b.tokens_at("B4", 1) == ("K", "S")
    assert result.removed == (("K", ("B4", 1)),)


def test_lay_that_overfills_a_city_is_refused_and_changes_nothing():
    two = map_hex_tile(
        "B4", "yellow", stops=[city(), city()], paths=[[0, "s0"], [3, "s1"]], upgrades=["one"]
    )
    one = tile("one", "green", [[0, "s0"], [3, "s0"]], [city(30, 1)])
    b = Board(GRID, {"B4": Placed(two, 0)}, {"one": one})
    b.place_token("B4", 0, "A")
    b.place_token("B4", 1, "B")
    before = b.to_dict()
    with pytest.raises(BoardError, match="stop 0 would hold 2 tokens \\(A, B\\) but has 1 slot"):
        b.lay("B4", "one", 0)
    assert b.to_dict() == before


# -- copying, canonical form, views ------------------------------------------------------------------


def test_copies_are_independent_and_share_the_map(board):
    board.lay("B8", T9, 0)
    twin = copy.deepcopy(board)
    twin.lay("B8", T24, 0)
    twin.place_token("B6", 0, "X1")
    assert board.laid() == {"B8": ("9", 0)} and board.token_map() == {}
    assert twin.laid() == {"B8": ("24", 0)}
    assert twin.printed("B4") is board.printed("B4")
    assert board.copy() == board and twin != board


def test_to_dict_is_canonical_and_loads_back(board):
    board.lay("B4", T57, 0)
    board.place_token("B4", 0, "R1")
    board.place_token("B6", 1, "H")
    d = board.to_dict()
    assert d["tiles"] == {"B4": ["57", 0]}
    assert d["tokens"] == {"B4": {"0": ["R1"]}, "B6": {"1": ["H"]}}
    assert d["reserved"] == {}
    assert d["supply"]["57"] == 0
    fresh = Board(GRID, {c: Placed(t, 0) for c, t in HEXES.items()}, MANIFEST, supply=COUNTS)
    assert fresh.state_key() != board.state_key()
    fresh.load_dict(d)
    assert fresh.to_dict() == d
    assert fresh.state_key() == board.state_key()


def test_view_is_read_only_and_follows_the_board(board):
    view = board.view()
    assert isinstance(view, BoardView) and not hasattr(view, "lay")
    board.lay("B2", T7, 0)
    assert view.laid() == {"B2": ("7", 0)}


def test_tile_conservation_check_finds_a_lost_tile(board):
    board.lay("B2", T7, 0)
    assert board.tile_conservation_problems() == []
    board._supply["7"] += 1  # simulate a bookkeeping slip
    assert board.tile_conservation_problems() == [
        "tiles: 7 has 1 on the board and 2 in the supply, the box holds 2"
    ]


# -- from a loaded title ---------------------------------------------------------------------------


def test_board_from_title_uses_map_hexes_rotation_borders_and_manifest_counts():
    hexes = {
        "A3": HexDef("A3", color="gray", stops=(Stop("mine", 20),), paths=((0, "s0"),), rotation=1),
        "B2": HexDef("B2", borders=(Border(4, "impassable"), Border(0, "province"))),
        "B4": HexDef("B4", stops=(Stop("city", 0, reserved={0: "R1"}),)),
    }
    title = SimpleNamespace(
        map=MapDef("pointy", "letter_row", hexes), tiles={"57": T57.__class__("57", "yellow", 3)}
    )
    b = new_board_state(title)
    assert b.grid == GRID
    assert b.exits("A3") == {1}
    assert b.neighbour_across("B2", 4) is None and b.neighbour_across("B4", 1) is None
    assert b.neighbour_across("B2", 3) == "A3"
    assert b.reserved_at("B4", 0) == ("R1",)
    assert b.available("57") == 3


def test_distances_on_the_map_go_round_borders_and_gaps(board):
    d = board.distances_from("B2")
    assert d["B2"] == 0 and d["B4"] == 1 and d["A3"] == 1
    assert d["C3"] == 2  # the border B2|C3 is crossed by going round through B4
    assert d["B8"] == 3 and d["A1"] == 1
    assert board.grid.distance(board.grid.parse("B2"), board.grid.parse("C3")) == 1


def test_lay_choices_list_fitting_tiles_with_copies_left(board):
    choices = board.lay_choices("B8")
    assert sorted({(t.id, u.rotation) for t, u in choices}) == [
        (tid, r) for tid in ("7", "8") for r in range(6)
    ] + [("9", r) for r in range(6)]
    board.lay("B8", T9, 0)
    assert [(t.id, u.rotation) for t, u in board.lay_choices("B8")] == [
        ("23", 0), ("23", 3), ("24", 0), ("24", 3)
    ]
    assert [t.id for t, _ in board.lay_choices("C5")] == ["7"] * 6 + ["8"] * 6  # no 9 left
    assert board.lay_choices("B6")[0][0].id == "404"


def test_new_track_of_a_lay_on_the_board(board):
    assert board.new_track("B8", T9, 1) == {(1, 4)}
    board.lay("B8", T9, 1)
    assert board.new_track("B8", T24, 4) == {(4, 0)}  # 24 turned by 4: straight 4-1, curve 4-0
    assert board.new_track("B8", T24, 2) == set()  # does not fit


def test_random_lays_and_tokens_keep_the_board_consistent(board):
    rng = random.Random(5)
    coords = list(board.coords())
    history = []
    for _ in range(300):
        coord = rng.choice(coords)
        choices = board.lay_choices(coord)
        if choices and rng.random() < 0.7:
            t, u = rng.choice(choices)
            board.lay(coord, t, u.rotation)
        else:
            stops = board.placed(coord).stops
            if stops:
                i = rng.randrange(len(stops))
                company = rng.choice(["A", "B", "R1"])
                if board.free_slots(coord, i, company) > 0 and not board.has_token(coord, company, i):
                    board.place_token(coord, i, company)
        history.append(board.copy())
        assert board.tile_conservation_problems() == []
    # every snapshot reloads to an equal board
    for snap in history[::37]:
        fresh = Board(GRID, {c: Placed(t, 0) for c, t in HEXES.items()}, MANIFEST, supply=COUNTS)
        assert fresh.load_dict(snap.to_dict()).state_key() == snap.state_key()
    assert len(board.laid()) >= 4


def test_clearing_a_hex_returns_its_tile_and_drops_its_tokens(board):
    board.lay("B4", T57, 0)
    board.place_token("B4", 0, "R1")
    assert board.clear("B4") == "57"
    assert board.is_printed("B4") and board.tokens_at("B4", 0) == ()
    assert board.available("57") == 1
    assert board.tile_conservation_problems() == []
    assert board.clear("B4") is None


def _fresh_key(board: Board) -> tuple:
    """The state key worked out from scratch, the way a board that never kept one does."""
    return (
        tuple(sorted((c, p.tile.id, p.rotation) for c, p in board._laid.items())),
        tuple(sorted(board._tokens.items())),
        tuple(sorted(board._reserved.items())),
        tuple(sorted(board._supply.items())),
    )


def test_the_state_key_patched_lay_by_lay_is_the_key_worked_out_from_scratch(board):
    """A lay patches the laid-tiles and supply parts of the key it kept (one or two entries
    each); random lays, upgrades, clears, tokens and copies played against each other always
    give the key a board computes from its whole position."""
    rng = random.Random(11)
    coords = list(board.coords())
    boards = [board]
    for step in range(400):
        b = rng.choice(boards)
        b.state_key()  # keep a key, so that the next change patches it
        coord = rng.choice(coords)
        if step % 9 == 8:
            b.clear(coord)
        elif step % 13 == 12:
            boards.append(b.copy())
        else:
            choices = b.lay_choices(coord)
            if choices:
                t, u = rng.choice(choices)
                b.lay(coord, t, u.rotation)
            else:
                stops = b.placed(coord).stops
                if stops and b.free_slots(coord, 0, "A") > 0 and not b.has_token(coord, "A", 0):
                    b.place_token(coord, 0, "A")
        for each in boards:
            assert each.state_key() == _fresh_key(each)
    assert len(boards) > 10 and max(len(b.laid()) for b in boards) >= 4
