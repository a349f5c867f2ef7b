"""A title's hooks module must give rules: ``Hooks`` (added to its family's ruleset) or
``RULESET`` (its own). One that defines neither is an error, not a silent game without the
title's rules (docs/hooks.md)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from railyard.framework.cli import main
from railyard.framework.core.game import Game
from railyard.framework.core.ruleset import HooksError
from railyard.framework.loader import TitleErrors

TINYRAIL = Path(__file__).resolve().parents[2] / "docs" / "examples" / "tinyrail"


def _title_with_hooks(tmp_path: Path, source: str) -> Path:
    folder = tmp_path / "tinyrail"
    shutil.copytree(TINYRAIL, folder)
    manifest = folder / "title.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + "hooks: hooks\n", encoding="utf-8")
    (folder / "hooks.py").write_text(source, encoding="utf-8")
    return folder


def test_validate_reports_a_hooks_module_that_defines_neither_hooks_nor_ruleset(tmp_path, capsys):
    folder = _title_with_hooks(tmp_path, "HELPER = 1\n")
    assert main(["validate", str(folder)]) == 1
    out = capsys.readouterr().out
    assert "hooks.py" in out and "neither Hooks" in out


def test_a_game_of_such_a_title_does_not_start_without_its_rules(tmp_path):
    folder = _title_with_hooks(tmp_path, "HELPER = 2\n")
    with pytest.raises(TitleErrors, match="neither Hooks"):  # refused as the title loads
        Game(str(folder), ["A", "B", "C"], 1)


def test_hooks_that_are_not_the_familys_hooks_are_an_error(tmp_path):
    folder = _title_with_hooks(tmp_path, "class Hooks:\n    pass\n")
    with pytest.raises(HooksError, match="subclass"):
        Game(str(folder), ["A", "B", "C"], 1)


def test_a_hooks_module_with_hooks_plays(tmp_path):
    folder = _title_with_hooks(
        tmp_path, "from railyard.framework.eighteen.hooks import Hooks as Base\n\n\n"
                  "class Hooks(Base):\n    pass\n")
    assert main(["validate", str(folder)]) == 0
    game = Game(str(folder), ["A", "B", "C"], 1)
    assert game.legal_actions()
