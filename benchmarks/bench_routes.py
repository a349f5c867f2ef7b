"""Route search speed on late-game positions: real 1837 boards and dense synthetic ones.

Real: the boards of a recorded 1837 game (tests/framework/test_routes_recorded.py replays its
tiles and tokens), from phase 4 on, every company with tokens on the board given three trains:
a 5+4, a 5 and a 4G. Synthetic: a hex map (pointy layout) mostly covered by tiles: cities with
three to six exits, towns and double towns, mines, and plain track tiles whose branches merge at
hex edges; a company with four stations, other companies' tokens filling some cities, and a 5+4,
a 5 and a 3G. Run with ``python3 -m pytest benchmarks/bench_routes.py`` (pytest-benchmark), or
as a script for the median and worst time over many positions:
``python3 benchmarks/bench_routes.py [N synthetic seeds]`` (the script counts CPU time, so that
other work on the machine does not inflate it; pytest-benchmark counts wall time unless given
``--benchmark-timer time.process_time``).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from railyard.framework.routes import (  # noqa: E402
    Piece,
    StopNode,
    TrackGraph,
    TrainSpec,
    best_routes,
)
from railyard.framework.routes.board_graph import graph_for_title  # noqa: E402

# the route rules the brute-force tests check the search against (plain, express, goods)
from tests.framework.test_routes_bruteforce import RULES  # noqa: E402

TRAINS = [TrainSpec("5+4", "plain", 5, 4), TrainSpec("5", "plain", 5), TrainSpec("3G", "goods", 3)]
COMPANY = "BK"
STEPS = ((1, -1), (0, -2), (-1, -1), (-1, 1), (0, 2), (1, 1))  # edges 0..5: SW W NW NE E SE


def synthetic_position(seed: int, rows: int = 10, cols: int = 12, open_edges: float = 0.6
                       ) -> TrackGraph:
    """A late-game board of ``rows * cols`` hexes with track on nearly every hex.

    First each hex edge is open (track crosses it) or not; then each hex gets a tile joining
    its open edges: a city or town to its stop, plain track in pairs, an odd edge as a branch.
    """
    rng = random.Random(seed)
    hexes = [(r, c) for r in range(rows) for c in range(r % 2, 2 * cols, 2)]
    on_map = set(hexes)
    stops: list[StopNode] = []
    pieces: list[tuple[str, str, str]] = []
    junctions: dict[str, None] = {}
    is_open: dict[str, bool] = {}

    def edge_node(h: tuple[int, int], e: int) -> str | None:
        dr, dc = STEPS[e]
        other = (h[0] + dr, h[1] + dc)
        if other not in on_map:
            return None
        a, b = sorted([h, other])
        name = f"{a[0]}.{a[1]}|{b[0]}.{b[1]}"
        if name not in is_open:
            is_open[name] = rng.random() < open_edges
        return name if is_open[name] else None

    cities: list[str] = []
    for h in hexes:
        hid = f"{h[0]}.{h[1]}"
        ends = [n for n in (edge_node(h, e) for e in range(6)) if n is not None]
        rng.shuffle(ends)
        roll = rng.random()
        if not ends:
            continue
        if roll < 0.30:
            sid = f"{hid}.c"
            stops.append(StopNode(sid, "city", rng.choice([30, 40, 50, 60, 70]),
                                  slots=rng.choice([1, 2, 2, 3])))
            cities.append(sid)
            pieces.extend((sid, n, hid) for n in ends)
        elif roll < 0.45:
            sid = f"{hid}.t"
            stops.append(StopNode(sid, "town", rng.choice([10, 20])))
            pieces.extend((sid, n, hid) for n in ends[:3])
        elif roll < 0.50 and len(ends) >= 2:
            for k in range(2):
                sid = f"{hid}.t{k}"
                stops.append(StopNode(sid, "town", 10))
                pieces.extend((sid, n, hid) for n in ends[2 * k: 2 * k + 2])
        elif roll < 0.54:
            sid = f"{hid}.m"
            stops.append(StopNode(sid, "mine", rng.choice([40, 50, 60]), slots=1))
            pieces.append((sid, ends[0], hid))
        elif len(ends) >= 2:
            for a, b in zip(ends[0::2], ends[1::2], strict=False):
                pieces.append((a, b, hid))
            if len(ends) % 2:
                pieces.append((ends[-1], rng.choice(ends[:-1]), hid))
            if rng.random() < 0.3:
                a, b = rng.sample(ends, 2)
                pieces.append((a, b, hid))
        for n in ends:
            junctions[n] = None
    rng.shuffle(cities)
    tokens: dict[str, list[str]] = {sid: [COMPANY] for sid in cities[:4]}
    for sid in cities[4:]:
        if rng.random() < 0.5:
            tokens[sid] = [rng.choice(["A", "B", "C", "D"])]
    stops = [
        StopNode(s.id, s.kind, s.revenue, slots=s.slots,
                 tokens=tuple(tokens.get(s.id, [])[: s.slots]))
        for s in stops
    ]
    unique = list(dict.fromkeys(p for p in pieces if p[0] != p[1]))
    return TrackGraph(
        stops, list(junctions), [Piece(i, a, b, tile) for i, (a, b, tile) in enumerate(unique)]
    )


def _size(graph: TrackGraph) -> str:
    return f"{len(graph.stops)} stops, {len(graph.junctions)} junctions, {len(graph.pieces)} pieces"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_bench_best_routes_late_game(benchmark, seed: int) -> None:
    graph = synthetic_position(seed)
    graph.links, graph.link_clashes  # built once per board revision, not per query  # noqa: B018
    result = benchmark(best_routes, graph, TRAINS, COMPANY, RULES)
    benchmark.extra_info["size"] = _size(graph)
    benchmark.extra_info["total"] = result.total
    assert result.complete


def recorded_positions(every: int = 1) -> list[tuple[str, TrackGraph, str]]:
    """(label, graph, company) for late positions of the recorded 1837 game."""
    from tests.framework.test_routes_recorded import late_runs, title

    out = []
    for run in late_runs("4")[::every]:
        graph = graph_for_title(title(), run.phase, run.placed, run.tokens, run.reserved)
        for company in sorted({c for owners in run.tokens.values() for c in owners}):
            out.append((f"action {run.index}, phase {run.phase}", graph, company))
    return out


def _recorded_trains() -> list[TrainSpec]:
    from tests.framework.test_routes_recorded import _train

    return [_train("5+4"), _train("5"), _train("4G")]


@pytest.mark.parametrize("company", ["CL", "KK", "UG", "BH"])
def test_bench_best_routes_recorded_final_board(benchmark, company: str) -> None:
    from tests.framework.test_routes_recorded import _rules, late_runs, title

    pytest.importorskip("railyard.framework.loader")
    runs = late_runs("5")
    if not runs:
        pytest.skip("recorded game not available")
    run = runs[-1]
    graph = graph_for_title(title(), run.phase, run.placed, run.tokens, run.reserved)
    graph.links, graph.link_clashes  # noqa: B018
    result = benchmark(best_routes, graph, _recorded_trains(), company, _rules())
    benchmark.extra_info["size"] = _size(graph)
    benchmark.extra_info["total"] = result.total
    assert result.complete


def main(n: int) -> None:
    from tests.framework.test_routes_recorded import _rules

    rules = _rules()
    trains = _recorded_trains()
    times = []
    sizes = []
    for _label, graph, company in recorded_positions():
        graph.links, graph.link_clashes  # noqa: B018
        t0 = time.process_time()
        best_routes(graph, trains, company, rules)
        times.append(time.process_time() - t0)
        sizes.append((len(graph.stops), len(graph.pieces)))
    worst = max(range(len(times)), key=times.__getitem__)
    print(f"recorded 1837 game, phase 4 on, {len(times)} (position, company) pairs, "
          f"trains 5+4, 5, 4G: median {statistics.median(times) * 1000:.1f} ms, "
          f"worst {times[worst] * 1000:.1f} ms; "
          f"stops {min(s for s, _ in sizes)}-{max(s for s, _ in sizes)}, "
          f"pieces {min(p for _, p in sizes)}-{max(p for _, p in sizes)}")
    times = []
    link_times = []
    sizes = []
    for seed in range(n):
        graph = synthetic_position(seed)
        t0 = time.process_time()
        graph.links, graph.link_clashes  # noqa: B018
        link_times.append(time.process_time() - t0)
        t0 = time.process_time()
        result = best_routes(graph, TRAINS, COMPANY, RULES)
        times.append(time.process_time() - t0)
        sizes.append((len(graph.stops), len(graph.pieces)))
        print(f"seed {seed}: {_size(graph)}; total {result.total}; {times[-1] * 1000:.1f} ms")
    print(f"search: median {statistics.median(times) * 1000:.1f} ms, "
          f"worst {max(times) * 1000:.1f} ms over {n} positions")
    print(f"graph links and clashes (once per board): median {statistics.median(link_times) * 1000:.1f} ms, "
          f"worst {max(link_times) * 1000:.1f} ms")
    print(f"stops {min(s for s, _ in sizes)}-{max(s for s, _ in sizes)}, "
          f"pieces {min(p for _, p in sizes)}-{max(p for _, p in sizes)}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
