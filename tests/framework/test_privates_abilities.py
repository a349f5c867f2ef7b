"""Private companies' abilities and corporations buying privates, played on the privaterail
title (YAML only) through the ruleset's apply with invariants checked (issue 15, points 1-2)."""

from __future__ import annotations

import pytest

from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen.actions import Pass
from railyard.framework.eighteen.or_actions import LayTile
from railyard.framework.eighteen.private_actions import AbilityLay, AbilityToken, BuyPrivate
from tests.framework.privaterail import act, major, operate, own, position, train


def _in_tile_step(phase: str = "3", cash: int = 500):
    rules, state = position(phase)
    major(rules, state, "AR", "ann", cash)
    train(rules, state, "AR", "2")
    operate(rules, state)
    assert (state.round.current, state.round.step) == ("AR", "tile")
    return rules, state


def test_a_corporation_buys_a_private_for_twice_its_face_value_in_phase_3():
    rules, state = _in_tile_step("3")
    own(state, "SM", "bob")
    ann, bob, ar = state.player("ann").cash, state.player("bob").cash, state.companies["AR"].cash
    act(rules, state, BuyPrivate("AR", "SM", 100))
    assert state.director("SM") is None and state.companies["SM"].certificates[0].owner == "AR"
    assert state.player("bob").cash == bob + 100 and state.companies["AR"].cash == ar - 100
    assert state.player("ann").cash == ann
    assert state.round.step == "tile"  # buying does not move the turn on


def test_a_private_above_twice_or_below_half_face_value_is_refused():
    rules, state = _in_tile_step("3")
    own(state, "SM", "bob")
    for price in (101, 24):
        with pytest.raises(IllegalAction) as refused:
            act(rules, state, BuyPrivate("AR", "SM", price))
        assert refused.value.rule == "rule:privates.price"
    act(rules, state, BuyPrivate("AR", "SM", 25))  # ceil(50 / 2)


def test_a_corporation_may_not_buy_a_private_in_phase_2():
    rules, state = _in_tile_step("2")
    own(state, "SM", "bob")
    assert not any(isinstance(a, BuyPrivate) for a in rules.legal_actions(state, "AR"))
    with pytest.raises(IllegalAction) as refused:
        act(rules, state, BuyPrivate("AR", "SM", 100))
    assert refused.value.rule == "rule:privates.phase"


def test_a_no_buy_private_is_never_for_sale():
    rules, state = _in_tile_step("3")
    own(state, "BO", "bob")
    with pytest.raises(IllegalAction) as refused:
        act(rules, state, BuyPrivate("AR", "BO", 100))
    assert refused.value.rule == "rule:privates.no_buy"


def test_a_blocked_hex_takes_no_tile_until_a_corporation_buys_the_blocker():
    rules, state = _in_tile_step("3")
    own(state, "EH", "bob")
    with pytest.raises(IllegalAction) as refused:
        act(rules, state, LayTile("AR", "B4", "14", 0))
    assert refused.value.rule == "rule:tile_lay.blocked"
    act(rules, state, BuyPrivate("AR", "EH", 40))
    assert rules.title.companies["EH"].hexes == ()  # the block names its hexes itself
    from railyard.framework.eighteen.abilities.blocks_hexes import blocker
    assert blocker(rules, state, "B4") is None


def test_ehime_like_private_lays_its_green_tile_the_turn_a_corporation_buys_it():
    rules, state = _in_tile_step("3")
    own(state, "EH", "bob")
    act(rules, state, BuyPrivate("AR", "EH", 80))
    assert rules.active_entities(state) == ("bob",)  # the seller lays first
    lays = [a for a in rules.legal_actions(state, "bob") if isinstance(a, AbilityLay)]
    assert {a.tile for a in lays} <= {"14", "15"} and lays
    bob = state.player("bob").cash
    act(rules, state, lays[0])
    assert state.board.placed("B4").tile.id == lays[0].tile
    assert state.player("bob").cash == bob  # no terrain on B4
    assert (state.round.current, state.round.step) == ("AR", "tile")  # AR still lays its own tile
    with pytest.raises(IllegalAction):  # once only
        act(rules, state, AbilityLay("bob", "EH", "B4", "15", lays[0].rotation))


def test_the_seller_may_decline_the_on_sale_lay():
    rules, state = _in_tile_step("3")
    own(state, "EH", "bob")
    act(rules, state, BuyPrivate("AR", "EH", 40))
    act(rules, state, Pass("bob"))
    assert state.board.is_printed("B4") and rules.active_entities(state) == ("AR",)


def test_a_tile_only_the_ferry_may_lay_is_never_a_normal_lay():
    rules, state = _in_tile_step("2")
    with pytest.raises(IllegalAction) as refused:
        act(rules, state, LayTile("AR", "C5", "437", 1))
    assert refused.value.rule == "rule:tile_lay.exclusive"
    assert not any(isinstance(a, LayTile) and a.tile == "437" for a in rules.legal_actions(state, "AR"))


def test_the_ferry_lays_its_port_tile_in_the_tile_step_of_a_company_its_owner_directs():
    rules, state = _in_tile_step("2")
    own(state, "MF", "ann")  # ann directs AR
    ar = state.companies["AR"].cash
    act(rules, state, AbilityLay("AR", "MF", "C5", "437", 1))  # no connection needed
    assert state.board.placed("C5").tile.id == "437"
    assert state.companies["AR"].cash == ar and state.round.step == "tile"  # an extra lay


def test_the_ferry_is_no_help_to_a_company_its_owner_does_not_direct():
    rules, state = _in_tile_step("2")
    own(state, "MF", "bob")
    with pytest.raises(IllegalAction) as refused:
        act(rules, state, AbilityLay("AR", "MF", "C5", "437", 1))
    assert refused.value.rule == "rule:ability.unusable"


def test_an_own_turn_lay_without_connection_comes_beside_the_normal_lay():
    rules, state = _in_tile_step("2")
    own(state, "CS", "AR")
    act(rules, state, AbilityLay("AR", "CS", "C1", "7", 3))
    assert state.board.placed("C1").tile.id == "7" and state.round.step == "tile"
    act(rules, state, LayTile("AR", "A3", "57", 1))  # and then its own lay
    assert state.round.step != "tile"


def test_teleport_lays_its_tile_as_the_turns_lay_paying_terrain_then_places_a_free_token():
    rules, state = _in_tile_step("2")
    own(state, "DH", "AR")
    ar, tokens = state.companies["AR"].cash, state.companies["AR"].tokens_left
    act(rules, state, AbilityLay("AR", "DH", "B2", "57", 2))
    assert state.companies["AR"].cash == ar - 20  # B2's water
    assert state.round.step != "tile"
    act(rules, state, AbilityToken("AR", "DH", "B2", 0))
    assert state.board.has_token("B2", "AR") and state.companies["AR"].tokens_left == tokens - 1
    assert state.companies["AR"].cash == ar - 20


def test_a_mountain_discount_applies_only_where_all_terrain_is_mountain():
    rules, state = _in_tile_step("2")
    own(state, "SM", "AR")
    from railyard.framework.eighteen.tile_lay import base_cost
    assert base_cost(rules, state, "AR", "A5") == 10  # 40 less 30
    assert base_cost(rules, state, "AR", "B6") == 40  # water and mountain: no discount
    own(state, "SM", "bob")
    assert base_cost(rules, state, "AR", "A5") == 40  # held by a player: no discount


def test_terrain_marked_every_lay_is_paid_again_on_an_upgrade():
    rules, state = position("3")
    major(rules, state, "ER", "ann", 500, cell=(0, 1))
    train(rules, state, "ER", "2")
    operate(rules, state)
    er = state.companies["ER"].cash
    act(rules, state, LayTile("ER", "C3", "57", 1))
    assert state.companies["ER"].cash == er - 30
    from railyard.framework.eighteen.tile_lay import base_cost
    assert base_cost(rules, state, "ER", "C3") == 30  # the upgrade pays the hill again


def test_a_private_that_stays_open_while_a_player_holds_it_pays_its_new_revenue_from_phase_5():
    rules, state = position("4")
    own(state, "UF", "ann")
    own(state, "TB", "bob")
    lines = position_phase(rules, state, "5")
    assert not state.companies["UF"].closed and state.companies["TB"].closed
    assert any("UF stays open" in line for line in lines)
    ann = state.player("ann").cash
    operate(rules, state)
    assert state.player("ann").cash == ann + 50


def test_held_by_a_corporation_it_closes_with_the_others():
    rules, state = position("4")
    major(rules, state, "AR", "ann", 100)
    own(state, "UF", "AR")
    position_phase(rules, state, "5")
    assert state.companies["UF"].closed


def test_a_private_closing_when_a_named_corporation_buys_a_train():
    rules, state = position("2")
    own(state, "BO", "bob")
    major(rules, state, "AR", "ann", 500)
    train(rules, state, "AR", "2")
    assert not state.companies["BO"].closed
    from railyard.framework.eighteen.or_actions import BuyTrain
    major(rules, state, "CR", "cy", 500, cell=(0, 2))
    operate(rules, state)
    while state.round.current != "CR":
        entity = rules.active_entities(state)[0]
        act(rules, state, Pass(entity))
    while state.round.step != "trains":
        act(rules, state, Pass("CR"))
    t = next(a for a in rules.legal_actions(state, "CR") if isinstance(a, BuyTrain))
    act(rules, state, t)
    assert state.companies["BO"].closed


def position_phase(rules, state, name):
    from railyard.framework.eighteen.phases import start_phase
    return start_phase(rules, state, name)


def test_a_private_is_exchanged_for_a_share_from_the_offering_in_a_stock_round_and_closes():
    from railyard.framework.eighteen.private_actions import ExchangePrivate
    from railyard.framework.eighteen.rounds import start_round
    rules, state = position("2")
    own(state, "DR", "ann")
    start_round(rules, state, "stock")
    assert ExchangePrivate("ann", "DR", "ipo") in rules.legal_actions(state, "ann")
    act(rules, state, ExchangePrivate("ann", "DR", "ipo"))
    assert state.percent_held("ann", "AR") == 10 and state.companies["DR"].closed
    assert rules.active_entities(state) == ("ann",)  # the turn goes on: a purchase may follow
    with pytest.raises(IllegalAction) as refused:
        act(rules, state, ExchangePrivate("bob", "DR", "ipo"))
    assert refused.value.rule == "rule:turn_order"


def test_the_exchange_keeps_the_share_limit():
    from railyard.framework.eighteen.private_actions import ExchangePrivate
    from railyard.framework.eighteen.rounds import start_round
    from tests.framework.g18_helpers import give
    rules, state = position("2")
    own(state, "DR", "ann")
    give(state, "ann", "AR", 60, director=True)
    start_round(rules, state, "stock")
    with pytest.raises(IllegalAction) as refused:
        act(rules, state, ExchangePrivate("ann", "DR", "ipo"))
    assert refused.value.rule == "rule:stock_round.player_share_limit"


def test_the_ferry_lays_its_port_tile_in_its_owners_stock_round_turn_paying_himself():
    from railyard.framework.eighteen.rounds import start_round
    rules, state = position("2")
    own(state, "MF", "ann")
    start_round(rules, state, "stock")
    lays = [a for a in rules.legal_actions(state, "ann") if isinstance(a, AbilityLay)]
    assert AbilityLay("ann", "MF", "C5", "437", 1) in lays and {a.hex for a in lays} == {"C5"}
    act(rules, state, lays[0])
    assert state.board.placed("C5").tile.id == "437" and rules.active_entities(state) == ("ann",)
    assert not any(isinstance(a, AbilityLay) for a in rules.legal_actions(state, "ann"))  # once


def test_a_private_is_exchanged_out_of_turn_in_an_operating_round():
    from railyard.framework.eighteen.private_actions import ExchangePrivate
    rules, state = _in_tile_step("2")
    own(state, "DR", "bob")
    act(rules, state, ExchangePrivate("bob", "DR", "ipo"))  # AR is operating, bob is not to act
    assert state.percent_held("bob", "AR") == 10 and state.companies["DR"].closed
    assert (state.round.current, state.round.step) == ("AR", "tile")
    with pytest.raises(IllegalAction) as refused:
        act(rules, state, ExchangePrivate("cy", "DR", "ipo"))
    assert refused.value.rule == "rule:exchange.owner"


def test_from_the_second_stock_round_a_player_buys_another_players_private_as_his_purchase():
    from railyard.framework.eighteen.rounds import start_round
    rules, state = position("2")
    state.phase = "2"
    own(state, "SM", "bob")
    start_round(rules, state, "stock")
    with pytest.raises(IllegalAction) as refused:
        act(rules, state, BuyPrivate("ann", "SM", 70))
    assert refused.value.rule == "rule:privates.between_players"  # phases.2 does not allow it


def _players_sell_privates():
    from railyard.framework.eighteen.rounds import start_round
    from tests.framework.privaterail import PLAYERS, TITLE, G18Ruleset, GameRng, load_title
    title = load_title(TITLE, None, ("phases.2.players_buy_privates=true",))
    rules = G18Ruleset(title)
    state = rules.new_state(title, PLAYERS, GameRng(1))
    state.packet_remaining = []
    start_round(rules, state, "stock")
    return rules, state


def test_a_player_buys_a_private_from_another_player_for_any_price_from_the_second_round():
    rules, state = _players_sell_privates()
    own(state, "SM", "bob")
    state.round.number = 1
    with pytest.raises(IllegalAction) as refused:
        act(rules, state, BuyPrivate("ann", "SM", 70))
    assert refused.value.rule == "rule:privates.between_players"
    state.round.number = 2
    ann, bob = state.player("ann").cash, state.player("bob").cash
    act(rules, state, BuyPrivate("ann", "SM", 170))  # no price range between players
    assert state.director("SM") == "ann"
    assert (state.player("ann").cash, state.player("bob").cash) == (ann - 170, bob + 170)
    assert rules.active_entities(state) == ("bob",)  # it was ann's purchase


def test_a_no_buy_private_never_changes_hands_between_players():
    rules, state = _players_sell_privates()
    own(state, "BO", "bob")
    state.round.number = 2
    with pytest.raises(IllegalAction) as refused:
        act(rules, state, BuyPrivate("ann", "BO", 100))
    assert refused.value.rule == "rule:privates.no_buy"


def test_the_ferry_lays_out_of_turn_before_another_players_company_acts():
    rules, state = _in_tile_step("2")
    own(state, "MF", "bob")  # bob does not direct AR
    act(rules, state, AbilityLay("bob", "MF", "C5", "437", 1))
    assert state.board.placed("C5").tile.id == "437" and (state.round.current, state.round.step) == ("AR", "tile")


def test_the_ferry_may_not_lay_out_of_turn_once_the_company_has_acted():
    rules, state = _in_tile_step("2")
    own(state, "MF", "bob")
    own(state, "CS", "AR")
    act(rules, state, AbilityLay("AR", "CS", "C1", "7", 3))  # (an extra lay: not the turn's lay)
    act(rules, state, LayTile("AR", "A3", "57", 1))
    with pytest.raises(IllegalAction) as refused:
        act(rules, state, AbilityLay("bob", "MF", "C5", "437", 1))
    assert refused.value.rule == "rule:ability.when"
