"""Rule XIII (second edition) and XIII.4 (first edition): sold-out price movement."""

from __future__ import annotations

from .rules_helpers import finish_round, new_game, pass_packet, sell, start_major

SOLD_OUT = {40: {"B": 40, "C": 30, "D": 10}, 50: {"B": 50, "C": 30}}  # BK: 80% for sale


def sold_out_move(variant, director_percent):
    """The direction a sold-out BK moves with its director (B) holding this percent."""
    game = new_game(variant)
    start_major(game, "BK", 91, SOLD_OUT[director_percent])
    assert game.state.percent_held("@ipo", "BK") == 0
    return game.ruleset.hooks.sold_out_move(game.state, "BK")


def test_XIII_sold_out_director_with_40_percent_moves_up_right():
    assert sold_out_move(None, 40) == "up_right"


def test_XIII_sold_out_director_with_more_than_40_percent_moves_up_left():
    assert sold_out_move(None, 50) == "up_left"


def test_FE_XIII_4_sold_out_up_left_only_when_one_player_holds_50_percent():
    assert sold_out_move("first_edition", 50) == "up_left"
    assert sold_out_move("first_edition", 40) == "up_right"


def test_XIII_a_sold_out_major_rises_at_the_end_of_the_stock_round():
    game = new_game()
    sell(game, "SD1", "A")
    pass_packet(game)
    start_major(game, "BK", 91, {"B": 40, "C": 30, "D": 10})
    market = game.ruleset.spec.market
    cell = game.state.companies["BK"].market
    finish_round(game)  # the operating round
    finish_round(game)  # the stock round: everyone passes
    moved = market.move(game.ruleset.spec.cell(cell), "up_right")
    assert game.state.companies["BK"].market == (moved.row, moved.column)
    assert moved.price > 91
