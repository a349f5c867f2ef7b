"""A derived layout's home stops are patched on the hexes whose tile changed: the same as
worked out from scratch, on every layout a greedy game and its look-aheads derive."""

from __future__ import annotations

from typing import Any

import pytest

from railyard.framework.routes import board_graph
from railyard.framework.simulate import runner


def test_patched_homes_are_the_homes_worked_out_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    patched = board_graph._layout_homes
    asked = {"derived": 0, "changed home": 0}

    def checked(layout: Any, title: Any) -> dict[Any, list[str]]:
        found = patched(layout, title)
        assert found == board_graph._homes(title, layout.tiles)
        if layout.base is not None:
            asked["derived"] += 1
            if layout.base[3] & board_graph._home_hexes_of(title):
                asked["changed home"] += 1
        return found

    monkeypatch.setattr(board_graph, "_layout_homes", checked)
    config = runner.SimConfig("1837", 4, ("greedy",))
    runner.loaded(config)
    record = runner.play_game(runner.Job(config, 0, 2))
    assert record.get("error") is None
    assert asked["derived"] > 100
    assert asked["changed home"] > 20
