"""The scripting facade (docs/scripting.md): ``import railyard`` is light, its example runs,
a copied game is independent, and a game keeps the variant its title was loaded with."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "scripting.md"


def test_import_railyard_loads_no_ui_and_no_schema_checker_then_new_game_works():
    code = (
        "import sys, railyard\n"
        "heavy = [m for m in sys.modules if m.split('.')[0] in ('pygame', 'jsonschema')]\n"
        "assert not heavy, heavy\n"
        "game = railyard.new_game('1837', players=['A', 'B', 'C'], seed=3)\n"
        "assert game.legal_actions() and not game.is_over()\n"
        "assert 'pygame' not in sys.modules\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_the_scripting_page_example_runs(capsys):
    example = re.search(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert example is not None
    namespace: dict = {}
    exec(compile(example.group(1), str(DOC), "exec"), namespace)
    result = namespace["result"]
    assert result.finished and [p for p, _ in result.standings] and len(result.standings) == 4
    assert result.record["players"] == ["P1", "P2", "P3", "P4"]
    assert str(result.standings) in capsys.readouterr().out


def test_a_copied_game_is_independent_of_the_original():
    import railyard

    game = railyard.new_game("1837", players=["A", "B", "C"], seed=5)
    for _ in range(6):
        game.process(game.legal_actions()[0])
    before = (game.state_hash(), len(game.actions), game.log)
    twin = game.copy()
    assert twin.state_hash() == before[0]
    twin.process(twin.legal_actions()[-1])
    twin.undo()
    twin.undo()
    twin.process(twin.legal_actions()[-1])
    assert (game.state_hash(), len(game.actions), game.log) == before
    game.undo()
    assert len(twin.actions) == 6 and twin.state_hash() != game.state_hash()


def test_a_game_takes_the_variant_of_its_loaded_title_and_its_save_replays():
    import railyard

    title = railyard.load_title("1837", "first_edition")
    game = railyard.new_game(title, players=["A", "B", "C"], seed=2)
    for _ in range(5):
        game.process(game.legal_actions()[0])
    saved = game.to_dict()
    assert saved["variant"] == "first_edition"
    again = railyard.Game.from_dict(saved)
    assert again.variant == "first_edition" and again.state_hash() == game.state_hash()


def test_naming_another_variant_than_the_loaded_titles_is_an_error():
    import railyard

    title = railyard.load_title("1837", "first_edition")
    with pytest.raises(ValueError, match="variant 'rails_mines'"):
        railyard.new_game(title, players=["A", "B", "C"], variant="rails_mines")


def test_play_returns_standings_and_a_record_that_replays():
    import railyard

    game = railyard.new_game("1837", players=["A", "B", "C"], seed=4)
    result = railyard.play(game, bots={"A": "greedy", "B": "random", "C": "random"})
    assert result.finished and result.reason == "the game is over"
    assert sorted(p for p, _ in result.standings) == ["A", "B", "C"]
    replayed = railyard.Game.from_dict(result.record)
    assert replayed.is_over() and replayed.standings() == result.standings


def test_play_refuses_bots_that_do_not_name_every_seat():
    import railyard

    game = railyard.new_game("1837", players=["A", "B", "C"], seed=4)
    with pytest.raises(ValueError, match="missing"):
        railyard.play(game, bots={"A": "greedy"})
