"""Realism report (issue 20, point 3): bot games beside the recorded 18xx.games game of 1837.

The recorded game is replayed by the importer and measured from its replay: 10 stock and 15
operating rounds, phase 2 for the first five ORs, the bank broken at the end, the winner at
9532 and the last player at 7352 (the recorded net worths), 25 trains bought in phase 2.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from railyard.framework.cli import main
from railyard.framework.simulate import human, runner

GAMES = Path("/work/shared/reference/1837/games")
needs_game = pytest.mark.skipif(
    not (GAMES / "18xxgames_202234_game_end_bank.json").is_file(), reason="recorded game not available"
)


@pytest.fixture(scope="module")
def sim_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One greedy 4-player game of 1837 (18xx.games rules), with its save, as `simulate` writes it."""
    from railyard.framework.simulate.records import write_jsonl

    out = tmp_path_factory.mktemp("sim")
    config = runner.SimConfig(title="1837", players=4, bots=("greedy",), variant="18xx_games",
                              save_dir=str(out / "games"))
    records = runner.run_jobs(runner.jobs_for(config, 1, 1), workers=1)
    write_jsonl(out / "games.jsonl", records)
    return out


@needs_game
def test_recorded_1837_game_measured_from_its_replay() -> None:
    games, notes = human.human_games(GAMES, "1837")
    assert notes == []
    (game,) = games
    assert game.finished and game.end_reason == "the bank is broken"
    assert (game.stock_rounds, game.operating_rounds) == (10, 15)
    assert game.or_phases == ("2", "2", "2", "2", "2", "3", "3+1", "3+1", "4", "4E", "5", "5", "5", "5", "5")
    assert (game.winner_worth, game.last_worth) == (9532, 7352)
    assert game.trains_by_phase is not None and game.trains_by_phase["2"] == 25
    assert sum(game.trains_by_phase.values()) == 56  # every buy_train of the replay
    assert game.first_or_in("4") == 9 and game.first_or_in("4+1") is None


@needs_game
def test_bot_games_measured_alike_from_saves_and_from_records(sim_dir: Path) -> None:
    (saved,) = human.bot_games(sim_dir)
    record = json.loads((sim_dir / "games.jsonl").read_text().splitlines()[0])
    from_record = human.measure_record(record, "game 0")
    # the save's replay and the record agree on everything, the trains bought per phase too
    # (counted as the game is played, by the phase in force at each purchase)
    assert saved.finished and from_record.finished
    assert saved.or_phases == from_record.or_phases == tuple(record["or_phases"])
    assert (saved.stock_rounds, saved.operating_rounds) == (record["rounds"]["stock"], record["rounds"]["operating"])
    assert saved.winner_worth == max(record["net_worth"]) and saved.last_worth == min(record["net_worth"])
    assert saved.trains_by_phase and from_record.trains_by_phase == saved.trains_by_phase
    older = {k: v for k, v in record.items() if k != "trains_by_phase"}  # a record from before
    assert human.measure_record(older, "game 0").trains_by_phase is None


@needs_game
def test_compare_human_command_tables_both_sets(sim_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare-human", "1837", str(GAMES), str(sim_dir)]) == 0
    text = capsys.readouterr().out
    assert "1837: 1 human game(s), 1 bot game(s) (1 finished)" in text
    assert "trains bought in phase 2" in text and "human the bank is broken 1" in text
    assert main(["compare-human", "1837", str(GAMES), str(sim_dir), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    rows = {r["measure"]: r for r in data["rows"]}
    assert rows["stock rounds"]["human_min"] == rows["stock rounds"]["human_max"] == 10
    assert rows["winner's net worth"]["human_min"] == 9532
    assert rows["operating rounds"]["bot_games"] == 1


def test_inside_means_the_human_range_meets_the_bots_quartiles() -> None:
    assert human.Row("x", (10.0,), (9.0, 10.0, 11.0, 12.0)).inside is True
    assert human.Row("x", (15.0,), (17.0, 18.0, 18.0, 19.0)).inside is False
    assert human.Row("x", (15.0,), (14.0, 18.0, 18.0, 19.0)).plausible is True


def test_compare_human_names_a_missing_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare-human", "1837", str(tmp_path / "none"), str(tmp_path)]) == 2
    assert "no such folder" in capsys.readouterr().err
