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
