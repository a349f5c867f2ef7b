"""The designer's mistakes the 1889 trial found silent or misleading each give a clear message
(issue 15, point 3): errors stop the load, warnings are listed by ``railyard validate``."""

from __future__ import annotations

from pathlib import Path

import pytest

from railyard.framework.cli import main
from railyard.framework.loader import load_title
from tests.framework.tinyrail import broken_copy, errors_of


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def test_a_home_on_a_hex_without_a_city_is_an_error(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "companies.yaml", "home: C3", "home: C5")  # Fenwick is a town
    assert errors_of(folder) == ["tinyrail/companies.yaml:4: ER.home: home C5 has no city for ER's token"]


def test_a_home_on_a_blank_hex_is_an_error(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "companies.yaml", "home: C3", "home: C7")
    assert errors_of(folder) == ["tinyrail/companies.yaml:4: ER.home: home C7 has no city for ER's token"]


def test_a_wrong_first_coordinate_is_the_only_one_reported(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "map.yaml", "hexes:\n  A1:", "hexes:\n  A2: {}\n  A1:")
    assert errors_of(folder) == [
        "tinyrail/map.yaml:9: hexes.A2: bad hex coordinate 'A2': row A has no number 2 on this map "
        "(letters alternate odd and even numbers)"
    ]


def _warnings(folder: Path) -> list[str]:
    return [str(w) for w in load_title(folder).warnings]


def test_a_label_no_tile_carries_is_a_warning_that_names_the_case(tmp_path: Path) -> None:
    broken_copy(tmp_path, "tiles.yaml", '"14":\n  color: green', '"14":\n  labels: [K]\n  color: green')
    folder = broken_copy(tmp_path, "map.yaml", "    name: Easton\n", "    name: Easton\n    labels: [k]\n")
    found = _warnings(folder)
    assert "tinyrail/map.yaml:39: hexes.C3.labels[0]: warning: label 'k' is on no tile (did you mean 'K'? " \
           "labels are case-sensitive)" in found


def test_a_hex_no_tile_can_ever_replace_is_a_warning(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "map.yaml", "    name: Easton\n", "    name: Easton\n    labels: [Q]\n")
    found = _warnings(folder)
    assert any("hexes.C3: warning: no tile can ever be laid on C3 (no yellow tile fits it)" in w for w in found)


def test_track_running_off_the_map_is_a_warning(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "map.yaml", "paths: [[4, s0], [5, s0]]", "paths: [[4, s0], [1, s0]]")
    assert _warnings(folder) == [
        "tinyrail/map.yaml:13: hexes.A1.paths[1]: warning: track on A1 runs off the map (edge 1)"
    ]


def test_validate_prints_warnings_and_still_succeeds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = broken_copy(tmp_path, "map.yaml", "paths: [[4, s0], [5, s0]]", "paths: [[4, s0], [1, s0]]")
    assert main(["validate", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "warning: track on A1 runs off the map" in out and out.strip().endswith("tinyrail: ok")


def test_the_shipped_titles_have_no_warnings() -> None:
    for name in ("1837", "imperial_steam"):
        assert list(getattr(load_title(name), "warnings", ())) == []
