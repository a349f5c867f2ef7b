"""Conformance: the games of 1889 recorded on 18xx.games (shared/reference/1889/games),
imported with the title's id map (titles/1889/import_18xxgames.yaml) and replayed.

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
    require,
)

GAMES = {
    # file: (effective actions, recorded result, actions replayed at least)
    "reference/1889/games/962.json": (
        446, {"545": 4444, "253": 4317, "1230": 3880, "147": 3091}, 446),
    "reference/1889/games/hs_jmmljkbw_17502.json": (
        53, {"1395": 400, "1845": 395, "671": 395, "5116": 375, "1630": 370}, 53),
    "reference/1889/games/hs_lhglbbiz_17502.json": (
        48, {"1395": 400, "1845": 395, "671": 395, "5116": 375, "1630": 370}, 48),
}
# Games that do not replay to the end yet: file -> where and why they stop (none).
STOPS: dict[str, str] = {}


@pytest.mark.parametrize("path", sorted(GAMES))
def test_the_recording_reads_with_its_seats_and_result(path: str) -> None:
    check_recording(path, "1889", GAMES)


@pytest.mark.parametrize("path", sorted(GAMES))
def test_the_replay_reaches_at_least_as_far_as_today(path: str) -> None:
    check_reaches(path, GAMES)


@pytest.mark.parametrize("path", full_replay_params(GAMES, STOPS))
def test_every_recorded_action_replays_to_the_recorded_net_worth(path: str) -> None:
    check_net_worth(path, GAMES)


@pytest.mark.parametrize("path", [p for p in sorted(GAMES) if p not in STOPS])
def test_every_run_is_replayed_and_the_game_ends_as_recorded(path: str) -> None:
    check_runs_and_end(path)


def test_a_title_without_an_id_map_takes_no_import(tmp_path, capsys) -> None:  # noqa: ANN001
    """A title takes games from the site only when its folder says how the site's ids map
    onto its own (import_18xxgames.yaml); tinyrail has none: exit 1, naming the file (one line, as for any record it cannot take)."""
    import json
    from pathlib import Path

    from railyard.framework.cli import main

    game = tmp_path / "game.json"
    game.write_text(json.dumps({"title": "tinyrail", "players": [{"id": 1}, {"id": 2}],
                                "actions": [], "result": {}}), encoding="utf-8")
    tinyrail = Path(__file__).resolve().parents[2] / "docs" / "examples" / "tinyrail"
    assert main(["import-18xxgames", str(game), "--title", str(tinyrail)]) == 1
    assert "no import_18xxgames.yaml" in capsys.readouterr().err


def test_the_import_command_names_where_a_recorded_game_stops(capsys) -> None:  # noqa: ANN001
    from railyard.framework.cli import main
    from tests.framework.site_games import game_file

    path = "reference/1889/games/962.json"
    require(path)
    code = main(["import-18xxgames", str(game_file(path))])
    out = capsys.readouterr()
    assert code in (0, 1)
    if code == 1:
        assert "diverges at action" in out.err
    assert "of 446 recorded actions replayed" in out.out
