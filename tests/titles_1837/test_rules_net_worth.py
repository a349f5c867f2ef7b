"""Rule XV: net worth."""

from __future__ import annotations

from .rules_helpers import first_purchase, fund_player, new_game, pass_packet, sell, start_major


def test_XV_exchange_share_of_a_major_without_a_director_is_worth_nothing():
    game = new_game()
    sell(game, "EPP", "C")
    pass_packet(game)
    first_purchase(game, "5")  # EPP becomes a 10% exchange share of BK, not yet started
    state = game.state
    assert state.percent_held("C", "BK") == 10
    assert dict(game.standings())["C"] == state.player("C").cash
    start_major(game, "BK", 91, {"B": 20})
    assert dict(game.standings())["C"] == state.player("C").cash + 91


def test_XV_minors_coal_companies_and_mountain_railways_count_nothing():
    game = new_game()
    sell(game, "SD1", "A")
    sell(game, "EPP", "A")
    assert dict(game.standings())["A"] == 555 - 100 - 40


def test_XV_the_greatest_net_worth_wins():
    game = new_game()
    sell(game, "EPP", "B")
    start_major(game, "BK", 91, {"C": 20})  # 182K of cash became a 20% share worth 182K
    fund_player(game.state, "D", 5)
    assert game.standings() == [("D", 560), ("A", 555), ("C", 555), ("B", 515)]
