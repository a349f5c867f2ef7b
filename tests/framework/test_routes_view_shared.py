"""A company's view of a graph takes the stop order (ids, their indices) from what the graphs
of one shape share, and a train's stoppers (the stops a route must end at: at an end for the
train, or blocked for the company) from the few blocked stops it lists: at every view and train
of 1837 and 1830 greedy games, both are what the graph's stops and the view's blocked flags
give worked out afresh."""

from __future__ import annotations

from typing import Any

import pytest

from railyard.framework.routes import search
from railyard.framework.simulate import runner


@pytest.mark.parametrize("title,seed", [("1837", 1), ("1830", 2)])
def test_shared_stop_order_and_stoppers_are_those_worked_out_afresh(
        monkeypatch: pytest.MonkeyPatch, title: str, seed: int) -> None:
    kind_init = search._KindView.__init__
    asked = {"kinds": 0, "blocked": 0}

    def checked(self: Any, view: Any, *args: Any) -> None:
        kind_init(self, view, *args)
        ids = list(view.graph.stops)
        assert view.ids == ids
        assert view.index == {sid: i for i, sid in enumerate(ids)}
        assert view.shared.content[0] == tuple(ids)
        assert sorted(view.blocked_at) == [i for i, b in enumerate(view.blocked) if b]
        assert self.stopper == [b or e for b, e in zip(view.blocked, self.at_end, strict=True)]
        asked["kinds"] += 1
        asked["blocked"] += bool(view.blocked_at)

    monkeypatch.setattr(search._KindView, "__init__", checked)
    config = runner.SimConfig(title, 4, ("greedy",))
    runner.loaded(config)
    record = runner.play_game(runner.Job(config, 0, seed))
    assert record.get("error") is None
    assert asked["kinds"] > 100
    assert asked["blocked"] > 5
