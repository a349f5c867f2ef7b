"""1846 rules (titles/1846/FACTS.md) carried by the title's data, each played through
``game.process`` in a concrete position; titles/1846/RULES.md names the test for every rule
(and lists the rules still missing). Seats A-D."""

from __future__ import annotations

from railyard.framework.core.game import Game
from railyard.framework.eighteen import running
from railyard.framework.eighteen.actions import Par, Pass, SellShares
from railyard.framework.eighteen.or_actions import BuyTrain
from railyard.framework.loader import load_title
from tests.titles_1889.positions import (
    PLAYERS,
    SEATED,
    finish_stock_round,
    float_corporation,
    fund,
    no_problems,
    settle,
    stock_round,
    to_act,
)

TITLE = "1846"


def test_a_corporation_floats_at_20_percent_with_incremental_capital() -> None:
    """FACTS "Corporations": float at 20% (the president's share); CAPITALIZATION
    incremental: the treasury holds the price of the shares sold, not 10 x par."""
    game = stock_round(TITLE)
    game.process(Par("A", "PRR", 100))
    prr = game.state.companies["PRR"]
    assert game.state.cash_of("A") == 400 - 200
    assert prr.cash == 200
    assert prr.floated
    no_problems(game)


def test_the_minors_operate_first_and_split_their_revenue() -> None:
    """FACTS "Minors": MS, bought at $140, starts with $60 and its home at Detroit (C15);
    it operates before every corporation."""
    game = stock_round(TITLE, {"MS": "A"})
    float_corporation(game, "NYC", 100, {"B": 20})
    finish_stock_round(game)
    ms = game.state.companies["MS"]
    assert game.state.cash_of("A") == 400 - 140
    assert ms.cash == 60
    assert game.active_entities() == ("MS",)
    while game.state.round.step != "run":
        game.process(Pass("MS"))
    best = running.best(game.ruleset, game.state, "MS", [])
    # its free 2 train (FACTS "Trains") must run if it can (here nothing reaches a stop yet)
    revenue = running.check(game.ruleset, game.state, best, []).revenue
    game.process(best)
    while game.active_entities() == ("MS",) and game.state.round.step != "trains":
        (decide,) = [a for a in game.legal_actions("MS") if not isinstance(a, Pass)][:1] or [Pass("MS")]
        game.process(decide)
    assert game.state.cash_of("A") == 400 - 140 + revenue // 2
    assert ms.cash == 60 + revenue - revenue // 2
    to_act(game, "NYC")
    no_problems(game)


def test_the_privates_close_in_phase_iii() -> None:
    """FACTS "Private companies": every private closes with the first 5 train (phase III)."""
    game = stock_round(TITLE, {"O&I": "A", "SC": "B"})  # both drawn into the game (seed 1)
    float_corporation(game, "NYC", 100, {"C": 20})
    finish_stock_round(game)
    to_act(game, "NYC")
    fund(game, "NYC", 1000)
    for stack in game.state.depot.stacks.values():  # the 2s and 4s sold earlier
        stack[:] = [t for t in stack if game.state.trains[t].name not in ("2", "4")]
    game.state.depot.sold_names.extend(["2", "4"])
    settle(game)
    while not any(isinstance(a, BuyTrain) for a in game.legal_actions("NYC")):
        game.process(Pass("NYC"))
    game.process(next(a for a in game.legal_actions("NYC") if isinstance(a, BuyTrain)))
    assert game.state.phase == "III"
    assert game.state.companies["O&I"].closed
    assert game.state.companies["SC"].closed


def test_first_ed_leaves_boomtown_and_little_miami_out() -> None:
    """FACTS "Meta": the optional rule first_ed (our variant first_ed) plays without BT and LM;
    the draft's deck holds neither."""
    game = Game(load_title(TITLE, "first_ed", SEATED), PLAYERS, 1, None, SEATED)
    assert game.state.companies["BT"].closed and game.state.companies["LM"].closed
    deck = game.state.round.deck  # type: ignore[attr-defined]
    assert "BT" not in deck and "LM" not in deck and "MS" in deck


def test_a_minor_starts_with_a_free_2_train_from_the_depot() -> None:
    """FACTS "Trains": each minor is given a 2 train from the depot at setup, free; the
    depot has players + 4 2s (8 at 4 players), 6 left for sale."""
    game = stock_round(TITLE, {"MS": "A"})
    state = game.state
    assert [state.trains[t].name for t in state.companies["MS"].trains] == ["2"]
    assert [state.trains[t].name for t in state.companies["BIG4"].trains] == ["2"]
    left = [t for stack in state.depot.stacks.values() for t in stack if state.trains[t].name == "2"]
    assert len(left) == 6
    assert state.cash_of("A") == 400 - 140


def test_a_president_may_sell_before_the_corporation_operated() -> None:
    """FACTS "Bank, players, certificates": SELL_AFTER p_any_operate: before NYC operated its
    president may sell its shares, another holder may not."""
    game = stock_round(TITLE)
    float_corporation(game, "NYC", 100, {"A": 30, "B": 10})
    while game.active_entities() not in (("A",), ("B",)):
        (who,) = game.active_entities()
        game.process(Pass(who))
    (who,) = game.active_entities()
    sales = [a for a in game.legal_actions(who) if isinstance(a, SellShares)]
    assert bool(sales) == (who == "A")
    if who == "B":
        game.process(Pass("B"))
        while game.active_entities() != ("A",):
            (other,) = game.active_entities()
            game.process(Pass(other))
        sales = [a for a in game.legal_actions("A") if isinstance(a, SellShares)]
    game.process(next(a for a in sales if a.percent == 10))
    assert game.state.percent_held("A", "NYC") == 20


def test_the_first_operating_round_runs_the_lowest_price_first() -> None:
    """FACTS "Corporations": in the game's first OR the corporations operate lowest share
    price first (game.rb operating_order); later highest first."""
    game = stock_round(TITLE)
    float_corporation(game, "NYC", 100, {"A": 20})
    float_corporation(game, "B&O", 70, {"B": 20})
    finish_stock_round(game)
    assert game.active_entities() == ("B&O",)
