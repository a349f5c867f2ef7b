"""A command line that guides (issue 18): wrong input is refused up front in one clear line
with exit code 2 or 1, a mistyped title gets a suggestion, routes say how long each search
took, a win rate's interval stays within 0-100%, a closed pipe ends the output quietly."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from railyard.framework.cli import main
from railyard.framework.core.game import Game


def test_simulate_refuses_a_player_count_the_title_does_not_take(tmp_path, capsys):
    code = main(["simulate", "1837", "--players", "9", "--games", "1", "--quiet",
                 "--out", str(tmp_path)])
    assert code == 2
    assert "1837 takes 3-7 players, not 9" in capsys.readouterr().err
    assert not (tmp_path / "games.jsonl").exists()  # nothing was played


def test_simulate_refuses_more_bots_than_seats_and_a_count_for_names(tmp_path, capsys):
    assert main(["simulate", "1837", "--players", "4", "--bots", "random,random,random,random,"
                 "greedy", "--games", "1", "--out", str(tmp_path)]) == 2
    assert "5 bots" in capsys.readouterr().err
    assert main(["simulate", "1837", "--players", "4", "--bots", "5", "--games", "1",
                 "--out", str(tmp_path)]) == 2
    assert "bot names by seat" in capsys.readouterr().err


def test_info_suggests_the_title_a_mistyped_name_meant(capsys):
    assert main(["info", "imperial-steam"]) == 1
    assert "did you mean: railyard info imperial_steam" in capsys.readouterr().err


def test_render_says_a_missing_save_file_does_not_exist(tmp_path, capsys):
    missing = tmp_path / "nope.json"
    assert main(["render", str(missing), "--out", str(tmp_path / "x.png")]) == 1
    assert capsys.readouterr().err.strip() == f"{missing}: no such file"


def test_report_without_matplotlib_says_what_to_install(tmp_path, capsys, monkeypatch):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "matplotlib" else real(name, *a))
    assert main(["report", str(tmp_path)]) == 2
    assert "pip install 'railyard[report]'" in capsys.readouterr().err


def test_a_closed_pipe_ends_info_quietly():
    """``railyard info 1837 | head -1``: no BrokenPipeError traceback."""
    command = [sys.executable, "-c", "import sys; from railyard.framework.cli import main; "
               "sys.exit(main(['info', '1837']))"]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.readline()
        proc.stdout.close()  # the reader goes away, as head does
        err = proc.stderr.read().decode()
        proc.wait(timeout=60)
    assert "Traceback" not in err and "BrokenPipeError" not in err


def _game_with_trains() -> Game:
    from railyard.framework.bots import make_bot

    game = Game("1837", ["a", "b", "c"], 7)
    bot = make_bot("greedy", game.ruleset)
    rng = random.Random(0)
    for _ in range(3000):
        if any(c.trains for c in game.state.companies.values()):
            return game
        game.process(bot.choose(game.view(), game.legal_actions(), rng))
    pytest.skip("no company bought a train")


def test_routes_print_each_companys_search_time_in_text_and_json(tmp_path, capsys):
    save = tmp_path / "g.json"
    _game_with_trains().save(save)
    assert main(["routes", str(save), "--all"]) == 0
    assert "searched in" in capsys.readouterr().out
    assert main(["routes", str(save), "--all", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data and all(isinstance(r["seconds"], float) and r["seconds"] >= 0 for r in data.values())


def test_a_win_rate_interval_stays_within_zero_and_one_and_is_asymmetric():
    from railyard.framework.simulate import stats

    none_won = stats.proportion(0, 5)
    assert none_won.low == 0.0 and 0.3 < none_won.high < 0.5
    assert none_won.text(1, percent=True) == "0.0% (0.0-43.4)"
    all_won = stats.proportion(5, 5)
    assert all_won.high == 1.0 and all_won.low > 0.5
    some = stats.proportion(1, 10)
    assert some.mean - some.low < some.high - some.mean  # longer towards the middle


def test_play_names_the_players_and_refuses_names_that_disagree_with_players(tmp_path, capsys,
                                                                               monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    save = tmp_path / "g.json"
    assert main(["play", "1837", "--headless", "--names", "Anna,Bela,Carl", "--save", str(save),
                 "--max-actions", "3"]) == 0
    assert json.loads(save.read_text())["players"] == ["Anna", "Bela", "Carl"]
    assert main(["play", "1837", "--headless", "--names", "Anna,Bela", "--players", "3"]) == 1
    assert "--names gives 2 names for --players 3" in capsys.readouterr().err
