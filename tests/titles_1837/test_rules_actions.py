"""The title's own actions travel through the core's JSON converter (saves, replays)."""

from __future__ import annotations

from railyard.framework.core.actions import from_json, to_json

from .rules_helpers import hooks, new_game


def test_1837_actions_round_trip_through_json():
    actions = hooks(new_game(), "actions")
    samples = [
        actions.ExchangeCoal("C", "EPP", True),
        actions.KeepCoalTrains("B", "EPP", ("1G#1", "2G#3")),
        actions.OpenNational("A", "KK", False),
        actions.FoldIn("B", "UG3", True),
        actions.ChooseHome("C", "SD5", "L8"),
    ]
    for action in samples:
        data = to_json(action)
        assert data["type"].startswith("1837_")
        assert from_json(data) == action
