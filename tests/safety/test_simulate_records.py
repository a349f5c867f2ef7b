"""Simulation records are safe (issue 35, defect 9): a second run on a folder another run is
writing refuses at once instead of interleaving its records and overwriting its saved games,
and a report names a bad line by file and line and reads every other record."""

from __future__ import annotations

import contextlib
import io
import json
import time
from pathlib import Path

import pytest

from railyard.framework.cli import main
from railyard.framework.simulate import records
from railyard.framework.simulate.outlock import holding
from tests.framework.sim_helpers import TINYRAIL

RUN = ["simulate", str(TINYRAIL), "--games", "2", "--players", "2", "--bots", "random",
       "--seed", "3", "--quiet", "--save-games"]


def run(argv: list[str]) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main(argv)
    return code, err.getvalue()


def test_a_second_run_on_a_folder_another_run_is_writing_refuses_and_touches_nothing(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert run([*RUN, "--out", str(out)])[0] == 0
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file() and p.name != ".simulate.lock"}
    with holding(out):  # another run, still writing
        start = time.perf_counter()
        code, said = run([*RUN, "--seed", "4", "--out", str(out)])
    assert time.perf_counter() - start < 10
    assert code == 2
    assert "is being written by another run" in said
    after = {p: p.read_bytes() for p in out.rglob("*") if p.is_file() and p.name != ".simulate.lock"}
    assert after == before


def test_a_run_after_the_other_ended_may_write_the_folder(tmp_path: Path) -> None:
    out = tmp_path / "out"
    with holding(out):
        pass
    assert run([*RUN, "--out", str(out)])[0] == 0


def test_a_bad_record_line_is_named_by_file_and_line_and_the_rest_is_read(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert run([*RUN, "--out", str(out)])[0] == 0
    file = out / records.RECORD_FILE
    good = file.read_text(encoding="utf-8").splitlines()
    file.write_text("\n".join([good[0], good[1][:40] + good[0], good[1]]) + "\n", encoding="utf-8")
    problems: list[str] = []
    found = records.read_jsonl(file, problems)
    assert [r["index"] for r in found] == [0, 1]
    assert len(problems) == 1 and problems[0].startswith(f"{file}:2: not a JSON record")
    with pytest.raises(ValueError, match=f"{file}:2: not a JSON record"):
        records.read_jsonl(file)


def test_report_names_the_bad_line_and_reports_the_other_records(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    out = tmp_path / "out"
    assert run([*RUN, "--out", str(out)])[0] == 0
    file = out / records.RECORD_FILE
    with file.open("a", encoding="utf-8") as stream:
        stream.write('{"index": 9, "trunc\n')
    code, said = run(["report", str(out), "--out", str(tmp_path / "r.html")])
    assert code == 0, said
    assert f"report: skipped {file}:3: not a JSON record" in said
    assert (tmp_path / "r.html").is_file()
    assert json.loads(file.read_text(encoding="utf-8").splitlines()[0])["index"] == 0
