"""Rules II, IV, V, XII: mountain railways' income, pass hexes, closing."""

from __future__ import annotations

import pytest

from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen.or_actions import LayTile

from .rules_helpers import cash, first_purchase, new_game, no_problems, pass_packet, sell


def test_II_IV_mountain_railways_pay_their_owners_at_the_start_of_each_operating_round():
    game = new_game()
    sell(game, "Tauern", "A")  # 70K, income 35K
    sell(game, "SD1", "B")  # with the Semmering Railway: 100K, income 5K
    pass_packet(game)
    assert game.state.round.kind == "operating"
    assert cash(game.state) == {"A": 555 - 70 + 35, "B": 555 - 100 + 5, "C": 555, "D": 555}


def test_V_the_owners_company_lays_on_its_pass_hex_free_as_its_normal_lay():
    game = new_game()
    sell(game, "SD1", "B")
    pass_packet(game)
    assert game.active_entities() == ("SD1",)
    game.process(LayTile("SD1", "H16", "7", 2))  # Semmering, printed cost 110K
    assert game.state.companies["SD1"].cash == 90
    assert game.state.board.tile("H16").id == "7"
    no_problems(game)


def test_V_others_may_lay_on_a_pass_hex_only_from_phase_3_for_its_printed_cost():
    game = new_game()
    sell(game, "SD1", "B")
    sell(game, "SD2", "C")
    hooks = game.ruleset.hooks
    with pytest.raises(IllegalAction) as refused:
        hooks.may_lay_tile(game.state, "SD2", "H16", 110)
    assert refused.value.rule == "V"
    assert hooks.may_lay_tile(game.state, "SD1", "H16", 0) == 0
    first_purchase(game, "3")
    assert hooks.may_lay_tile(game.state, "SD2", "H16", 110) == 110


@pytest.mark.parametrize("variant", [None, "first_edition"])  # FE II.1: "at the start of Phase Three"
def test_XII_mountain_railways_close_with_the_first_5(variant):
    game = new_game(variant)
    sell(game, "Tauern", "A")
    first_purchase(game, "5")
    assert game.state.companies["Tauern"].closed
    assert game.ruleset.hooks.may_lay_tile(game.state, "SD2", "J10", 70) == 70
