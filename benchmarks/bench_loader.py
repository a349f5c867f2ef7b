"""Title loading speed: what `railyard validate`, every new game and every test pays.

Run with ``python3 -m pytest benchmarks/bench_loader.py`` (pytest-benchmark), or as a script
for plain timings: ``python3 benchmarks/bench_loader.py``.
"""

from __future__ import annotations

import time
from pathlib import Path

from railyard.framework import loader
from railyard.framework.loader import load_title

EXAMPLE = Path(__file__).resolve().parent.parent / "docs" / "examples" / "tinyrail"


def cold(name: str | Path, variant: str | None = None):
    """A load with the reuse cache emptied: reading, schemas, structuring, cross-references."""
    loader._CACHE.clear()
    return load_title(name, variant)


def test_bench_load_1837_cold(benchmark) -> None:
    title = benchmark(cold, "1837")
    assert len(title.map.hexes) == 181


def test_bench_load_1837_variant_cold(benchmark) -> None:
    title = benchmark(cold, "1837", "first_edition")
    assert title.variant == "first_edition"


def test_bench_load_1837_reused(benchmark) -> None:
    load_title("1837")
    title = benchmark(load_title, "1837")
    assert len(title.tiles) > 0


def test_bench_load_example_cold(benchmark) -> None:
    title = benchmark(cold, EXAMPLE)
    assert len(title.map.hexes) == 12


if __name__ == "__main__":
    for label, call in (
        ("1837 cold", lambda: cold("1837")),
        ("1837 first_edition cold", lambda: cold("1837", "first_edition")),
        ("1837 reused", lambda: load_title("1837")),
        ("tinyrail cold", lambda: cold(EXAMPLE)),
    ):
        call()
        start = time.perf_counter()
        for _ in range(5):
            call()
        print(f"{label}: {(time.perf_counter() - start) / 5 * 1000:.1f} ms")
