"""Simulations: seeds from the base seed and game index, identical records for any number of
workers, --check stopping at the first broken invariant, crashes recorded, saved games that
replay, comparisons with confidence intervals, and the other rulesets (a title's own)."""

from __future__ import annotations

import json

import pytest

from railyard.framework.cli import main
from railyard.framework.core.actions import from_json
from railyard.framework.core.errors import InvariantBroken
from railyard.framework.core.game import Game
from railyard.framework.simulate import compare, records, stats
from railyard.framework.simulate.runner import SimConfig, derive_seed, jobs_for, run_jobs, seat_bots

from .sim_helpers import TINYRAIL, pile_title


def test_game_seeds_come_from_the_base_seed_and_the_game_index_alone():
    assert derive_seed(1, 0) == 7783080636819438797
    assert derive_seed(1, 1) != derive_seed(1, 0) != derive_seed(2, 0)
    assert derive_seed(1, 0, "bot") != derive_seed(1, 0)


def test_bots_rotate_through_the_seats_from_game_to_game():
    config = SimConfig("x", 4, ("greedy", "greedy", "random", "random"))
    assert seat_bots(config, 0) == ("greedy", "greedy", "random", "random")
    assert seat_bots(config, 1) == ("greedy", "random", "random", "greedy")
    fixed = SimConfig("x", 3, ("greedy", "random"), rotate=False)
    assert seat_bots(fixed, 5) == ("greedy", "random", "greedy")


def test_one_and_two_workers_write_byte_identical_records(tmp_path, capsys):
    base = ["simulate", str(TINYRAIL), "--games", "4", "--players", "3", "--bots", "greedy,random",
            "--seed", "5", "--quiet"]
    assert main([*base, "--workers", "1", "--out", str(tmp_path / "one")]) == 0
    assert main([*base, "--workers", "2", "--out", str(tmp_path / "two")]) == 0
    one = (tmp_path / "one" / records.RECORD_FILE).read_bytes()
    assert one == (tmp_path / "two" / records.RECORD_FILE).read_bytes()
    games = records.read_jsonl(tmp_path / "one" / records.RECORD_FILE)
    assert [g["index"] for g in games] == [0, 1, 2, 3]
    assert all(g["finished"] and g["error"] is None for g in games)
    first = games[0]
    assert first["seed"] == derive_seed(5, 0) and first["seats"] == ["greedy", "random", "greedy"]
    assert len(first["net_worth"]) == 3 and first["winners"]
    assert first["rounds"]["operating"] == len(first["or_phases"]) > 0
    out = capsys.readouterr().out
    assert "win rate" in out and "crashes: 0" in out


def test_check_stops_at_the_first_broken_invariant_with_its_seed_and_action(tmp_path, capsys):
    title = pile_title(tmp_path / "broken", broken=True)
    out = tmp_path / "run"
    code = main(["simulate", str(title), "--games", "6", "--players", "2", "--bots", "adder", "--workers", "2",
                 "--check", "--save-games", "--quiet", "--out", str(out)])
    assert code == 1
    err = capsys.readouterr().err
    games = records.read_jsonl(out / records.RECORD_FILE)
    # the adder adds 3 each time: 3, 6, 9, 12, 15 -> the fifth action breaks the invariant
    assert games[0]["violation"]["action_index"] == 4
    assert games[0]["violation"]["problems"] == ["pile 15 passed 12 (injected by the test)"]
    assert f"game 0 (seed {derive_seed(1, 0)}) after action 4" in err
    assert len(games) < 6  # the run stopped there
    # the saved game holds the actions before the violation; the recorded one breaks it again
    game = Game.load(out / "games" / "game_00000.json", title=title, debug=True)  # a save names ids only
    with pytest.raises(InvariantBroken):
        game.process(from_json(games[0]["violation"]["action"]))


def test_without_check_the_same_games_run_to_the_end(tmp_path):
    config = SimConfig(str(pile_title(tmp_path / "broken", broken=True)), 2, ("adder",))
    games = run_jobs(jobs_for(config, 3, 1), workers=1)
    assert [g["finished"] for g in games] == [True, True, True]
    assert games[0]["net_worth"] == [12, 9] and games[0]["winners"] == [0]


def test_a_crashing_bot_is_recorded_and_the_run_goes_on(tmp_path):
    config = SimConfig(str(pile_title(tmp_path / "pile")), 2, ("crasher", "adder"))
    games = run_jobs(jobs_for(config, 2, 1), workers=2)
    assert len(games) == 2 and stats.crash_count(games) == 2
    assert games[0]["error"]["type"] == "ValueError"
    assert games[0]["error"]["message"] == "the crasher gives up at 9"
    assert games[0]["error"]["action_index"] == 4  # 3, 6, 9 (its own), 12: then it gives up


def test_saved_games_replay_to_the_recorded_standings(tmp_path, capsys):
    out = tmp_path / "run"
    assert main(["simulate", str(TINYRAIL), "--games", "2", "--players", "3", "--bots", "random",
                 "--save-games", "--quiet", "--out", str(out)]) == 0
    games = records.read_jsonl(out / records.RECORD_FILE)
    save = out / "games" / "game_00001.json"
    assert main(["replay", str(save), "--tail", "0", "--title", str(TINYRAIL)]) == 0
    replayed = Game.load(save, title=TINYRAIL)  # a save names its title by id only
    assert replayed.is_over() and len(replayed.actions) == games[1]["actions"]
    assert [dict(replayed.standings())[p] for p in games[1]["players"]] == games[1]["net_worth"]
    # the run says which code played it (a git commit here, marked when the tree had changes)
    import json
    import re

    code = json.loads((out / "run.json").read_text())["code"]
    assert re.fullmatch(r"[0-9a-f]{40}(\+changes)?|railyard .+", code), code


def test_compare_spec_parsing():
    assert compare.parse_spec("first_edition") == compare.RuleSet("first_edition", "first_edition", ())
    assert compare.parse_spec("default") == compare.RuleSet("default", None, ())
    assert compare.parse_spec("default;trains.5.price=700").label == "trains.5.price=700"
    assert compare.parse_spec("cheap5:trains.5.price=700") == compare.RuleSet("cheap5", None, ("trains.5.price=700",))
    both = compare.parse_spec("fe:first_edition;trains.5.price=700", None, ("setup.bank=9000",))
    assert both == compare.RuleSet("fe", "first_edition", ("setup.bank=9000", "trains.5.price=700"))


def test_compare_runs_every_set_on_the_same_seeds_with_confidence_intervals(tmp_path, capsys):
    out = tmp_path / "cmp"
    code = main(["simulate", str(TINYRAIL), "--games", "6", "--players", "3", "--bots", "greedy,random",
                 "--workers", "2", "--quiet", "--out", str(out),
                 "--compare", "default", "cheap2:trains.2.price=40"])
    assert code == 0
    base = records.read_jsonl(out / "default" / records.RECORD_FILE)
    cheap = records.read_jsonl(out / "cheap2" / records.RECORD_FILE)
    assert [r["seed"] for r in base] == [r["seed"] for r in cheap]
    assert cheap[0]["overrides"] == ["trains.2.price=40"]
    result = json.loads((out / "compare.json").read_text())
    diff = result["differences"]["cheap2"]["actions"]
    assert diff["n"] == 6 and diff["ci95"] > 0
    assert result["sets"]["default"]["bots"]["greedy"]["win_rate"]["ci95"] > 0
    table = (out / "compare.md").read_text()
    assert "Differences to `default`" in table and "±" in table
    assert "Win rate per bot" in capsys.readouterr().out


def test_an_unknown_bot_is_refused_before_any_game(tmp_path, capsys):
    title = pile_title(tmp_path / "pile")
    assert main(["simulate", str(title), "--bots", "greedy", "--quiet", "--out", str(tmp_path / "o")]) == 2
    assert "no bot 'greedy' for this title (known: adder, crasher, random, uniform)" in capsys.readouterr().err


def test_a_title_with_its_own_ruleset_simulates_with_random_bots():
    config = SimConfig("imperial_steam", 3, ("random",))
    games = run_jobs(jobs_for(config, 2, 1), workers=1)
    assert [g["finished"] for g in games] == [True, True]
    assert games[0]["rounds"] == {"rounds": 8} and games[0]["or_phases"] == []
    assert {g["end_reason"] for g in games} <= {"the last round is played", "Wien is connected to Trieste"}
    assert stats.crash_count(games) == 0


def test_the_stall_guard_counts_every_rulesets_pass():
    from railyard.framework.core.actions import registered_types
    from railyard.framework.core.ruleset import ruleset_for
    from railyard.framework.eighteen.actions import Pass
    from railyard.framework.loader import load_title
    from railyard.framework.simulate.runner import is_pass

    ruleset_for(load_title("imperial_steam"))  # registers the title's own actions
    kinds = registered_types()
    assert is_pass(Pass("A")) and is_pass(kinds["is_pass"])
    assert [tag for tag, kind in kinds.items() if is_pass(kind)] == [t for t in kinds if t.endswith("pass")]
    assert not is_pass(kinds["buy_shares"])


def test_ray_backend_gives_the_local_records(tmp_path):
    pytest.importorskip("ray")
    config = SimConfig(str(pile_title(tmp_path / "pile")), 2, ("adder", "random"))
    jobs = jobs_for(config, 3, 1)
    assert run_jobs(jobs, workers=2, backend="ray") == run_jobs(jobs, workers=1)


def test_the_default_output_never_writes_over_earlier_records(tmp_path, monkeypatch, capsys):
    # simulations/1837-s1 holds records kept in git: a run without --out picks a new folder
    monkeypatch.chdir(tmp_path)
    earlier = tmp_path / "simulations" / "tinyrail-s3"
    earlier.mkdir(parents=True)
    (earlier / "games.jsonl").write_text("kept\n")
    base = ["simulate", str(TINYRAIL), "--games", "1", "--players", "3", "--bots", "random", "--seed", "3",
            "--quiet"]
    assert main(base) == 0
    assert main(base) == 0
    assert (earlier / "games.jsonl").read_text() == "kept\n"
    assert (tmp_path / "simulations" / "tinyrail-s3-2" / "games.jsonl").is_file()
    assert (tmp_path / "simulations" / "tinyrail-s3-3" / "games.jsonl").is_file()
    assert "records in simulations/tinyrail-s3-3" in capsys.readouterr().out


def test_a_game_played_after_others_in_one_process_gives_the_record_it_gives_alone():
    """The engine's caches (tile-lay verdicts, reach walks, graphs) are emptied around each
    game and keyed by everything they answer from: a process that played other games first,
    with the collector paused during each, records the same game byte for byte."""
    import gc

    from railyard.framework.simulate import runner

    config = SimConfig("1837", 4, ("greedy", "random"))
    first = runner.play_game(runner.Job(config, 0, 11))
    runner.play_game(runner.Job(config, 1, 11))
    runner.play_game(runner.Job(SimConfig("1889", 4, ("random",)), 0, 11))
    again = runner.play_game(runner.Job(config, 0, 11))
    assert json.dumps(again, sort_keys=True) == json.dumps(first, sort_keys=True)
    assert first["actions"] > 300
    assert gc.isenabled()  # the collector is back once a game is over
