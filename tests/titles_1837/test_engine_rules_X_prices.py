"""Rule X: share price changes after the revenue, on an 1837 position (BK at 91K runs a 2
train from Prague to the town E15 for 30K in the second operating round)."""

from __future__ import annotations

from railyard.framework.eighteen.or_actions import Dividend

from .positions import bk_at_run_step


def _after(kind: str, others_at_95: bool = False):
    game = bk_at_run_step(("2",))
    state = game.state
    if others_at_95:
        state.place_marker("MS", (2, 3))  # MS's marker already lies on 95K
    game.process(game.legal_actions()[0])
    game.process(Dividend("BK", kind))
    bk = state.companies["BK"]
    return state, bk.market, game.ruleset.spec.cell(bk.market).price


def test_X_full_dividend_moves_bk_right_from_91_to_95():
    _, cell, price = _after("payout")
    assert (cell, price) == ((2, 3), 95)


def test_X_half_dividend_moves_bk_down_right_to_89():
    _, cell, price = _after("half")
    assert (cell, price) == ((3, 3), 89)


def test_X_withholding_moves_bk_left_to_87():
    _, cell, price = _after("withhold")
    assert (cell, price) == ((2, 1), 87)


def test_X_a_marker_moved_onto_an_occupied_hex_goes_underneath():
    state, cell, _ = _after("payout", others_at_95=True)
    assert cell == (2, 3) and state.stack_at((2, 3)) == ["MS", "BK"]  # top first
