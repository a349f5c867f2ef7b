"""Track-lay rules where 1889 (and 1830) follow 18xx.games' base engine: which new track of an
upgrade counts as reached by the laying corporation. Every test plays the rule through
``game.process`` in a real position (seats A-D; TR home F9 Kouchi)."""

from __future__ import annotations

from railyard.framework.eighteen.or_actions import LayTile

from .positions import lay, no_problems, operating, refusal

TR_FLOATED = {"A": 20, "B": 10, "C": 10, "D": 10}


def _tosa_loop():
    """TR's line from Kouchi (F9) runs E8 -> D9 -> Kubokawa (C10), on to the B11 town and
    round by B9 and C8 back to D9's north-west side: that side is reached only by a route that
    already left D9 by its west side into Kubokawa."""
    game = operating("1889", "TR", 100, TR_FLOATED)
    game.state.phase = "3"
    lay(game, "E8", "8", 5)
    lay(game, "D9", "9", 4)
    lay(game, "C10", "57", 1)
    lay(game, "B11", "3", 3)
    lay(game, "B9", "8", 4)
    lay(game, "C8", "8", 5)
    return game


def test_an_upgrade_is_not_reached_by_a_route_that_left_the_hex_by_its_new_track() -> None:
    """Semi-restrictive upgrade (18xx.games ``check_track_restrictions!``): the 27 on D9 adds
    only the path from the west side (to C10) to the north-west side (to C8). The loop
    arrives at the north-west side, but only after leaving D9 by the west side, and a route
    never uses a hex side twice: no new track is reached and no city value changes."""
    game = _tosa_loop()
    upgrade = LayTile("TR", "D9", "27", 1)
    assert upgrade not in game.legal_actions("TR")
    assert refusal(game, upgrade).rule == "rule:tile_lay.connection"
    assert game.state.cash_of("TR") == 1000


def test_an_upgrade_is_reached_from_a_station_beyond_its_new_track() -> None:
    """The same 27 is legal once TR has a station at Kubokawa: a route from there reaches the
    new path by D9's west side without having used it before."""
    game = _tosa_loop()
    game.state.board.place_token("C10", 0, "TR")
    game.state.companies["TR"].tokens_left -= 1
    upgrade = LayTile("TR", "D9", "27", 1)
    assert upgrade in game.legal_actions("TR")
    game.process(upgrade)
    assert game.state.board.placed("D9").tile.id == "27"
    assert game.state.cash_of("TR") == 1000
    no_problems(game)
