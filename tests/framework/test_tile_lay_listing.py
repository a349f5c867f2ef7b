"""The listed tile lays are exactly the lays the rules allow (V, VI: fit, phase colour, blank
sides, tokens, connection or upgrade grounds, cost), on positions from bot games of three
titles and both 1837 editions (``upgrade_needs`` new_track_or_city_value, new_track,
reachable).

``tile_lay.choices`` works out per hex what the refusal checks would ask per option; here
every option the board allows on a candidate hex goes through :func:`tile_lay.refusal` and
:func:`tile_lay.lay_cost` one by one, and both lists must be equal, order included (a bot's
pick depends on the order)."""

from __future__ import annotations

import pytest

from railyard.framework import autoplay
from railyard.framework.core.errors import IllegalAction
from railyard.framework.core.game import Game
from railyard.framework.eighteen import tile_lay
from railyard.framework.eighteen.or_actions import LayTile
from railyard.framework.eighteen.or_steps import TileStep, current_step
from railyard.framework.loader import load_title


def one_by_one(rules, state, company_id):
    """Every option of every candidate hex, checked rule by rule."""
    board = state.board
    reach = tile_lay.company_reach(rules, state, company_id)
    cash = state.companies[company_id].cash
    out = []
    for coord in tile_lay.candidate_hexes(rules, state, company_id, reach):
        for tile, upgrade in board.lay_choices(coord):
            if tile_lay.refusal(rules, state, company_id, coord, tile, upgrade, reach) is not None:
                continue
            try:
                cost = tile_lay.lay_cost(rules, state, company_id, coord)
            except IllegalAction:
                continue
            if cost <= cash:
                out.append(LayTile(company_id, coord, tile.id, upgrade.rotation))
    return out


@pytest.mark.parametrize(("title", "variant", "bots"), [
    ("1837", None, "random"),
    ("1837", None, "greedy"),
    ("1837", "first_edition", "greedy"),
    ("1830", None, "greedy"),
])
def test_v_vi_listed_lays_are_the_lays_each_rule_allows(title, variant, bots):
    loaded = load_title(title, variant)
    game = Game(loaded, ("P1", "P2", "P3", "P4"), 3, variant)
    compared = [0, 0]

    def compare(played, action):
        state = played.state
        rs = state.round
        cid = getattr(rs, "current", None)
        if cid is None or not isinstance(current_step(played.ruleset, state), TileStep):
            return
        # every company, not only the one to lay: companies without a station yet (their
        # home hexes), with their own reach and cash
        for other, company in state.companies.items():
            if company.closed or not played.ruleset.spec.type_of(other).lays_tiles:
                continue
            listed = tile_lay.choices(played.ruleset, state, other)
            assert listed == one_by_one(played.ruleset, state, other), (len(played.actions), other)
            compared[0] += 1
            compared[1] += len(listed)

    autoplay.play(game, bots, max_actions=500, on_action=compare)
    assert compared[0] >= 100 and compared[1] >= 100
