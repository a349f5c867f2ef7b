"""The defects of issue 16 (an independent clause-by-clause check of both rulebooks), each a
scenario on a real 1837 position played through ``game.process``."""

from __future__ import annotations

from railyard.framework.eighteen.actions import Par, Pass

from .positions import second_stock_round
from .rules_helpers import first_purchase, fund_player, no_problems, refusal, start_major


def _turn_of(game, player: str) -> None:
    while game.active_entities() != (player,):
        game.process(Pass(game.active_entities()[0]))


# ---------------------------------------------------------------------- 3. XII phase 2
def test_XII_phase_2_the_bosnia_herzegovina_railway_is_closed_until_phase_3():
    """XII, phase 2: "The Bosnia-Herzigovinia Railway is closed". companies.yaml gives BH
    ``opens_on_phase: "3"``: no par (so no float, no turn) before the first 3 train."""
    game = second_stock_round({"B": 30, "C": 20})
    state = game.state
    _turn_of(game, "A")
    assert not [a for a in game.legal_actions() if isinstance(a, Par) and a.company == "BH"]
    refused = refusal(game, Par("A", "BH", 91))
    assert refused.rule == "rule:company.opens_on_phase"
    assert "3" in str(refused)
    first_purchase(game, "3")
    cash = state.player("A").cash
    game.process(Par("A", "BH", 91))
    assert state.player("A").cash == cash - 182
    assert state.percent_held("A", "BH") == 20
    no_problems(game)


# ---------------------------------------------------------------------- 8. XII phase 5, XIII
def test_XIII_XII_closed_mountain_railways_leave_the_certificate_limit():
    """"The mountain railways close at the start of Phase 5"; a closed company's certificate
    is out of play, so it no longer counts toward the limit (4 players: 21). A holds Sd #1 and
    Sd #2 with their two passes, Tauern, Wocheiner and 60% of BK, MS and GT (15
    certificates): 21, at the limit, until the first 5 closes the four railways."""
    game = second_stock_round(
        {"A": 60, "B": 20}, items={"SD2": "A", "Tauern": "A", "Wocheiner": "A"}
    )
    state = game.state
    fund_player(state, "A", 2000)
    start_major(game, "MS", 85, {"A": 60})
    start_major(game, "GT", 80, {"A": 60})
    _turn_of(game, "A")
    refused = refusal(game, Par("A", "CL", 91))
    assert refused.rule == "rule:stock_round.certificate_limit"
    assert "21" in str(refused)
    first_purchase(game, "5")
    for railway in ("Semmering", "Karawanken", "Tauern", "Wocheiner"):
        assert state.companies[railway].closed
    cash = state.player("A").cash
    game.process(Par("A", "CL", 91))
    assert state.player("A").cash == cash - 182
    assert state.percent_held("A", "CL") == 20
    no_problems(game)
