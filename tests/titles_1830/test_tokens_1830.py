"""1830's home reservations for station tokens (18xx.games: a corporation's home city, or
its home hex when the city is its own choice, is reserved until its home token is placed),
each played through ``game.process``. Seats A-D."""

from __future__ import annotations

from railyard.framework.eighteen.actions import Pass
from railyard.framework.eighteen.or_actions import PlaceToken
from tests.titles_1889.positions import (
    finish_stock_round,
    float_corporation,
    lay,
    no_problems,
    operating,
    refusal,
    settle,
    stock_round,
    to_act,
)

TITLE = "1830"
FLOATED = {"A": 30, "B": 10, "C": 10, "D": 10}


def test_a_home_city_keeps_its_reservation_when_an_upgrade_renumbers_the_cities() -> None:
    """NYNH's home is G19's city on edge 3 (city 0 printed). Green 54 in rotation 0 puts
    edges 2-3 on its city 1: the reservation goes there. NYC, reaching that city from Albany
    over F20, may not token it (the reference refused NYC's token; ours offered it)."""
    game = operating(TITLE, "NYC", 100, FLOATED)
    lay(game, "E19", "57", 2)  # Albany: edges 2 and 5 (towards F20)
    lay(game, "F20", "69", 4)  # a town joining E19's edge to G19's edge 3
    lay(game, "G19", "54", 0)
    game.process(Pass("NYC"))  # no tile this turn: the token step
    assert "rule:tokens.free_slot" in str(refusal(game, PlaceToken("NYC", "G19", 1)))
    assert not [a for a in game.legal_actions("NYC") if isinstance(a, PlaceToken) and a.hex == "G19"]


def test_a_home_token_goes_to_its_city_as_renumbered_by_an_upgrade() -> None:
    """NYNH floats after G19 became green 54 (rotation 0): its home token goes on city 1,
    the one holding printed city 0's edge 3."""
    game = stock_round(TITLE)
    lay(game, "G19", "54", 0)
    float_corporation(game, "NYNH", 100, FLOATED)
    finish_stock_round(game)
    to_act(game, "NYNH")
    assert game.state.board.tokens_of("NYNH") == [("G19", 1)]
    no_problems(game)


def test_erie_home_hex_takes_no_other_token_before_erie_places_its_own() -> None:
    """ERIE's home is either city of E11 (a reservation of the hex); in 1830 such a
    reservation keeps every other corporation off the hex (TILE_RESERVATION_BLOCKS_OTHERS
    :always), though a city stays free for ERIE (the reference refused PRR's token there)."""
    game = operating(TITLE, "PRR", 100, FLOATED)
    lay(game, "D10", "59", 5)  # city 0 on edge 5, towards E11
    lay(game, "E11", "59", 2)  # city 0 on edge 2, towards D10
    game.state.board.place_token("D10", 0, "PRR")  # a station placed earlier
    game.state.companies["PRR"].tokens_left -= 1
    settle(game)
    game.process(Pass("PRR"))  # no tile this turn: the token step
    assert "rule:tokens.home_hex" in str(refusal(game, PlaceToken("PRR", "E11", 0)))
    assert not [a for a in game.legal_actions("PRR") if isinstance(a, PlaceToken) and a.hex == "E11"]
