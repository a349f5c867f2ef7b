"""The reference engine's facts without Ruby: every corpus file under tests/conformance/<title>/
is a game the referee agreed with to the end; replayed with our engine, each recorded referee
state (every K actions and at the end) must equal our snapshot there."""

from __future__ import annotations

from pathlib import Path

import pytest

from railyard.framework.conformance.corpus import check_entry
from railyard.framework.conformance.reproducer import read_corpus

HERE = Path(__file__).parent
FILES = sorted(HERE.glob("*/*.json.gz"))


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.name}" for p in FILES])
def test_our_replay_of_a_refereed_game_has_the_reference_engines_states(path: Path) -> None:
    failures = check_entry(read_corpus(path))
    assert failures == [], [(count, [str(d) for d in diffs]) for count, diffs in failures[:3]]
