"""Game end: bank broken (by when it broke), bankruptcy, net worth and ranking."""

from railyard.framework.eighteen import end
from railyard.framework.eighteen.actions import BuyShares, Par, Pass
from railyard.framework.eighteen.state import BANK, RoundRecord
from tests.framework.g18_helpers import act, give, started, stock_position


def drain_bank(state, leave: int) -> None:
    """Take money out of play so that the bank holds only ``leave``."""
    state.money_total -= state.bank - leave
    state.bank = leave


def float_ar(rules, state):
    act(rules, state, Par("ann", "AR", 70))
    for player in ("bob", "cy", "ann", "bob"):
        act(rules, state, BuyShares(player, "AR", "ipo"))


def test_bank_broken_in_a_stock_round_ends_the_game_after_the_next_operating_round():
    rules, state = stock_position(
        overrides=("setup.game_end.bank_broken.during_stock_round=after_next_operating_round",)
    )
    drain_bank(state, 200)
    float_ar(rules, state)  # the bank gets 6 x 70 and pays 700 capital: 200 + 420 - 700 < 0
    assert state.bank_broken and state.bank_broken_during.kind == "stock"
    assert not state.game_over
    for player in ("cy", "ann", "bob"):
        act(rules, state, Pass(player))
    # the (placeholder) operating round ran and was the last
    assert state.game_over and state.end_reason == "the bank is broken"
    assert [r.kind for r in state.history] == ["stock", "operating"]
    assert rules.active_entities(state) == ()


def test_bank_broken_in_an_operating_round_ends_it_at_the_end_of_that_round():
    rules, state = stock_position(
        overrides=("setup.game_end.bank_broken.during_operating_round=end_of_round",)
    )
    state.operating_rounds_in_set, state.operating_round_in_set = 2, 1
    state.bank_broken = True
    state.bank_broken_during = RoundRecord("operating", 3)
    state.history.append(RoundRecord("operating", 3, 1))
    assert end.after_round(rules, state) == ["-- game over: the bank is broken --"]


def test_end_of_set_waits_for_the_last_operating_round_of_the_set():
    rules, state = stock_position()  # packetrail: end_of_set in both cases
    state.operating_rounds_in_set, state.operating_round_in_set = 2, 1
    state.bank_broken = True
    state.bank_broken_during = RoundRecord("operating", 3)
    state.history.append(RoundRecord("operating", 3, 1))
    assert end.after_round(rules, state) == []
    state.operating_round_in_set = 2
    state.history.append(RoundRecord("operating", 4, 2))
    assert end.after_round(rules, state) and state.game_over


def test_bank_not_broken_while_it_has_money():
    rules, state = stock_position()
    drain_bank(state, 281)
    float_ar(rules, state)
    assert state.bank == 1 and not state.bank_broken


def test_bankruptcy_ends_the_game():
    rules, state = stock_position()
    lines = end.declare_bankruptcy(rules, state, "bob")
    assert state.game_over and state.end_reason == "bob is bankrupt"
    assert lines[0] == "bob is bankrupt"


def test_net_worth_is_cash_plus_shares_at_market_price():
    rules, state = stock_position()
    started(rules, state, "AR", (0, 4))  # 100
    give(state, "ann", "AR", 30, director=True)
    give(state, "bob", "P1", 100, director=True)  # privates are worth nothing here
    state.pay(BANK, "AR", 500)  # treasury does not count
    assert end.net_worth(rules, state, "ann") == 400 + 300
    assert end.net_worth(rules, state, "bob") == 400
    assert rules.standings(state) == [("ann", 700), ("bob", 400), ("cy", 400)]


def test_ranking_shares_places_on_equal_worth():
    table = [("ann", 700), ("bob", 400), ("cy", 400), ("dee", 100)]
    assert end.ranking(table) == [(1, "ann", 700), (2, "bob", 400), (2, "cy", 400), (4, "dee", 100)]


def test_shares_of_a_started_corporation_without_a_marker_count_at_par():
    rules, state = stock_position()
    give(state, "ann", "AR", 30, director=True)
    state.companies["AR"].par_price = 80  # started, marker not yet on the chart
    assert end.net_worth(rules, state, "ann") == 400 + 240
    give(state, "bob", "CR", 10)  # no director: worth nothing
    state.companies["CR"].par_price = 70
    assert end.net_worth(rules, state, "bob") == 400


def test_a_bankrupt_player_ranks_below_everyone_still_playing():
    rules, state = stock_position()
    started(rules, state, "AR", (0, 4))  # 100
    give(state, "bob", "AR", 30, director=True)  # left to bob's name after he went bankrupt
    state.player("bob").bankrupt = True
    assert rules.standings(state) == [("ann", 400), ("cy", 400), ("bob", 700)]
