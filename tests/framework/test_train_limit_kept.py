"""Which companies are over their train limit is asked after every operating-round action; the
answer is kept per state until a train moves or a company closes (``eighteen/holdings.py``).
Every answer given in whole games (the recorded 1837 game, bot games of 1837, 1889 and 1830
played to their end) is compared with the rule read afresh off the holdings."""

from __future__ import annotations

from typing import Any

import pytest

from railyard.framework import autoplay
from railyard.framework.core.game import Game
from railyard.framework.core.savefile import action_from_json
from railyard.framework.eighteen import holdings, phases, trains
from railyard.framework.eighteen.primitives import close_company, move_train
from railyard.framework.eighteen.state import TRAIN_POOL
from tests.framework.site_games import game_file

RECORDED = "reference/1837/games/18xxgames_202234_game_end_bank.json"


def _afresh(rules: Any, state: Any) -> list[str]:
    """The train limit rule read off the holdings, nothing kept."""
    limits = phases.current(rules, state).train_limits
    out = []
    for cid, company in state.companies.items():
        if not company.trains or company.closed:
            continue
        limit = trains._limit_of(rules, limits, cid)
        limit = rules.hooks.train_limit(state, cid, limit)
        if limit is not None and len(company.trains) > limit:
            out.append(cid)
    return out


class _Counted:
    """``trains.over_limit`` with every answer checked against :func:`_afresh`."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.asked = self.kept = self.over = 0
        real = trains.over_limit

        def checked(rules: Any, state: Any) -> list[str]:
            limits = phases.current(rules, state).train_limits
            was_kept = holdings.kept(state, limits) is not None
            answer = real(rules, state)
            assert answer == _afresh(rules, state)
            self.asked += 1
            self.kept += was_kept
            self.over += bool(answer)
            return answer

        monkeypatch.setattr(trains, "over_limit", checked)


def _bot_game(title: str, bots: str, seed: int, limit: int = 6000) -> Game:
    game = Game(title, ("P1", "P2", "P3", "P4"), seed)
    autoplay.play(game, bots, max_actions=limit, record=False)
    return game


def test_kept_over_limit_answers_are_the_rule_in_the_recorded_game(
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = game_file(RECORDED)
    if path is None:
        pytest.skip(f"{RECORDED} not available")
    from railyard.framework.importers import import_game, read_recorded

    counted = _Counted(monkeypatch)
    data = import_game(read_recorded(path)).game.to_dict()
    game = Game.from_dict({**data, "actions": []})
    for raw in data["actions"]:
        game.process(action_from_json(raw))
    assert [s for _, s in game.standings()] == [9532, 8304, 7398, 7352]
    assert counted.asked > 700
    assert counted.kept > counted.asked // 2  # most actions move no train
    assert counted.over > 0  # the game has companies over their limit (a phase's new limit)


@pytest.mark.parametrize(("title", "bots", "seed", "asked", "kept"), [
    ("1837", "random", 5, 1000, 900), ("1837", "greedy", 3, 700, 600),
    # the standard titles ask at a purchase and at the end of a turn only
    ("1889", "greedy", 5, 10, 0), ("1830", "greedy", 5, 10, 0)])
def test_kept_over_limit_answers_are_the_rule_in_bot_games(
        monkeypatch: pytest.MonkeyPatch, title: str, bots: str, seed: int, asked: int,
        kept: int) -> None:
    counted = _Counted(monkeypatch)
    game = _bot_game(title, bots, seed)
    assert game.ruleset.is_over(game.state)  # played to its end
    assert counted.asked > asked
    assert counted.kept >= kept
    if (title, bots) != ("1837", "random"):
        assert counted.over > 0  # a company went over its limit (a new phase's)


def test_a_train_moved_is_seen_at_the_next_ask() -> None:
    """Over the limit after a train moves in, not after it moves out, on the same state."""
    game = _bot_game("1889", "greedy", 5, limit=400)
    rules, state = game.ruleset, game.state
    holder = next(c for c, company in state.companies.items() if company.trains)
    limits = phases.current(rules, state).train_limits
    limit = trains._limit_of(rules, limits, holder)
    assert limit is not None
    assert holder not in trains.over_limit(rules, state)
    assert holdings.kept(state, limits) is not None
    others = [t for t, train in state.trains.items()
              if train.owner == TRAIN_POOL or train.owner in state.companies and train.owner != holder]
    spare = others[: limit + 1 - len(state.companies[holder].trains)]
    assert len(spare) == limit + 1 - len(state.companies[holder].trains)
    for train_id in spare:
        move_train(state, train_id, holder)
    assert holder in trains.over_limit(rules, state)
    assert trains.over_limit(rules, state) == _afresh(rules, state)
    move_train(state, spare[-1], TRAIN_POOL)
    assert holder not in trains.over_limit(rules, state)
    trains.transfer(rules, state, spare[-1], holder)  # bought back: over again
    assert holder in trains.over_limit(rules, state)
    phases.scrap(state, spare[-1])  # rusted: not over
    assert holder not in trains.over_limit(rules, state)
    assert len(others) > len(spare)
    trains.transfer(rules, state, others[len(spare)], holder)  # another bought: over again
    assert holder in trains.over_limit(rules, state)
    close_company(rules, state, holder)  # closed: its trains are no one's concern
    assert holder not in trains.over_limit(rules, state)
    assert trains.over_limit(rules, state) == _afresh(rules, state)
