"""A title's data is bounded before the work it bounds, and what validates can be played and
saved (issue 35, defects 1, 2, 7 and 8): a located error at once, never a hang, never a title
whose saves cannot be read back, never an ok for a game that cannot start."""

from __future__ import annotations

import time
import tracemalloc
from pathlib import Path

import pytest

from railyard.framework.core.game import Game
from railyard.framework.loader import TitleErrors, load_title
from tests.framework.tinyrail import broken_copy, errors_of
from tests.fuzz.helpers import within


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("RAILYARD_CACHE_DIR", "off")


def test_a_player_count_past_the_bound_is_a_located_error_at_once_in_little_memory(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "title.yaml", "players: {min: 2, max: 4}",
                         "players: {min: 2, max: 1000000000000000000}")
    tracemalloc.start()
    start = time.perf_counter()
    try:
        with within(10, "huge player count"):
            found = errors_of(folder)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert time.perf_counter() - start < 5
    assert peak < 50 * 1024 * 1024
    assert len(found) == 1
    assert found[0].startswith("tinyrail/title.yaml:6: players.max: ")
    assert "16" in found[0]  # the bound is named


def test_error_collection_costs_the_same_per_error_however_many_came_before(tmp_path: Path) -> None:
    """40,000 unknown keys (quadratic collection: over two minutes) are all reported, in
    seconds."""
    folder = broken_copy(tmp_path, "map.yaml", "\nhexes:",
                         "".join(f"\nbogus_{i}: 1" for i in range(40_000)) + "\nhexes:")
    start = time.perf_counter()
    with within(60, "many errors"):
        found = errors_of(folder)
    assert time.perf_counter() - start < 20
    assert len(found) == 40_000
    assert found[0].startswith("tinyrail/map.yaml:") and ": bogus_0: unknown key" in found[0]


@pytest.mark.parametrize("title_id", ["My1889", "my-1889", "a b", "../x"])
def test_a_title_id_a_save_could_not_name_is_refused_at_its_line(tmp_path: Path, title_id: str) -> None:
    folder = broken_copy(tmp_path, "title.yaml", "id: tinyrail", f'id: "{title_id}"')
    [error] = errors_of(folder)
    assert error.startswith("tinyrail/title.yaml:3: id: expected an id of a-z, 0-9 and _")


def test_a_variant_key_a_save_could_not_name_is_refused_at_its_line(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "title.yaml", "  short_game:", "  Short-Game:")
    [error] = errors_of(folder)
    assert error.startswith("tinyrail/title.yaml:")
    assert "variants.Short-Game: bad key: expected a variant key of a-z, 0-9 and _" in error


def test_every_title_that_validates_saves_a_game_that_loads(tmp_path: Path) -> None:
    """What the schema lets through, the save reader reads: a game of the (valid) example
    with its variant saves and loads back."""
    title = load_title(broken_copy(tmp_path, "title.yaml", "id: tinyrail", "id: tiny_rail_2"),
                       variant="short_game")
    game = Game(title, ["a", "b"], 1)
    game.process(game.legal_actions()[0])
    game.save(tmp_path / "g.json")
    again = Game.load(tmp_path / "g.json", title=title)
    assert again.state_hash() == game.state_hash()


def test_an_unknown_operating_round_step_is_a_located_error_not_a_game_that_cannot_start(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "setup.yaml", "priority: first_seat",
                         "priority: first_seat\noperating_round:\n  steps: [home, tile, tokn, run, dividend, trains]")
    with pytest.raises(TitleErrors) as caught:
        load_title(folder)
    found = [str(e) for e in caught.value]
    assert any(e.startswith("tinyrail/setup.yaml:") and "operating_round.steps[2]: no operating-round step 'tokn'" in e
               for e in found), found


def test_a_train_price_below_the_rules_least_price_is_a_located_error(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "trains.yaml", "price: 80", "price: 0")
    [error] = errors_of(folder)
    assert error.startswith("tinyrail/trains.yaml:3: 2.price: a train costs at least 1")


def test_a_title_file_with_more_entries_than_its_count_bound_is_a_located_error(tmp_path: Path) -> None:
    extra = "".join(f'"x{i}": {{distance: 2, price: 80, count: 1}}\n' for i in range(500))
    folder = broken_copy(tmp_path, "trains.yaml", '"2": {', extra + '"2": {')
    found = errors_of(folder)
    assert len(found) == 1 and found[0].startswith("tinyrail/trains.yaml:"), found
    assert "expected at most 500 entries, got 504" in found[0]
