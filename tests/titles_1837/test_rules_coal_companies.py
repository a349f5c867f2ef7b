"""Rules II and XIII: exchanging coal companies for their majors' exchange shares."""

from __future__ import annotations

import pytest

from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen import dividends
from railyard.framework.eighteen.state import CLOSED, IPO, POOL, RESERVED

from .rules_helpers import (
    add_train,
    cash,
    finish_round,
    first_purchase,
    fund_player,
    hooks,
    new_game,
    no_problems,
    pass_packet,
    quiet_action,
    sell,
    start_major,
)


def _coal_game(owners: dict[str, str]):
    game = new_game()
    for item, player in owners.items():
        sell(game, item, player)
    pass_packet(game)  # the first operating round is under way
    return game


def test_II_coal_exchange_offered_once_half_of_the_major_is_sold_moving_cash_and_trains():
    game = _coal_game({"EPP": "C", "RGTE": "A"})
    state = game.state
    actions = hooks(game, "actions")
    train = add_train(game, "EPP", "1G")
    start_major(game, "BK", 91, {"B": 30, "D": 20})
    assert state.companies["BK"].cash == 8 * 91  # floated: the 80% initial offering's value
    finish_round(game)
    assert state.round.kind == "1837_start_of_round"
    # exchanges for BK from its director B clockwise: C (EPP), then A (RGTE)
    assert game.active_entities() == ("C",)
    epp_cash = state.companies["EPP"].cash
    game.process(actions.ExchangeCoal("C", "EPP", True))
    assert state.percent_held("C", "BK") == 10
    assert state.companies["BK"].cash == 8 * 91 + epp_cash
    assert state.companies["BK"].trains == [train] and state.trains[train].owner == "BK"
    assert state.companies["EPP"].closed and state.cert("EPP.0").owner == CLOSED
    assert game.active_entities() == ("A",)
    game.process(actions.ExchangeCoal("A", "RGTE", False))
    assert state.round.kind == "stock" and not state.companies["RGTE"].closed
    assert sum(1 for c in state.companies["BK"].certificates if c.owner == RESERVED) == 1
    no_problems(game)


def test_II_no_coal_exchange_before_half_of_the_major_is_sold():
    game = _coal_game({"EPP": "C"})
    start_major(game, "BK", 91, {"B": 20, "D": 20})
    finish_round(game)
    assert game.state.round.kind == "stock"
    assert not game.state.companies["EPP"].closed


def test_XIII_coal_exchange_forced_at_an_operating_round_once_the_offering_is_sold_out():
    game = _coal_game({"EPP": "C", "RGTE": "A"})
    state = game.state
    actions = hooks(game, "actions")
    start_major(game, "BK", 91, {"B": 60, "D": 20})
    finish_round(game)
    # at the stock round the exchange is still a choice
    game.process(actions.ExchangeCoal("C", "EPP", False))
    game.process(actions.ExchangeCoal("A", "RGTE", False))
    assert state.round.kind == "stock"
    finish_round(game)
    # at the operating round both are exchanged without asking
    assert state.companies["EPP"].closed and state.companies["RGTE"].closed
    assert state.percent_held("C", "BK") == 10 and state.percent_held("A", "BK") == 10
    assert state.round.kind == "operating"
    no_problems(game)


def test_II_XII_first_5_exchanges_every_coal_company_even_for_a_major_not_yet_started():
    game = _coal_game({"EPP": "C", "EOD": "D"})
    state = game.state
    epp_cash = state.companies["EPP"].cash
    first_purchase(game, "5")
    assert state.companies["EPP"].closed and state.companies["EOD"].closed
    assert state.percent_held("C", "BK") == 10 and state.percent_held("D", "MS") == 10
    assert state.companies["BK"].cash == epp_cash and not state.companies["BK"].floated
    no_problems(game)


def test_XIII_coal_trains_beyond_the_major_limit_go_to_the_pool_the_major_keeps_its_own():
    game = _coal_game({"EPP": "C"})
    state = game.state
    coal = hooks(game, "coal_companies")
    start_major(game, "BK", 91, {"B": 30, "D": 20})
    first_purchase(game, "3")  # phase 3: a major may own three trains
    own = [add_train(game, "BK", "2"), add_train(game, "BK", "3")]
    one_g, two_g = add_train(game, "EPP", "1G"), add_train(game, "EPP", "2G")
    coal.exchange(game.ruleset, state, "EPP")
    assert state.companies["BK"].trains == own + [two_g]  # the dearer coal train fits
    assert state.depot.pool == [one_g] and state.trains[one_g].owner == "@pool"
    no_problems(game)


def test_XIII_the_majors_director_chooses_which_coal_trains_to_keep():
    game = _coal_game({"EPP": "C"})
    state = game.state
    coal = hooks(game, "coal_companies")
    start_major(game, "BK", 91, {"B": 30, "D": 20})
    first_purchase(game, "3")
    add_train(game, "BK", "2")
    add_train(game, "BK", "3")
    one_g, two_g = add_train(game, "EPP", "1G"), add_train(game, "EPP", "2G")
    with pytest.raises(IllegalAction) as refused:
        coal.exchange(game.ruleset, state, "EPP", keep=[one_g, two_g])
    assert refused.value.rule == "XIII"
    coal.exchange(game.ruleset, state, "EPP", keep=[one_g])
    assert one_g in state.companies["BK"].trains and state.depot.pool == [two_g]


def test_XIII_exchange_order_follows_the_majors_operating_order_director_first():
    game = _coal_game({"EPP": "C", "RGTE": "A", "EOD": "D"})
    start_major(game, "BK", 91, {"B": 30, "D": 20})
    start_major(game, "MS", 97, {"A": 30, "C": 20})
    finish_round(game)
    order = []
    while game.state.round.kind == "1837_start_of_round":
        (player,) = game.active_entities()
        (decline,) = [a for a in game.legal_actions() if a.accept is False]
        order.append((player, decline.company))
        game.process(decline)
    # MS (97) operates before BK (91); BK's from its director B clockwise: C, then A
    assert order == [("D", "EOD"), ("C", "EPP"), ("A", "RGTE")]


def test_XIII_exchanges_do_not_count_toward_the_60_percent_limit():
    game = _coal_game({"EPP": "B"})
    actions = hooks(game, "actions")
    fund_player(game.state, "B", 100)
    start_major(game, "BK", 91, {"B": 60})
    finish_round(game)
    game.process(actions.ExchangeCoal("B", "EPP", True))
    assert game.state.percent_held("B", "BK") == 70
    no_problems(game)


def test_XII_an_exchange_share_for_a_coal_company_that_already_ran_earns_no_dividend_this_round():
    game = _coal_game({"EPP": "C", "SD1": "A"})
    state = game.state
    start_major(game, "BK", 91, {"B": 30, "D": 20})
    while "EPP" not in state.round.done:  # EPP operates first in the round, then SD1
        game.process(quiet_action(game))
    first_purchase(game, "5")  # EPP is exchanged after it has run
    assert state.percent_held("C", "BK") == 10
    next(c for c in state.companies["BK"].certificates if c.owner == IPO).owner = POOL
    before, bank, treasury = cash(state), state.bank, state.companies["BK"].cash
    dividends.distribute(game.ruleset, state, "BK", 100, "payout")
    assert cash(state)["C"] == before["C"]  # its 10K stays with the bank
    assert cash(state)["B"] == before["B"] + 30 and cash(state)["D"] == before["D"] + 20
    # IX: a pool share pays the treasury; the initial offering and the reserve pay nobody
    assert state.companies["BK"].cash == treasury + 10
    assert state.bank == bank - 60


def test_XIII_at_an_exchange_over_the_limit_the_majors_director_picks_the_coal_trains():
    game = _coal_game({"EPP": "C"})
    state = game.state
    actions = hooks(game, "actions")
    start_major(game, "BK", 91, {"B": 30, "D": 20})
    first_purchase(game, "3")  # a major may own three trains
    add_train(game, "BK", "2")
    add_train(game, "BK", "3")
    one_g, two_g = add_train(game, "EPP", "1G"), add_train(game, "EPP", "2G")
    finish_round(game)
    game.process(actions.ExchangeCoal("C", "EPP", True))
    assert game.active_entities() == ("B",)  # BK's director
    keep = actions.KeepCoalTrains
    assert game.legal_actions() == [keep("B", "EPP", (one_g,)), keep("B", "EPP", (two_g,))]
    game.process(keep("B", "EPP", (one_g,)))
    assert state.trains[one_g].owner == "BK" and state.depot.pool == [two_g]
    assert state.percent_held("C", "BK") == 10 and state.companies["EPP"].closed
    no_problems(game)
