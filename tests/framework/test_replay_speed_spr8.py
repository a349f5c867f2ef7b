"""Shortcuts of the replay's hot paths (issue 17, sixth replay part) give what the long way
gives: each test plays the recorded 1837 game and, at its positions, compares the shortcut
with the code it stands for."""

from __future__ import annotations

from typing import Any

import pytest
from railyard.framework.core.game import Game
from railyard.framework.core.savefile import action_from_json
from railyard.framework.eighteen import phases, trains

from tests.framework.site_games import game_file

RECORDED = "reference/1837/games/18xxgames_202234_game_end_bank.json"


def _recorded() -> tuple[Game, list[Any]]:
    path = game_file(RECORDED)
    if path is None:
        pytest.skip(f"{RECORDED} not available")
    from railyard.framework.importers import import_game, read_recorded

    data = import_game(read_recorded(path)).game.to_dict()
    return Game.from_dict({**data, "actions": []}), [action_from_json(a) for a in data["actions"]]


def _over_limit_long(rules: Any, state: Any) -> list[str]:
    """Every company's limit asked of the title's hook, one by one (the plain rule)."""
    out = []
    for cid, company in state.companies.items():
        if company.closed or not company.trains:
            continue
        limit = rules.hooks.train_limit(state, cid, phases.train_limit(rules, state, cid))
        if limit is not None and len(company.trains) > limit:
            out.append(cid)
    return out


def _depot_offers_long(rules: Any, state: Any) -> list[str]:
    """The first train of every name of every stack, walked train by train."""
    out = []
    for stack in state.depot.stacks.values():
        names: set[str] = set()
        for train_id in stack:
            name = state.trains[train_id].name
            if name in names:
                continue
            first = not names
            names.add(name)
            if (first or rules.spec.trains[name].available_on) and trains.released(rules, state, name):
                out.append(train_id)
    return out


def test_trains_limit_and_offers_from_tables_are_the_plain_rule_at_every_position() -> None:
    """The companies over their train limit (read from a table per phase) and the depot's
    offers (the first train of each name per stack, remembered per stack) are those of the
    plain rule at every position of the recorded game, and again after the game with the
    limits of every phase and every company given trains beyond them."""
    game, actions = _recorded()
    rules = game.ruleset
    over = 0
    for action in actions:
        state = game.state
        assert trains.over_limit(rules, state) == _over_limit_long(rules, state)
        assert trains.depot_offers(rules, state) == _depot_offers_long(rules, state)
        over += bool(_over_limit_long(rules, state))
        game.process(action)
    assert [s for _, s in game.standings()] == [9532, 8304, 7398, 7352]
    state = game.state
    spare = list(state.trains)
    for company in state.companies.values():
        if not company.closed:
            company.trains = spare[:7]
    for phase in rules.spec.phases:
        state.phase = phase
        got = trains.over_limit(rules, state)
        assert got == _over_limit_long(rules, state)
        over += len(got)
    assert over > 10
