"""Seat and bot effects of the two 1837 start packets, from this folder's records.

Reads ``<arm>/games.jsonl`` for the arms ``default`` (2nd edition: the start packet is
auctioned) and ``first_edition`` (fixed-price columns), which were played on the same seeds,
so the same seating and the same bot in each chair; writes ``results.md`` (tables with 95%
intervals) and two plots under ``plots/``. Win rates carry Wilson intervals; everything else
is a mean with a normal interval, and a difference between the arms is taken game by game
(paired by seed) before it is averaged.

    .venv/bin/python docs/experiments/1837_packet_strong/analyse.py [FOLDER]
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from railyard.framework.simulate import stats

HERE = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent
ARMS = ("default", "first_edition")
STRONG = "strong"
SEATS = 4


def load(arm: str) -> dict[int, dict[str, Any]]:
    """The arm's usable records by seed (merged chunk files, if the run was chunked)."""
    files = sorted((HERE / arm).glob("games.jsonl")) or sorted(HERE.glob(f"chunks/*/{arm}/games.jsonl"))
    records = [json.loads(line) for path in files for line in path.read_text().splitlines() if line.strip()]
    return {r["seed"]: r for r in stats.usable(records)}


def seat_of(record: dict[str, Any], player: int) -> int:
    return stats.table_seat(record, player)


def share(record: dict[str, Any], player: int) -> float:
    return stats.win_shares(record)[player]


def strong_player(record: dict[str, Any]) -> int:
    return list(record["seats"]).index(STRONG)


def edge(record: dict[str, Any], player: int) -> float:
    """A player's final net worth less the table's mean: what their chair (or bot) was worth."""
    worth = record["net_worth"]
    return float(worth[player] - sum(worth) / len(worth))


def player_in_seat(record: dict[str, Any], seat: int) -> int:
    return next(p for p in range(len(record["players"])) if seat_of(record, p) == seat)


def seat_measure(measure: Callable[[dict[str, Any], int], float],
                 seat: int) -> Callable[[dict[str, Any]], float]:
    """``measure`` of whoever sat in ``seat`` (0-based) at a game."""
    return lambda r: measure(r, player_in_seat(r, seat))


def chi2_uniform(counts: Sequence[float]) -> tuple[float, float]:
    """Pearson's statistic against equal shares and its p-value (3 degrees of freedom)."""
    n = sum(counts)
    expected = n / len(counts)
    x = sum((c - expected) ** 2 / expected for c in counts)
    if len(counts) != 4:
        return x, float("nan")
    # the chi-squared survival function for 3 degrees of freedom, in closed form
    p = math.erfc(math.sqrt(x / 2)) + math.sqrt(2 * x / math.pi) * math.exp(-x / 2)
    return x, p


def pct(e: stats.Estimate) -> str:
    return e.text(1, percent=True)


def paired(base: dict[int, dict[str, Any]], other: dict[int, dict[str, Any]],
           f: Callable[[dict[str, Any]], float]) -> stats.Estimate:
    seeds = sorted(set(base) & set(other))
    return stats.estimate([f(other[s]) - f(base[s]) for s in seeds])


def main() -> int:
    arms = {arm: load(arm) for arm in ARMS}
    common = sorted(set(arms["default"]) & set(arms["first_edition"]))
    if not common:
        print("no paired games yet", file=sys.stderr)
        return 1
    arms = {arm: {s: recs[s] for s in common} for arm, recs in arms.items()}
    base, fe = arms["default"], arms["first_edition"]
    n = len(common)
    out = [f"# Results ({n} paired seeds per arm)", "",
           "Written by `analyse.py` from the records; 95% intervals (Wilson for win rates).", ""]

    # --- win rate by chair
    out += ["## Win rate by seat (1 = first in the table order drawn at setup)", "",
            "| seat | " + " | ".join(ARMS) + " | paired difference (first_edition - default) |",
            "|---|---|---|---|"]
    chair_wins: dict[str, list[float]] = {arm: [] for arm in ARMS}
    for seat in range(SEATS):
        row = []
        for arm in ARMS:
            wins = sum(share(r, player_in_seat(r, seat)) for r in arms[arm].values())
            chair_wins[arm].append(wins)
            row.append(pct(stats.proportion(wins, n)))
        diff = paired(base, fe, seat_measure(share, seat))
        out.append(f"| {seat + 1} | " + " | ".join(row) + f" | {pct(diff)} |")
    tests = []
    for arm in ARMS:
        x, p = chi2_uniform(chair_wins[arm])
        tests.append(f"{arm}: chi2 = {x:.1f} (3 df), p = {p:.2g}")
    out += ["", "Equal shares (25% each) tested by Pearson's chi-squared: " + "; ".join(tests) + ".", ""]

    # --- what each chair is worth in money
    out += ["## Net worth of a seat less its table's mean (K)", "",
            "| seat | " + " | ".join(ARMS) + " | paired difference |", "|---|---|---|---|"]
    for seat in range(SEATS):
        row = [stats.estimate([edge(r, player_in_seat(r, seat)) for r in arms[arm].values()]).text(0)
               for arm in ARMS]
        diff = paired(base, fe, seat_measure(edge, seat))
        out.append(f"| {seat + 1} | " + " | ".join(row) + f" | {diff.text(0)} |")

    # --- the strong bot
    out += ["", "## The strong bot (one per table; three greedy)", "",
            "| | " + " | ".join(ARMS) + " | paired difference |", "|---|---|---|---|"]
    strong_wins = {arm: sum(share(r, strong_player(r)) for r in arms[arm].values()) for arm in ARMS}
    out.append("| strong's win rate | "
               + " | ".join(pct(stats.proportion(strong_wins[a], n)) for a in ARMS)
               + f" | {pct(paired(base, fe, lambda r: share(r, strong_player(r))))} |")
    greedy = {}
    for arm in ARMS:
        g = sum(share(r, p) for r in arms[arm].values() for p in range(SEATS) if p != strong_player(r))
        greedy[arm] = pct(stats.proportion(g, 3 * n))
    out.append("| a greedy seat's win rate | " + " | ".join(greedy[a] for a in ARMS) + " | |")
    out.append("| strong's worth less its table's mean (K) | "
               + " | ".join(stats.estimate([edge(r, strong_player(r)) for r in arms[a].values()]).text(0)
                            for a in ARMS)
               + f" | {paired(base, fe, lambda r: edge(r, strong_player(r))).text(0)} |")
    for place in range(SEATS):
        def ranked(r: dict[str, Any], place: int = place) -> float:
            worth = r["net_worth"]
            mine = worth[strong_player(r)]
            return 1.0 if sum(1 for w in worth if w > mine) == place else 0.0
        out.append(f"| strong finishes {place + 1}. (ties: the better place) | "
                   + " | ".join(pct(stats.proportion(sum(ranked(r) for r in arms[a].values()), n))
                                for a in ARMS) + " | |")
    out += ["", "Strong's win rate by the seat it drew:", "",
            "| strong's seat | " + " | ".join(ARMS) + " |", "|---|---|---|"]
    by_seat: dict[str, list[stats.Estimate]] = {arm: [] for arm in ARMS}
    for seat in range(SEATS):
        row = []
        for arm in ARMS:
            games = [r for r in arms[arm].values() if seat_of(r, strong_player(r)) == seat]
            est = stats.proportion(sum(share(r, strong_player(r)) for r in games), len(games))
            by_seat[arm].append(est)
            row.append(f"{pct(est)}, n = {len(games)}")
        out.append(f"| {seat + 1} | " + " | ".join(row) + " |")
    (HERE / "results.md").write_text("\n".join(out) + "\n", encoding="utf-8")
    plot(arms, n, by_seat)
    print("\n".join(out))
    return 0


def plot(arms: dict[str, dict[int, dict[str, Any]]], n: int, strong_by_seat: dict[str, list[stats.Estimate]]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    (HERE / "plots").mkdir(exist_ok=True)
    width = 0.38
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4))
    for k, arm in enumerate(ARMS):
        xs = [s + 1 + (k - 0.5) * width for s in range(SEATS)]
        rates = [stats.proportion(sum(share(r, player_in_seat(r, s)) for r in arms[arm].values()), n)
                 for s in range(SEATS)]
        _bars(left, xs, rates, width, arm, scale=100)
        edges = [stats.estimate([edge(r, player_in_seat(r, s)) for r in arms[arm].values()])
                 for s in range(SEATS)]
        right.bar(xs, [e.mean for e in edges], width, yerr=[e.half_width for e in edges], capsize=3,
                  label=arm)
    left.axhline(25, color="grey", linestyle="--", linewidth=1)
    left.set_title(f"win rate by seat ({n} games per arm, 95% Wilson)")
    left.set_ylabel("win rate, %")
    right.axhline(0, color="grey", linewidth=1)
    right.set_title("net worth less the table's mean, by seat (95% CI)")
    right.set_ylabel("K")
    for ax in (left, right):
        ax.set_xlabel("seat (1 = first in the order drawn at setup)")
        ax.set_xticks(range(1, SEATS + 1))
        ax.legend()
    fig.savefig(HERE / "plots" / "seats.png", dpi=90, bbox_inches="tight")
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(6, 4))
    for k, arm in enumerate(ARMS):
        xs = [s + 1 + (k - 0.5) * width for s in range(SEATS)]
        _bars(ax, xs, strong_by_seat[arm], width, arm, scale=100)
    ax.axhline(25, color="grey", linestyle="--", linewidth=1)
    ax.set_title("strong's win rate by the seat it drew (95% Wilson)")
    ax.set_xlabel("strong's seat")
    ax.set_ylabel("win rate, %")
    ax.set_xticks(range(1, SEATS + 1))
    ax.legend()
    fig.savefig(HERE / "plots" / "strong_by_seat.png", dpi=90, bbox_inches="tight")
    plt.close(fig)


def _bars(ax: Any, xs: Sequence[float], ests: Sequence[stats.Estimate], width: float, label: str,
          scale: float) -> None:
    below = [(e.mean - e.low) * scale for e in ests]
    above = [(e.high - e.mean) * scale for e in ests]
    ax.bar(xs, [e.mean * scale for e in ests], width, yerr=[below, above], capsize=3, label=label)


if __name__ == "__main__":
    raise SystemExit(main())
