"""The greedy bot scores a look-ahead lay by the company's best run on the board after it,
searched on that board with the state's trains and phase, without an evolved copy of the
state: at every lay it scores in 1837, 1830 and 1889 greedy games, the total is the one
``_run_total`` gives on the state evolved with that board (the long way)."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from railyard.framework.bots import greedy
from railyard.framework.eighteen import running
from railyard.framework.simulate import runner


@pytest.mark.parametrize("title,seed", [("1837", 1), ("1830", 2), ("1889", 3)])
def test_a_lays_total_is_the_total_on_the_state_with_that_board(
        monkeypatch: pytest.MonkeyPatch, title: str, seed: int) -> None:
    revenue_on = greedy.GreedyBot._revenue_on
    asked = {"lays": 0}

    def compared(self: Any, state: Any, cid: str, board: Any) -> int:
        found = revenue_on(self, state, cid, board)
        here = attrs.evolve(state, board=board)
        ran = list(getattr(state.round, "ran", []))
        assert found == self._run_total(here, cid, running.runnable(here, cid, ran))
        asked["lays"] += 1
        return found

    monkeypatch.setattr(greedy.GreedyBot, "_revenue_on", compared)
    config = runner.SimConfig(title, 4, ("greedy",))
    runner.loaded(config)
    record = runner.play_game(runner.Job(config, 0, seed))
    assert record.get("error") is None
    assert asked["lays"] > 50
