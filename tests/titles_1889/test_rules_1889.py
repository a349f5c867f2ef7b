"""1889 rules (../shared/reference/1889/FACTS.md), each played through ``game.process`` in a
concrete position; RULES.md names the test for every rule. Seats A-D; IR (home E2 Matsuyama)
is the corporation most positions float."""

from __future__ import annotations

import pytest

from railyard.framework.eighteen import running
from railyard.framework.eighteen.actions import BuyShares, Par, Pass
from railyard.framework.eighteen.or_actions import BuyTrain, Dividend, LayTile
from railyard.framework.eighteen.state import BANK

from .positions import (
    finish_stock_round,
    float_corporation,
    give_train,
    lay,
    new_game,
    no_problems,
    operating,
    refusal,
    stock_round,
)

TITLE = "1889"
IR_FLOATED = {"A": 20, "B": 10, "C": 10, "D": 10}


def ir_to_run(trains: tuple[str, ...] = ("2",)):
    """IR (par 100, floated by A 20%, B, C, D 10% each; 1000 in treasury) at its first turn,
    E2 carrying tile 57 towards Imabari (F1) and Saijou's side; IR owns ``trains``."""
    game = operating(TITLE, "IR", 100, IR_FLOATED)
    for name in trains:
        give_train(game, "IR", name)
    game.process(LayTile("IR", "E2", "57", 1))  # edges SW and NE: D3 and F1 Imabari
    game.process(Pass("IR"))  # no token
    return game


# ------------------------------------------------------------------ bank, players, certificates
@pytest.mark.parametrize("players,cash", [(2, 420), (4, 420), (5, 390), (6, 390)])
def test_starting_cash_by_player_count_comes_out_of_the_7000_bank(players: int, cash: int) -> None:
    """FACTS "Bank, players": 420 each for 2-4 players, 390 for 5-6; paid by the bank."""
    game = new_game(TITLE, tuple("ABCDEF"[:players]))
    assert [p.cash for p in game.state.players] == [cash] * players
    assert game.state.cash_of(BANK) == 7000 - players * cash


# ------------------------------------------------------------------ stock round
def test_a_par_costs_twice_par_and_par_cells_are_column_3() -> None:
    """FACTS "Stock round": par 100, 90, 80, 75, 70, 65; the president's 20% costs 2 x par."""
    game = stock_round(TITLE)
    pars = sorted({a.price for a in game.legal_actions("A") if isinstance(a, Par)})
    assert pars == [65, 70, 75, 80, 90, 100]
    game.process(Par("A", "IR", 90))
    assert game.state.player("A").cash == 420 - 180
    assert game.state.percent_held("A", "IR") == 20
    no_problems(game)


def test_a_corporation_floats_at_50_percent_with_ten_times_par() -> None:
    """FACTS "Corporations": float at 50% sold from the IPO; full capitalisation (10 x par)."""
    game = stock_round(TITLE)
    float_corporation(game, "IR", 100, {"A": 20, "B": 10, "C": 10})
    assert not game.state.companies["IR"].floated
    float_corporation(game, "IR", 100, IR_FLOATED)
    assert game.state.companies["IR"].floated
    assert game.state.cash_of("IR") == 1000
    no_problems(game)


def test_a_corporation_sold_out_at_the_end_of_a_stock_round_moves_up_a_row() -> None:
    """FACTS "End of stock round": every share held by players -> one row up (90 -> 100)."""
    game = stock_round(TITLE)
    float_corporation(game, "IR", 90, {"A": 40, "B": 20, "C": 20, "D": 20})
    finish_stock_round(game)
    assert game.state.companies["IR"].market == (0, 3)
    assert game.state.companies["IR"].par_price == 90


# ------------------------------------------------------------------ privates
def test_private_revenue_is_paid_to_its_owner_at_the_start_of_every_operating_round() -> None:
    """FACTS "Private companies": TER 5, DR 15 to their owner A before anyone operates."""
    game = stock_round(TITLE, {"TER": "A", "DR": "A"})
    cash = game.state.player("A").cash
    float_corporation(game, "IR", 100, {"B": 20, "C": 10, "D": 10, "A": 10})
    paid = cash - game.state.player("A").cash
    finish_stock_round(game)
    assert game.state.round.kind == "operating"
    assert cash - paid + 5 + 15 == game.state.player("A").cash


def test_privates_close_when_the_first_5_train_is_bought() -> None:
    """FACTS "Trains"/"Phases": the first 5 bought closes the privates; income stops."""
    game = ir_to_run()
    for name in ("2", "2", "2", "2", "2", "3", "3", "3", "3", "3", "4", "4", "4", "4"):
        give_train(game, "AR", name)  # sold earlier to an idle corporation
    game.process(running.best(game.ruleset, game.state, "IR", []))
    game.process(Dividend("IR", "withhold"))
    five = next(a for a in game.legal_actions("IR") if isinstance(a, BuyTrain))
    assert game.state.trains[five.train].name == "5" and five.price == 450
    game.process(five)
    assert game.state.phase == "5"
    assert all(game.state.companies[p].closed for p in ("TER", "MF", "ER", "SMR", "DR"))
    no_problems(game)


# ------------------------------------------------------------------ track
def test_a_mountain_hex_costs_80_to_lay() -> None:
    """FACTS "Map": 80 on the 14 mountain hexes (E4 south of Matsuyama)."""
    game = operating(TITLE, "IR", 100, IR_FLOATED)
    lay(game, "E2", "5", 0)  # track S and SW from Matsuyama, laid earlier
    e4 = next(a for a in game.legal_actions("IR") if isinstance(a, LayTile) and a.hex == "E4")
    game.process(e4)
    assert game.state.cash_of("IR") == 1000 - 80
    no_problems(game)


def test_kotohira_takes_only_its_h_tile_and_costs_80() -> None:
    """FACTS "Map"/"Rules": only tiles labelled H on I4 (438); its lay costs 80."""
    game = operating(TITLE, "SR", 100, {"A": 20, "B": 10, "C": 10, "D": 10})
    lay(game, "I2", "57", 0)  # Marugame's track south to I4, laid earlier
    lays = {a.tile for a in game.legal_actions("SR") if isinstance(a, LayTile) and a.hex == "I4"}
    assert lays == {"438"}
    assert "rule:" in str(refusal(game, LayTile("SR", "I4", "57", 0)))
    game.process(next(a for a in game.legal_actions("SR")
                      if isinstance(a, LayTile) and a.hex == "I4"))
    assert game.state.cash_of("SR") == 1000 - 80


def test_takamatsu_takes_only_t_tiles() -> None:
    """FACTS "Map": T on K4: the green upgrade is 440 only (not the plain 14/15)."""
    game = operating(TITLE, "KO", 100, {"A": 20, "B": 10, "C": 10, "D": 10})
    tiles = {tile.id for tile, _ in game.state.board.lay_choices("K4")}
    assert tiles <= {"440"}


# ------------------------------------------------------------------ trains, runs, dividends
def test_the_first_4_rusts_every_2_and_the_limit_falls_to_3() -> None:
    """FACTS "Trains"/"Phases": 2s rust when the first 4 is bought; phase 4 limit 3."""
    game = ir_to_run(("2", "2"))
    for name in ("2", "2", "2", "2", "3", "3", "3", "3", "3"):
        give_train(game, "AR", name)
    game.process(running.best(game.ruleset, game.state, "IR", []))
    game.process(Dividend("IR", "withhold"))
    four = next(a for a in game.legal_actions("IR") if isinstance(a, BuyTrain))
    assert game.state.trains[four.train].name == "4" and four.price == 300
    game.process(four)
    assert game.state.phase == "4"
    assert [t.name for t in game.state.trains_of("IR")] == ["4"]
    assert game.state.trains_of("AR") == [t for t in game.state.trains_of("AR") if t.name == "3"]
    no_problems(game)


def test_a_run_to_imabari_pays_30_then_60_from_phase_5() -> None:
    """FACTS "Map": Imabari 30 in phases 2-4, 60 from phase 5 (Matsuyama's 57 pays 20)."""
    game = ir_to_run()
    run = running.best(game.ruleset, game.state, "IR", [])
    assert running.check(game.ruleset, game.state, run, []).revenue == 50
    game.state.phase = "5"
    assert running.check(game.ruleset, game.state, run, []).revenue == 80


def test_payout_pays_each_holder_and_moves_the_price_right() -> None:
    """FACTS "Dividends": revenue / 10 per share to holders, IPO shares pay nobody; paying
    moves the price one cell right (100 -> 110)."""
    game = ir_to_run()
    before = {p.id: p.cash for p in game.state.players}
    game.process(running.best(game.ruleset, game.state, "IR", []))
    game.process(Dividend("IR", "payout"))
    after = {p.id: p.cash for p in game.state.players}
    assert {p: after[p] - before[p] for p in after} == {"A": 10, "B": 5, "C": 5, "D": 5}
    assert game.state.cash_of("IR") == 1000
    assert game.ruleset.spec.cell(game.state.companies["IR"].market).price == 110


def test_withholding_keeps_the_revenue_and_moves_the_price_left() -> None:
    """FACTS "Dividends": withholding moves the price one cell left (100 -> 90)."""
    game = ir_to_run()
    game.process(running.best(game.ruleset, game.state, "IR", []))
    game.process(Dividend("IR", "withhold"))
    assert game.state.cash_of("IR") == 1050
    assert game.ruleset.spec.cell(game.state.companies["IR"].market).price == 90


def test_no_shares_are_bought_beyond_60_percent() -> None:
    """FACTS "Stock round": at most 60% per player outside `o` cells."""
    game = stock_round(TITLE)
    float_corporation(game, "IR", 65, {"A": 60})
    to_act_player = game.active_entities()[0]
    while to_act_player != "A":
        game.process(Pass(to_act_player))
        to_act_player = game.active_entities()[0]
    assert "rule:" in str(refusal(game, BuyShares("A", "IR", "ipo")))


@pytest.mark.parametrize("players,out", [(2, {"SIR", "UTF"}), (3, {"UTF"}), (4, set()), (6, set())])
def test_the_privates_in_play_depend_on_the_player_count(players: int, out: set[str]) -> None:
    """FACTS "Bank, players": SIR is removed at 2 players, UTF needs 4 or more; the removed
    ones are never on sale and nobody can bid on them."""
    game = new_game(TITLE, tuple("ABCDEF"[:players]))
    privates = {"TER", "MF", "ER", "SMR", "DR", "SIR", "UTF"}
    assert set(game.state.packet_remaining) == privates - out
    assert {c for c in privates if game.state.companies[c].closed} == out
    bids = {getattr(a, "item", None) for a in game.legal_actions("A")}
    assert not (bids & out)


# ------------------------------------------------------------------ selling in blocks
def test_must_sell_in_blocks_one_sale_of_a_corporation_per_stock_turn() -> None:
    """FACTS MUST_SELL_IN_BLOCKS: in a stock-round turn a player sells a corporation's shares
    in one sale; a second sale of it that turn is refused, the next turn it may sell again."""
    from railyard.framework.eighteen.actions import SellShares
    from railyard.framework.eighteen.rounds import start_round

    from .positions import settle

    game = operating(TITLE, "IR", 100, {"A": 20, "B": 30})
    game.state.companies["IR"].operated = True
    start_round(game.ruleset, game.state, "stock")  # stock round 2: sales allowed
    settle(game)
    while game.active_entities() != ("B",):
        game.process(Pass(game.active_entities()[0]))
    assert SellShares("B", "IR", 20) in game.legal_actions("B")  # one block of 20%
    game.process(SellShares("B", "IR", 10))
    cash = game.state.player("B").cash
    assert not any(isinstance(a, SellShares) and a.company == "IR" for a in game.legal_actions("B"))
    refused = refusal(game, SellShares("B", "IR", 10))
    assert refused.rule == "rule:stock_round.sell_in_blocks"
    game.process(Pass("B"))  # ends the turn
    while game.active_entities() != ("B",):
        game.process(Pass(game.active_entities()[0]))
    game.process(SellShares("B", "IR", 10))  # a new turn, a new block
    assert game.state.player("B").cash == cash + 90  # one row down after the first sale
    assert game.state.percent_held("B", "IR") == 10
    no_problems(game)


def test_must_sell_in_blocks_a_player_still_over_the_limit_after_a_block_ends_the_turn() -> None:
    """MUST_SELL_IN_BLOCKS with the 60% limit (XIII of the base rules): a player over the limit
    who has sold one block of the corporation may not sell it again this turn, so the turn may
    end (the rest waits for the next turn) instead of leaving the player with no legal move."""
    from railyard.framework.eighteen.actions import SellShares
    from railyard.framework.eighteen.primitives import move_certificate
    from railyard.framework.eighteen.rounds import start_round
    from railyard.framework.eighteen.state import IPO

    from .positions import settle

    game = operating(TITLE, "IR", 100, {"A": 20, "B": 30})
    for cert in [c for c in game.state.companies["IR"].certificates if c.owner == IPO][:5]:
        move_certificate(game.state, cert.id, "B")  # B left with 80% by, say, an exchange
    game.state.companies["IR"].operated = True
    start_round(game.ruleset, game.state, "stock")
    settle(game)
    while game.active_entities() != ("B",):
        game.process(Pass(game.active_entities()[0]))
    assert refusal(game, Pass("B")).rule == "rule:stock_round.sell_down"  # over 60%: sell first
    game.process(SellShares("B", "IR", 10))
    assert game.state.percent_held("B", "IR") == 70  # still over the limit
    assert Pass("B") in game.legal_actions("B")
    game.process(Pass("B"))
    assert game.active_entities() != ("B",)
    no_problems(game)


def test_must_sell_in_blocks_an_emergency_sells_each_corporation_once() -> None:
    """FACTS MUST_SELL_IN_BLOCKS: raising money for a forced train, the president sells
    each corporation's shares once; a second sale of AR for the same train is refused."""
    from railyard.framework.eighteen.actions import SellShares

    from .positions import finish_stock_round, settle, to_act

    game = stock_round(TITLE)
    float_corporation(game, "IR", 100, IR_FLOATED)
    float_corporation(game, "AR", 65, {"B": 30, "A": 20})
    finish_stock_round(game)
    to_act(game, "IR")
    for n, name in enumerate(("2",) * 6 + ("3",) * 5):  # sold earlier, within the limits:
        give_train(game, ("KO", "SR", "TR")[n % 3], name)  # the bank's next train is a 4 for 300
    game.state.pay("IR", BANK, game.state.cash_of("IR"))
    settle(game)
    game.process(LayTile("IR", "E2", "57", 1))  # a route to Imabari: IR must own a train
    game.process(Pass("IR"))  # no token
    assert game.state.player("A").cash == 90
    assert SellShares("A", "AR", 20) in game.legal_actions("A")
    game.process(SellShares("A", "AR", 10))
    assert game.state.player("A").cash == 90 + 65
    assert not any(isinstance(a, SellShares) and a.company == "AR" for a in game.legal_actions("A"))
    refused = refusal(game, SellShares("A", "AR", 10))
    assert refused.rule == "rule:stock_round.sell_in_blocks"
    no_problems(game)
