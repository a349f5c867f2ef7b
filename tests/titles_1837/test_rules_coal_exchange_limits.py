"""Rules II and XIII: a coal exchange that would put the major over its train limit. "If
taking over these trains puts the major company over its train limit, the director of that
corporation decides which of the trains the corporation will take over, but may not discard
trains it previously owned" - for the forced exchanges too (a sold-out initial offering at the
start of an operating round; every coal company with the first "5")."""

from __future__ import annotations

from railyard.framework.eighteen.state import CLOSED, POOL

from .rules_helpers import (
    add_train,
    finish_round,
    first_purchase,
    hooks,
    new_game,
    no_problems,
    pass_packet,
    refusal,
    sell,
    start_major,
)


def _sold_out_bk(owners: dict[str, str]):
    """``owners`` bought their coal companies; BK started at 91K and sold out (B 60%
    director, D 20%); phase 3 (a major holds three trains); BK owns a 2 and a 3."""
    game = new_game()
    for item, player in owners.items():
        sell(game, item, player)
    pass_packet(game)  # the first operating round is under way
    start_major(game, "BK", 91, {"B": 60, "D": 20})
    first_purchase(game, "3")
    own = [add_train(game, "BK", "2"), add_train(game, "BK", "3")]
    return game, own


def _to_the_forced_exchanges(game) -> None:
    """Finish the operating round, decline the voluntary exchanges before the stock round,
    finish the stock round: the operating round's forced exchanges are next."""
    actions = hooks(game, "actions")
    finish_round(game)
    while game.state.round.kind == "1837_start_of_round":
        (player,) = game.active_entities()
        (decline,) = [a for a in game.legal_actions() if isinstance(a, actions.ExchangeCoal) and not a.accept]
        game.process(decline)
    assert game.state.round.kind == "stock"
    finish_round(game)


def test_XIII_a_forced_exchange_at_a_sold_out_offering_lets_the_majors_director_pick_the_coal_trains():
    game, own = _sold_out_bk({"EPP": "C"})
    state = game.state
    actions = hooks(game, "actions")
    one_g, two_g = add_train(game, "EPP", "1G"), add_train(game, "EPP", "2G")
    _to_the_forced_exchanges(game)
    # the exchange is forced (nobody is asked whether), but B, BK's director, picks the train
    assert state.round.kind == "1837_start_of_round"
    assert game.active_entities() == ("B",)
    keep = actions.KeepCoalTrains
    assert game.legal_actions() == [keep("B", "EPP", (one_g,)), keep("B", "EPP", (two_g,))]
    epp_cash, bk_cash = state.companies["EPP"].cash, state.companies["BK"].cash
    game.process(keep("B", "EPP", (one_g,)))
    assert state.companies["BK"].trains == own + [one_g]
    assert state.depot.pool == [two_g] and state.trains[two_g].owner == POOL
    assert state.companies["BK"].cash == bk_cash + epp_cash
    assert state.percent_held("C", "BK") == 10 and state.percent_held("B", "BK") == 60
    assert state.companies["EPP"].closed and state.cert("EPP.0").owner == CLOSED
    assert state.round.kind == "operating"
    no_problems(game)


def test_XIII_a_choice_the_rules_do_not_offer_is_refused():
    game, own = _sold_out_bk({"EPP": "C"})
    actions = hooks(game, "actions")
    one_g, two_g = add_train(game, "EPP", "1G"), add_train(game, "EPP", "2G")
    _to_the_forced_exchanges(game)
    # taking both would discard nothing but put BK over its limit; BK keeps its own trains
    assert refusal(game, actions.KeepCoalTrains("B", "EPP", (one_g, two_g))).rule == "XIII"
    # C, EPP's owner, is not asked whether: the offering is sold out
    assert refusal(game, actions.ExchangeCoal("C", "EPP", False)).rule == "rule:turn_order"


def test_XIII_forced_exchanges_wait_in_order_behind_the_directors_choice():
    game, own = _sold_out_bk({"EPP": "C", "RGTE": "A"})
    state = game.state
    actions = hooks(game, "actions")
    epp = [add_train(game, "EPP", "1G"), add_train(game, "EPP", "2G")]
    rgte = [add_train(game, "RGTE", "1G")]
    _to_the_forced_exchanges(game)
    # BK's director clockwise: C's EPP first; A's RGTE waits for B's choice
    assert game.active_entities() == ("B",) and not state.companies["RGTE"].closed
    game.process(actions.KeepCoalTrains("B", "EPP", (epp[1],)))
    # BK is now at its limit of three: RGTE's train goes to the pool, nobody is asked
    assert state.companies["RGTE"].closed and state.percent_held("A", "BK") == 10
    assert state.companies["BK"].trains == own + [epp[1]]
    assert sorted(state.depot.pool) == sorted([epp[0], rgte[0]])
    assert state.round.kind == "operating"
    no_problems(game)


def test_XII_first_5_exchanges_ask_nobody_a_coal_company_holds_one_train_since_the_3_plus_1():
    game = new_game()
    for item, player in {"EPP": "C", "EOD": "A"}.items():
        sell(game, item, player)
    pass_packet(game)
    state = game.state
    start_major(game, "BK", 91, {"B": 30, "D": 20})
    start_major(game, "MS", 97, {"A": 30, "C": 20})
    first_purchase(game, "3")
    first_purchase(game, "3+1")  # coal companies: one train each
    bk_own = [add_train(game, "BK", "3+1")]
    ms_own = [add_train(game, "MS", "4"), add_train(game, "MS", "4")]
    epp_train, eod_train = add_train(game, "EPP", "2G"), add_train(game, "EOD", "2G")
    first_purchase(game, "4")
    first_purchase(game, "4+1")
    first_purchase(game, "5")  # majors: two trains
    assert state.companies["EPP"].closed and state.companies["EOD"].closed
    assert state.companies["BK"].trains == bk_own + [epp_train]  # room for one: it passes
    assert state.companies["MS"].trains == ms_own  # full: EOD's train goes to the pool
    assert eod_train in state.depot.pool
    assert state.percent_held("C", "BK") == 10 and state.percent_held("A", "MS") == 30 + 10
    assert game.active_entities() == (state.round.current,)  # the round goes on
    no_problems(game)
