"""1830's start packet and privates on the real title (FACTS "Private companies", "Engine
base rules"), each played through ``game.process`` from a new game: A, B, C, D buy the six
privates in the waterfall, cheapest first."""

from __future__ import annotations

from railyard.framework.eighteen.actions import Bid, BuyItem, Par, Pass
from railyard.framework.eighteen.or_actions import LayTile
from railyard.framework.eighteen.private_actions import BuyPrivate, ExchangePrivate
from tests.titles_1889.positions import (
    float_corporation,
    new_game,
    no_problems,
    operating,
    refusal,
    settle,
    stock_round,
)

TITLE = "1830"


def buy_cheapest(game, times: int) -> None:  # noqa: ANN001
    for _ in range(times):
        (who,) = game.active_entities()
        game.process(next(a for a in game.legal_actions(who) if isinstance(a, BuyItem)))


def test_the_waterfall_sells_the_cheapest_first_and_a_bid_waits_for_its_turn() -> None:
    """FACTS "Initial round": a bid on another private is open until every cheaper one is
    sold; then with one bid it sells at that bid. B bids 45 on CS, A buys SV for 20: CS goes
    to B for 45 at once."""
    game = new_game(TITLE)
    assert "rule:" in str(refusal(game, BuyItem("A", "CS", 40)))
    game.process(Pass("A"))
    game.process(Bid("B", "CS", 45))
    game.process(Pass("C"))
    game.process(Pass("D"))
    game.process(BuyItem("A", "SV", 20))
    assert game.state.director("CS") == "B"
    assert game.state.player("B").cash == 600 - 45
    no_problems(game)


def test_cash_committed_to_open_bids_cannot_buy_the_cheapest_private() -> None:
    """The reference's waterfall (step/waterfall_auction.rb ``max_bid``): what a player may
    spend is his cash less his open bids, for a purchase as for a bid. A bids 590 of his 600
    on BO: with 10 free he may not buy SV for 20, and is not offered it."""
    game = new_game(TITLE)
    game.process(Bid("A", "BO", 590))
    for who in ("B", "C", "D"):
        game.process(Pass(who))
    assert not any(isinstance(a, BuyItem) for a in game.legal_actions("A"))
    assert "rule:waterfall.cash" in str(refusal(game, BuyItem("A", "SV", 20)))
    game.process(Pass("A"))  # everyone passed in a row: SV drops to 15
    game.process(BuyItem("B", "SV", 15))
    assert game.state.director("SV") == "B"
    assert game.state.player("A").cash == 600
    no_problems(game)


def test_camden_amboy_brings_a_prr_share_and_baltimore_ohio_its_presidency() -> None:
    """FACTS CA: its buyer also receives PRR's 10% share; BO: its buyer receives B&O's
    president's certificate and sets B&O's par at once."""
    game = new_game(TITLE)
    buy_cheapest(game, 6)  # SV A, CS B, DH C, MH D, CA A, BO B
    assert game.state.percent_held("A", "PRR") == 10
    assert game.active_entities() == ("B",)
    pars = [a for a in game.legal_actions("B") if isinstance(a, Par)]
    assert {a.company for a in pars} == {"B&O"}
    game.process(Par("B", "B&O", 100))
    assert game.state.percent_held("B", "B&O") == 20
    assert game.state.round.kind == "stock"
    no_problems(game)


def test_mohawk_hudson_is_exchanged_for_a_nyc_share_from_the_ipo_or_pool() -> None:
    """FACTS MH: its owner swaps it for 10% of NYC; MH closes."""
    game = new_game(TITLE)
    buy_cheapest(game, 6)
    game.process(Par("B", "B&O", 100))
    float_corporation(game, "NYC", 100, {game.active_entities()[0]: 20})
    while game.active_entities() != ("D",):
        game.process(Pass(game.active_entities()[0]))
    game.process(ExchangePrivate("D", "MH", "ipo"))
    assert game.state.percent_held("D", "NYC") == 10
    assert game.state.companies["MH"].closed
    no_problems(game)


def test_baltimore_ohio_can_never_be_bought_by_a_corporation() -> None:
    """FACTS BO: no_buy; the other privates sell to a corporation at 1/2-2x from phase 3."""
    game = operating(TITLE, "PRR", 100, {"A": 30, "B": 10, "C": 10, "D": 10},
                     owners={"SV": "A", "BO": "B"})
    game.state.phase = "3"
    settle(game)
    assert "rule:" in str(refusal(game, BuyPrivate("PRR", "BO", 220)))
    game.process(BuyPrivate("PRR", "SV", 40))
    assert game.state.companies["SV"].certificates[0].owner == "PRR"
    no_problems(game)


def test_the_privates_block_their_hexes_while_a_player_owns_them() -> None:
    """FACTS: SV blocks G15 while player-owned (PRR reaches it over H14)."""
    from tests.titles_1889.positions import lay

    game = operating(TITLE, "PRR", 100, {"A": 30, "B": 10, "C": 10, "D": 10}, owners={"SV": "A"})
    lay(game, "H14", "8", 3)  # from Altoona's east side north-east towards G15
    assert "rule:tile_lay.blocked" in str(refusal(game, LayTile("PRR", "G15", "9", 0)))


def test_delaware_hudson_lays_scranton_for_a_corporation_without_a_token_left() -> None:
    """FACTS DH: the teleport lay of 57 on F16 is the turn's lay (120 mountain paid) and a
    free token follows; a corporation with no token left lays and has no token to place
    (the engine offered one and then refused it)."""
    from railyard.framework.eighteen.private_actions import AbilityLay, AbilityToken

    game = operating(TITLE, "NYNH", 100, {"A": 30, "B": 10, "C": 10, "D": 10}, owners={"DH": "A"})
    game.state.phase = "3"
    settle(game)
    game.process(BuyPrivate("NYNH", "DH", 70))
    game.state.board.place_token("F22", 0, "NYNH")  # its last token, placed earlier
    game.state.companies["NYNH"].tokens_left -= 1
    settle(game)
    cash = game.state.cash_of("NYNH")
    lay = next(a for a in game.legal_actions("NYNH") if isinstance(a, AbilityLay))
    game.process(lay)
    assert game.state.board.placed("F16").tile.id == "57"
    assert game.state.cash_of("NYNH") == cash - 120
    assert not [a for a in game.legal_actions("NYNH") if isinstance(a, AbilityToken)]
    no_problems(game)


def test_delaware_hudson_offers_no_token_once_the_last_one_went_elsewhere() -> None:
    """FACTS DH: the free token follows the lay from the charter; if the corporation's last
    token is placed elsewhere after the lay, none is offered (the engine offered one and
    then refused it: a 6-player bot game)."""
    from railyard.framework.eighteen.private_actions import AbilityLay, AbilityToken

    game = operating(TITLE, "NYNH", 100, {"A": 30, "B": 10, "C": 10, "D": 10}, owners={"DH": "A"})
    game.state.phase = "3"
    settle(game)
    game.process(BuyPrivate("NYNH", "DH", 70))
    game.process(next(a for a in game.legal_actions("NYNH") if isinstance(a, AbilityLay)))
    assert [a for a in game.legal_actions("NYNH") if isinstance(a, AbilityToken)]
    game.state.board.place_token("F22", 0, "NYNH")  # its last token, placed elsewhere
    game.state.companies["NYNH"].tokens_left -= 1
    settle(game)
    assert not [a for a in game.legal_actions("NYNH") if isinstance(a, AbilityToken)]
    no_problems(game)


def test_delaware_hudson_offers_no_second_token_on_scranton() -> None:
    """A corporation never holds two tokens on one hex: once PRR tokened Scranton by itself
    after the teleport lay, the free token is not offered (a 4-player bot game placed it and
    the board refused)."""
    from railyard.framework.eighteen.private_actions import AbilityLay, AbilityToken

    game = operating(TITLE, "PRR", 100, {"A": 30, "B": 10, "C": 10, "D": 10}, owners={"DH": "A"})
    game.state.phase = "3"
    settle(game)
    game.process(BuyPrivate("PRR", "DH", 70))
    game.process(next(a for a in game.legal_actions("PRR") if isinstance(a, AbilityLay)))
    board = game.state.board
    green, upgrade = next((t, u) for t, u in board.lay_choices("F16") if t.id in ("14", "15"))
    board.lay("F16", green.id, upgrade.rotation)  # Scranton upgraded to two slots since
    board.place_token("F16", 0, "PRR")  # and its own token there
    game.state.companies["PRR"].tokens_left -= 1
    settle(game)
    assert game.state.companies["PRR"].tokens_left > 0
    assert not [a for a in game.legal_actions("PRR") if isinstance(a, AbilityToken)]
    assert "rule:" in str(refusal(game, AbilityToken("PRR", "DH", "F16", 0)))


def test_a_player_buys_another_players_private_from_the_second_stock_round() -> None:
    """FACTS "Interplayer private sales": from the second stock round (phases 2-4) a player
    may buy another player's private as the turn's purchase, at any price he can pay (no
    range is checked: 100 for the 40 CS); never in the first stock round, never BO (no_buy)."""
    from railyard.framework.eighteen.actions import BuyShares
    from railyard.framework.eighteen.rounds import start_round
    from tests.titles_1889.positions import finish_stock_round, stock_round

    game = stock_round(TITLE, {"SV": "A", "CS": "B", "DH": "C", "BO": "D"})
    while game.active_entities() != ("A",):
        game.process(Pass(game.active_entities()[0]))
    refused = refusal(game, BuyPrivate("A", "CS", 50))
    assert refused.rule == "rule:privates.between_players"  # stock round 1
    float_corporation(game, "PRR", 100, {"A": 30, "B": 10, "C": 10, "D": 10})
    finish_stock_round(game)
    game.state.companies["PRR"].operated = True
    start_round(game.ruleset, game.state, "stock")  # stock round 2, phase 2
    settle(game)
    while game.active_entities() != ("A",):
        game.process(Pass(game.active_entities()[0]))
    assert BuyPrivate("A", "CS", 40) in game.legal_actions("A")
    assert refusal(game, BuyPrivate("A", "BO", 220)).rule == "rule:privates.no_buy"
    assert not any(isinstance(a, BuyPrivate) and a.company == "SV" for a in game.legal_actions("A"))
    a_cash, b_cash = game.state.player("A").cash, game.state.player("B").cash
    game.process(BuyPrivate("A", "CS", 100))
    assert game.state.player("A").cash == a_cash - 100
    assert game.state.player("B").cash == b_cash + 100
    cs = next(c for c in game.state.companies["CS"].certificates if c.director)
    assert cs.owner == "A"
    assert refusal(game, BuyShares("A", "PRR", "ipo")).rule == "rule:stock_round.one_buy"
    no_problems(game)


def _second_stock_round_a_to_act(owners: dict[str, str]):  # noqa: ANN202
    """Stock round 2 (phase 2), A to act; the privates as ``owners`` say, PRR floated."""
    from railyard.framework.eighteen.rounds import start_round
    from tests.titles_1889.positions import finish_stock_round, stock_round

    game = stock_round(TITLE, owners)
    float_corporation(game, "PRR", 100, {"A": 30, "B": 10, "C": 10, "D": 10})
    finish_stock_round(game)
    game.state.companies["PRR"].operated = True
    start_round(game.ruleset, game.state, "stock")
    settle(game)
    while game.active_entities() != ("A",):
        game.process(Pass(game.active_entities()[0]))
    return game


def test_camden_and_amboy_cannot_change_hands_while_a_player_holds_its_prr_share() -> None:
    """18xx.games grants CA's PRR share on every purchase by a player (its ``shares`` ability
    ``on_player_sale: again``): while D, who bought CA, holds that share (PRR.1) no player may
    buy CA from him, though any other private sells (CS from B)."""
    game = _second_stock_round_a_to_act({"CS": "B", "CA": "D"})
    assert game.state.cert("PRR.1").owner == "D"
    assert refusal(game, BuyPrivate("A", "CA", 100)).rule == "rule:privates.shares_held"
    assert not any(isinstance(a, BuyPrivate) and a.company == "CA" for a in game.legal_actions("A"))
    assert BuyPrivate("A", "CS", 40) in game.legal_actions("A")
    no_problems(game)


def test_camden_and_amboy_bought_from_a_player_brings_its_prr_share_again_from_the_pool() -> None:
    """With PRR.1 in the bank pool (D sold it), A buys CA from D for 100: D gets 100 and A
    both CA and, free, PRR.1 (18xx.games takes the share from the pool for nothing)."""
    from railyard.framework.eighteen.state import POOL

    game = _second_stock_round_a_to_act({"CA": "D"})
    game.state.cert("PRR.1").owner = POOL
    settle(game)
    a_cash, d_cash = game.state.player("A").cash, game.state.player("D").cash
    game.process(BuyPrivate("A", "CA", 100))
    assert game.state.director("CA") == "A"
    assert game.state.cert("PRR.1").owner == "A"
    assert game.state.player("A").cash == a_cash - 100
    assert game.state.player("D").cash == d_cash + 100
    assert game.state.percent_held("A", "PRR") == 40
    no_problems(game)


def test_a_player_with_less_than_a_privates_face_value_may_still_buy_it_from_a_player() -> None:
    """FACTS "Interplayer private sales": any price of at least 1 the buyer can pay. A with 6
    (CS's face value is 40) is offered CS for 6, so his turn is no mere pass (18xx.games keeps
    his Sell/Buy/Sell step open with buy_company); with 0 he is offered none."""
    game = _second_stock_round_a_to_act({"CS": "B"})
    game.state.pay("A", "C", game.state.player("A").cash - 6)
    settle(game)
    assert BuyPrivate("A", "CS", 6) in game.legal_actions("A")
    b_cash = game.state.player("B").cash
    game.process(BuyPrivate("A", "CS", 6))
    assert game.state.director("CS") == "A"
    assert game.state.player("A").cash == 0
    assert game.state.player("B").cash == b_cash + 6
    game2 = _second_stock_round_a_to_act({"CS": "B"})
    game2.state.pay("A", "C", game2.state.player("A").cash)
    settle(game2)
    assert not any(isinstance(a, BuyPrivate) for a in game2.legal_actions("A"))
    no_problems(game)


def _brown_pool_after_a_private_purchase():  # noqa: ANN202
    """Second stock round, phase 3: PRR (A 60%) at 25 in the brown zone with two shares in
    the pool, NYC (C 60%) at 67 with one; B owns SV and A is to act."""
    from railyard.framework.eighteen.state import IPO, POOL

    game = stock_round(TITLE, {"SV": "B"})
    float_corporation(game, "PRR", 67, {"A": 60})
    while game.active_entities() != ("A",) or getattr(game.state.round, "bought_this_turn", False):
        game.process(Pass(game.active_entities()[0]))
    float_corporation(game, "NYC", 67, {"C": 60})
    while game.active_entities() != ("A",) or getattr(game.state.round, "bought_this_turn", False):
        game.process(Pass(game.active_entities()[0]))
    state = game.state
    state.round.number = 2
    state.phase = "3"
    state.place_marker("PRR", (5, 0))  # 25b
    for corp, n in (("PRR", 2), ("NYC", 1)):
        for cert in [c for c in state.companies[corp].certificates if c.owner == IPO][:n]:
            cert.owner = POOL
    settle(game)
    return game


def test_a_private_bought_from_a_player_still_lets_brown_pool_shares_follow() -> None:
    """The reference's ``can_buy?`` (step/buy_sell_par_shares.rb, ``can_buy_multiple?``): a
    purchase this turn stops another unless the share is a brown-zone one from the pool
    (1830 without multiple_brown_from_ipo) and no par or other corporation's share came
    before; a private bought is no such bar. A buys SV from B for 20, then both PRR pool
    shares at 25 each; NYC's pool share (not brown) and par stay refused."""
    from railyard.framework.eighteen.actions import BuyShares

    game = _brown_pool_after_a_private_purchase()
    cash = game.state.player("A").cash
    game.process(BuyPrivate("A", "SV", 20))
    legal = game.legal_actions("A")
    assert BuyShares("A", "PRR", "pool") in legal
    assert BuyShares("A", "NYC", "pool") not in legal
    assert not any(isinstance(a, (Par, BuyPrivate)) for a in legal)
    game.process(BuyShares("A", "PRR", "pool"))
    game.process(BuyShares("A", "PRR", "pool"))
    assert game.state.player("A").cash == cash - 20 - 25 - 25
    assert game.state.percent_held("A", "PRR") == 80
    assert "rule:stock_round.one_buy" in str(refusal(game, BuyShares("A", "NYC", "pool")))
    no_problems(game)


def test_a_director_selling_part_of_his_certificate_keeps_the_new_directors_first_share() -> None:
    """The reference's partial sale of a president's certificate (share_pool.rb
    ``transfer_shares``/``handle_partial``): the sold certificate and the new director's swap
    shares go to the pool in that order, then the seller takes the pool's first share back.
    A (PRR director, 20% only) sells 10%; B (CA's PRR.1 and PRR.2) becomes director: A keeps
    PRR.1, the pool gets PRR.2, so CA cannot change hands while A holds PRR.1."""
    from railyard.framework.eighteen.actions import SellShares
    from railyard.framework.eighteen.rounds import start_round
    from railyard.framework.eighteen.state import POOL
    from tests.titles_1889.positions import finish_stock_round

    game = stock_round(TITLE, {"CA": "B"})
    assert game.state.cert("PRR.1").owner == "B"
    float_corporation(game, "PRR", 67, {"A": 20, "B": 20, "C": 10, "D": 10})
    finish_stock_round(game)
    state = game.state
    state.companies["PRR"].operated = True
    state.phase = "3"
    start_round(game.ruleset, state, "stock")
    settle(game)
    while game.active_entities() != ("A",):
        game.process(Pass(game.active_entities()[0]))
    game.process(SellShares("A", "PRR", 10))
    assert state.director("PRR") == "B"
    assert state.cert("PRR.1").owner == "A"
    assert state.cert("PRR.2").owner == POOL
    game.process(Pass("A"))
    game.process(Pass("B"))
    assert refusal(game, BuyPrivate("C", "CA", 100)).rule == "rule:privates.shares_held"
    no_problems(game)


def test_delaware_hudson_holds_the_turn_for_its_token_or_a_pass() -> None:
    """The reference's Place teleport token step (step/special_token.rb) blocks after the
    teleport lay while the company has a token to place: it places the token on Scranton or
    passes, nothing else (no other private bought meanwhile). NYNH (owning CS too) lays 57
    on F16 with DH: only the token and a pass are legal; it passes, and the token is gone."""
    from railyard.framework.eighteen.private_actions import AbilityLay, AbilityToken

    game = operating(TITLE, "NYNH", 100, {"A": 30, "B": 10, "C": 10, "D": 10},
                     owners={"DH": "A", "SV": "B"})
    game.state.phase = "3"
    settle(game)
    game.process(BuyPrivate("NYNH", "DH", 70))
    game.process(next(a for a in game.legal_actions("NYNH") if isinstance(a, AbilityLay)))
    legal = game.legal_actions("NYNH")
    assert legal and all(isinstance(a, (AbilityToken, Pass)) for a in legal)
    assert Pass("NYNH") in legal
    assert "rule:" in str(refusal(game, BuyPrivate("NYNH", "SV", 20)))
    game.process(Pass("NYNH"))
    assert game.active_entities() == ("NYNH",)
    assert not any(isinstance(a, AbilityToken) for a in game.legal_actions("NYNH"))
    assert BuyPrivate("NYNH", "SV", 20) in game.legal_actions("NYNH")
    no_problems(game)


def test_delaware_hudsons_free_token_is_the_charters_next_so_the_one_after_costs_100() -> None:
    """The reference places DH's token with the corporation's next charter token, its price
    waived (step/special_token.rb, tokener.rb): NYNH's charter prices 40, 100, 100 then go on
    from 100. NYNH tokens Scranton with DH for nothing; its next token costs 100, not 40."""
    from railyard.framework.eighteen import tokens
    from railyard.framework.eighteen.private_actions import AbilityLay, AbilityToken

    game = operating(TITLE, "NYNH", 100, {"A": 30, "B": 10, "C": 10, "D": 10}, owners={"DH": "A"})
    game.state.phase = "3"
    settle(game)
    game.process(BuyPrivate("NYNH", "DH", 70))
    game.process(next(a for a in game.legal_actions("NYNH") if isinstance(a, AbilityLay)))
    cash = game.state.cash_of("NYNH")
    game.process(next(a for a in game.legal_actions("NYNH") if isinstance(a, AbilityToken)))
    assert game.state.cash_of("NYNH") == cash
    assert tokens.cost(game.ruleset, game.state, "NYNH", "E19", None) == 100  # type: ignore[arg-type]
    no_problems(game)
