"""Rules V and VI: laying and promoting tiles, on 1837 positions. BK (Prague, C11: printed
yellow X city with track to the north-west, B10, and east, C13) takes its tile step in the
second operating round. Edges: 0 south-west, 1 west, 2 north-west, 3 north-east, 4 east,
5 south-east."""

from __future__ import annotations

from railyard.framework.eighteen.actions import Pass
from railyard.framework.eighteen.or_actions import LayTile, RunRoutes
from railyard.framework.tiles import Placed

from .positions import BK_LINE_TO_G13, build, major_in_operating_round, major_to_act, start_major
from .rules_helpers import add_train, first_purchase, no_problems, quiet_action, refusal


def _bk_tile_step(line=()):
    game = major_in_operating_round()
    build(game, line)
    major_to_act(game, "BK")
    assert game.state.round.step == "tile"
    return game


def _lays(game, coord: str | None = None) -> list[LayTile]:
    return [a for a in game.legal_actions() if isinstance(a, LayTile) and coord in (None, a.hex)]


def _exits(game, lay: LayTile) -> set[int]:
    return set(Placed(game.state.board.tile_def(lay.tile), lay.rotation).exits)


def test_V_new_track_continues_bk_s_own_track_from_its_token():
    game = _bk_tile_step()
    assert sorted({a.hex for a in _lays(game)}) == ["B10", "C13"]  # the ends of Prague's track
    assert refusal(game, LayTile("BK", "C15", "3", 1)).rule == "rule:tile_lay.connection"
    game.process(LayTile("BK", "C13", "9", 1))  # straight on east, for nothing on a plain hex
    assert game.state.companies["BK"].cash == 728
    assert game.state.board.placed("C13").exits == frozenset({1, 4})
    no_problems(game)


def test_V_no_track_off_the_map_a_tile_may_ignore_track_next_to_it():
    game = _bk_tile_step()
    # B10's north-west edge is the map's edge: the straight 9 would run off it
    assert refusal(game, LayTile("BK", "B10", "9", 2)).rule == "rule:tile_lay.dead_end"
    # the gray town B8 points its track at B10's west edge; a curve south-west ignores it
    assert {frozenset(_exits(game, a)) for a in _lays(game, "B10")} == {
        frozenset({4, 5}), frozenset({0, 5}), frozenset({3, 5}), frozenset({1, 5})
    }


def test_V_no_track_into_a_blank_side_of_a_gray_hex():
    game = _bk_tile_step()
    # D12's south-west neighbour is the EPP mine (E11), gray, with track only to the north-west
    assert refusal(game, LayTile("BK", "D12", "8", 0)).rule == "rule:tile_lay.dead_end"


def test_V_plain_hexes_take_plain_track_towns_take_towns_cities_take_cities():
    game = _bk_tile_step((("C13", {1, 5}), ("D14", {2, 5})))
    assert refusal(game, LayTile("BK", "E15", "9", 2)).rule == "rule:tile_lay.fit"  # a town hex
    assert refusal(game, LayTile("BK", "E15", "57", 2)).rule == "rule:tile_lay.fit"
    assert {a.tile for a in _lays(game, "E15")} == {"3", "4", "58"}
    game = _bk_tile_step()
    assert refusal(game, LayTile("BK", "C13", "4", 1)).rule == "rule:tile_lay.fit"  # plain hex
    assert {a.tile for a in _lays(game, "C13")} == {"7", "8", "9"}


def test_V_two_city_hex_only_one_city_need_continue_the_route():
    game = _bk_tile_step(BK_LINE_TO_G13[:-1])  # the line stops on F14, pointing at G13
    lays = _lays(game, "G13")
    assert lays and {a.tile for a in lays} == {"404"}
    game.process(lays[0])
    board = game.state.board
    placed = board.placed("G13")
    joined = [i for i in range(2) if 3 in placed.stop_edges(i)]
    assert len(joined) == 1 and placed.stop_edges(1 - joined[0]) & {0, 1, 4}
    assert game.state.companies["BK"].cash == 728  # G13 has no terrain cost


def test_V_a_new_major_s_first_tile_is_a_city_tile_on_its_home_hex():
    game = major_in_operating_round()
    start_major(game, "MS", 97, {"D": 50})  # MS (Bruenn, E17: an X city, no track) floats
    major_to_act(game, "BK")
    while game.active_entities() != ("MS",):
        game.process(quiet_action(game))
    lays = _lays(game)
    assert lays and {(a.hex, a.tile) for a in lays} == {("E17", "402")}


def _phase_3(game):
    first_purchase(game, "3")
    assert game.state.phase == "3"


def test_VI_promotion_keeps_the_old_track_and_the_replaced_tile_returns():
    game = _bk_tile_step((("C13", {1, 4}),))
    _phase_3(game)
    board = game.state.board
    assert board.placed("C13").tile.id == "9"
    before = board.available("9")
    promotions = _lays(game, "C13")
    assert promotions and all({1, 4} <= _exits(game, a) for a in promotions)
    assert all(board.tile_def(a.tile).color == "green" for a in promotions)
    assert refusal(game, LayTile("BK", "C13", "9", 0)).rule == "rule:tile_lay.fit"  # yellow on yellow
    game.process(promotions[0])
    assert board.available("9") == before + 1  # the replaced tile is available again
    no_problems(game)


def test_VI_a_town_stays_a_town():
    game = _bk_tile_step(BK_LINE_TO_G13)
    _phase_3(game)
    promotions = _lays(game, "E15")
    assert promotions
    assert all([s.kind for s in game.state.board.tile_def(a.tile).stops] == ["town"] for a in promotions)
    assert refusal(game, LayTile("BK", "E15", "24", 0)).rule == "rule:tile_lay.fit"


def test_VI_a_promotion_needs_new_track_on_the_company_s_route():
    game = _bk_tile_step()
    game.state.board.lay("C15", "4", 1)  # a town tile east of Prague no line of BK reaches
    _phase_3(game)
    assert _lays(game, "C15") == []
    board = game.state.board
    (rotation, *_) = [u.rotation for u in board.upgrade_options("C15", board.tile_def("410"))]
    assert refusal(game, LayTile("BK", "C15", "410", rotation)).rule == "rule:tile_lay.connection"


def test_VI_a_promotion_that_adds_a_station_opens_the_city_to_run_through():
    game = _bk_tile_step((*BK_LINE_TO_G13, ("G11", {4, 0})))
    game.state.board.place_token("G13", 1, "MS")  # G13's second city is full
    game.state.companies["MS"].tokens_left -= 1
    add_train(game, "BK", "4")
    _phase_3(game)
    two_slot = [a for a in _lays(game, "G13") if _slots_after(game, a) == 2]
    assert [a.tile for a in two_slot] == ["408"]
    game.process(two_slot[0])
    (city,) = [i for i, _ in enumerate(game.state.board.placed("G13").tile.stops)
               if game.state.board.tokens_at("G13", i) == ("MS",)]  # MS's token kept its city
    assert game.state.board.placed("G13").tile.stops[city].slots == 2
    assert {1, 3} <= game.state.board.placed("G13").stop_edges(city)  # the same city as before
    game.process(Pass("BK"))  # no token
    best = game.legal_actions()[0]
    assert isinstance(best, RunRoutes) and "G11.0" in best.runs[0].nodes  # on through G13


def _slots_after(game, lay: LayTile) -> int:
    board = game.state.board
    upgrade = next(u for u in board.upgrade_options("G13", board.tile_def(lay.tile)) if u.rotation == lay.rotation)
    return board.tile_def(lay.tile).stops[upgrade.stop_map[1]].slots


def test_V_another_corporation_s_full_city_blocks_building_beyond_it():
    game = _bk_tile_step(BK_LINE_TO_G13)
    assert "G11" in {a.hex for a in _lays(game)}  # on from G13's second city
    game = _bk_tile_step(BK_LINE_TO_G13)
    game.state.board.place_token("G13", 1, "MS")  # that city is now full of MS
    game.state.companies["MS"].tokens_left -= 1
    assert "G11" not in {a.hex for a in _lays(game)}
    assert refusal(game, LayTile("BK", "G11", "58", 4)).rule == "rule:tile_lay.connection"


def test_V_a_coal_company_builds_on_from_its_mine():
    from .rules_helpers import new_game, pass_packet, sell

    game = new_game()
    sell(game, "EPP", "A")  # the Pilsen-Priesen mine, E11, has track to the north-west only
    pass_packet(game)
    assert game.active_entities() == ("EPP",) and game.state.round.step == "tile"
    assert {a.hex for a in _lays(game)} == {"D10"}  # the town next to the mine


def _ug_before_brown_budapest(options: tuple[str, ...] = ()):
    """Phase 5: Ug formed with the first 5 train from its three minors (A: Ug #1, C: Ug #2,
    D: Ug #3), its tokens on Pest and Buda (H22) and on K21; Budapest carries the green 425
    (two cities of 50, joined by track on the tile). ``options`` are loader options."""
    from railyard.framework.core.game import Game
    from railyard.framework.loader import load_title

    from .rules_helpers import PLAYERS, SEATED_AS_GIVEN, new_game, pass_packet, sell

    if options:
        settings = (*SEATED_AS_GIVEN, *options)
        game = Game(load_title("1837", None, settings), PLAYERS, 1, None, settings)
    else:
        game = new_game()
    for item, player in {"UG1": "A", "UG2": "C", "UG3": "D"}.items():
        sell(game, item, player)
    pass_packet(game)
    for train in ("3", "4", "4+1", "5"):
        first_purchase(game, train)
    game.state.board.lay("H22", "425", 0)
    assert game.state.phase == "5" and sorted(game.state.board.tokens_of("UG")) == [
        ("H22", 0), ("H22", 1), ("K21", 0)]
    return game


def test_VI_a_promotion_with_no_new_track_is_allowed_when_a_city_s_value_changes():
    # brown Budapest (435: one city of 70, three stations) keeps 425's track exactly: nothing
    # new to run on, but the city Ug reaches goes from 50 to 70
    from railyard.framework.eighteen import tile_lay

    game = _ug_before_brown_budapest()
    rules, state = game.ruleset, game.state
    board = state.board
    brown = board.tile_def("435")
    assert [s.revenue.at("5", rules.spec.phase_order) for s in board.placed("H22").tile.stops] == [50, 50]
    assert [s.revenue.at("5", rules.spec.phase_order) for s in brown.stops] == [70]
    assert all(board.new_track("H22", brown, rotation) == frozenset() for rotation in range(6))
    assert [a for a in tile_lay.choices(rules, state, "UG") if a.hex == "H22"] == [
        LayTile("UG", "H22", "435", rotation) for rotation in range(6)]
    # a company whose routes do not reach Budapest may not
    assert [a for a in tile_lay.choices(rules, state, "SD") if a.hex == "H22"] == []
    tile_lay.apply(rules, state, LayTile("UG", "H22", "435", 0), 0)
    assert board.placed("H22").tile.id == "435" and board.tokens_at("H22", 0) == ("UG",)
    no_problems(game)
    # where only new track qualifies a promotion (the first edition's reading), the merge
    # still does: Buda's and Pest's separate track becomes one line Ug's trains run through
    only_track = _ug_before_brown_budapest(("setup.operating_round={upgrade_needs: new_track}",))
    reach = tile_lay.company_reach(only_track.ruleset, only_track.state, "UG")
    (upgrade, *_) = only_track.state.board.upgrade_options("H22", brown)
    assert tile_lay.refusal(only_track.ruleset, only_track.state, "UG", "H22", brown, upgrade, reach) is None


def _bk_beside_a_junction(c13: tuple[str, int] = ("29", 5)):
    """BK's line from Prague over C13 to G13, C13 carrying a junction tile (``29`` in rotation
    5: west to south-east and south-west to south-east), and a second line from C13's
    south-west edge over D12 (tile 8) to the town E13 (tile 58), pointing on at F12."""
    game = _bk_tile_step()
    board = game.state.board
    board.lay("C13", c13[0], c13[1], check=False)
    build(game, BK_LINE_TO_G13[1:] + (("D12", {3, 5}), ("E13", {2, 0})))
    assert board.placed("C13").exits == frozenset({0, 1, 5})
    return game


def test_V_a_route_does_not_turn_back_at_a_town_to_reach_the_far_side_of_a_junction():
    # from Prague a train enters C13 from the west and can only go on south-east; D12 and E13
    # hang off C13's south-west edge, which it reaches only by going out to E15 (or G13) and
    # coming back over the same track: no route, so no track to continue (rule V)
    from railyard.framework.eighteen import tile_lay

    game = _bk_beside_a_junction()
    reach = tile_lay.company_reach(game.ruleset, game.state, "BK")
    assert ("E15", 0) in reach.stops and ("C13", 5) in reach.out_edges
    assert not {"D12", "E13"} & reach.hexes and ("C13", 0) not in reach.out_edges
    assert _lays(game, "F12") == []
    why = refusal(game, LayTile("BK", "F12", "9", 0))  # on from E13 to the south-west
    assert why.rule == "rule:tile_lay.connection"
    # a token's connection may (rule VII): it reverses at C13's south-east edge
    assert {"D12", "E13"} <= tile_lay.company_reach(game.ruleset, game.state, "BK", backtrack=True).hexes
    # a station on G13 (the city the line ends in) is the start of a route that does go
    # G13 - E15 - C13 - D12 - E13, entering C13 from the south-east
    game.state.board.place_token("G13", 1, "BK")
    game.state.companies["BK"].tokens_left -= 1
    assert {"D12", "E13"} <= tile_lay.company_reach(game.ruleset, game.state, "BK").hexes
    assert LayTile("BK", "F12", "9", 0) in _lays(game, "F12")
    # with 28 on C13 (west to south-east and west to south-west) a train runs Prague - D12 -
    # E13, and the lay on F12 continues its route
    game = _bk_beside_a_junction(("28", 1))
    reach = tile_lay.company_reach(game.ruleset, game.state, "BK")
    assert {"D12", "E13"} <= reach.hexes and ("E13", 0) in reach.stops
    assert LayTile("BK", "F12", "9", 0) in _lays(game, "F12")
    game.process(LayTile("BK", "F12", "9", 0))
    assert game.state.companies["BK"].cash == 728 - 70  # F12's mountain
    no_problems(game)
