"""Simulation speed: one bot game of each test title and ruleset, and a small parallel run
(pytest-benchmark).

Run: python3 -m pytest benchmarks/bench_simulate.py --benchmark-only
Whole 1837 games are measured by the CLI (`railyard simulate 1837 ... --workers 1|2` prints
games per second); they are too slow for a benchmark loop.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from railyard.framework.simulate.runner import Job, SimConfig, jobs_for, loaded, play_game, run_jobs

ROOT = Path(__file__).resolve().parent.parent
PACKETRAIL = str(ROOT / "tests" / "fixtures" / "packetrail")


@pytest.mark.parametrize(
    "title,players,bots",
    [
        (PACKETRAIL, 3, ("greedy", "random")),
        (PACKETRAIL, 3, ("random",)),
        ("imperial_steam", 3, ("random",)),
    ],
)
def test_bench_one_bot_game(benchmark, title, players, bots):
    config = SimConfig(title, players, bots)
    loaded(config)  # loading is once per process in a run: keep it out of the timing
    index = iter(range(10_000))
    record = benchmark.pedantic(lambda: play_game(Job(config, next(index), 1)), rounds=5, iterations=1)
    assert record["finished"] and record["error"] is None


def test_bench_parallel_run_two_workers(benchmark):
    config = SimConfig(PACKETRAIL, 3, ("greedy", "random"))
    records = benchmark.pedantic(lambda: run_jobs(jobs_for(config, 8, 1), workers=2), rounds=2, iterations=1)
    assert len(records) == 8
