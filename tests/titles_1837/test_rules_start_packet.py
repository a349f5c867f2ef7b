"""Rule I (second edition) and the first edition's I.2-I.7, I.6 / XIV.2.6-2.7: what is on sale
during and after the start packet."""

from __future__ import annotations

from railyard.framework.eighteen.actions import BuyItem, Par, Pass
from railyard.framework.eighteen.rounds import advance

from .rules_helpers import (
    cash,
    fund_player,
    hooks,
    new_game,
    no_problems,
    pass_packet,
    play_until,
    refusal,
    sell,
)


def test_I_unsold_items_stay_at_face_value_beside_the_ug1_second_certificate_at_90():
    game = new_game()
    sell(game, "UG1", "A", 100)
    sell(game, "SD1", "B")
    pass_packet(game)
    offers = game.state.offers
    assert offers["UG1_share"].price == 90 and offers["UG1_share"].certificates == ("UG1.1",)
    assert "UG3_share" not in offers  # Ug #3's director's certificate is still unsold
    assert offers["UG3"].price == 80 and offers["SD5"].price == 70 and offers["EPP"].price == 40
    assert len(game.state.packet_remaining) == 21
    no_problems(game)


def test_I_first_operating_round_follows_the_auction_and_the_bank_picks_milan_for_sd5():
    game = new_game()
    sell(game, "SD1", "B")
    pass_packet(game)
    assert game.state.round.kind == "operating"
    assert game.state.companies["SD5"].home == "L2"  # Milan
    assert "SD5 is unsold: the bank selects L2 as its home" in game.log


def test_I_XIV_major_shares_only_once_the_start_packet_is_sold():
    game = new_game()
    sell(game, "UG1", "A", 100)
    pass_packet(game)
    play_until(game, "stock")
    player = game.active_entities()[0]
    assert not [a for a in game.legal_actions() if isinstance(a, Par)]
    assert refusal(game, Par(player, "BK", 91)).rule == "I"
    # the packet sold out: the majors are on sale
    game.state.packet_remaining.clear()
    game.state.offers.clear()
    assert Par(player, "BK", 91) in game.legal_actions()


def test_I_second_ug1_certificate_is_bought_on_a_stock_round_turn_for_90():
    game = new_game()
    sell(game, "UG1", "A", 100)
    pass_packet(game)
    play_until(game, "stock")
    player = game.active_entities()[0]
    before, bank = cash(game.state)[player], game.state.bank
    game.process(BuyItem(player, "UG1_share", 90))
    assert game.state.cert("UG1.1").owner == player
    assert cash(game.state)[player] == before - 90 and game.state.bank == bank + 90
    assert "UG1_share" not in game.state.offers
    no_problems(game)


FIRST_EDITION_PACKET = {  # three players (730K each) can pay the 2035K of the whole packet
    "A": ["SD2", "SD3", "SD1", "SD4"],
    "B": ["Tauern", "Wocheiner", "SD5", "EKT", "EOD", "MLB"],
    "C": ["EPP", "RGTE", "EHS", "LRB", "BB", "SPB", "ZKB"],
}


def _first_edition_after_packet():
    game = new_game("first_edition", players=("A", "B", "C"))
    for player, items in FIRST_EDITION_PACKET.items():
        for item in items:
            sell(game, item, player)
        fund_player(game.state, player, 500)  # income of later rounds, to buy minors with
    advance(game.ruleset, game.state)
    # I: Sd #5's owner chooses Milan or Venice before anything else happens
    assert game.active_entities() == ("B",)
    game.process(hooks(game, "actions").ChooseHome("B", "SD5", "L8"))
    return game


def test_FE_I_6_after_the_packet_only_the_kk_minors_at_their_printed_prices():
    game = _first_edition_after_packet()
    state = game.state
    assert state.round.kind == "stock"  # the first stock round goes on
    assert {k: o.price for k, o in state.offers.items()} == {"KK1": 90, "KK2": 140, "KK3": 90}
    player = game.active_entities()[0]
    assert not [a for a in game.legal_actions() if isinstance(a, Par)]
    assert refusal(game, Par(player, "BK", 91)).rule == "XIV.2.7"
    no_problems(game)


def _buy(game, item: str) -> None:
    """The player to act buys ``item`` and ends the turn (XIV.1: buying and selling in any
    order, so the turn ends with a pass)."""
    player = game.active_entities()[0]
    game.process(BuyItem(player, item, game.state.offers[item].price))
    if game.active_entities() == (player,):
        game.process(Pass(player))


def test_FE_XIV_2_6_ug_certificates_after_the_kk_minors_and_second_halves_after_the_director():
    game = _first_edition_after_packet()
    for item in ("KK1", "KK2", "KK3"):
        _buy(game, item)
    assert {k: o.price for k, o in game.state.offers.items()} == {"UG1": 90, "UG2": 90, "UG3": 90}
    assert game.state.companies["KK2"].cash == 140
    _buy(game, "UG1")
    assert game.state.offers["UG1_share"].price == 90
    for item in ("UG1_share", "UG2", "UG3"):
        assert not [a for a in game.legal_actions() if isinstance(a, Par)]
        _buy(game, item)
    assert game.state.offers["UG3_share"].price == 90
    _buy(game, "UG3_share")
    assert game.state.offers == {}
    player = game.active_entities()[0]
    assert Par(player, "BK", 91) in game.legal_actions()
    no_problems(game)


def _pass_rounds(game, rounds: int) -> None:
    for _ in range(rounds * len(game.state.players)):
        game.process(Pass(game.active_entities()[0]))


def test_FE_I_7_a_round_of_passes_takes_10K_off_the_items_on_offer_until_someone_buys():
    game = new_game("first_edition")
    _pass_rounds(game, 1)
    assert game.legal_actions() == [
        Pass("A"), BuyItem("A", "EKT", 90), BuyItem("A", "EPP", 90), BuyItem("A", "BB", 90)
    ]
    game.process(BuyItem("A", "EPP", 90))
    assert cash(game.state)["A"] == 555 - 90 and game.state.companies["EPP"].cash == 100
    # full prices again; RGTE is now on top of the second column
    assert game.legal_actions() == [
        Pass("B"), BuyItem("B", "EKT", 100), BuyItem("B", "RGTE", 100), BuyItem("B", "BB", 100)
    ]


def test_FE_I_7_an_item_down_to_0K_must_be_taken_by_the_player_to_act():
    game = new_game("first_edition")
    _pass_rounds(game, 10)
    assert game.legal_actions() == [
        BuyItem("A", "EKT", 0), BuyItem("A", "EPP", 0), BuyItem("A", "BB", 0)
    ]
    assert refusal(game, Pass("A")).rule == "rule:start_packet.forced_take"
    game.process(BuyItem("A", "BB", 0))
    assert game.state.director("BB") == "A" and cash(game.state)["A"] == 555
    no_problems(game)
