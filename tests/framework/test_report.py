"""``railyard report``: one self-contained HTML page with the plots embedded as PNG."""

from __future__ import annotations

import pytest

from railyard.framework.cli import main
from railyard.framework.simulate import records
from railyard.framework.simulate.runner import SimConfig, jobs_for, run_jobs

from .sim_helpers import TINYRAIL

pytest.importorskip("matplotlib")


def test_report_writes_html_with_embedded_plots_for_each_rule_set(tmp_path, capsys):
    for label, overrides in (("default", ()), ("cheap2", ("trains.2.price=40",))):
        config = SimConfig(str(TINYRAIL), 3, ("greedy", "random"), overrides=overrides, label=label)
        records.write_jsonl(tmp_path / "run" / label / records.RECORD_FILE, run_jobs(jobs_for(config, 4, 2)))
    out = tmp_path / "report.html"
    assert main(["report", str(tmp_path / "run"), "--out", str(out), "--pngs", str(tmp_path / "png")]) == 0
    page = out.read_text()
    assert page.count("src='data:image/png;base64,") == 4  # win rate, net worth, length, phases
    assert "Differences to default" in page and "cheap2" in page
    assert f"{out}: 8 games" in capsys.readouterr().out
    pngs = sorted(p.name for p in (tmp_path / "png").iterdir())
    assert pngs == ["game_length.png", "net_worth.png", "phase_timing.png", "win_rate_per_bot.png"]
    assert (tmp_path / "png" / "net_worth.png").read_bytes()[:4] == b"\x89PNG"


def test_report_on_a_folder_without_records_says_so(tmp_path, capsys):
    assert main(["report", str(tmp_path), "--out", str(tmp_path / "r.html")]) == 2
    assert "no games.jsonl under" in capsys.readouterr().err


def test_phases_are_ordered_by_their_place_in_each_game_not_by_when_the_fast_games_reach_them():
    from railyard.framework.simulate.report import phase_order

    slow = {"or_phases": ["2", "2", "3", "3", "3", "4", "4"]}
    fast = {"or_phases": ["2", "3", "4", "5"]}  # only the fast game reaches 5, at OR 4
    # by mean first-reached OR alone "5" (4) would come before "4" (mean 4.5)
    assert phase_order({"a": [slow, fast]}) == ["2", "3", "4", "5"]


def test_net_worth_is_grouped_by_rule_set_and_by_the_seat_players_sat_in():
    from railyard.framework.simulate.report import net_worth_groups

    record = {"finished": True, "error": None, "violation": None, "players": ["P1", "P2", "P3"],
              "seating": ["P3", "P1", "P2"], "seats": ["x", "y", "x"], "net_worth": [5, 6, 7], "winners": [2]}
    by_seat, by_bot = net_worth_groups({"b": [record], "a": [record, record]})
    assert list(by_seat) == ["b", "a"]
    # P3 started (seat 1), P1 sat second, P2 third
    assert by_seat["b"] == {"seat 1": [7], "seat 2": [5], "seat 3": [6]}
    assert list(by_seat["a"]) == ["seat 1", "seat 2", "seat 3"] and by_seat["a"]["seat 1"] == [7, 7]
    assert by_bot["a"] == {"x": [5, 7, 5, 7], "y": [6, 6]}
