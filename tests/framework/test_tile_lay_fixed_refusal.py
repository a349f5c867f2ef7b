"""A tile lay refused whatever the company's network (the phase's colours, a closed region, a
dead end, tokens that would not fit, a title's own rule) is refused before the network is
walked, with the reason the whole walk's check gives (``tile_lay.lay_refusal``)."""

from __future__ import annotations

from typing import Any

import pytest

from railyard.framework.core.game import Game
from railyard.framework.core.savefile import action_from_json
from railyard.framework.eighteen import tile_lay
from railyard.framework.eighteen.or_actions import LayTile
from tests.framework.site_games import game_file
from tests.framework.test_tile_lay_partial_reach import RECORDED, _whole


def test_v_a_lay_refused_whatever_the_network_is_refused_without_walking_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = game_file(RECORDED)
    if path is None:
        pytest.skip(f"{RECORDED} not available")
    from railyard.framework.importers import import_game, read_recorded

    data = import_game(read_recorded(path)).game.to_dict()
    game = Game.from_dict({**data, "actions": []})
    rules = game.ruleset
    reasons: dict[str, int] = {}
    lays = 0
    for raw in data["actions"]:
        action = action_from_json(raw)
        if isinstance(action, LayTile) and lays < 60:
            lays += 1
            state = game.state
            for coord in sorted(state.board.coords())[::7]:
                for tile, upgrade in state.board.lay_choices(coord):
                    expected = _whole(rules, state, action.entity, coord, tile, upgrade)
                    fixed: Any = tile_lay._fixed_refusal(rules, state, action.entity, coord,
                                                         tile, upgrade, None)
                    if fixed is None:
                        continue
                    with monkeypatch.context() as patched:
                        patched.setattr(tile_lay, "walk_until", _no_walk)
                        got = tile_lay.lay_refusal(rules, state, action.entity, coord, tile,
                                                   upgrade)
                    assert got == expected == fixed
                    reasons[fixed[0]] = reasons.get(fixed[0], 0) + 1
        game.process(action)
    assert reasons.get("rule:tile_lay.phase", 0) > 100
    assert reasons.get("rule:tile_lay.dead_end", 0) > 100


def _no_walk(*args: Any, **kwargs: Any) -> Any:
    raise AssertionError("the network was walked for a lay refused whatever it is")
