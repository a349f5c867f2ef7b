"""Tile lays and upgrades in the operating round (1837 rules V and VI as the model)."""

import pytest

from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen import tile_lay
from railyard.framework.eighteen.actions import Pass
from railyard.framework.eighteen.hooks import Hooks
from railyard.framework.eighteen.or_actions import LayTile
from tests.framework.or_helpers import enter_phase, major, operating, position, step


def ar_turn(overrides=(), hooks=None, cash=1000, holders=None):
    """AR (ann director) starts its first turn: its home token goes on Alton (A3)."""
    rules, state = position(overrides, hooks)
    major(rules, state, "AR", (0, 3), holders or {"ann": 60, "bob": 20}, cash=cash, operated=False)
    operating(rules, state)
    assert step(state) == ("AR", "tile")
    return rules, state


def again(rules, state):
    """Back to AR's tile step (a later turn)."""
    state.round.step = "tile"
    state.round.tiles_laid = 0


def test_v_first_turn_city_tile_on_the_home_hex_and_never_off_the_map():
    rules, state = ar_turn()
    assert state.board.tokens_of("AR") == [("A3", 0)]
    lays = [a for a in rules.legal_actions(state) if isinstance(a, LayTile)]
    # 57 runs SW-NE: only W-E keeps both ends on the map (NE and NW of Alton are off it)
    assert lays == [LayTile("AR", "A3", "57", 1), LayTile("AR", "A3", "57", 4)]
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, LayTile("AR", "A3", "57", 0))
    assert refused.value.rule == "rule:tile_lay.dead_end"
    rules.apply(state, LayTile("AR", "A3", "57", 1))
    assert state.board.laid() == {"A3": ("57", 1)}
    assert state.board.available("57") == 2
    assert state.companies["AR"].cash == 1000
    assert step(state) == ("AR", "token")  # one lay per turn


def test_v_terrain_is_paid_on_the_first_lay_from_the_treasury():
    rules, state = ar_turn()
    rules.apply(state, LayTile("AR", "A3", "57", 1))
    again(rules, state)
    lays = [a for a in rules.legal_actions(state) if isinstance(a, LayTile)]
    assert lays == [
        LayTile("AR", "A5", "7", 0),
        LayTile("AR", "A5", "8", 5),
        LayTile("AR", "A5", "9", 1),
        LayTile("AR", "A5", "9", 4),
    ]
    rules.apply(state, LayTile("AR", "A5", "9", 1))
    assert state.companies["AR"].cash == 1000 - 40


def test_v_a_lay_the_treasury_cannot_pay_is_refused_and_not_offered():
    rules, state = ar_turn(cash=30)
    rules.apply(state, LayTile("AR", "A3", "57", 1))
    again(rules, state)
    assert [a for a in rules.legal_actions(state) if isinstance(a, LayTile)] == []
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, LayTile("AR", "A5", "9", 1))
    assert refused.value.rule == "rule:tile_lay.cost"
    assert state.companies["AR"].cash == 30


def test_v_new_track_must_connect_to_the_network():
    rules, state = ar_turn()
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, LayTile("AR", "C7", "8", 1))
    assert refused.value.rule == "rule:tile_lay.connection"


def test_region_closed_until_its_phase():
    rules, state = ar_turn()
    rules.apply(state, LayTile("AR", "A3", "57", 1))
    again(rules, state)
    rules.apply(state, LayTile("AR", "A5", "9", 1))
    again(rules, state)
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, LayTile("AR", "A7", "3", 0))
    assert refused.value.rule == "rule:tile_lay.region"
    enter_phase(rules, state, "3")
    assert LayTile("AR", "A7", "3", 0) in rules.legal_actions(state)
    rules.apply(state, LayTile("AR", "A7", "3", 0))
    assert state.board.laid()["A7"] == ("3", 0)


def test_vi_green_tiles_only_from_phase_3_and_the_replaced_tile_returns_to_the_supply():
    rules, state = ar_turn()
    rules.apply(state, LayTile("AR", "A3", "57", 1))
    again(rules, state)
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, LayTile("AR", "A3", "15", 4))
    assert refused.value.rule == "rule:tile_lay.phase"
    enter_phase(rules, state, "3")
    upgrades = [a for a in rules.legal_actions(state) if isinstance(a, LayTile) and a.hex == "A3"]
    assert upgrades == [LayTile("AR", "A3", "15", 4)]
    rules.apply(state, LayTile("AR", "A3", "15", 4))
    assert state.board.laid()["A3"] == ("15", 4)
    assert state.board.available("57") == 3
    assert state.board.available("15") == 1
    assert state.board.tokens_of("AR") == [("A3", 0)]  # the token follows the upgrade
    assert state.companies["AR"].cash == 1000  # no terrain on an upgrade


def test_vi_an_upgrade_without_new_track_needs_a_city_value_change_the_company_reaches():
    overrides = ("tiles.15.paths=[[1, s0], [4, s0]]",)
    rules, state = ar_turn(overrides)
    rules.apply(state, LayTile("AR", "A3", "57", 1))
    enter_phase(rules, state, "3")
    again(rules, state)
    assert LayTile("AR", "A3", "15", 0) in rules.legal_actions(state)
    # a company that does not reach Alton may not
    major(rules, state, "ER", (0, 2), {"bob": 60}, cash=100)
    state.round.current = "ER"
    state.board.place_token("C3", 0, "ER")
    assert [a for a in tile_lay.choices(rules, state, "ER") if a.hex == "A3"] == []


def test_v_no_track_into_a_blank_side_of_a_gray_hex():
    rules, state = ar_turn(("map.hexes.A9={}",))
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, LayTile("AR", "A9", "7", 0))  # its SW end meets Dunmore's blank NE side
    assert refused.value.rule == "rule:tile_lay.dead_end"


def test_v_tile_supply_counts():
    rules, state = ar_turn(("tiles.57.count=1",))
    state.board.lay("C3", "57", 2)
    assert state.board.available("57") == 0
    assert [a for a in rules.legal_actions(state) if isinstance(a, LayTile)] == []
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, LayTile("AR", "A3", "57", 1))
    assert refused.value.rule == "rule:tile_lay.supply"


FREE = ("companies.P1.hexes=[A5]", "companies.P1.abilities=[{kind: free_tile_lay}]")
BLOCK = ("companies.P1.hexes=[A5]", "companies.P1.abilities=[{kind: blocks_hexes}]")


def own_private(state, player, private="P1"):
    next(c for c in state.companies[private].certificates if c.director).owner = player


def test_a_free_tile_lay_private_waives_terrain_for_its_owners_companies():
    rules, state = ar_turn(FREE)
    own_private(state, "ann")
    rules.apply(state, LayTile("AR", "A3", "57", 1))
    again(rules, state)
    rules.apply(state, LayTile("AR", "A5", "9", 1))
    assert state.companies["AR"].cash == 1000


def test_a_free_tile_lay_private_of_another_player_does_not():
    rules, state = ar_turn(FREE)
    own_private(state, "bob")
    rules.apply(state, LayTile("AR", "A3", "57", 1))
    again(rules, state)
    rules.apply(state, LayTile("AR", "A5", "9", 1))
    assert state.companies["AR"].cash == 960


def test_an_open_private_blocks_its_hexes_until_it_closes():
    rules, state = ar_turn(BLOCK)
    own_private(state, "bob")
    rules.apply(state, LayTile("AR", "A3", "57", 1))
    again(rules, state)
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, LayTile("AR", "A5", "9", 1))
    assert refused.value.rule == "rule:tile_lay.blocked"
    state.companies["P1"].closed = True
    rules.apply(state, LayTile("AR", "A5", "9", 1))
    assert state.board.laid()["A5"] == ("9", 1)


class PassHexes(Hooks):
    def may_lay_tile(self, state, company_id, coord, cost):
        if coord == "A5":
            if state.phase == "2":
                raise IllegalAction("V", "a pass hex is closed to others before phase 3")
            return 110
        return cost


def test_the_may_lay_tile_hook_refuses_or_prices_a_lay():
    rules, state = ar_turn(hooks=PassHexes)
    rules.apply(state, LayTile("AR", "A3", "57", 1))
    again(rules, state)
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, LayTile("AR", "A5", "9", 1))
    assert refused.value.rule == "V"
    assert not any(isinstance(a, LayTile) and a.hex == "A5" for a in rules.legal_actions(state))
    enter_phase(rules, state, "3")
    rules.apply(state, LayTile("AR", "A5", "9", 1))
    assert state.companies["AR"].cash == 890


def test_pass_skips_the_tile_step():
    rules, state = ar_turn()
    rules.apply(state, Pass("AR"))
    assert step(state) == ("AR", "token")
    assert state.board.laid() == {}


def test_tiles_per_turn_by_option():
    rules, state = ar_turn(("setup.operating_round={tiles_per_turn: 2}",))
    rules.apply(state, LayTile("AR", "A3", "57", 1))
    assert step(state) == ("AR", "tile")
    rules.apply(state, LayTile("AR", "A5", "9", 1))
    assert step(state) == ("AR", "token")
    assert state.companies["AR"].cash == 960


def test_v_no_track_across_an_impassable_border():
    rules, state = ar_turn(("map.hexes.B6.borders=[{edge: 4, kind: impassable}]",))
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, LayTile("AR", "B6", "9", 1))  # its E end would cross to Dunmore
    assert refused.value.rule == "rule:tile_lay.dead_end"
    rules, state = ar_turn()
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, LayTile("AR", "B6", "9", 1))  # a river border is no obstacle
    assert refused.value.rule == "rule:tile_lay.connection"


GREEN_TRACK = ("tiles.81={color: green, count: 1, paths: [[0, 3], [3, 5]]}",)


def test_vi_new_track_reached_only_by_turning_back_at_an_edge_is_not_connected():
    rules, state = ar_turn(GREEN_TRACK)
    rules.apply(state, LayTile("AR", "A3", "57", 1))
    again(rules, state)
    rules.apply(state, LayTile("AR", "A5", "9", 1))  # Alton - A5 - (Bury, no track yet)
    enter_phase(rules, state, "3")
    again(rules, state)
    # 81 keeps A5's W-E track and adds E-SW: reaching it means reversing at A5's east edge
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, LayTile("AR", "A5", "81", 1))
    assert refused.value.rule == "rule:tile_lay.connection"
