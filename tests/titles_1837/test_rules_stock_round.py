"""Rules II, III, XIII and XIV on 1837 positions: what may be sold, and what selling does."""

from __future__ import annotations

from railyard.framework.eighteen.actions import BuyItem, BuyShares, Pass, SellShares
from railyard.framework.eighteen.state import POOL

from .rules_helpers import (
    finish_round,
    new_game,
    no_problems,
    pass_packet,
    refusal,
    sell,
    start_major,
)


def _stock_round(operated: bool):
    """A stock round (A to act) with BK started by B (30%) and D (20%)."""
    game = new_game()
    sell(game, "SD1", "A")
    sell(game, "Tauern", "A")
    sell(game, "KK1", "A")
    pass_packet(game)
    start_major(game, "BK", 91, {"B": 30, "D": 20})
    game.state.companies["BK"].operated = operated
    finish_round(game)
    assert game.state.round.kind == "stock"
    return game


def _turn_of(game, player: str) -> None:
    while game.active_entities() != (player,):
        game.process(Pass(game.active_entities()[0]))


def test_II_XIII_minors_coal_companies_and_mountain_railways_may_not_be_sold():
    game = _stock_round(operated=True)
    _turn_of(game, "A")
    for company in ("SD1", "Tauern", "KK1"):
        assert refusal(game, SellShares("A", company, 100)).rule == "rule:stock_round.not_a_corporation"
    assert not [a for a in game.legal_actions() if isinstance(a, SellShares)]


def test_XIII_no_shares_of_a_corporation_that_has_not_operated_may_be_sold():
    game = _stock_round(operated=False)
    _turn_of(game, "D")
    assert refusal(game, SellShares("D", "BK", 10)).rule == "rule:stock_round.sell_before_operating"


def test_XIII_each_sale_moves_the_price_down_left_once_whatever_the_number_sold():
    game = _stock_round(operated=True)
    state = game.state
    _turn_of(game, "D")
    before = state.player("D").cash
    game.process(SellShares("D", "BK", 20))
    assert state.player("D").cash == before + 2 * 91  # the price before the sale
    assert state.percent_held(POOL, "BK") == 20
    start = game.ruleset.spec.market.cell(2, 2)
    moved = game.ruleset.spec.market.move(start, "down_left")
    assert state.companies["BK"].market == (moved.row, moved.column) and moved.price < 91
    # XIV: no buying back what one sold this round
    assert refusal(game, BuyShares("D", "BK", "pool")).rule == "rule:stock_round.sold_this_round"
    no_problems(game)


def test_III_selling_below_another_holder_hands_over_the_directors_certificate():
    game = _stock_round(operated=True)
    state = game.state
    _turn_of(game, "B")
    game.process(SellShares("B", "BK", 20))
    assert state.director("BK") == "D"
    assert state.percent_held("B", "BK") == 10 and state.percent_held("D", "BK") == 20
    assert not any(c.director for c in state.certs_held("B", "BK"))
    no_problems(game)


def test_FE_XIII_2_priority_goes_left_of_the_last_buyer_not_the_last_seller():
    from .test_rules_start_packet import _first_edition_after_packet

    game = _first_edition_after_packet()  # three players, the first stock round goes on
    state = game.state
    start_major(game, "BK", 91, {"B": 30})
    state.companies["BK"].operated = True
    _turn_of(game, "A")
    game.process(BuyItem("A", "KK1", 90))
    game.process(Pass("A"))
    assert game.active_entities() == ("B",)
    game.process(SellShares("B", "BK", 10))
    game.process(Pass("B"))
    for player in ("C", "A", "B"):
        game.process(Pass(player))
    assert state.round.kind != "stock"
    assert state.priority_player == "B"  # left of A, the last buyer (second edition: C)
