"""Route search speed on dense synthetic boards shaped like a late game.

Each position is a hex map (doubled coordinates, pointy layout) mostly covered by tiles: brown
cities with three or four exits, towns and double towns, gray mines, and plain track tiles whose
branches merge at hex edges; a company with four stations in well-connected cities, other
companies' tokens filling some cities, and three trains: a 5+4, a 5 and a 3G. Run with
``python3 -m pytest benchmarks/bench_routes.py`` (pytest-benchmark), or as a script for the
median and worst time over many seeds: ``python3 benchmarks/bench_routes.py [N]``.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

import pytest

from framework.routes import Piece, RouteRules, StopNode, TrackGraph, TrainSpec, best_routes

RULES = RouteRules.from_data(
    {
        "train_kinds": {
            "plain": {
                "counts": ["city", "town", "offboard"],
                "plus_counts": ["town"],
                "forbids": ["mine"],
            },
            "express": {
                "counts": ["city", "offboard"],
                "ignores": ["town"],
                "forbids": ["mine"],
                "min_counted": 2,
            },
            "goods": {
                "counts": ["city", "offboard"],
                "free": ["town"],
                "requires": {"mine": 1},
                "at_end": ["mine"],
                "to_treasury": ["mine"],
            },
        },
        "min_stops": 2,
    }
)
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
    graph.links  # built once per board revision, not per query  # noqa: B018
    result = benchmark(best_routes, graph, TRAINS, COMPANY, RULES)
    benchmark.extra_info["size"] = _size(graph)
    benchmark.extra_info["total"] = result.total
    assert result.complete


def main(n: int) -> None:
    times = []
    link_times = []
    sizes = []
    for seed in range(n):
        graph = synthetic_position(seed)
        t0 = time.perf_counter()
        graph.links  # noqa: B018
        link_times.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        result = best_routes(graph, TRAINS, COMPANY, RULES)
        times.append(time.perf_counter() - t0)
        sizes.append((len(graph.stops), len(graph.pieces)))
        print(f"seed {seed}: {_size(graph)}; total {result.total}; {times[-1] * 1000:.1f} ms")
    print(f"search: median {statistics.median(times) * 1000:.1f} ms, "
          f"worst {max(times) * 1000:.1f} ms over {n} positions")
    print(f"links (once per board): median {statistics.median(link_times) * 1000:.1f} ms, "
          f"worst {max(link_times) * 1000:.1f} ms")
    print(f"stops {min(s for s, _ in sizes)}-{max(s for s, _ in sizes)}, "
          f"pieces {min(p for _, p in sizes)}-{max(p for _, p in sizes)}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
