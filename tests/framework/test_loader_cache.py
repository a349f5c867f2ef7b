"""The disk cache of loaded titles (framework/loader/cache.py): a second start skips schema
validation and structuring, but never serves a title whose files changed, and a broken cache
entry is ignored. (Speed itself is measured in benchmarks/compare.py, not here.)"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from railyard.framework import loader
from railyard.framework.loader import load_title

PACKETRAIL = Path(__file__).resolve().parents[1] / "fixtures" / "packetrail"


@pytest.fixture
def title_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("RAILYARD_CACHE_DIR", str(tmp_path / "cache"))
    folder = tmp_path / "packetrail"
    shutil.copytree(PACKETRAIL, folder)
    loader._CACHE.clear()  # the in-process cache would hide the disk cache
    return folder


def _entries(folder: Path) -> list[Path]:
    return sorted((folder.parent / "cache" / "titles").glob("*.pickle"))


def test_a_second_load_comes_from_the_cache_and_equals_the_first(title_copy: Path) -> None:
    first = load_title(title_copy)
    assert len(_entries(title_copy)) == 1
    loader._CACHE.clear()
    second = load_title(title_copy)
    assert second == first
    assert second.trains["2"].price == 80


def test_an_edited_title_file_is_loaded_again_not_served_from_the_cache(title_copy: Path) -> None:
    assert load_title(title_copy).trains["2"].price == 80
    trains = title_copy / "trains.yaml"
    trains.write_text(trains.read_text().replace("price: 80", "price: 85"))
    loader._CACHE.clear()
    assert load_title(title_copy).trains["2"].price == 85
    assert len(_entries(title_copy)) == 2


def test_a_corrupt_cache_entry_is_ignored_and_replaced(title_copy: Path) -> None:
    first = load_title(title_copy)
    (entry,) = _entries(title_copy)
    entry.write_bytes(b"not a pickle at all")
    loader._CACHE.clear()
    assert load_title(title_copy) == first
    assert entry.read_bytes() != b"not a pickle at all"


def test_errors_are_never_cached(title_copy: Path) -> None:
    trains = title_copy / "trains.yaml"
    trains.write_text(trains.read_text().replace("price: 80", "price: -5"))
    for _ in range(2):
        loader._CACHE.clear()
        with pytest.raises(loader.TitleErrors):
            load_title(title_copy)
    assert _entries(title_copy) == []


def test_the_cache_can_be_switched_off(title_copy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RAILYARD_CACHE_DIR", "off")
    assert load_title(title_copy).trains["2"].price == 80
    assert _entries(title_copy) == []


def test_old_entries_are_dropped_beyond_the_limit(title_copy: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from railyard.framework.loader import cache

    monkeypatch.setattr(cache, "MAX_ENTRIES", 2)
    trains = title_copy / "trains.yaml"
    for price in (81, 82, 83):
        trains.write_text(trains.read_text().replace("price: 80", f"price: {price}")
                          .replace(f"price: {price - 1}", f"price: {price}"))
        loader._CACHE.clear()
        assert load_title(title_copy).trains["2"].price == price
    assert len(_entries(title_copy)) == 2
