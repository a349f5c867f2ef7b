"""A train's bound table (``rest[a][b]``: the most further stops could add to a route that
counts a + b so far) is read off running totals per a, since for one a the greedy over the
stop values takes the same stops whatever b is and b only cuts it short. These tests compare
the table with the greedy worked out cell by cell: on random stop values, and at every train's
numbers of a 1837 and a 1830 greedy game.
"""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest

from railyard.framework.routes import search
from railyard.framework.simulate import runner


def _cell_by_cell(kv: Any, view: Any) -> list[list[int]]:
    merged = sorted(
        ((kv.pay[i] + kv.tre[i], kv.ca[i]) for i in range(len(view.ids))
         if kv.allowed[i] and (kv.ca[i] or kv.cb[i])),
        reverse=True)
    free_total = sum(kv.pay[i] + kv.tre[i] for i in range(len(view.ids))
                     if kv.allowed[i] and not kv.ca[i] and not kv.cb[i])
    table = []
    for a in range(kv.n + 1):
        row = []
        for b in range(kv.nm + 1):
            slots, base_left, total = kv.nm - a - b, kv.n - a, free_total
            for v, only_base in merged:
                if slots <= 0:
                    break
                if only_base:
                    if base_left <= 0:
                        continue
                    base_left -= 1
                total += v
                slots -= 1
            row.append(total)
        table.append(row)
    return table


def test_the_bound_table_is_the_greedy_cell_by_cell_on_random_stops() -> None:
    rng = random.Random(5)
    for _ in range(2000):
        m = rng.randrange(15)
        ca = [rng.choice((0, 1)) for _ in range(m)]
        kv = SimpleNamespace(
            pay=[rng.randrange(-10, 100) for _ in range(m)],
            tre=[rng.choice((0, 0, 10)) for _ in range(m)],
            allowed=[rng.random() < 0.9 for _ in range(m)],
            ca=ca, cb=[0 if c else rng.choice((0, 1)) for c in ca],
            n=rng.randrange(8))
        kv.nm = kv.n + rng.randrange(5)
        view = SimpleNamespace(ids=list(range(m)))
        assert search._rest_table(kv, view) == _cell_by_cell(kv, view)  # type: ignore[arg-type]


@pytest.mark.parametrize("title,seed", [("1837", 1), ("1830", 2)])
def test_the_bound_table_is_the_greedy_cell_by_cell_in_greedy_games(
        monkeypatch: pytest.MonkeyPatch, title: str, seed: int) -> None:
    rest_table = search._rest_table
    asked = {"tables": 0}

    def compared(kv: Any, view: Any) -> Any:
        found = rest_table(kv, view)
        assert found == _cell_by_cell(kv, view)
        asked["tables"] += 1
        return found

    monkeypatch.setattr(search, "_rest_table", compared)
    config = runner.SimConfig(title, 4, ("greedy",))
    runner.loaded(config)
    record = runner.play_game(runner.Job(config, 0, seed))
    assert record.get("error") is None
    assert asked["tables"] > 50
