"""1889's privates and the 1830-family mechanics on the real title (FACTS "Private
companies", "Trains"), each played through ``game.process``. IR (home E2) operates; the
privates are sold at face value to the players named."""

from __future__ import annotations

from railyard.framework.eighteen import running
from railyard.framework.eighteen.actions import Pass
from railyard.framework.eighteen.or_actions import LayTile
from railyard.framework.eighteen.private_actions import (
    AbilityLay,
    BuyPrivate,
    BuyTrainTradeIn,
    ExchangePrivate,
)
from railyard.framework.eighteen.state import BANK

from .positions import (
    float_corporation,
    give_train,
    lay,
    no_problems,
    operating,
    refusal,
    settle,
    stock_round,
)

TITLE = "1889"
IR_FLOATED = {"A": 20, "B": 10, "C": 10, "D": 10}
OWNERS = {"TER": "A", "MF": "B", "ER": "B", "SMR": "C", "DR": "D", "UTF": "A"}


def ir_turn(phase: str = "2"):
    game = operating(TITLE, "IR", 100, IR_FLOATED, owners=OWNERS)
    game.state.phase = phase
    settle(game)
    return game


def test_a_corporation_buys_a_private_for_half_to_twice_face_value_from_phase_3() -> None:
    """FACTS "Private companies": corporations buy privates in phases 3 and 4 only, for
    ceil(value / 2) to 2 x value: SMR (50) for 100 in phase 3; refused in phase 2, and for 101."""
    game = ir_turn("2")
    assert "rule:" in str(refusal(game, BuyPrivate("IR", "SMR", 100)))
    game = ir_turn("3")
    assert "rule:" in str(refusal(game, BuyPrivate("IR", "SMR", 101)))
    assert "rule:" in str(refusal(game, BuyPrivate("IR", "SMR", 24)))
    cash = game.state.player("C").cash
    game.process(BuyPrivate("IR", "SMR", 100))
    assert game.state.player("C").cash == cash + 100
    assert game.state.cash_of("IR") == 1000 - 100
    no_problems(game)


def test_ehime_seller_lays_a_green_tile_on_c4_when_a_corporation_buys_it() -> None:
    """FACTS ER: when a corporation buys ER, its seller at once lays a green tile on C4 (12,
    13, 14, 15, 205 or 206), besides the corporation's own lay."""
    game = ir_turn("3")
    game.process(BuyPrivate("IR", "ER", 80))
    assert game.active_entities() == ("B",)
    lays = {(a.tile) for a in game.legal_actions("B") if isinstance(a, AbilityLay)}
    assert lays <= {"12", "13", "14", "15", "205", "206"} and lays
    game.process(AbilityLay("B", "ER", "C4", "14", 1))
    assert game.state.board.placed("C4").tile.id == "14"
    assert game.active_entities() == ("IR",)
    assert any(isinstance(a, LayTile) for a in game.legal_actions("IR"))  # its own lay remains
    no_problems(game)


def test_takamatsu_e_railroad_blocks_k4_until_a_corporation_buys_it() -> None:
    """FACTS TR (our TER): no tile on K4 while a player owns it."""
    game = operating(TITLE, "KO", 100, IR_FLOATED, owners=OWNERS)
    assert not [a for a in game.legal_actions("KO") if isinstance(a, LayTile) and a.hex == "K4"]
    game.state.phase = "3"
    settle(game)
    game.process(BuyPrivate("KO", "TER", 40))
    assert [a for a in game.legal_actions("KO") if isinstance(a, LayTile) and a.hex == "K4"]


def test_sumitomo_mines_saves_80_on_a_mountain_for_the_corporation_owning_it() -> None:
    """FACTS SMR: 80 less on mountain-only hexes (E4) for its owning corporation."""
    game = ir_turn("3")
    game.process(BuyPrivate("IR", "SMR", 50))
    lay(game, "E2", "5", 0)
    e4 = next(a for a in game.legal_actions("IR") if isinstance(a, LayTile) and a.hex == "E4")
    game.process(e4)
    assert game.state.cash_of("IR") == 1000 - 50  # the mountain cost nothing
    no_problems(game)


def test_kotohira_costs_80_on_every_lay() -> None:
    """FACTS "Rules": 438, 439 and 492 on I4 each cost 80 (the hex and its tiles carry it)."""
    game = operating(TITLE, "SR", 100, IR_FLOATED)
    game.state.phase = "3"
    lay(game, "I2", "57", 0)  # Marugame's track south to I4
    lay(game, "I4", "438", 1)  # Kotohira's yellow tile, joined north to Marugame
    up = next(a for a in game.legal_actions("SR") if isinstance(a, LayTile) and a.hex == "I4")
    assert up.tile == "439"
    game.process(up)
    assert game.state.cash_of("SR") == 1000 - 80


def test_the_mitsubishi_ferry_owner_lays_the_port_tile_without_connection() -> None:
    """FACTS MF: its player owner lays 437 on a port town (here Muki, I12, far from any
    track) during the tile step of a corporation he directs; no normal lay may use 437."""
    game = operating(TITLE, "IR", 100, {"B": 20, "A": 10, "C": 10, "D": 10}, owners=OWNERS)
    assert "rule:" in str(refusal(game, LayTile("IR", "I12", "437", 0)))
    port = [a for a in game.legal_actions() if isinstance(a, AbilityLay) and a.hex == "I12"]
    assert port
    game.process(port[0])
    assert game.state.board.placed("I12").tile.id == "437"
    no_problems(game)


def test_the_tile_step_waits_after_the_lay_while_the_directors_port_lay_remains() -> None:
    """``tile_step_waits_for_private_lays`` (18xx.games keeps the track step open while the
    president's Mitsubishi Ferry could lay, ``tile_lay_abilities_should_block?``): after IR's
    own lay it may only pass, B may still lay the port tile, and the step then ends."""
    game = operating(TITLE, "IR", 100, {"B": 20, "A": 10, "C": 10, "D": 10}, owners=OWNERS)
    own = next(a for a in game.legal_actions("IR") if isinstance(a, LayTile))
    game.process(own)
    assert game.state.round.step == "tile"  # type: ignore[attr-defined]
    assert [a for a in game.legal_actions("IR") if not isinstance(a, AbilityLay)] == [Pass("IR")]
    assert "rule:" in str(refusal(game, own))
    port = next(a for a in game.legal_actions() if isinstance(a, AbilityLay) and a.hex == "I12")
    game.process(port)
    assert game.state.board.placed("I12").tile.id == "437"
    assert game.state.round.step != "tile"  # type: ignore[attr-defined]
    no_problems(game)


def test_the_tile_step_ends_after_the_lay_once_the_port_tile_is_laid() -> None:
    """The same step closes at IR's own lay when the ferry has been used already."""
    game = operating(TITLE, "IR", 100, {"B": 20, "A": 10, "C": 10, "D": 10}, owners=OWNERS)
    game.process(next(a for a in game.legal_actions() if isinstance(a, AbilityLay) and a.hex == "I12"))
    assert game.state.round.step == "tile"  # type: ignore[attr-defined]
    game.process(next(a for a in game.legal_actions("IR") if isinstance(a, LayTile)))
    assert game.state.round.step != "tile"  # type: ignore[attr-defined]
    no_problems(game)


def test_dougo_is_exchanged_for_a_10_percent_iyo_share() -> None:
    """FACTS DR: its owner swaps it for a 10% IR share from the IPO; DR closes."""
    game = stock_round(TITLE, OWNERS)
    from .positions import float_corporation

    float_corporation(game, "IR", 100, {"A": 20})
    while game.active_entities() != ("D",):
        game.process(Pass(game.active_entities()[0]))
    game.process(ExchangePrivate("D", "DR", "ipo"))
    assert game.state.percent_held("D", "IR") == 10
    assert game.state.companies["DR"].closed
    no_problems(game)


def test_an_exchange_in_the_stock_round_does_not_undo_the_passes_before_it() -> None:
    """The reference's exchange (step/exchange.rb) is no move of the stock step: it marks no
    one as having acted, so the passes before it still count. A, B and C pass, D exchanges
    DR and passes: all four passed, the stock round ends."""
    game = stock_round(TITLE, OWNERS)
    float_corporation(game, "IR", 100, IR_FLOATED)
    while game.active_entities() != ("D",) or game.state.round.passes_in_row < 3:
        game.process(Pass(game.active_entities()[0]))
    assert game.state.round.passes_in_row == 3
    game.process(ExchangePrivate("D", "DR", "ipo"))
    game.process(Pass("D"))
    assert game.state.round.kind != "stock"
    assert game.state.percent_held("D", "IR") == 20
    no_problems(game)


def test_the_d_costs_800_when_a_4_is_traded_in() -> None:
    """FACTS "Trains": D 1100, 300 off when a 4, 5 or 6 is handed in."""
    game = ir_turn("6")
    four = give_train(game, "IR", "4")
    for name in ("2",) * 6 + ("3",) * 5 + ("4",) * 3 + ("5",) * 3 + ("6",) * 2:
        give_train(game, "AR", name)
    game.process(Pass("IR"))  # no tile
    game.process(Pass("IR"))  # no token
    game.process(running.best(game.ruleset, game.state, "IR", []))  # no route: nothing to pay
    trade = next(a for a in game.legal_actions("IR") if isinstance(a, BuyTrainTradeIn))
    assert trade.trade_in == four and trade.price == 800
    cash = game.state.cash_of("IR")
    game.process(trade)
    assert game.state.cash_of("IR") == cash - 800
    assert [t.name for t in game.state.trains_of("IR")] == ["D"]
    no_problems(game)


def test_a_d_train_earns_100_at_imabari() -> None:
    """FACTS "Map": D trains get 100 at Imabari (F1) whatever the phase."""
    game = ir_turn("D")
    give_train(game, "IR", "D")
    lay(game, "E2", "57", 1)
    run = running.best(game.ruleset, game.state, "IR", [])
    assert running.check(game.ruleset, game.state, run, []).revenue == 20 + 100


def test_the_best_routes_give_imabari_to_the_d_train_it_pays_100() -> None:
    """FACTS "Map": D trains always get the third off-board value. IR (Matsuyama E2) has a D
    and a 5 and two tracks out of Matsuyama, to Imabari (60 in phase D, 100 for a D) and to
    Saijou (F3, 20): the D runs to Imabari (20 + 100), the 5 to Saijou (20 + 20), 160; ranked
    by the phase value alone the two routes tie and the 5 got Imabari (80 + 40 = 120)."""
    game = ir_turn("D")
    give_train(game, "IR", "D")
    give_train(game, "IR", "5")
    lay(game, "E2", "5", 4)
    lay(game, "F3", "5", 1)
    run = running.best(game.ruleset, game.state, "IR", [])
    result = running.check(game.ruleset, game.state, run, [])
    assert [(game.state.trains[t].name, r.stops, r.revenue) for t, r in result.routes] == [
        ("D", ("E2.0", "F1.0"), 120), ("5", ("E2.0", "F3.0"), 40)]
    assert result.revenue == 160


def test_a_forced_train_from_another_corporation_is_paid_from_the_treasury_only() -> None:
    """FACTS EBUY_FROM_OTHERS never: a corporation short of cash may buy another
    corporation's train only with its own cash; its president helps only for a bank train
    (the engine offered a 1-yen purchase it then refused)."""
    from railyard.framework.eighteen.or_actions import BuyTrain

    from .positions import finish_stock_round, float_corporation, to_act

    game = stock_round(TITLE)
    float_corporation(game, "IR", 100, IR_FLOATED)
    float_corporation(game, "AR", 100, {"B": 20, "C": 10, "D": 10, "A": 10})
    finish_stock_round(game)
    to_act(game, "IR")
    give_train(game, "AR", "2")
    game.state.pay("IR", BANK, game.state.cash_of("IR"))  # spent earlier
    settle(game)
    game.process(LayTile("IR", "E2", "57", 1))  # a route to Imabari: IR must own a train
    game.process(Pass("IR"))  # no token
    buys = [a for a in game.legal_actions() if isinstance(a, BuyTrain)]
    assert buys and all(game.state.trains[a.train].owner != "AR" for a in buys)
    no_problems(game)


def test_a_president_who_cannot_pay_the_banks_train_goes_bankrupt() -> None:
    """FACTS "Must buy": bankrupt when treasury + president's cash + sellable shares fall
    short of the bank's cheapest train; with 1889's bank-only help, a cheaper train of another
    corporation he runs is no way out (the engine offered no action at all)."""
    from railyard.framework.eighteen.or_actions import DeclareBankruptcy

    from .positions import finish_stock_round, float_corporation, to_act

    game = stock_round(TITLE)
    float_corporation(game, "IR", 65, {"A": 20, "B": 10, "C": 10, "D": 10})
    float_corporation(game, "AR", 65, {"A": 20, "B": 10, "C": 10, "D": 10})
    finish_stock_round(game)
    to_act(game, "IR")
    give_train(game, "AR", "2")
    for name in ("2",) * 5 + ("3",) * 5:
        give_train(game, "KO", name)  # sold earlier: the bank's next train is a 4 for 300
    game.state.pay("IR", BANK, game.state.cash_of("IR"))
    settle(game)
    game.process(LayTile("IR", "E2", "57", 1))  # a route to Imabari: IR must own a train
    game.process(Pass("IR"))  # no token
    assert game.legal_actions("A") == [DeclareBankruptcy("A")]
    game.process(DeclareBankruptcy("A"))
    assert game.is_over()
    no_problems(game)


def test_a_bankrupt_presidents_corporation_keeps_its_cash_and_gets_no_train() -> None:
    """FACTS "Must buy" (18xx.games' base bankruptcy step): the bankrupt president's cash goes
    to the bank and the game ends; his trainless corporation keeps its treasury and buys
    nothing, so no train is sold and no phase begins (we had the bank finance a 4 for IR,
    which started phase 4 and rusted AR's 2)."""
    from railyard.framework.eighteen.or_actions import DeclareBankruptcy

    from .positions import finish_stock_round, float_corporation, to_act

    game = stock_round(TITLE)
    float_corporation(game, "IR", 65, {"A": 20, "B": 10, "C": 10, "D": 10})
    float_corporation(game, "AR", 65, {"A": 20, "B": 10, "C": 10, "D": 10})
    finish_stock_round(game)
    to_act(game, "IR")
    ar_train = give_train(game, "AR", "2")
    for name in ("2",) * 5 + ("3",) * 5:
        give_train(game, "KO", name)  # sold earlier: the bank's next train is a 4 for 300
    game.state.pay("IR", BANK, game.state.cash_of("IR") - 40)  # IR 40 + A 160 < 300
    settle(game)
    game.process(LayTile("IR", "E2", "57", 1))  # a route to Imabari: IR must own a train
    game.process(Pass("IR"))  # no token
    bank, phase = game.state.cash_of(BANK), game.state.phase
    assert game.state.player("A").cash == 160
    game.process(DeclareBankruptcy("A"))
    assert game.is_over()
    assert game.state.companies["IR"].trains == []
    assert game.state.cash_of("IR") == 40
    assert game.state.player("A").cash == 0
    assert game.state.cash_of(BANK) == bank + 160
    assert game.state.phase == phase
    assert game.state.companies["AR"].trains == [ar_train]
    no_problems(game)


def _ar_sale_for_irs_train(*overrides: str):  # noqa: ANN202
    """IR (A 20%, par 100) must buy the bank's 4 for 300 with an empty treasury; A (90 cash)
    also presides AR (par 65) with 20%, B holding 20%: a 10% AR sale hands AR to B."""
    from railyard.framework.core.game import Game
    from railyard.framework.eighteen.rounds import start_round
    from railyard.framework.loader import load_title

    from .positions import PLAYERS, SEATED, finish_stock_round, float_corporation, to_act

    options = (*SEATED, *overrides)
    game = Game(load_title(TITLE, None, options), PLAYERS, 1, None, options)
    start_round(game.ruleset, game.state, "stock")
    game.state.packet_remaining = []
    settle(game)
    float_corporation(game, "IR", 100, IR_FLOATED)
    float_corporation(game, "AR", 65, {"A": 20, "B": 20, "C": 10})
    finish_stock_round(game)
    to_act(game, "IR")
    for n, name in enumerate(("2",) * 6 + ("3",) * 5):  # sold earlier, within the limits:
        give_train(game, ("KO", "SR", "TR")[n % 3], name)  # the bank's next train is a 4 for 300
    game.state.pay("IR", BANK, game.state.cash_of("IR"))
    settle(game)
    game.process(LayTile("IR", "E2", "57", 1))  # a route to Imabari: IR must own a train
    game.process(Pass("IR"))  # no token
    assert game.state.player("A").cash == 90
    return game


def test_ebuy_pres_swap_false_no_emergency_sale_changes_any_presidency() -> None:
    """FACTS EBUY_PRES_SWAP false: raising money for IR's train, A may not sell AR shares
    that would make B AR's president (the engine's base rule protects only IR); with the
    base rule (emergency_director_change: others) the same sale goes through."""
    from railyard.framework.eighteen.actions import SellShares
    from railyard.framework.eighteen.control import controller_of

    game = _ar_sale_for_irs_train()
    assert refusal(game, SellShares("A", "AR", 10)).rule == "rule:emergency.directorship"
    assert not any(isinstance(a, SellShares) for a in game.legal_actions("A"))
    base = _ar_sale_for_irs_train("setup.operating_round={emergency_director_change: others}")
    base.process(SellShares("A", "AR", 10))
    assert controller_of(base.state, "AR") == "B"
    assert base.state.player("A").cash == 90 + 65
    no_problems(base)
