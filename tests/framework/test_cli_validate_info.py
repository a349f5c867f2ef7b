"""``railyard validate`` and ``railyard info`` on the example title."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from railyard.framework.cli import COMMANDS, main
from tests.framework.tinyrail import EXAMPLE, broken_copy


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_validate_clean_title_exits_0(capsys) -> None:
    code, out, _ = run(capsys, "validate", str(EXAMPLE))
    assert (code, out) == (0, "tinyrail: ok\n")


def test_validate_with_variant(capsys) -> None:
    code, out, _ = run(capsys, "validate", str(EXAMPLE), "--variant", "short_game")
    assert (code, out) == (0, "tinyrail (variant short_game): ok\n")


def test_validate_lists_every_error_one_per_line(capsys, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    broken_copy(tmp_path, "trains.yaml", "price: 180", "price: cheap")
    folder = broken_copy(tmp_path, "trains.yaml", "price: 300", "price: dear")
    code, out, err = run(capsys, "validate", str(folder))
    assert code == 1
    assert out.splitlines() == [
        "tinyrail/trains.yaml:4: 3.price: expected integer, got 'cheap'",
        "tinyrail/trains.yaml:5: 4.price: expected integer, got 'dear'",
    ]
    assert err == "2 error(s)\n"


def test_validate_bad_set_exits_1(capsys) -> None:
    code, out, _ = run(capsys, "validate", str(EXAMPLE), "--set", "trains.9.price=1")
    assert (code, out) == (1, "--set:1: trains.9: no key '9' in trains\n")


def test_info_json_counts(capsys) -> None:
    code, out, _ = run(capsys, "info", str(EXAMPLE), "--json")
    assert code == 0
    info = json.loads(out)
    assert info["hexes"] == {
        "total": 12,
        "by_colour": {"red": 1, "white": 9, "yellow": 1, "gray": 1},
        "with_stop": {"city": 4, "town": 2, "mine": 0, "offboard": 1},
    }
    assert info["stops"] == {"city": 4, "town": 2, "mine": 0, "offboard": 1, "city_slots": 5}
    assert info["tiles"] == {
        "by_colour": {"yellow": 14, "green": 4, "brown": 2},
        "total": 20,
        "kinds": 8,
        "unlimited": ["3"],
    }
    assert info["trains"]["5E"] == {"count": None, "cards": 2, "price": 500}
    assert info["unlimited_trains"] == ["5E"]
    assert info["companies"] == {"major": 3}
    assert info["market"] == {"cells": 17, "par_cells": 3}
    assert (info["players"], info["bank"]) == ({"min": 2, "max": 4}, 4000)


def test_info_with_set_reports_the_override(capsys) -> None:
    _, out, _ = run(capsys, "info", str(EXAMPLE), "--json", "--set", "trains.2.price=100")
    assert json.loads(out)["trains"]["2"]["price"] == 100


def test_info_text(capsys) -> None:
    code, out, _ = run(capsys, "info", str(EXAMPLE), "--variant", "short_game")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Tinyrail: a twelve-hex example [tinyrail, family 18xx], variant short_game"
    assert "tiles: 20 in 8 kinds (yellow 14, green 4, brown 2); unlimited: 3" in lines
    assert "trains: 2 x5, 3 x3, 4 x3, 5E unlimited (2 cards)" in lines


def test_play_placeholder_loads_the_title(capsys) -> None:
    code, out, _ = run(capsys, "play", str(EXAMPLE), "--players", "3", "--headless", "--seed", "7")
    assert code == 0
    assert "tinyrail" in out


def test_each_command_is_its_own_module() -> None:
    import importlib

    for name in ("validate", "info", "play"):
        assert f"railyard.framework.commands.{name}" in COMMANDS
    for module in COMMANDS:
        assert callable(importlib.import_module(module).register), module


def test_info_of_a_family_without_models(capsys, tmp_path: Path) -> None:
    folder = tmp_path / "meeples"
    folder.mkdir()
    (folder / "title.yaml").write_text(
        "id: meeples\nname: Meeples\nfamily: test_family_cli\nplayers: {min: 1, max: 2}\n"
        "files:\n  board: {path: board.yaml, schema: 18xx/trains.schema.json}\n"
    )
    (folder / "board.yaml").write_text('"2": {distance: 2, price: 80, count: 1}\n')
    code, out, _ = run(capsys, "info", str(folder))
    assert code == 0
    assert out.splitlines()[1:] == ["players: 1-2", "top-level entries per file: board 1"]
