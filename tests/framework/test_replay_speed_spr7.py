"""Shortcuts of the replay's hot paths (issue 17, fifth replay part) give what the long way
gives: each test plays the recorded 1837 game (or random positions of it) and compares the
shortcut with the code it stands for, verdicts and messages included."""

from __future__ import annotations

import random
from typing import Any

import pytest
from railyard.framework.core.game import Game
from railyard.framework.core.savefile import action_from_json
from railyard.framework.eighteen import reach, tile_lay

from tests.framework.site_games import game_file

RECORDED = "reference/1837/games/18xxgames_202234_game_end_bank.json"


def _recorded() -> tuple[Game, list[Any]]:
    path = game_file(RECORDED)
    if path is None:
        pytest.skip(f"{RECORDED} not available")
    from railyard.framework.importers import import_game, read_recorded

    data = import_game(read_recorded(path)).game.to_dict()
    return Game.from_dict({**data, "actions": []}), [action_from_json(a) for a in data["actions"]]


def _same_reach(a: reach.Reach, b: reach.Reach) -> bool:
    return (set(a.stops), set(a.out_edges), set(a.hexes)) == (set(b.stops), set(b.out_edges),
                                                                set(b.hexes))


def test_v_the_walk_towards_a_lay_reaches_what_the_whole_walk_reaches() -> None:
    """The lay check's walk takes the states nearest the lay's hex first (rule V: the
    network is the same whatever order it is walked in): never told it has enough, it
    reaches the plain walk's stops, edges and hexes, on every 4th position of the recorded
    game for every company with a station and a dozen hexes; told it has enough at the first
    touch of the hex, what it has reached is part of the whole and touches the hex."""
    game, actions = _recorded()
    rules = game.ruleset
    rng = random.Random(17)
    checked = touched = 0
    for n, action in enumerate(actions):
        if n % 4 == 0 and game.state.board is not None:
            state = game.state
            board = state.board
            coords = sorted(board.coords())
            for cid in state.companies:
                starts = reach.stations(board, cid, tile_lay.home_stations(rules, state, cid))
                if not starts:
                    continue
                whole = reach._walk(board, cid, frozenset(starts), False)
                for coord in rng.sample(coords, 12):
                    got = reach._walk_towards(board, cid, frozenset(starts), coord,
                                              lambda part: False)
                    assert got.whole and _same_reach(got, whole), (n, cid, coord)
                    part = reach._walk_towards(board, cid, frozenset(starts), coord,
                                               lambda part: True)
                    if not part.whole:
                        touched += 1
                        assert set(part.stops) <= whole.stops
                        assert set(part.out_edges) <= whole.out_edges
                        assert set(part.hexes) <= whole.hexes
                    checked += 1
        game.process(action)
    assert [s for _, s in game.standings()] == [9532, 8304, 7398, 7352]
    assert checked > 5000 and touched > 500
