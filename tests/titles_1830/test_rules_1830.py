"""1830 rules (../shared/reference/1830/FACTS.md), each played through ``game.process`` in a
concrete position; RULES.md names the test for every rule. Seats A-D; PRR (home H12 Altoona)
is the corporation most positions float."""

from __future__ import annotations

import pytest

from railyard.framework.eighteen import running
from railyard.framework.eighteen.actions import BuyShares, Par, Pass, SellShares
from railyard.framework.eighteen.or_actions import BuyTrain, Dividend, LayTile
from railyard.framework.eighteen.state import BANK
from tests.titles_1889.positions import (
    float_corporation,
    give_train,
    lay,
    new_game,
    no_problems,
    operating,
    refusal,
    stock_round,
)

TITLE = "1830"
PRR_FLOATED = {"A": 30, "B": 10, "C": 10, "D": 10}


@pytest.mark.parametrize("players,cash", [(2, 1200), (3, 800), (4, 600), (5, 480), (6, 400)])
def test_starting_cash_by_player_count_comes_out_of_the_12000_bank(players: int, cash: int) -> None:
    """FACTS "Bank, players": 1200 / 800 / 600 / 480 / 400 for 2-6 players."""
    game = new_game(TITLE, tuple("ABCDEF"[:players]))
    assert [p.cash for p in game.state.players] == [cash] * players
    assert game.state.cash_of(BANK) == 12000 - players * cash


def test_the_par_values_are_column_6() -> None:
    """FACTS "Stock market": par 100, 90, 82, 76, 71, 67."""
    game = stock_round(TITLE)
    pars = sorted({a.price for a in game.legal_actions("A") if isinstance(a, Par)})
    assert pars == [67, 71, 76, 82, 90, 100]


def test_a_corporation_floats_at_60_percent_with_ten_times_par() -> None:
    """FACTS "Corporations": float at 60% sold from the IPO; full capitalisation."""
    game = stock_round(TITLE)
    float_corporation(game, "PRR", 100, {"A": 20, "B": 10, "C": 10, "D": 10})
    assert not game.state.companies["PRR"].floated
    float_corporation(game, "PRR", 100, PRR_FLOATED)
    assert game.state.companies["PRR"].floated
    assert game.state.cash_of("PRR") == 1000
    no_problems(game)


def test_a_stock_turn_may_sell_after_the_buy_and_ends_with_a_pass() -> None:
    """FACTS "Rules ... change": SELL_BUY_ORDER sell_buy_sell: sell, buy, sell again; the
    turn ends when the player passes (a second buy in the turn is refused)."""
    game = operating(TITLE, "PRR", 100, PRR_FLOATED)
    game.state.companies["PRR"].operated = True
    from railyard.framework.eighteen.rounds import start_round
    from tests.titles_1889.positions import settle

    start_round(game.ruleset, game.state, "stock")
    settle(game)
    (who,) = game.active_entities()
    game.process(BuyShares(who, "PRR", "ipo"))
    assert game.active_entities() == (who,)
    assert "rule:" in str(refusal(game, BuyShares(who, "PRR", "ipo")))
    game.process(SellShares(who, "PRR", 10))
    game.process(Pass(who))
    assert game.active_entities() != (who,)
    no_problems(game)


def test_a_mountain_costs_120() -> None:
    """FACTS "Map": mountain 120 (G13, reached from Altoona over H14)."""
    game = operating(TITLE, "PRR", 100, PRR_FLOATED)
    lay(game, "H14", "7", 1)  # from Altoona's east side north-west to G13, laid earlier
    lays = [a for a in game.legal_actions("PRR") if isinstance(a, LayTile)]
    assert {a.hex for a in lays} >= {"G13"}
    game.process(next(a for a in lays if a.hex == "G13"))
    assert game.state.cash_of("PRR") == 1000 - 120
    no_problems(game)


def test_the_oo_cities_take_only_the_oo_green_tile() -> None:
    """FACTS "Tiles": the preprinted OO hexes (E11, H18, E5, D10) upgrade to 59 only."""
    game = operating(TITLE, "PRR", 100, PRR_FLOATED)
    game.state.phase = "3"
    for coord in ("E11", "H18", "E5", "D10"):
        assert {t.id for t, _ in game.state.board.lay_choices(coord)} == {"59"}


def test_new_york_takes_only_ny_tiles_and_baltimore_b_tiles() -> None:
    """FACTS "Tiles": NY 54 then 62; B 53 then 61."""
    game = operating(TITLE, "PRR", 100, PRR_FLOATED)
    game.state.phase = "3"
    assert {t.id for t, _ in game.state.board.lay_choices("G19")} == {"54"}
    assert {t.id for t, _ in game.state.board.lay_choices("I15")} == {"53"}


def test_the_first_4_rusts_every_2_and_the_first_6_every_3() -> None:
    """FACTS "Trains": 2s rust on the first 4, 3s on the first 6; phase 4 limit 3."""
    game = operating(TITLE, "PRR", 100, PRR_FLOATED)
    for name in ("2", "2"):
        give_train(game, "PRR", name)
    for name in ("2", "2", "2", "2", "3", "3", "3", "3", "3"):
        give_train(game, "B&O", name)
    while game.state.round.step != "trains":
        game.process(next(a for a in game.legal_actions("PRR")
                          if isinstance(a, Pass) or a.__class__.__name__ == "RunRoutes"
                          or isinstance(a, Dividend)))
    four = next(a for a in game.legal_actions("PRR") if isinstance(a, BuyTrain))
    assert game.state.trains[four.train].name == "4" and four.price == 300
    game.process(four)
    assert game.state.phase == "4"
    assert [t.name for t in game.state.trains_of("PRR")] == ["4"]
    assert {t.name for t in game.state.trains_of("B&O")} == {"3"}
    no_problems(game)


def test_chicago_pays_40_then_70_from_phase_5() -> None:
    """FACTS "Map": off-boards change value in phase 5 (Chicago 40/70)."""
    game = operating(TITLE, "C&O", 100, PRR_FLOATED)
    give_train(game, "C&O", "2")
    lay(game, "G5", "8", 1)  # Cleveland (F6) south-west to G5, west to G3,
    lay(game, "G3", "8", 2)  # and north-west into Chicago (F2)
    run = running.best(game.ruleset, game.state, "C&O", [])
    phase2 = running.check(game.ruleset, game.state, run, []).revenue
    game.state.phase = "5"
    run5 = running.best(game.ruleset, game.state, "C&O", [])
    assert phase2 == 30 + 40
    assert running.check(game.ruleset, game.state, run5, []).revenue == 30 + 70


def test_the_two_halves_of_the_gulf_count_as_one_stop() -> None:
    """FACTS "Map": Gulf = J2 + I1 (one drawing over two hexes): a route may use only one of
    the two. PRR (a token in Columbus, H4, on a green 15) runs a 3 train over track joining
    both halves: it earns Columbus + one Gulf half (60), never both (90)."""
    game = operating(TITLE, "PRR", 100, PRR_FLOATED)
    board = game.state.board
    for coord, tile, rotation in (("I3", "8", 1), ("H4", "57", 0), ("H4", "15", 3), ("I5", "8", 0),
                                  ("J4", "8", 1)):
        lay(game, coord, tile, rotation)
    board.place_token("H4", 0, "PRR")
    game.state.companies["PRR"].tokens_left -= 1
    give_train(game, "PRR", "3")
    run = running.best(game.ruleset, game.state, "PRR", [])
    assert running.check(game.ruleset, game.state, run, []).revenue == 30 + 30


def test_the_optional_6_train_rule_leaves_a_third_6_train_after_two_are_bought() -> None:
    """18xx.games' optional rule optional_6_train (g_1830 num_trains: 3 6-trains instead of
    2), our variant of that name: with two 6-trains bought a third is still in the depot, and
    the game exports with the site's rule on."""
    from railyard.framework.core.game import Game
    from railyard.framework.exporters import SiteExporter
    from tests.titles_1889.positions import PLAYERS, SEATED

    game = Game("1830", PLAYERS, 1, "optional_6_train", SEATED)
    plain = Game("1830", PLAYERS, 1, None, SEATED)
    for g in (game, plain):
        give_train(g, "PRR", "6")
        give_train(g, "NYC", "6")

    def sixes_left(g: Game) -> int:
        return sum(g.state.trains[t].name == "6" for s in g.state.depot.stacks.values() for t in s)

    assert (sixes_left(game), sixes_left(plain)) == (1, 0)
    assert SiteExporter(game).setup()["optional_rules"] == ["optional_6_train"]


def test_equal_prices_in_one_column_operate_higher_row_first_before_cell_order() -> None:
    """The reference's ``sort_order_key`` (corporation.rb): price, then further right, then
    higher up, and only then earlier on the cell. B&O at 67 on row 7 (alone) and B&M at 67
    on row 5 behind C&O on that cell, both in column 6: B&M operates first."""
    from tests.titles_1889.positions import finish_stock_round, settle

    game = stock_round(TITLE)
    float_corporation(game, "B&O", 67, {"A": 60})
    float_corporation(game, "B&M", 67, {"B": 60})
    state = game.state
    state.place_marker("C&O", (5, 6))
    state.place_marker("B&M", (5, 6))  # behind C&O on the 67 of row 5
    state.place_marker("B&O", (7, 6))  # the 67 of row 7, same column
    settle(game)
    finish_stock_round(game)
    assert game.active_entities() == ("B&M",)
    no_problems(game)


def test_after_an_emergency_sale_a_train_from_a_company_costs_what_made_the_sale_needed() -> None:
    """The reference's ``spend_minmax`` (step/train.rb): once the director sold a share to
    raise money, a train from another company costs at least the company's and director's
    cash less that share's price plus 1 (no share sold to buy a train for less). B&O (0 in
    hand, a route to Washington, no train) must buy one; A (director, 30) sells 10% NYC at
    67: NYC's 2-train now costs B&O at least 0 + 97 - 67 + 1 = 31."""
    from railyard.framework.eighteen.or_actions import AnswerTrainOffer
    from tests.titles_1889.positions import finish_stock_round, settle, to_act

    game = stock_round(TITLE)
    float_corporation(game, "B&O", 67, {"A": 60})
    float_corporation(game, "NYC", 67, {"B": 60, "A": 20})
    finish_stock_round(game)
    state = game.state
    state.phase = "3"
    state.board.lay("J14", "57", 0)  # Washington, joined to Baltimore
    train = give_train(game, "NYC", "2")
    settle(game)
    to_act(game, "B&O")
    state.pay("B&O", BANK, state.companies["B&O"].cash)
    state.pay("A", BANK, state.player("A").cash - 30)
    settle(game)
    while state.round.step != "trains":
        game.process(next(a for a in game.legal_actions("B&O")
                          if type(a).__name__ in ("Pass", "RunRoutes", "Dividend")))
    game.process(SellShares("A", "NYC", 10))
    assert state.player("A").cash == 97
    assert "rule:trains.price" in str(refusal(game, BuyTrain("B&O", train, 30)))
    assert not any(isinstance(a, BuyTrain) and a.train == train and a.price < 31
                   for a in game.legal_actions("B&O"))
    game.process(BuyTrain("B&O", train, 31))
    game.process(AnswerTrainOffer("B", True))
    assert state.trains[train].owner == "B&O"
    no_problems(game)
