"""Rule VII: station tokens, on 1837 positions. BK (Prague, C11) was started at 91K and
floated during the first operating round with 8 x 91K = 728K; in the second operating round
its line runs from Prague over C13, D14, the town E15 and F14 to the double city G13 (five
hexes over the line, four straight across the map)."""

from __future__ import annotations

from railyard.framework.eighteen.or_actions import LayTile, PlaceToken

from .positions import BK_LINE_TO_G13, build, major_in_operating_round, major_to_act
from .rules_helpers import no_problems, refusal


def _bk_at_token_step(line=BK_LINE_TO_G13):
    game = major_in_operating_round()
    build(game, line)
    major_to_act(game, "BK")
    game.process(next(a for a in game.legal_actions() if not isinstance(a, LayTile)))  # no tile
    assert any(isinstance(a, PlaceToken) for a in game.legal_actions())
    return game


def test_VII_XIII_the_home_token_is_placed_free_at_flotation():
    # (XIII: "A token of the new corporation is placed on the corporation's home station" as
    # part of the flotation; it is there before BK's first turn)
    game = major_in_operating_round()
    bk = game.state.companies["BK"]
    assert game.state.board.tokens_of("BK") == [("C11", 0)]
    major_to_act(game, "BK")
    assert game.state.board.tokens_of("BK") == [("C11", 0)]
    assert bk.cash == 728 and bk.tokens_left == 2


def test_VII_second_token_costs_20_per_hex_over_the_line_g13_is_100():
    game = _bk_at_token_step()
    state = game.state
    assert [a for a in game.legal_actions() if isinstance(a, PlaceToken)] == [PlaceToken("BK", "G13", 1)]
    bank = state.bank
    game.process(PlaceToken("BK", "G13", 1))
    bk = state.companies["BK"]
    assert bk.cash == 728 - 100 and state.bank == bank + 100  # 5 hexes x 20K
    assert bk.tokens_left == 1 and state.board.tokens_at("G13", 1) == ("BK",)
    no_problems(game)


def test_VII_only_one_token_each_turn():
    game = _bk_at_token_step()
    game.process(PlaceToken("BK", "G13", 1))
    assert not any(isinstance(a, PlaceToken) for a in game.legal_actions())
    assert refusal(game, PlaceToken("BK", "C23", 0)).rule == "rule:operating_round.step"


def test_VII_third_token_costs_40_per_hex_counted_over_reachable_hexes():
    # the line goes on from G13's second city over the town G11 to H10: seven hexes from
    # Prague over the line (five across the map), so 7 x 40K = 280K
    line = (*BK_LINE_TO_G13, ("G11", {4, 0}), ("H10", {3}))
    game = major_in_operating_round()
    build(game, line)
    major_to_act(game, "BK")  # BK's home token is on Prague
    game.state.board.place_token("G13", 1, "BK")  # and its second one on G13, placed earlier
    game.state.companies["BK"].tokens_left -= 1
    game.state.companies["BK"].tokens_bought += 1
    game.process(next(a for a in game.legal_actions() if not isinstance(a, LayTile)))
    assert PlaceToken("BK", "H10", 0) in game.legal_actions()
    game.process(PlaceToken("BK", "H10", 0))
    assert game.state.companies["BK"].cash == 728 - 280
    assert game.state.board.distances_from("C11")["H10"] == 5


def test_VII_one_token_per_corporation_on_a_hex_with_two_cities():
    game = _bk_at_token_step()
    game.state.board.place_token("G13", 1, "BK")
    game.state.companies["BK"].tokens_left -= 1
    assert refusal(game, PlaceToken("BK", "G13", 0)).rule == "rule:tokens.one_per_hex"


def test_VII_a_token_needs_a_connection_to_a_token_of_the_corporation():
    game = _bk_at_token_step()
    assert refusal(game, PlaceToken("BK", "C23", 0)).rule == "rule:tokens.connection"  # Krakow


def test_VII_the_home_of_a_major_not_yet_in_operation_keeps_its_station():
    # the line turns east at the town E15 into Bruenn (E17), MS's home, on a one-station tile
    line = (("C13", {1, 5}), ("D14", {2, 5}), ("E15", {2, 4}), ("E17", {1}))
    game = major_in_operating_round()
    build(game, line)
    assert game.state.board.placed("E17").tile.stops[0].slots == 1
    major_to_act(game, "BK")
    game.process(next(a for a in game.legal_actions() if not isinstance(a, LayTile)))
    assert not any(isinstance(a, PlaceToken) for a in game.legal_actions())
    assert refusal(game, PlaceToken("BK", "E17", 0)).rule == "rule:tokens.free_slot"


def test_VII_a_token_may_not_be_traced_through_a_city_full_of_others_tokens():
    # G13's second city holds another corporation's token: the line beyond it is cut
    line = (*BK_LINE_TO_G13, ("G11", {4, 0}), ("H10", {3}))
    game = major_in_operating_round()
    build(game, line)
    game.state.board.place_token("G13", 1, "MS")
    game.state.companies["MS"].tokens_left -= 1
    major_to_act(game, "BK")
    game.process(next(a for a in game.legal_actions() if not isinstance(a, LayTile)))
    assert refusal(game, PlaceToken("BK", "H10", 0)).rule == "rule:tokens.connection"



# BK's line to G13 by the town E13 and F12 (five hexes over it): C13, D14, E13, F12, G13's
# second city
LINE_BY_F12 = (("C13", {1, 5}), ("D14", {2, 0}), ("E13", {3, 0}), ("F12", {3, 5}), ("G13", {2}))


def _token_costs(game) -> dict[tuple[str, int], int]:
    """What each token BK may place now costs, from the bank's takings."""
    import copy

    out = {}
    for action in [a for a in game.legal_actions() if isinstance(a, PlaceToken)]:
        state = copy.deepcopy(game.state)
        before = state.companies["BK"].cash
        game.ruleset.apply(state, action)
        out[action.hex, action.city] = before - state.companies["BK"].cash
    return out


def test_VII_the_token_distance_may_cross_a_coal_mine_the_company_reaches():
    # a spur from Prague's north-west track over B10 and C9 to the town D10 runs on into the
    # Pilsen-Priesen mine (E11): Prague - D10 - the mine - F12 - G13, four hexes, 80K
    spur = (("B10", {5, 0}), ("C9", {3, 5}), ("D10", {2, 5}))
    game = _bk_at_token_step(LINE_BY_F12 + spur)
    assert game.state.board.placed("E11").tile.stops[0].kind == "mine"
    assert _token_costs(game) == {("G13", 1): 80}
    game.process(PlaceToken("BK", "G13", 1))
    assert game.state.companies["BK"].cash == 728 - 80
    no_problems(game)
    # the town D10 turned away from the mine: the mine is not reached, five hexes, 100K
    game = _bk_at_token_step(LINE_BY_F12 + (*spur[:2], ("D10", {2, 4})))
    assert _token_costs(game) == {("G13", 1): 100}


# Prague's line east meets a green junction on C13 (tile 24: Prague - C15 and D12 - C15, the
# two tracks merging at C13's east edge, where no track goes on); from D12 it runs over the
# town E13 and F14 to G13's second city, on over the town G11 to H10: a connection that
# reverses at C13's east edge
BACKTRACK_LINE = (("D12", {3, 5}), ("E13", {2, 5}), ("F14", {2, 0}), ("G13", {3}), ("G11", {4, 0}), ("H10", {3}))


def _bk_past_a_junction():
    from railyard.framework.tiles import Placed

    from .positions import lay
    from .rules_helpers import first_purchase

    game = major_in_operating_round()
    first_purchase(game, "3")  # green tiles
    board = game.state.board
    lay(game, "C13", {1, 4})
    board.lay("C13", "24", 4)
    assert set(Placed(board.tile_def("24"), 4).paths) == {(4, 0), (4, 1)}
    build(game, BACKTRACK_LINE)
    major_to_act(game, "BK")
    game.process(next(a for a in game.legal_actions() if not isinstance(a, LayTile)))
    return game


def test_VII_a_token_connected_only_by_backtracking_at_a_hex_edge_may_be_placed():
    from railyard.framework.eighteen.tile_lay import company_reach

    game = _bk_past_a_junction()
    state = game.state
    # a route (as for laying track) never turns back at an edge: from Prague it ends on C13
    assert company_reach(game.ruleset, state, "BK").hexes == {"C11", "C13"}
    assert PlaceToken("BK", "G13", 1) in game.legal_actions()
    game.process(PlaceToken("BK", "G13", 1))
    assert state.board.tokens_at("G13", 1) == ("BK",)
    assert state.companies["BK"].cash == 728 - 80  # C11 - D12 - E13 - F14 - G13
    no_problems(game)


def test_VII_the_token_distance_counts_hexes_reached_only_by_backtracking():
    game = _bk_past_a_junction()
    # H10 is five hexes from Prague across the map, but the hexes BK reaches (past the
    # junction) make it six: C11 - D12 - E13 - F14 - G13 - G11 - H10
    assert game.state.board.distances_from("C11")["H10"] == 5
    assert _token_costs(game) == {("G13", 1): 80, ("H10", 0): 120}


def _bk_beyond_g13(*settings: str):
    """BK's line on from G13's second city over the town G11 to H10 (seven hexes from Prague
    over the line, five across the map), BK's second station already on G13 but not bought
    (as one taken over), BK at its token step; ``settings`` are BK's type's ``token_cost``
    fields, as a variant sets them (variants/18xx_games.yaml)."""
    from railyard.framework.core.game import Game
    from railyard.framework.loader import load_title

    from .rules_helpers import (
        PLAYERS,
        SEATED_AS_GIVEN,
        finish_round,
        pass_packet,
        sell,
        start_major,
    )

    overrides = SEATED_AS_GIVEN + tuple(f"company_types.major.token_cost.{s}" for s in settings)
    game = Game(load_title("1837", None, overrides), PLAYERS, 1, None, overrides)
    sell(game, "SD1", "A")
    pass_packet(game)
    start_major(game, "BK", 91, {"B": 30, "C": 20})
    finish_round(game)
    finish_round(game)
    build(game, (*BK_LINE_TO_G13, ("G11", {4, 0}), ("H10", {3})))
    major_to_act(game, "BK")
    game.state.board.place_token("G13", 1, "BK")
    game.state.companies["BK"].tokens_left -= 1
    game.process(next(a for a in game.legal_actions() if not isinstance(a, LayTile)))
    game.process(PlaceToken("BK", "H10", 0))
    return 728 - game.state.companies["BK"].cash


def test_VII_token_cost_counts_reached_hexes_and_steps_with_stations_bought():
    # the default: 7 hexes over BK's reach at the first price (no station bought yet)
    assert _bk_beyond_g13() == 7 * 20


def test_VII_token_cost_straight_across_the_map_and_by_stations_on_the_map_site_variant():
    # the 18xx.games reading (variant 18xx_games): 5 hexes across the map, and the price of
    # a third station, as BK has two on the map
    assert _bk_beyond_g13("distance=map") == 5 * 20
    assert _bk_beyond_g13("steps_with=on_map") == 7 * 40
    assert _bk_beyond_g13("distance=map", "steps_with=on_map") == 5 * 40
