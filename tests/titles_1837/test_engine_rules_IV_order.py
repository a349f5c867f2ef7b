"""Rule IV: the operating round's order of companies and of their actions, on 1837 positions."""

from __future__ import annotations

from railyard.framework.eighteen.actions import Pass
from railyard.framework.eighteen.or_actions import Dividend, LayTile, PlaceToken

from .positions import BK_LINE_TO_G13, bk_at_run_step, build, major_in_operating_round, major_to_act
from .rules_helpers import (
    finish_round,
    new_game,
    pass_packet,
    quiet_action,
    refusal,
    sell,
    start_major,
)


def _three_majors():
    """MS at 97K, then BK and CL at 91K (BK's marker first, so on top): all floated during
    the first operating round; the second operating round has begun."""
    game = new_game()
    sell(game, "SD1", "A")
    pass_packet(game)
    game.state.packet_remaining.clear()
    game.state.offers.clear()
    start_major(game, "MS", 97, {"B": 50})
    start_major(game, "BK", 91, {"C": 50})
    start_major(game, "CL", 91, {"D": 50})
    finish_round(game)
    finish_round(game)
    assert game.state.round.kind == "operating"
    return game


def _order(game) -> list[str]:
    seen: list[str] = []
    start = game.state.round.number
    while game.state.round.kind == "operating" and game.state.round.number == start:
        (entity,) = game.active_entities()
        if entity in game.state.companies and (not seen or seen[-1] != entity):
            seen.append(entity)
        game.process(quiet_action(game))
    return seen


def test_IV_minors_first_then_majors_by_price_the_upper_marker_first_on_one_hex():
    game = _three_majors()
    assert game.state.stack_at((2, 2)) == ["BK", "CL"]
    assert _order(game) == ["SD1", "MS", "BK", "CL"]


def test_IV_equal_prices_the_marker_furthest_right_goes_first():
    game = _three_majors()
    game.state.place_marker("CL", (0, 0))  # 95K at the far left of the top row
    game.state.place_marker("BK", (2, 3))  # 95K further right
    assert _order(game) == ["SD1", "MS", "BK", "CL"]
    game = _three_majors()
    game.state.place_marker("BK", (0, 0))
    game.state.place_marker("CL", (2, 3))
    assert _order(game) == ["SD1", "MS", "CL", "BK"]


def test_IV_the_order_of_the_majors_is_decided_dynamically():
    game = _three_majors()
    major_to_act(game, "MS")
    game.state.place_marker("CL", (1, 4))  # CL's price rises to 111K while MS operates
    seen = _order(game)
    assert seen == ["MS", "CL", "BK"]


def test_IV_players_act_through_their_companies():
    game = _three_majors()
    assert game.active_entities() == ("SD1",)
    assert refusal(game, Pass("A")).rule == "rule:turn_order"
    game.process(Pass("SD1"))


def test_IV_actions_in_order_tile_token_run_dividend_trains():
    game = major_in_operating_round()
    build(game, BK_LINE_TO_G13)
    major_to_act(game, "BK")
    assert game.state.round.step == "tile"  # a token must wait for its step
    assert refusal(game, PlaceToken("BK", "G13", 1)).rule == "rule:operating_round.step"
    game.process(Pass("BK"))
    assert game.state.round.step == "token"
    game = bk_at_run_step(("2",), line=BK_LINE_TO_G13)
    state = game.state
    assert state.round.step == "run"
    assert refusal(game, LayTile("BK", "G11", "58", 4)).rule == "rule:operating_round.step"
    assert refusal(game, PlaceToken("BK", "G13", 1)).rule == "rule:operating_round.step"
    game.process(game.legal_actions()[0])
    assert state.round.step == "dividend"
    game.process(Dividend("BK", "payout"))
    assert state.round.step == "trains"


def test_IV_the_round_ends_when_every_company_has_operated():
    game = bk_at_run_step(("2",), line=BK_LINE_TO_G13)  # BK operates last (after Sd #1)
    game.process(game.legal_actions()[0])
    game.process(Dividend("BK", "payout"))
    assert game.state.round.kind == "operating"
    game.process(Pass("BK"))
    assert game.state.round.kind == "stock"
