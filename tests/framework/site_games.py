"""Games recorded on 18xx.games for the standard titles' conformance tests.

The recordings live in the shared reference folder beside the clone (``../shared``; on the
work machine also ``/work/shared``); a test of a missing file is skipped, never failed.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from railyard.framework.importers import ImportResult, import_game, read_recorded
from railyard.framework.importers.recorded import RecordedGame


def game_file(relative: str) -> Path | None:
    here = Path(__file__).resolve()
    for base in (here.parents[3] / "shared", Path("/work/shared")):
        if (base / relative).is_file():
            return base / relative
    return None


def require(relative: str) -> None:
    """Skip the calling test when the recording is not there."""
    if game_file(relative) is None:
        pytest.skip(f"{relative} not available")


@cache
def recorded(relative: str) -> RecordedGame:
    path = game_file(relative)
    assert path is not None
    return read_recorded(path)


@cache
def replayed(relative: str) -> ImportResult:
    return import_game(recorded(relative))


def where_it_stops(result: ImportResult) -> str:
    """The first refused recorded action, for an assertion message."""
    return str(result.divergence) if result.divergence else "no divergence"


# ---------------------------------------------------------------- the checks every title's
# recorded games share: GAMES maps a file to (effective actions, recorded result, actions
# replayed at least); STOPS names the games that do not replay to the end yet, and why.
Games = dict[str, tuple[int, dict[str, int], int]]


def full_replay_params(games: Games, stops: dict[str, str]) -> list[object]:
    """The games for the full-replay test, those in ``stops`` as strict expected failures."""
    return [
        pytest.param(path, marks=pytest.mark.xfail(strict=True, reason=stops[path]))
        if path in stops else path
        for path in sorted(games)
    ]


def check_recording(path: str, title: str, games: Games) -> None:
    """The recording reads with its title, seats, result and action count."""
    require(path)
    actions, result, _ = games[path]
    game = recorded(path)
    assert game.title == title
    assert game.result == result
    assert len(game.actions) == actions


def check_reaches(path: str, games: Games) -> None:
    """The replay gets at least as far as it did when the test was written."""
    require(path)
    result = replayed(path)
    assert result.handled >= games[path][2], where_it_stops(result)


def check_net_worth(path: str, games: Games) -> None:
    """Every recorded action replays, every checked run agrees, and the standings are the
    recorded net worths."""
    require(path)
    actions, result, _ = games[path]
    replay = replayed(path)
    assert replay.divergence is None, where_it_stops(replay)
    assert replay.handled == actions
    assert [r for r in replay.runs if not r.agrees] == []
    assert dict(replay.game.standings()) == result


def check_runs_and_end(path: str) -> None:
    """Each recorded run is one of ours (where the recording says what it earned, ours earns
    the same); a game that ended by the bank breaking or a bankruptcy ends here too, one ended
    by hand is still under way."""
    require(path)
    game = recorded(path)
    replay = replayed(path)
    recorded_runs = sum(1 for a in game.actions if a["type"] == "run_routes")
    assert len(replay.runs) == recorded_runs
    with_revenue = sum(1 for a in game.actions if a["type"] == "run_routes"
                       and all("revenue" in r for r in a.get("routes") or ()))
    assert sum(1 for r in replay.runs if r.checked) == with_revenue
    assert replay.game.is_over() == (game.end_reason in ("bank", "bankrupt"))
    if game.end_reason == "bank":
        assert replay.game.state.bank_broken
