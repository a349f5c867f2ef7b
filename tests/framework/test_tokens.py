"""Station tokens in the operating round (1837 rule VII as the model)."""

import pytest

from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen import tile_lay, tokens
from railyard.framework.eighteen.actions import Pass
from railyard.framework.eighteen.hooks import Hooks
from railyard.framework.eighteen.or_actions import PlaceToken
from tests.framework.or_helpers import major, minor, operating, position, step

PER_HEX = ("company_types.major.token_cost={per_hex: [20, 40]}",)


def token_step(overrides=(), hooks=None, cash=1000, green_carrow=True):
    """AR (home Alton A3) with track Alton -> B2 -> Carrow (B4) -> B6 -> Dunmore (B8, gray,
    2 slots); Carrow (reserved for CR) upgraded to a 2-slot green city unless told not to."""
    rules, state = position(overrides, hooks)
    major(rules, state, "AR", (0, 3), {"ann": 60, "bob": 20}, cash=cash, operated=False)
    board = state.board
    board.lay("A3", "57", 0)
    board.lay("B2", "7", 3)
    board.lay("B6", "9", 1)
    if green_carrow:
        board.lay("B4", "14", 0)
    operating(rules, state)
    rules.apply(state, Pass("AR"))
    assert step(state) == ("AR", "token")
    return rules, state


def test_vii_tokens_cost_20_then_40_per_hex_from_home_over_reached_hexes():
    rules, state = token_step(PER_HEX)
    assert [a for a in rules.legal_actions(state) if isinstance(a, PlaceToken)] == [
        PlaceToken("AR", "B4", 0),
        PlaceToken("AR", "B8", 0),
    ]
    rules.apply(state, PlaceToken("AR", "B8", 0))  # Alton - Carrow - B6 - Dunmore: 3 hexes
    assert state.companies["AR"].cash == 1000 - 60
    assert state.companies["AR"].tokens_left == 1
    assert step(state) == ("AR", "trains")  # one token per turn (no trains to run)
    state.round.step = "token"
    state.round.tokens_placed = 0
    rules.apply(state, PlaceToken("AR", "B4", 0))  # the third token: 40 x 1
    assert state.companies["AR"].cash == 1000 - 60 - 40
    assert state.board.tokens_at("B4", 0) == ("AR",)
    assert state.board.reserved_at("B4", 0) == ("CR",)


def test_fixed_token_costs_in_order():
    rules, state = token_step()
    rules.apply(state, PlaceToken("AR", "B4", 0))
    assert state.companies["AR"].cash == 960


def test_vii_no_token_through_a_city_full_of_other_companies_tokens():
    rules, state = token_step(green_carrow=False)
    # Carrow's one slot is held for CR: AR reaches Carrow but not past it
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, PlaceToken("AR", "B8", 0))
    assert refused.value.rule == "rule:tokens.connection"
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, PlaceToken("AR", "B4", 0))
    assert refused.value.rule == "rule:tokens.free_slot"
    assert [a for a in rules.legal_actions(state) if isinstance(a, PlaceToken)] == []


def test_vii_one_token_per_hex():
    rules, state = token_step()
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, PlaceToken("AR", "A3", 0))
    assert refused.value.rule == "rule:tokens.one_per_hex"


def test_vii_the_home_of_a_company_not_yet_operating_keeps_a_slot():
    rules, state = position()
    major(rules, state, "AR", (0, 3), {"ann": 60}, cash=1000, operated=False)
    board = state.board
    board.lay("A3", "57", 0)
    board.lay("B2", "8", 3)  # Alton (NE of B2) to Easton (SE of B2)
    board.lay("C3", "57", 2)  # Easton: ER's home, one slot
    operating(rules, state)
    rules.apply(state, Pass("AR"))
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, PlaceToken("AR", "C3", 0))
    assert refused.value.rule == "rule:tokens.free_slot"
    state.companies["ER"].operated = True  # in operation (its token elsewhere): the slot is free
    rules.apply(state, PlaceToken("AR", "C3", 0))
    assert state.board.tokens_at("C3", 0) == ("AR",)
    assert state.companies["AR"].cash == 960


def test_vii_minors_place_no_extra_tokens():
    rules, state = token_step()
    minor(state, "M1", "cy", cash=100)
    with pytest.raises(IllegalAction) as refused:
        tokens.check(rules, state, PlaceToken("M1", "B4", 0))
    assert refused.value.rule == "rule:tokens.extra"


def test_a_company_without_tokens_left_skips_the_token_step():
    rules, state = position()
    major(rules, state, "AR", (0, 3), {"ann": 60}, cash=1000, operated=False)
    state.companies["AR"].tokens_left = 1  # the home token only
    operating(rules, state)
    assert state.companies["AR"].tokens_left == 0
    rules.apply(state, Pass("AR"))
    assert step(state) == ("AR", "trains")
    with pytest.raises(IllegalAction) as refused:
        tokens.check(rules, state, PlaceToken("AR", "A3", 0))
    assert refused.value.rule == "rule:tokens.none_left"


Y_TILE = ("tiles.80={color: yellow, count: 1, paths: [[0, 1], [0, 2]]}",)


def test_vii_a_token_route_may_backtrack_a_tile_route_may_not():
    rules, state = position(Y_TILE)
    major(rules, state, "CR", (0, 3), {"ann": 60}, cash=1000, operated=False)
    state.companies["ER"].operated = True
    board = state.board
    board.lay("B2", "80", 3)  # track B2: NE-E and NE-SE, meeting at the NE edge
    board.lay("C3", "57", 2)  # Easton, NW-SE
    operating(rules, state)
    assert state.board.tokens_of("CR") == [("B4", 0)]
    no_turning = tile_lay.company_reach(rules, state, "CR")
    turning = tile_lay.company_reach(rules, state, "CR", backtrack=True)
    assert ("C3", 0) not in no_turning.stops
    assert ("C3", 0) in turning.stops
    rules.apply(state, Pass("CR"))
    assert PlaceToken("CR", "C3", 0) in rules.legal_actions(state)


class CheapTokens(Hooks):
    def token_cost(self, state, company_id, coord, cost):
        return cost // 2


def test_the_token_cost_hook_has_the_last_word():
    rules, state = token_step(hooks=CheapTokens)
    rules.apply(state, PlaceToken("AR", "B8", 0))
    assert state.companies["AR"].cash == 1000 - 20
