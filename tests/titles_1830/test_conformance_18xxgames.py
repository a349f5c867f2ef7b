"""Conformance: the games of 1830 recorded on 18xx.games (shared/reference/1830/games),
imported with the title's id map (titles/1830/import_18xxgames.yaml) and replayed.

Each game must replay every recorded action, every run earning the recorded revenue, to the
recorded net worth of every player. Where our engine still refuses a recorded action, the
full-replay test is an expected failure naming that action, and a second test holds the
replay to at least the actions it reaches today (so a regression shows).
"""

from __future__ import annotations

import pytest

from tests.framework.site_games import (
    check_net_worth,
    check_reaches,
    check_recording,
    check_runs_and_end,
    full_replay_params,
)

GAMES = {
    # file: (effective actions, recorded result, actions replayed at least)
    "reference/1830/games/1830_game_end_bank.json": (
        606, {"13430": 13048, "15688": 12109, "15698": 12025}, 606),
    "reference/1830/games/26855.json": (
        502, {"330": 2212, "82": 2127, "1627": 1831, "117": 310}, 502),
}
# Games that do not replay to the end yet: file -> where and why they stop (none).
STOPS: dict[str, str] = {}


@pytest.mark.parametrize("path", sorted(GAMES))
def test_the_recording_reads_with_its_seats_and_result(path: str) -> None:
    check_recording(path, "1830", GAMES)


@pytest.mark.parametrize("path", sorted(GAMES))
def test_the_replay_reaches_at_least_as_far_as_today(path: str) -> None:
    check_reaches(path, GAMES)


@pytest.mark.parametrize("path", full_replay_params(GAMES, STOPS))
def test_every_recorded_action_replays_to_the_recorded_net_worth(path: str) -> None:
    check_net_worth(path, GAMES)


@pytest.mark.parametrize("path", [p for p in sorted(GAMES) if p not in STOPS])
def test_every_run_is_replayed_and_the_game_ends_as_recorded(path: str) -> None:
    check_runs_and_end(path)


def test_a_route_recorded_without_its_stops_is_chained_from_its_connections() -> None:
    """Older recordings give a run only as connections, each in either direction (1889 game
    962, UR's 4 train: Matsuyama - Ohzu - Uwajima - Kouchi)."""
    from railyard.framework.importers.site_18xxgames import route_stops

    route = {"connections": [["E2", "D3", "C4"], ["B7", "B5", "C4"],
                             ["F9", "E8", "D9", "C8", "B7"]], "train": "4-0"}
    stops, legs = route_stops(route)
    assert stops == ["E2-0", "C4-0", "B7-0", "F9-0"]
    assert legs == [["E2", "D3", "C4"], ["C4", "B5", "B7"], ["B7", "C8", "D9", "E8", "F9"]]
    recorded = {"connections": [["F22", "F20"], ["F24", "F22"]],
                "nodes": ["F20-1", "F22-0", "F24-0"]}
    assert route_stops(recorded) == (["F20-1", "F22-0", "F24-0"],
                                     [["F20", "F22"], ["F22", "F24"]])
