"""A tile lay's connection (rule V) is decided from the part of the company's network walked
until the lay is seen to join it (``tile_lay.lay_refusal``); the verdict, reason included,
is the one the whole network gives: every lay of the recorded 1837 game, and every option on
the company's candidate hexes and on six other hexes at every other one of those positions."""

from __future__ import annotations

import random
from typing import Any

import pytest

from railyard.framework.core.game import Game
from railyard.framework.core.savefile import action_from_json
from railyard.framework.eighteen import reach, tile_lay
from railyard.framework.eighteen.or_actions import LayTile
from tests.framework.site_games import game_file

RECORDED = "reference/1837/games/18xxgames_202234_game_end_bank.json"


def _whole(rules: Any, state: Any, company_id: str, coord: str, tile: Any, upgrade: Any) -> Any:
    board = state.board
    starts = reach.stations(board, company_id, tile_lay.home_stations(rules, state, company_id))
    walked = reach._walk(board, company_id, frozenset(starts), False)
    return tile_lay.refusal(rules, state, company_id, coord, tile, upgrade, walked)


def test_v_a_lay_joins_the_network_walked_part_way_exactly_when_it_joins_the_whole_network() -> None:
    path = game_file(RECORDED)
    if path is None:
        pytest.skip(f"{RECORDED} not available")
    from railyard.framework.importers import import_game, read_recorded

    data = import_game(read_recorded(path)).game.to_dict()
    actions = data["actions"]
    game = Game.from_dict({**data, "actions": []})
    rules = game.ruleset
    rng = random.Random(5)
    counts = {"legal": 0, "refused": 0, "lays": 0}
    for raw in actions:
        action = action_from_json(raw)
        if isinstance(action, LayTile):
            state = game.state
            board = state.board
            cid = action.entity
            tile, upgrade = tile_lay.fitting_upgrade(board, action.hex, action.tile, action.rotation)
            assert tile_lay.lay_refusal(rules, state, cid, action.hex, tile, upgrade) is None
            counts["lays"] += 1
            if counts["lays"] % 2:
                game.process(action)
                continue  # every other position: each option on the hexes below
            walked = reach.walk(board, cid, reach.stations(board, cid, tile_lay.home_stations(
                rules, state, cid)))
            near = tile_lay.candidate_hexes(rules, state, cid, walked)
            others = rng.sample(sorted(board.coords()), 6)
            for coord in dict.fromkeys([*near, *others]):
                for option_tile, option in board.lay_choices(coord):
                    reach._WALKS.clear()  # the partial walk, not a remembered whole one
                    got = tile_lay.lay_refusal(rules, state, cid, coord, option_tile, option)
                    assert got == _whole(rules, state, cid, coord, option_tile, option), \
                        (len(game.actions), cid, coord, option_tile.id, option.rotation)
                    counts["legal" if got is None else "refused"] += 1
        game.process(action)
    assert [s for _, s in game.standings()] == [9532, 8304, 7398, 7352]
    assert counts["lays"] >= 150 and counts["legal"] >= 3000 and counts["refused"] >= 10000
