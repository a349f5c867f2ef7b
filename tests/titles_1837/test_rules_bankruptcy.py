"""Rule XI: a director who cannot pay for a forced train goes bankrupt and leaves the game."""

from __future__ import annotations

from railyard.framework.eighteen.or_actions import DeclareBankruptcy
from railyard.framework.eighteen.state import BANK, POOL

from .rules_helpers import (
    finish_round,
    new_game,
    no_problems,
    pass_packet,
    quiet_action,
    sell,
    start_major,
)


def test_XI_bankrupt_director_leaves_the_game_the_bank_finances_and_control_passes():
    game = new_game()
    state = game.state
    sell(game, "SD1", "A")
    pass_packet(game)
    start_major(game, "BK", 91, {"B": 30, "D": 20})
    finish_round(game)  # operating round 1 (BK floated during it)
    finish_round(game)  # stock round 1
    while game.active_entities() != ("BK",):
        game.process(quiet_action(game))
    # BK has spent its treasury, its director B has 10K left and nothing to sell
    state.pay("BK", BANK, state.companies["BK"].cash)
    state.pay("B", BANK, state.player("B").cash - 10)
    while DeclareBankruptcy("B") not in game.legal_actions():
        game.process(quiet_action(game))
    game.process(DeclareBankruptcy("B"))
    bk = state.companies["BK"]
    assert state.player("B").bankrupt and state.player("B").cash == 0
    assert state.percent_held(POOL, "BK") == 30  # the director's certificate included
    assert [state.trains[t].name for t in bk.trains] == ["2"]
    assert bk.extra["bank_debt"] == 90 - 10  # B paid what it had; the bank the rest
    assert bk.extra["controller"] == "D"  # the largest holder runs BK
    assert not game.is_over() and state.round.kind == "stock"
    assert "B" not in game.active_entities()
    no_problems(game)
