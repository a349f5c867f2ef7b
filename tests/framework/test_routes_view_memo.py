"""A graph answers a second query as a fresh graph answers a first, on real positions.

What one query leaves in a graph's memo (stop tables, per-train numbers, answers) serves the
next: these tests ask one graph for many trains and companies in turn and check every answer
against a graph built for that query alone, on boards of the recorded 1837 game; and the bound
table a train's search prunes by (``_rest_table``, summed best first per row) against the plain
greedy it stands for.
"""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest
from railyard.framework.routes import best_routes
from railyard.framework.routes.board_graph import graph_for_title
from railyard.framework.routes.search import CompanyView, _rest_table

from tests.framework.test_routes_recorded import _all_runs, _rules, _train, needs_game, title

TRAIN_SETS = (("2",), ("3", "2"), ("4",), ("5+4", "5"), ("4G", "3"), ("4", "4"))


def _graph(run: Any) -> Any:
    return graph_for_title(title(), run.phase, run.placed, run.tokens, run.reserved)


def _answer(result: Any) -> tuple[Any, ...]:
    return tuple((r.route.stops, r.route.pieces, r.revenue, r.treasury) if r.route else None
                 for r in result.runs)


@needs_game
@pytest.mark.parametrize("step", range(0, 209, 23))
def test_a_graph_asked_again_gives_the_routes_of_a_fresh_graph(step: int) -> None:
    run = _all_runs()[step]
    shared = _graph(run)
    companies = sorted({c for owners in run.tokens.values() for c in owners})
    asked = 0
    for _ in range(2):  # the second round finds every view in the memo
        for company in companies:
            for names in TRAIN_SETS:
                trains = [_train(n) for n in names]
                again = best_routes(shared, trains, company, _rules())
                fresh = best_routes(_graph(run), trains, company, _rules())
                assert _answer(again) == _answer(fresh), (step, company, names)
                asked += 1
    assert asked == 2 * len(companies) * len(TRAIN_SETS)


def _greedy_rest(kv: Any, view: Any) -> list[list[int]]:
    """The bound table as its docstring says it: stops best first within the places left."""
    merged = sorted(((kv.pay[i] + kv.tre[i], kv.ca[i]) for i in range(len(view.ids))
                     if kv.allowed[i] and (kv.ca[i] or kv.cb[i])), reverse=True)
    free = sum(kv.pay[i] + kv.tre[i] for i in range(len(view.ids))
               if kv.allowed[i] and not kv.ca[i] and not kv.cb[i])
    table = []
    for a in range(kv.n + 1):
        row = []
        for b in range(kv.nm + 1):
            slots, base_left, total = kv.nm - a - b, kv.n - a, free
            for value, only_base in merged:
                if slots <= 0:
                    break
                if only_base:
                    if base_left <= 0:
                        continue
                    base_left -= 1
                total += value
                slots -= 1
            row.append(total)
        table.append(row)
    return table


@needs_game
@pytest.mark.parametrize("step", range(0, 209, 29))
def test_the_bound_table_is_the_greedy_over_the_stop_values(step: int) -> None:
    run = _all_runs()[step]
    graph = _graph(run)
    rules = _rules()
    rng = random.Random(step)
    for company in sorted({c for owners in run.tokens.values() for c in owners})[:3]:
        view = CompanyView(graph, company)
        for name in ("2", "3", "4", "5+4", "4G", "5"):
            train = _train(name)
            kv = view.kind_view(rules.kind_of(train), train.distance, train.plus)
            assert kv.rest == _greedy_rest(kv, view), (step, company, name)
            # and with values of every sign, as a title's negative stops give
            probe = SimpleNamespace(n=kv.n, nm=kv.nm, tre=kv.tre, ca=kv.ca, cb=kv.cb,
                                    allowed=kv.allowed,
                                    pay=[rng.randint(-20, 90) for _ in kv.pay])
            assert _rest_table(probe, view) == _greedy_rest(probe, view), (step, company, name)
