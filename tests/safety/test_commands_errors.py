"""Every command ends in one clear line and exit 1 for any file content, never a traceback
(issue 19, defect 4): the cases the issue found, each pinned."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from railyard.framework.cli import main
from railyard.framework.core.game import Game


def one_error_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


def test_replay_of_json_nested_200000_deep_says_so(tmp_path: Path, capsys) -> None:
    save = tmp_path / "deep.json"
    save.write_text("[" * 200_000 + "]" * 200_000)
    assert main(["replay", str(save)]) == 1
    assert one_error_line(capsys).endswith("cannot load the save: nested too deeply (more than 64 levels)")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("", "not JSON: Expecting value at line 1 column 1"),
        ("[]", "not a railyard save: expected an object, got a list"),
        ('{"format": "railyard-save", "version": 1, "title": "1837", "players": 3}',
         "players: expected a list of player names, got 3"),
        ('{"format": "railyard-save", "version": 2}', "version 2: this railyard reads save version 1"),
    ],
)
def test_routes_on_a_broken_save_names_what_is_wrong(tmp_path: Path, capsys, content: str, message: str) -> None:
    save = tmp_path / "bad.json"
    save.write_text(content)
    assert main(["routes", str(save), "--all"]) == 1
    assert one_error_line(capsys).endswith(message)


def test_routes_on_a_game_with_no_companies_says_so(tmp_path: Path, capsys) -> None:
    save = tmp_path / "is.json"
    Game("imperial_steam", ["a", "b"], 1).save(save)
    assert main(["routes", str(save), "--all"]) == 1
    assert "this game has no board to run trains on" in one_error_line(capsys)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"title": "nosuch"}, "no title with id 'nosuch'"),
        ({"title": "../titles/1837"}, "no title with id '../titles/1837'"),
        ({"players": []}, "players: expected a list of players"),
        ({"actions": 7}, "actions: expected the list of recorded actions"),
    ],
)
def test_import_of_a_corrupted_record_names_what_is_wrong(tmp_path: Path, capsys, change: dict, message: str) -> None:
    record = {"title": "1837", "players": [{"id": 1}, {"id": 2}, {"id": 3}], "actions": [], **change}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    assert main(["import-18xxgames", str(path)]) == 1
    assert message in one_error_line(capsys)


def test_import_of_a_top_level_list_is_refused(tmp_path: Path, capsys) -> None:
    path = tmp_path / "game.json"
    path.write_text("[1, 2]")
    assert main(["import-18xxgames", str(path)]) == 1
    assert one_error_line(capsys).endswith("expected a game object at the top level")


def test_an_unexpected_failure_is_one_line_not_a_traceback(monkeypatch, capsys) -> None:
    from railyard.framework.commands import info

    def boom(args: object) -> int:
        raise RuntimeError("something no test foresaw")

    monkeypatch.setattr(info, "run", boom)
    monkeypatch.delenv("RAILYARD_DEBUG", raising=False)
    from railyard.framework import cli

    parser = cli.build_parser()
    args = parser.parse_args(["info", "1837"])
    args.func = boom
    monkeypatch.setattr(cli, "build_parser", lambda only=None: _Fixed(parser, args))
    assert cli.main(["info", "1837"]) == 1
    assert one_error_line(capsys) == "railyard info: RuntimeError: something no test foresaw"


class _Fixed:
    def __init__(self, parser: object, args: object) -> None:
        self.args = args

    def parse_args(self, argv: object) -> object:
        return self.args
