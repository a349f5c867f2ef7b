"""1846 rules (titles/1846/FACTS.md) carried by the title's data, each played through
``game.process`` in a concrete position; titles/1846/RULES.md names the test for every rule
(and lists the rules still missing). Seats A-D."""

from __future__ import annotations

from railyard.framework.core.game import Game
from railyard.framework.eighteen.actions import Bid, Par, Pass
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
    to_act(game, "NYC")
    no_problems(game)


def test_the_privates_close_in_phase_iii() -> None:
    """FACTS "Private companies": every private closes with the first 5 train (phase III)."""
    game = stock_round(TITLE, {"MC": "A", "SC": "B"})
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
    assert game.state.companies["MC"].closed
    assert game.state.companies["SC"].closed


def test_first_ed_leaves_boomtown_and_little_miami_out() -> None:
    """FACTS "Meta": the optional rule first_ed (our variant first_ed) plays without BT and LM;
    the waterfall standing in for the draft offers neither."""
    game = Game(load_title(TITLE, "first_ed", SEATED), PLAYERS, 1, None, SEATED)
    assert game.state.companies["BT"].closed and game.state.companies["LM"].closed
    offered = {getattr(a, "item", None) for a in game.legal_actions("A")}
    assert "BT" not in offered and "LM" not in offered and "MS" in offered
    assert not any(isinstance(a, Bid) and a.item in ("BT", "LM") for a in game.legal_actions("A"))
