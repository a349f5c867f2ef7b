"""Overrides are bounded before any is applied (issue 35, defect 3): a save or a command line
with more than the limit is refused at once, naming the field, instead of spending seconds per
thousand of them."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from railyard.framework.core.game import Game, SaveError
from railyard.framework.limits import MAX_OVERRIDES
from railyard.framework.loader import TitleErrors, load_title
from tests.framework.tinyrail import EXAMPLE
from tests.fuzz.helpers import within


@pytest.fixture(scope="module")
def title() -> Any:
    return load_title(EXAMPLE)


def test_a_save_with_more_overrides_than_the_limit_is_refused_at_once_naming_the_field(
        title: Any, tmp_path: Path) -> None:
    save = Game(title, ["a", "b"], 1).to_dict()
    save["overrides"] = ["trains.2.price=80"] * 20_000  # a 400 KB save: 40 s to load before
    (tmp_path / "g.json").write_text(json.dumps(save), encoding="utf-8")
    start = time.perf_counter()
    with within(30, "many overrides"), pytest.raises(SaveError, match=f"overrides: expected at most {MAX_OVERRIDES}"):
        Game.load(tmp_path / "g.json")
    assert time.perf_counter() - start < 2


def test_more_overrides_than_the_limit_are_refused_before_any_is_applied() -> None:
    start = time.perf_counter()
    with within(30, "many --set"), pytest.raises(TitleErrors) as caught:
        load_title(EXAMPLE, overrides=["trains.2.price=80"] * (MAX_OVERRIDES + 1))
    assert time.perf_counter() - start < 2
    [error] = caught.value.errors
    assert str(error).startswith(f"--set:0: (overrides): expected at most {MAX_OVERRIDES} overrides")


def test_overrides_up_to_the_limit_load_in_bounded_time() -> None:
    start = time.perf_counter()
    with within(60, "overrides at the limit"):
        loaded = load_title(EXAMPLE, overrides=[f"trains.2.price={80 + i % 5}" for i in range(MAX_OVERRIDES)])
    assert time.perf_counter() - start < 20
    assert loaded.trains["2"].price == 80 + (MAX_OVERRIDES - 1) % 5
