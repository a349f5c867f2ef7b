"""``railyard transcribe-18xxgames``: an 18xx.games board file becomes map.yaml and tiles.yaml.

The boards of 1889 and 1830 must give back, as data, the maps and manifests those titles ship
(they were transcribed from the same files), and the result must load as a title. The one
difference: 1889's board also lists the site's beginner-game tiles (Beg6 ... Beg24), which no
variant of ours plays; ``--skip-tiles`` leaves them out.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml

from railyard.framework.cli import main
from railyard.framework.importers.transcribe import BoardError, parse_code, tile_records
from tests.framework.site_games import game_file

TITLES = Path(__file__).resolve().parents[2] / "titles"
BEGINNER_TILES = "Beg6,Beg7,Beg8,Beg9,Beg23,Beg24"


def board(title: str) -> Path:
    path = game_file(f"reference/{title}/board_18xxgames.json")
    if path is None:
        pytest.skip(f"no board file for {title}")
    return path


def transcribed(title: str, out: Path, *extra: str) -> tuple[dict, dict]:
    assert main(["transcribe-18xxgames", str(board(title)), "--out", str(out), *extra]) == 0
    return (yaml.safe_load((out / "map.yaml").read_text()),
            yaml.safe_load((out / "tiles.yaml").read_text()))


def loads_as_title(title: str, folder: Path, tmp_path: Path) -> object:
    """The title's own folder with the transcribed map and tiles in place, loaded."""
    from railyard.framework.loader import load_title

    copy = tmp_path / f"title-{title}"
    shutil.copytree(TITLES / title, copy)
    for name in ("map.yaml", "tiles.yaml"):
        shutil.copy(folder / name, copy / name)
    return load_title(str(copy))


@pytest.mark.parametrize("title", ["1889", "1830"])
def test_a_standard_board_transcribes_to_the_titles_own_map_and_tiles(title: str,
                                                                      tmp_path: Path) -> None:
    out = tmp_path / "out"
    new_map, new_tiles = transcribed(title, out, "--skip-tiles", BEGINNER_TILES)
    assert new_map == yaml.safe_load((TITLES / title / "map.yaml").read_text())
    assert new_tiles == yaml.safe_load((TITLES / title / "tiles.yaml").read_text())
    loaded = loads_as_title(title, out, tmp_path)
    assert len(loaded.map.hexes) == {"1889": 52, "1830": 93}[title]  # type: ignore[attr-defined]


def test_the_beginner_tiles_of_1889_are_the_one_difference_without_skip(tmp_path: Path) -> None:
    _, tiles = transcribed("1889", tmp_path / "out")
    extra = set(tiles) - set(yaml.safe_load((TITLES / "1889" / "tiles.yaml").read_text()))
    assert extra == set(BEGINNER_TILES.split(","))
    assert tiles["Beg6"] == {"color": "yellow", "count": 2, "stops": [{"kind": "city", "revenue": 20}],
                             "paths": [[0, "s0"], [2, "s0"]]}


def test_gray_custom_and_unlimited_tiles_are_transcribed(tmp_path: Path) -> None:
    """18Chesapeake: tiles 7, 8, 9 unlimited (count null), its own tiles X1-X9 (gray X8, X9),
    gray preprinted hexes with towns, a red city and the phase values of four colours."""
    new_map, tiles = transcribed("18chesapeake", tmp_path / "out")
    assert [tiles[t]["count"] for t in ("7", "8", "9", "57")] == [None, None, None, 7]
    assert tiles["X8"] == {"color": "gray", "count": 1,
                           "stops": [{"kind": "city", "revenue": 100, "slots": 4}],
                           "paths": [[0, "s0"], [1, "s0"], [2, "s0"], [3, "s0"], [4, "s0"], [5, "s0"]],
                           "labels": ["DC"]}
    assert tiles["915"]["color"] == "gray"
    assert sum(t["count"] or 0 for t in tiles.values()) == 72
    hexes = new_map["hexes"]
    assert new_map["layout"] == "flat" and new_map["axes"] == "letter_column"
    assert hexes["I9"] == {"name": "Delmarva Peninsula", "color": "gray",
                           "stops": [{"kind": "town", "revenue": 30}], "paths": [[3, "s0"], [5, "s0"]]}
    assert hexes["A3"]["stops"] == [{"kind": "city", "revenue": {"2": 40, "3": 50, "5": 60, "D": 80},
                                     "group": "Pittsburgh"}]
    assert len(hexes) == 63


def test_an_unknown_code_part_is_an_error_naming_it() -> None:
    with pytest.raises(BoardError, match="frobnicate"):
        parse_code("city=revenue:20;frobnicate=x:1", {})
    with pytest.raises(BoardError, match="no code"):
        tile_records({"tile_counts": {"Z1": 1}, "tile_colors": {"Z1": "yellow"}})


def test_a_colour_without_a_phase_is_an_error_and_phases_name_it(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    board_file = tmp_path / "b.json"
    board_file.write_text(json.dumps({"hexes": {"A1": ["red", "offboard=revenue:yellow_20|blue_30"]},
                                      "tile_counts": {}}))
    assert main(["transcribe-18xxgames", str(board_file), "--out", str(tmp_path / "o")]) == 1
    assert "no phase given for the colour 'blue'" in capsys.readouterr().err
    assert main(["transcribe-18xxgames", str(board_file), "--out", str(tmp_path / "o"),
                 "--phases", "blue=4"]) == 0
    text = (tmp_path / "o" / "map.yaml").read_text()
    assert 'revenue: {"2": 20, "4": 30}' in text
