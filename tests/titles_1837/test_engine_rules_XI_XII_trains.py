"""Rules XI and XII (the engine's part): buying, surrendering and scrapping trains, on 1837
positions. BK (728K in the treasury; director B with 282K, C 20%) takes its trains step in
the second operating round (phase 2: a major may own four trains)."""

from __future__ import annotations

import pytest

from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen import dividends, trains
from railyard.framework.eighteen.actions import Pass, SellShares
from railyard.framework.eighteen.dividends import DEBT_KEY
from railyard.framework.eighteen.or_actions import BuyTrain, DiscardTrain, RunRoutes, SurrenderTrain
from railyard.framework.eighteen.phases import scrap
from railyard.framework.eighteen.state import BANK, SCRAPPED, TRAIN_POOL

from .positions import (
    BK_LINE_TO_G13,
    bk_at_run_step,
    bk_at_trains_step,
    major_to_act,
    players_cash,
    second_stock_round,
)
from .rules_helpers import (
    finish_round,
    first_purchase,
    fund_player,
    new_game,
    no_problems,
    pass_packet,
    play_until,
    refusal,
    sell,
    start_major,
)


def _depot_2(game) -> str:
    return next(a.train for a in game.legal_actions() if isinstance(a, BuyTrain) and a.train.startswith("2#"))


def test_XI_new_trains_at_the_printed_price_several_per_turn_none_run_this_turn():
    game = bk_at_trains_step()
    bk = game.state.companies["BK"]
    bank, players = game.state.bank, players_cash(game.state)
    game.process(BuyTrain("BK", _depot_2(game), 90))
    game.process(BuyTrain("BK", _depot_2(game), 90))
    assert bk.cash == 728 - 180 and game.state.bank == bank + 180
    assert players_cash(game.state) == players  # the treasury pays; its director does not
    assert len(bk.trains) == 2 and game.state.round.step == "trains"
    assert not [a for a in game.legal_actions() if isinstance(a, RunRoutes)]
    game.process(Pass("BK"))  # the turn ends: they run from the next turn on
    assert game.state.round.kind == "stock"
    no_problems(game)


def test_XI_new_trains_in_order_of_size():
    game = bk_at_trains_step()
    three = next(t for t, tr in game.state.trains.items() if tr.name == "3")
    assert refusal(game, BuyTrain("BK", three, 180)).rule == "rule:trains.order"
    assert refusal(game, BuyTrain("BK", _depot_2(game), 80)).rule == "rule:trains.price"


def test_XI_surrender_at_the_limit_costs_half_the_train_returns_at_full_price():
    game = bk_at_trains_step(("2", "2", "2", "2"))
    bk = game.state.companies["BK"]
    assert not [a for a in game.legal_actions() if isinstance(a, BuyTrain)]  # four: the limit
    old = bk.trains[0]
    game.process(SurrenderTrain("BK", old))
    assert bk.cash == 728 - 45 and game.state.trains[old].owner == TRAIN_POOL
    # trains are never sold back: the surrender cost money; the train is on offer at 90K
    assert BuyTrain("BK", old, 90) in game.legal_actions()
    game.process(BuyTrain("BK", old, 90))
    assert bk.cash == 728 - 45 - 90 and old in bk.trains


def test_XI_surrender_only_at_the_train_limit():
    game = bk_at_trains_step(("2", "2"))
    train = game.state.companies["BK"].trains[0]
    assert refusal(game, SurrenderTrain("BK", train)).rule == "rule:trains.surrender"


def test_XI_XII_first_3_lowers_the_limit_to_3_the_fourth_train_goes_to_the_pool_for_nothing():
    game = bk_at_trains_step(("2", "2", "2"), sell_out=("2",))
    bk = game.state.companies["BK"]
    three = next(a for a in game.legal_actions() if isinstance(a, BuyTrain))
    assert (game.state.trains[three.train].name, three.price) == ("3", 180)
    game.process(three)
    assert game.state.phase == "3" and len(bk.trains) == 4 and bk.cash == 728 - 180
    discards = [a for a in game.legal_actions() if isinstance(a, DiscardTrain)]
    assert {game.state.trains[a.train].name for a in discards} == {"2", "3"}
    assert refusal(game, Pass("BK")).rule == "rule:trains.discard"
    old = next(a for a in discards if game.state.trains[a.train].name == "2")
    game.process(old)
    assert bk.cash == 728 - 180 and len(bk.trains) == 3
    assert game.state.trains[old.train].owner == TRAIN_POOL
    no_problems(game)


def test_XI_XII_scrapped_trains_leave_the_game_without_compensation():
    game = bk_at_trains_step(("2", "3"))
    bk = game.state.companies["BK"]
    two = bk.trains[0]
    first_purchase(game, "4")  # the first 4 scraps every 2
    assert game.state.trains[two].owner == SCRAPPED and bk.cash == 728
    assert [game.state.trains[t].name for t in bk.trains] == ["3"]


def test_XI_a_minor_without_the_cash_may_not_buy_a_train():
    game = new_game()
    sell(game, "SD1", "A")
    pass_packet(game)
    state = game.state
    state.pay("SD1", BANK, 10)  # Sd #1 has 80K, a 2 costs 90K
    rules = game.ruleset
    assert trains.buy_choices(rules, state, "SD1") == []
    with pytest.raises(IllegalAction) as refused:
        trains.check_buy(rules, state, BuyTrain("SD1", _next_depot(state, "2"), 90))
    assert refused.value.rule == "rule:trains.cash"
    game.process(Pass("SD1"))  # no tile; nothing to buy, and a minor need not own a train
    assert state.companies["SD1"].trains == [] and state.companies["SD1"].cash == 80
    assert game.state.round.kind == "stock"


def _next_depot(state, name: str) -> str:
    return next(t for s in state.depot.stacks.values() for t in s if state.trains[t].name == name)


def test_XI_a_major_without_a_train_must_buy_one_the_director_pays_the_difference():
    game = bk_at_trains_step()
    state = game.state
    bk = state.companies["BK"]
    state.pay("BK", BANK, 728 - 50)  # BK has 50K left
    assert refusal(game, Pass("BK")).rule == "rule:trains.must_own"
    game.process(BuyTrain("BK", _depot_2(game), 90))
    assert bk.cash == 0 and players_cash(state)["B"] == 282 - 40
    assert game.state.round.kind == "stock"  # the turn ended with the purchase
    no_problems(game)


def test_XI_no_personal_money_for_a_second_train():
    game = bk_at_trains_step(("2",))
    state = game.state
    state.pay("BK", BANK, 728 - 50)
    assert not [a for a in game.legal_actions() if isinstance(a, BuyTrain)]
    assert refusal(game, BuyTrain("BK", _next_depot(state, "2"), 90)).rule == "rule:trains.cash"


def test_XI_a_bank_financed_corporation_pays_no_dividend_until_repaid():
    game = bk_at_run_step(("2",), line=BK_LINE_TO_G13)
    bk = game.state.companies["BK"]
    game.state.pay("BK", BANK, 728 - 10)  # 10K left
    bk.extra[DEBT_KEY] = 25  # the bank financed 25K of a train earlier
    rules = game.ruleset
    assert dividends.choices(rules, game.state, "BK", 30) == ("withhold",)
    game.process(game.legal_actions()[0])  # 30K, withheld without a choice
    assert "BK withholds 30" in game.log and "BK repays 25 to the bank (0 still owed)" in game.log
    assert bk.extra[DEBT_KEY] == 0 and bk.cash == 10 + 30 - 25
    assert bk.market == (2, 1)  # withheld: one step left, 87K



def test_XI_the_director_sells_out_of_turn_but_never_hands_over_the_directorship():
    game = second_stock_round({"B": 30, "C": 20})
    finish_round(game)  # the second stock round: nobody trades; the third operating round
    state = game.state
    bk = state.companies["BK"]
    scrap(state, bk.trains[0])  # BK has lost its 2 train
    state.pay("BK", BANK, bk.cash)  # and spent its treasury
    state.pay("B", BANK, state.player("B").cash - 50)  # B has 50K
    major_to_act(game, "BK")
    game.process(Pass("BK"))  # no tile
    game.process(Pass("BK"))  # no token; nothing runs, 0K withheld: 87K -> 84K
    assert state.round.step == "trains" and "B" in game.active_entities()  # out of turn
    price = game.ruleset.spec.cell(bk.market).price
    assert price == 84
    # selling 20% would leave B with 10% against C's 20%
    assert refusal(game, SellShares("B", "BK", 20)).rule == "rule:emergency.directorship"
    game.process(SellShares("B", "BK", 10))  # 30% -> 20%, as much as C: B stays director
    assert state.director("BK") == "B" and state.player("B").cash == 50 + 84
    game.process(BuyTrain("BK", _next_depot(state, "2"), 90))
    assert state.player("B").cash == 50 + 84 - 90 and bk.cash == 0
    no_problems(game)


def _bk_after_ms(phase_3: bool):
    """B directs MS (97K, 50%) and BK (91K, 30%; C 20%): in the second operating round MS
    has bought a 2 train; BK reaches its trains step without one."""
    game = new_game()
    sell(game, "SD1", "A")
    pass_packet(game)
    state = game.state
    state.packet_remaining.clear()
    state.offers.clear()
    fund_player(state, "B", 500)
    start_major(game, "MS", 97, {"B": 50})
    start_major(game, "BK", 91, {"B": 30, "C": 20})
    finish_round(game)
    finish_round(game)
    major_to_act(game, "BK")
    (ms_train,) = state.companies["MS"].trains
    if phase_3:
        first_purchase(game, "3")
    for _ in range(4):
        if state.round.step == "trains":
            return game, ms_train
        game.process(Pass("BK"))
    raise AssertionError("BK does not reach its trains step")


def test_XI_no_trains_between_companies_in_phase_2():
    game, ms_train = _bk_after_ms(phase_3=False)
    assert refusal(game, BuyTrain("BK", ms_train, 90)).rule == "rule:trains.from_companies"


def test_XI_from_phase_3_a_director_sells_between_own_companies_for_at_least_1():
    game, ms_train = _bk_after_ms(phase_3=True)
    state = game.state
    ms_cash = state.companies["MS"].cash
    assert refusal(game, BuyTrain("BK", ms_train, 0)).rule == "rule:trains.price"
    assert BuyTrain("BK", ms_train, 1) in game.legal_actions()
    game.process(BuyTrain("BK", ms_train, 1))
    assert state.companies["BK"].cash == 728 - 1 and state.companies["MS"].cash == ms_cash + 1
    assert state.trains[ms_train].owner == "BK" and state.companies["MS"].trains == []
    no_problems(game)


def test_XI_buying_from_another_corporation_no_sale_may_transfer_either_presidency():
    game = new_game()
    sell(game, "SD1", "A")
    pass_packet(game)
    state = game.state
    state.packet_remaining.clear()
    state.offers.clear()
    fund_player(state, "B", 500)
    start_major(game, "MS", 97, {"B": 40, "D": 20})
    start_major(game, "BK", 91, {"B": 30, "C": 20})
    finish_round(game)
    finish_round(game)
    major_to_act(game, "BK")
    (ms_train,) = state.companies["MS"].trains
    first_purchase(game, "3")
    while state.round.step != "trains":
        game.process(Pass("BK"))
    state.pay("BK", BANK, state.companies["BK"].cash)
    state.pay("B", BANK, state.player("B").cash)
    game.process(SellShares("B", "MS", 30))  # B keeps 10% of MS, D holds 20%
    assert state.director("MS") == "D"
    refused = refusal(game, BuyTrain("BK", ms_train, 90))
    assert refused.rule == "rule:emergency.directorship"


def test_XI_forced_purchase_the_director_may_choose_the_dearer_train_with_help():
    # BK must buy: the bank pool offers a 2 (90K), the depot a 3 (180K); BK holds 100K
    game = bk_at_trains_step(("2",), sell_out=("2",))
    state = game.state
    bk = state.companies["BK"]
    trains.to_pool(state, bk.trains[0])
    state.pay("BK", BANK, bk.cash - 100)
    pool_two = state.depot.pool[0]
    three = _next_depot(state, "3")
    assert {BuyTrain("BK", pool_two, 90), BuyTrain("BK", three, 180)} <= set(game.legal_actions())
    game.process(BuyTrain("BK", three, 180))  # B pays the 80K the treasury lacks
    assert bk.cash == 0 and players_cash(state)["B"] == 282 - 80
    assert state.phase == "3"
    no_problems(game)


def test_XII_the_first_5_closes_the_mountain_railways():
    game = new_game()
    sell(game, "SD1", "A")  # Sd #1 with the Semmering Railway
    sell(game, "Tauern", "B")
    pass_packet(game)
    for name in ("3", "4", "5"):
        first_purchase(game, name)
    state = game.state
    assert state.phase == "5"
    assert state.companies["Tauern"].closed and state.companies["Semmering"].closed
    b = state.player("B").cash
    finish_round(game)
    play_until(game, "operating")
    assert state.player("B").cash == b  # no more income
