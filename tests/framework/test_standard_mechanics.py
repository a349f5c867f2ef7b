"""1830-family mechanics as data options, played on the privaterail title (issue 15, point 2):
train trade-ins, off-board values per train, market zones, the waterfall start packet."""

from __future__ import annotations

import pytest

from railyard.framework.core.errors import IllegalAction
from railyard.framework.core.rng import GameRng
from railyard.framework.eighteen import G18Ruleset
from railyard.framework.eighteen.actions import Bid, BuyItem, BuyShares, Pass, SellShares
from railyard.framework.eighteen.or_actions import LayTile, RunRoutes
from railyard.framework.eighteen.phases import scrap
from railyard.framework.eighteen.private_actions import BuyTrainTradeIn
from railyard.framework.eighteen.rounds import start_round
from railyard.framework.eighteen.state import POOL, TRAIN_POOL
from railyard.framework.eighteen.stock_round import certificate_count
from railyard.framework.eighteen.trains import check_trade_in
from tests.framework.g18_helpers import give
from tests.framework.privaterail import PLAYERS, _title, act, major, operate, position, train


def _to_trains_step(rules, state, cid):
    while state.round.step != "trains":
        if state.round.step == "run":
            act(rules, state, RunRoutes(cid, ()))
        elif state.round.step == "dividend":
            act(rules, state, next(a for a in rules.legal_actions(state, cid) if type(a).__name__ == "Dividend"))
        else:
            act(rules, state, Pass(cid))


def _sell_out(rules, state, name, to):
    while any(t.name == name and t.owner == "@depot" for t in state.trains.values()):
        train(rules, state, to, name)


def test_a_d_train_costs_its_price_less_the_discount_when_a_4_is_traded_in():
    rules, state = position("4")
    for name in ("3", "4", "5"):  # sold out to a company that never operates, then gone
        _sell_out(rules, state, name, "ER")
        for t in list(state.companies["ER"].trains):
            scrap(state, t)
    major(rules, state, "AR", "ann", 700)
    four = next(t for t in state.trains.values() if t.name == "4").id
    state.depot.scrapped.remove(four)
    state.trains[four].owner = "AR"
    state.companies["AR"].trains = [four]
    operate(rules, state)
    _to_trains_step(rules, state, "AR")
    trade = [a for a in rules.legal_actions(state, "AR") if isinstance(a, BuyTrainTradeIn)]
    assert trade == [BuyTrainTradeIn("AR", trade[0].train, four, 500)]
    with pytest.raises(IllegalAction) as refused:
        act(rules, state, BuyTrainTradeIn("AR", trade[0].train, four, 600))
    assert refused.value.rule == "rule:trains.price"
    act(rules, state, trade[0])
    assert state.companies["AR"].cash == 200
    assert state.companies["AR"].trains == [trade[0].train]
    assert state.trains[four].owner == TRAIN_POOL


def test_a_2_cannot_be_traded_in_for_a_d():
    rules, state = position("4")
    major(rules, state, "AR", "ann", 700)
    two = train(rules, state, "AR", "3")
    d = next(t for t in state.trains.values() if t.name == "D").id
    state.trains[two].name = "2"
    with pytest.raises(IllegalAction) as refused:
        check_trade_in(rules, state, BuyTrainTradeIn("AR", d, two, 500))
    assert refused.value.rule == "rule:trains.trade_in"


def test_an_off_board_pays_a_d_train_its_own_value():
    rules, state = position("4")
    major(rules, state, "AR", "ann", 100)
    d = next(t for t in state.trains.values() if t.name == "D").id
    state.trains[d].owner = "AR"
    state.depot.stacks = {k: [t for t in v if t != d] for k, v in state.depot.stacks.items()}
    state.companies["AR"].trains = [d]
    operate(rules, state)
    act(rules, state, LayTile("AR", "A3", "57", 1))
    while state.round.step != "run":
        act(rules, state, Pass("AR"))
    best = next(a for a in rules.legal_actions(state, "AR") if isinstance(a, RunRoutes) and a.runs)
    act(rules, state, best)
    assert state.round.revenue == 20 + 80  # Alton 20, West Port 80 for a D (40 for others)


def _stock(rules, state):
    start_round(rules, state, "stock")


def test_shares_in_an_orange_zone_are_outside_the_certificate_limit_and_above_60_percent():
    rules, state = position("2")
    major(rules, state, "AR", "ann", 0, cell=(3, 0))  # 30o
    give(state, POOL, "AR", 20)
    _stock(rules, state)
    assert certificate_count(rules, state, "ann") == 0
    act(rules, state, BuyShares("ann", "AR", "pool"))
    assert state.percent_held("ann", "AR") == 70


def test_a_brown_zone_lets_a_player_buy_several_pool_shares_in_one_turn():
    rules, state = position("2")
    major(rules, state, "AR", "bob", 0, cell=(3, 2))  # 50b
    give(state, POOL, "AR", 30)
    _stock(rules, state)
    act(rules, state, BuyShares("ann", "AR", "pool"))
    act(rules, state, BuyShares("ann", "AR", "pool"))
    assert state.percent_held("ann", "AR") == 20
    with pytest.raises(IllegalAction) as refused:
        act(rules, state, BuyShares("ann", "CR", "ipo"))
    assert refused.value.rule in ("rule:stock_round.one_buy",)
    act(rules, state, Pass("ann"))
    assert rules.active_entities(state) == ("bob",)


def test_a_yellow_zone_allows_one_share_per_turn():
    rules, state = position("2")
    major(rules, state, "AR", "bob", 0, cell=(2, 0))  # 40y
    give(state, POOL, "AR", 30)
    _stock(rules, state)
    act(rules, state, BuyShares("ann", "AR", "pool"))
    assert rules.active_entities(state) == ("bob",)


def test_a_company_whose_price_falls_into_a_closing_cell_closes():
    rules, state = position("2")
    major(rules, state, "AR", "ann", 50, cell=(3, 0))  # 30o, above 0c
    _stock(rules, state)
    state.round.number = 2  # selling allowed
    act(rules, state, SellShares("ann", "AR", 10))
    assert state.companies["AR"].closed and state.companies["AR"].market is None
    assert state.percent_held("ann", "AR") == 0


# ---------------------------------------------------------------------- waterfall
def _waterfall():
    rules = G18Ruleset(_title())
    state = rules.new_state(rules.title, PLAYERS, GameRng(1))
    assert state.round.kind == "waterfall"
    return rules, state


def test_waterfall_the_cheapest_private_is_bought_at_its_price():
    rules, state = _waterfall()
    act(rules, state, BuyItem("ann", "TB", 20))
    assert state.director("TB") == "ann" and state.player("ann").cash == 400 - 20
    with pytest.raises(IllegalAction) as refused:
        act(rules, state, BuyItem("bob", "EH", 40))
    assert refused.value.rule == "rule:waterfall.cheapest"


def test_waterfall_a_single_bid_sells_when_the_items_before_it_are_sold():
    rules, state = _waterfall()
    act(rules, state, Bid("ann", "MF", 35))  # face 30 + 5
    act(rules, state, BuyItem("bob", "TB", 20))  # TB sold: MF goes to ann at her bid
    assert state.director("MF") == "ann" and state.player("ann").cash == 400 - 35
    assert rules.active_entities(state) == ("cy",)


def test_waterfall_a_first_bid_must_exceed_the_face_value_and_bids_fit_the_cash():
    rules, state = _waterfall()
    with pytest.raises(IllegalAction):
        act(rules, state, Bid("ann", "MF", 30))
    act(rules, state, Bid("ann", "SM", 300))
    with pytest.raises(IllegalAction) as refused:
        act(rules, state, Bid("bob", "SM", 300))
    assert refused.value.rule == "rule:waterfall.bid"
    act(rules, state, Pass("bob"))
    with pytest.raises(IllegalAction) as refused:
        act(rules, state, Bid("cy", "EH", 45))
        act(rules, state, Bid("ann", "EH", 105))  # 300 + 105 > 400
    assert refused.value.rule in ("rule:waterfall.cash", "rule:turn_order")


def test_waterfall_several_bidders_bid_it_up_lowest_first():
    rules, state = _waterfall()
    act(rules, state, Bid("ann", "MF", 35))
    act(rules, state, Bid("bob", "MF", 40))
    act(rules, state, BuyItem("cy", "TB", 20))
    assert rules.active_entities(state) == ("ann",)  # the lowest bidder
    act(rules, state, Bid("ann", "MF", 45))
    assert rules.active_entities(state) == ("bob",)
    act(rules, state, Pass("bob"))
    assert state.director("MF") == "ann" and state.player("ann").cash == 400 - 45


def test_waterfall_a_round_of_passes_lowers_the_first_items_price_down_to_free():
    rules, state = _waterfall()
    for _ in range(4):
        for p in PLAYERS:
            act(rules, state, Pass(p))
    assert [a for a in rules.legal_actions(state, "ann")] == [BuyItem("ann", "TB", 0)]
    with pytest.raises(IllegalAction) as refused:
        act(rules, state, Pass("ann"))
    assert refused.value.rule == "rule:waterfall.free"
    act(rules, state, BuyItem("ann", "TB", 0))


def test_waterfall_passes_after_the_first_sale_pay_the_privates_income():
    rules, state = _waterfall()
    act(rules, state, BuyItem("ann", "TB", 20))
    for p in ("bob", "cy", "ann"):
        act(rules, state, Pass(p))
    assert state.player("ann").cash == 400 - 20 + 5


def test_waterfall_ends_when_all_are_sold_and_priority_goes_to_the_next_player():
    rules, state = _waterfall()
    act(rules, state, BuyItem("ann", "TB", 20))
    act(rules, state, BuyItem("bob", "MF", 30))
    act(rules, state, BuyItem("cy", "EH", 40))
    act(rules, state, BuyItem("ann", "SM", 50))
    assert state.round.kind == "stock" and state.priority_player == "bob"


def _packet_with(rules_items: str):
    from railyard.framework.loader import load_title
    from tests.framework.privaterail import TITLE
    title = load_title(TITLE, None, (rules_items,))
    rules = G18Ruleset(title)
    return rules, rules.new_state(rules.title, PLAYERS, GameRng(1))


def test_a_private_that_brings_a_share_gives_it_to_its_buyer():
    rules, state = _packet_with("setup.start_packet.items={CA: {companies: [CA]}, BO: {companies: [BO]}}")
    act(rules, state, BuyItem("ann", "BO", 100))
    assert rules.active_entities(state) == ("ann",)  # BO brings CR's director's certificate
    pars = rules.legal_actions(state, "ann")
    assert {type(a).__name__ for a in pars} == {"Par"}
    with pytest.raises(IllegalAction) as refused:
        act(rules, state, Pass("ann"))
    assert refused.value.rule == "rule:shares.par"
    act(rules, state, pars[0])
    assert state.director("CR") == "ann" and state.companies["CR"].par_price == pars[0].price
    act(rules, state, BuyItem("bob", "CA", 160))
    assert state.cert("ER.1").owner == "bob" and state.player("bob").cash == 400 - 160


def test_a_game_sells_its_packet_by_waterfall_and_a_corporation_buys_a_private_through_game_process():
    """End to end through ``Game.process`` with every invariant checked (debug)."""
    from railyard.framework.core.game import Game
    from railyard.framework.eighteen.actions import Par
    from railyard.framework.eighteen.private_actions import BuyPrivate
    from tests.framework.privaterail import TITLE
    game = Game(TITLE, PLAYERS, 1, overrides=("phases.2.corporations_buy_privates=true",), debug=True)
    order = [game.state.players[(game.state.priority + i) % 3].id for i in range(3)]
    first, second, third = order
    game.process(BuyItem(first, "TB", 20))
    game.process(BuyItem(second, "MF", 30))
    game.process(BuyItem(third, "EH", 40))
    game.process(BuyItem(first, "SM", 50))
    assert game.state.round.kind == "stock"
    game.process(Par(second, "AR", 80))
    game.process(BuyShares(third, "AR"))
    game.process(BuyShares(first, "AR"))
    game.process(BuyShares(second, "AR"))
    game.process(BuyShares(third, "AR"))
    assert game.state.companies["AR"].floated
    for p in (first, second, third):
        game.process(Pass(p))
    assert game.state.round.kind == "operating" and game.state.round.current == "AR"
    game.process(BuyPrivate("AR", "EH", 80))  # from its holder, twice face value
    assert game.state.companies["EH"].certificates[0].owner == "AR"
    assert game.ruleset.active_entities(game.state) == (third,)  # the seller's on-sale lay
