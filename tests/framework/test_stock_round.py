"""Stock round rules on hand-built packetrail positions (see g18_helpers for the numbers)."""

import pytest

from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen.actions import BuyItem, BuyShares, Par, Pass, SellShares
from railyard.framework.eighteen.state import POOL, Offer
from tests.framework.g18_helpers import act, give, started, stock_position, to_pool


def refused(rules, state, action, rule):
    with pytest.raises(IllegalAction) as error:
        rules.apply(state, action)
    assert error.value.rule == rule
    return error.value


def test_priority_deal_holder_takes_the_first_turn():
    rules, state = stock_position(priority=1)
    assert rules.active_entities(state) == ("bob",)


def test_par_buys_the_director_certificate_at_par_times_its_shares():
    rules, state = stock_position()
    act(rules, state, Par("ann", "AR", 70))
    ar = state.companies["AR"]
    assert state.player("ann").cash == 400 - 140
    assert state.bank == 4000 - 3 * 400 + 140
    assert state.director("AR") == "ann"
    assert ar.par_price == 70 and ar.market == (0, 1)
    assert not ar.floated


def test_par_price_must_be_a_par_cell():
    rules, state = stock_position()
    refused(rules, state, Par("ann", "AR", 90), "rule:stock_round.par_price")


def test_par_slots_limit_how_many_corporations_share_a_par_price():
    rules, state = stock_position(overrides=("market.par_slots=1",))
    act(rules, state, Par("ann", "AR", 70))
    refused(rules, state, Par("bob", "CR", 70), "rule:stock_round.par_slots")
    act(rules, state, Par("bob", "CR", 80))


def test_first_share_must_be_the_director_certificate_via_par():
    rules, state = stock_position()
    refused(rules, state, BuyShares("ann", "AR", "ipo"), "rule:stock_round.par_first")


def test_one_certificate_per_turn_then_the_next_player():
    rules, state = stock_position()
    act(rules, state, Par("ann", "AR", 70))
    assert rules.active_entities(state) == ("bob",)
    refused(rules, state, BuyShares("ann", "AR", "ipo"), "rule:turn_order")


def test_corporation_floats_at_float_percent_with_full_capitalisation():
    rules, state = stock_position()
    act(rules, state, Par("ann", "AR", 70))  # 20%
    for player in ("bob", "cy", "ann"):  # 50%
        act(rules, state, BuyShares(player, "AR", "ipo"))
    assert not state.companies["AR"].floated
    act(rules, state, BuyShares("bob", "AR", "ipo"))  # 60%
    ar = state.companies["AR"]
    assert ar.floated
    assert ar.cash == 70 * 10  # par x the ten shares of the initial offering
    assert state.player("bob").cash == 400 - 2 * 70
    assert state.bank == 4000 - 1200 + 6 * 70 - 700


def test_no_sale_before_the_corporation_has_operated():
    rules, state = stock_position()
    started(rules, state, "AR", (0, 1), operated=False)
    give(state, "ann", "AR", 30, director=True)
    refused(rules, state, SellShares("ann", "AR", 10), "rule:stock_round.sell_before_operating")


def test_sale_pays_the_price_before_the_sale_and_drops_per_share():
    rules, state = stock_position()
    started(rules, state, "AR", (0, 1))
    give(state, "ann", "AR", 20, director=True)
    give(state, "bob", "AR", 30)
    state.round.turn = 1
    act(rules, state, SellShares("bob", "AR", 20))
    assert state.player("bob").cash == 400 + 140
    assert state.percent_held(POOL, "AR") == 20
    assert state.companies["AR"].market == (2, 1)  # two steps down: 70 -> 60 -> 50


def test_per_sale_action_drop_moves_once_per_company_per_turn():
    rules, state = stock_position(overrides=("setup.stock_round.price_drop=per_sale_action",))
    started(rules, state, "AR", (0, 2))
    give(state, "ann", "AR", 20, director=True)
    give(state, "bob", "AR", 30)
    state.round.turn = 1
    act(rules, state, SellShares("bob", "AR", 10))
    act(rules, state, SellShares("bob", "AR", 10))
    assert state.companies["AR"].market == (1, 2)
    # one sale in two steps: both paid at the price before it (the move comes after the sale)
    assert state.player("bob").cash == 400 + 80 + 80


def test_selling_forbids_buying_that_corporation_again_this_round():
    rules, state = stock_position()
    started(rules, state, "AR", (0, 1))
    give(state, "ann", "AR", 40, director=True)
    act(rules, state, SellShares("ann", "AR", 10))
    error = refused(rules, state, BuyShares("ann", "AR", "pool"), "rule:stock_round.sold_this_round")
    assert "AR" in str(error)
    refused(rules, state, BuyShares("ann", "AR", "ipo"), "rule:stock_round.sold_this_round")


def test_bank_pool_may_hold_at_most_its_limit():
    rules, state = stock_position()
    started(rules, state, "AR", (0, 1))
    give(state, "ann", "AR", 20, director=True)
    give(state, "bob", "AR", 30)
    to_pool(state, "AR", 30)
    state.round.turn = 1
    refused(rules, state, SellShares("bob", "AR", 30), "rule:stock_round.pool_limit")
    act(rules, state, SellShares("bob", "AR", 20))
    assert state.percent_held(POOL, "AR") == 50


def test_player_may_not_exceed_the_share_limit():
    rules, state = stock_position()
    started(rules, state, "AR", (0, 1))
    give(state, "ann", "AR", 60, director=True)
    refused(rules, state, BuyShares("ann", "AR", "ipo"), "rule:stock_round.player_share_limit")


def test_certificate_limit_and_the_exempt_zone():
    rules, state = stock_position(overrides=("setup.players.3.certificate_limit=3",))
    started(rules, state, "AR", (0, 1))
    started(rules, state, "CR", (0, 1))
    give(state, "ann", "AR", 20, director=True)
    give(state, "ann", "CR", 30, director=True)  # three certificates
    refused(rules, state, BuyShares("ann", "AR", "ipo"), "rule:stock_round.certificate_limit")
    state.place_marker("CR", (2, 0))  # 40y: CR certificates stop counting
    act(rules, state, BuyShares("ann", "AR", "ipo"))
    assert state.percent_held("ann", "AR") == 30


def test_buying_more_than_the_director_changes_director():
    rules, state = stock_position()
    started(rules, state, "AR", (0, 1))
    give(state, "ann", "AR", 20, director=True)
    give(state, "bob", "AR", 20)
    state.round.turn = 1
    act(rules, state, BuyShares("bob", "AR", "ipo"))
    assert state.director("AR") == "bob"
    held = sorted((c.percent, c.director) for c in state.certs_held("ann", "AR"))
    assert held == [(10, False), (10, False)]
    assert state.percent_held("bob", "AR") == 30


def test_equal_holding_does_not_change_director():
    rules, state = stock_position()
    started(rules, state, "AR", (0, 1))
    give(state, "ann", "AR", 30, director=True)
    give(state, "bob", "AR", 20)
    state.round.turn = 1
    act(rules, state, BuyShares("bob", "AR", "ipo"))
    assert state.director("AR") == "ann"


def test_selling_below_others_passes_director_to_first_tied_player_left_of_old_director():
    rules, state = stock_position()
    started(rules, state, "AR", (0, 1))
    give(state, "bob", "AR", 30, director=True)
    give(state, "ann", "AR", 20)
    give(state, "cy", "AR", 20)
    state.round.turn = 1
    act(rules, state, SellShares("bob", "AR", 20))
    # ann and cy tie at 20%: cy sits to bob's left
    assert state.director("AR") == "cy"
    assert state.percent_held("bob", "AR") == 10
    assert state.percent_held("cy", "AR") == 20
    assert state.percent_held(POOL, "AR") == 20
    assert state.player("bob").cash == 400 + 140


def test_director_certificate_cannot_go_to_the_pool():
    rules, state = stock_position()
    started(rules, state, "AR", (0, 1))
    give(state, "ann", "AR", 20, director=True)
    give(state, "bob", "AR", 10)
    refused(rules, state, SellShares("ann", "AR", 10), "rule:stock_round.director_certificate")


def test_buy_from_pool_at_the_market_price():
    rules, state = stock_position()
    started(rules, state, "AR", (0, 4))
    give(state, "ann", "AR", 20, director=True)
    to_pool(state, "AR", 10)
    act(rules, state, BuyShares("ann", "AR", "pool"))
    assert state.player("ann").cash == 400 - 100
    assert state.percent_held(POOL, "AR") == 0


def test_round_ends_when_all_pass_and_priority_goes_left_of_last_actor():
    rules, state = stock_position()
    act(rules, state, Pass("ann"))
    act(rules, state, Par("bob", "AR", 70))
    for player in ("cy", "ann"):
        act(rules, state, Pass(player))
    assert state.round.kind == "stock"
    act(rules, state, Pass("bob"))
    # the placeholder operating round ends at once: a new stock round, cy (left of bob) first
    assert state.round.kind == "stock" and state.round.number == 2
    assert state.priority_player == "cy"
    assert rules.active_entities(state) == ("cy",)


def test_priority_stays_when_nobody_buys_or_sells():
    rules, state = stock_position(priority=1)
    for player in ("bob", "cy", "ann"):
        act(rules, state, Pass(player))
    assert state.round.number == 2
    assert state.priority_player == "bob"


def test_selling_then_ending_the_turn_is_not_a_pass():
    rules, state = stock_position()
    started(rules, state, "AR", (0, 1))
    give(state, "ann", "AR", 20, director=True)
    give(state, "bob", "AR", 20)
    act(rules, state, Pass("ann"))
    act(rules, state, SellShares("bob", "AR", 10))
    act(rules, state, Pass("bob"))
    act(rules, state, Pass("cy"))
    act(rules, state, Pass("ann"))
    assert state.round.number == 1  # bob acted: only two passes in a row
    act(rules, state, Pass("bob"))
    assert state.round.number == 2
    assert state.priority_player == "cy"


def test_sold_out_corporation_moves_at_the_end_of_the_round():
    rules, state = stock_position()
    started(rules, state, "AR", (1, 2))
    give(state, "ann", "AR", 60, director=True)
    give(state, "bob", "AR", 40)
    started(rules, state, "CR", (1, 3))
    give(state, "ann", "CR", 20, director=True)
    for player in ("ann", "bob", "cy"):
        act(rules, state, Pass(player))
    assert state.companies["AR"].market == (0, 2)  # up: 70 -> 80
    assert state.companies["CR"].market == (1, 3)  # not sold out


def test_marker_arriving_on_an_occupied_cell_goes_underneath():
    rules, state = stock_position()
    started(rules, state, "AR", (1, 1))
    started(rules, state, "CR", (2, 1))
    give(state, "ann", "CR", 30, director=True)
    started(rules, state, "ER", (0, 1))
    give(state, "bob", "ER", 30, director=True)
    state.round.turn = 1
    act(rules, state, SellShares("bob", "ER", 10))  # ER 70 -> 60 (1, 1), under AR
    assert state.stack_at((1, 1)) == ["AR", "ER"]


def test_unsold_packet_items_must_be_bought_before_shares():
    rules, state = stock_position()
    cert = next(c for c in state.companies["P2"].certificates if c.director)
    state.offers["P2"] = Offer("P2", (cert.id,), 40, from_packet=True)
    refused(rules, state, Par("ann", "AR", 70), "rule:stock_round.packet_first")
    act(rules, state, BuyItem("ann", "P2", 40))
    assert state.director("P2") == "ann"
    assert state.player("ann").cash == 360
    act(rules, state, Par("bob", "AR", 70))


def test_minor_bought_from_an_offer_starts_with_its_capital():
    rules, state = stock_position()
    cert = state.companies["M1"].certificates[0]
    state.offers["M1"] = Offer("M1", (cert.id,), 100)
    bank = state.bank
    act(rules, state, BuyItem("ann", "M1", 100))
    assert state.companies["M1"].cash == 90 and state.companies["M1"].floated
    assert state.bank == bank + 100 - 90
    assert cert.owner == "ann"


def test_a_player_over_the_share_limit_must_sell_down_first():
    rules, state = stock_position()
    started(rules, state, "AR", (0, 1))
    give(state, "ann", "AR", 70, director=True)  # e.g. after an exchange
    refused(rules, state, Pass("ann"), "rule:stock_round.sell_down")
    refused(rules, state, Par("ann", "CR", 70), "rule:stock_round.sell_down")
    act(rules, state, SellShares("ann", "AR", 10))
    act(rules, state, Par("ann", "CR", 70))
    assert state.percent_held("ann", "AR") == 60


def test_no_sell_down_when_no_sale_is_possible():
    rules, state = stock_position()
    started(rules, state, "AR", (0, 1), operated=False)
    give(state, "ann", "AR", 70, director=True)
    act(rules, state, Pass("ann"))


def test_without_sell_then_buy_the_turn_goes_on_after_the_one_buy():
    rules, state = stock_position(overrides=("setup.stock_round.sell_then_buy=false",))
    started(rules, state, "CR", (0, 1))
    give(state, "ann", "CR", 30, director=True)
    act(rules, state, Par("ann", "AR", 70))
    assert rules.active_entities(state) == ("ann",)
    refused(rules, state, BuyShares("ann", "AR", "ipo"), "rule:stock_round.one_buy")
    act(rules, state, SellShares("ann", "CR", 10))  # selling after the buy is allowed
    act(rules, state, Pass("ann"))
    assert rules.active_entities(state) == ("bob",)
    assert state.round.passes_in_row == 0


def test_incremental_capitalisation_pays_each_offering_sale_to_the_treasury():
    rules, state = stock_position(overrides=("company_types.major.capitalization=incremental",))
    act(rules, state, Par("ann", "AR", 70))
    act(rules, state, BuyShares("bob", "AR", "ipo"))
    assert state.companies["AR"].cash == 140 + 70
    for player in ("cy", "ann", "bob"):
        act(rules, state, BuyShares(player, "AR", "ipo"))
    assert state.companies["AR"].floated and state.companies["AR"].cash == 6 * 70
