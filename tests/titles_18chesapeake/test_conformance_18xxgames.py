"""Conformance: the games of 18Chesapeake recorded on 18xx.games (shared/reference/18Chesapeake/games),
imported with the title's id map (titles/18Chesapeake/import_18xxgames.yaml) and replayed.

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
    "reference/18chesapeake/games/1277.json": (
        424, {"439": 1216, "421": 1153, "438": 1045, "218": 1028, "790": 600}, 424),
    "reference/18chesapeake/games/1905.json": (
        543, {"91": 6214, "524": 4848, "289": 4604, "634": 4210}, 543),
    "reference/18chesapeake/games/14377.json": (
        487, {"5149": 6756, "429": 6399, "5147": 5998}, 487),
    "reference/18chesapeake/games/22383.json": (83, {"4985": 1344, "5107": 1275}, 83),
}
# Games that do not replay to the end yet: file -> where and why they stop.
STOPS: dict[str, str] = {}


@pytest.mark.parametrize("path", sorted(GAMES))
def test_the_recording_reads_with_its_seats_and_result(path: str) -> None:
    check_recording(path, "18chesapeake", GAMES)


@pytest.mark.parametrize("path", sorted(GAMES))
def test_the_replay_reaches_at_least_as_far_as_today(path: str) -> None:
    check_reaches(path, GAMES)


@pytest.mark.parametrize("path", full_replay_params(GAMES, STOPS))
def test_every_recorded_action_replays_to_the_recorded_net_worth(path: str) -> None:
    check_net_worth(path, GAMES)


@pytest.mark.parametrize("path", [p for p in sorted(GAMES) if p not in STOPS])
def test_every_run_is_replayed_and_the_game_ends_as_recorded(path: str) -> None:
    check_runs_and_end(path)
