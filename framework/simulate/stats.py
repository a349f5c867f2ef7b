"""Numbers drawn from game records: per-game metrics, win shares, means with 95% intervals.

Intervals use the normal approximation (mean +- 1.96 standard errors); with hundreds of games
it is close to a bootstrap and, unlike one, needs no random draws, so a report is a pure
function of its records.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from railyard.framework.records import Record

Z95 = 1.959964


@attrs.frozen(repr=False)
class Estimate(Record):
    mean: float
    half_width: float  # the 95% interval is mean +- half_width (unless ``bounds`` says)
    n: int
    #: an interval not centred on the mean (a proportion's, which stays within [0, 1])
    bounds: tuple[float, float] | None = None

    @property
    def low(self) -> float:
        return self.bounds[0] if self.bounds is not None else self.mean - self.half_width

    @property
    def high(self) -> float:
        return self.bounds[1] if self.bounds is not None else self.mean + self.half_width

    def text(self, digits: int = 1, percent: bool = False) -> str:
        if self.n == 0:
            return "-"
        scale, unit = (100.0, "%") if percent else (1.0, "")
        if self.bounds is not None:
            return (f"{self.mean * scale:.{digits}f}{unit} "
                    f"({self.low * scale:.{digits}f}-{self.high * scale:.{digits}f})")
        return f"{self.mean * scale:.{digits}f}{unit} ± {self.half_width * scale:.{digits}f}"

    def as_dict(self) -> dict[str, float]:
        out = {"mean": self.mean, "ci95": self.half_width, "n": self.n}
        if self.bounds is not None:
            out.update(low=self.low, high=self.high)
        return out


def estimate(values: Sequence[float]) -> Estimate:
    n = len(values)
    if n == 0:
        return Estimate(0.0, 0.0, 0)
    mean = sum(values) / n
    if n == 1:
        return Estimate(mean, math.inf, 1)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return Estimate(mean, Z95 * math.sqrt(var / n), n)


def proportion(successes: float, n: int) -> Estimate:
    """A win rate with a Wilson-score interval (sensible near 0 and 1, unlike the plain one)."""
    if n == 0:
        return Estimate(0.0, 0.0, 0)
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # the observed rate, within the Wilson interval (which is not centred on it)
    bounds = (max(0.0, centre - half), min(1.0, centre + half))
    return Estimate(p, half + abs(centre - p), n, bounds)


def usable(records: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Finished games without a crash: the ones outcomes are measured on."""
    return [r for r in records if r.get("finished") and not r.get("error") and not r.get("violation")]


def win_shares(record: dict[str, Any]) -> list[float]:
    """Each seat's share of the win (ties split it)."""
    seats = len(record.get("seats", []))
    won = record.get("winners") or []
    return [1.0 / len(won) if i in won else 0.0 for i in range(seats)]


def by_key(records: Sequence[dict[str, Any]], key: Callable[[dict[str, Any], int], str]) -> dict[str, dict[str, Any]]:
    """Win rate and mean net worth grouped by ``key(record, seat)`` (a bot name or a seat)."""
    shares: dict[str, list[float]] = {}
    worth: dict[str, list[float]] = {}
    for record in usable(records):
        for seat, share in enumerate(win_shares(record)):
            k = key(record, seat)
            shares.setdefault(k, []).append(share)
            worth.setdefault(k, []).append(record["net_worth"][seat])
    out = {}
    for k in shares:
        out[k] = {
            "win_rate": proportion(sum(shares[k]), len(shares[k])),
            "net_worth": estimate(worth[k]),
            "seat_games": len(shares[k]),
        }
    return out


def per_bot(records: Sequence[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return by_key(records, lambda r, s: r["seats"][s])


def table_seat(record: dict[str, Any], player: int) -> int:
    """Where the record's ``player``-th player sat at the table (0 = the starting player).

    Records list players (and their bots) in the order they were named; a title that seats
    players at random says the drawn order in ``seating``."""
    seating = record.get("seating")
    if not seating:
        return player
    return list(seating).index(record["players"][player])


def per_seat(records: Sequence[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return by_key(records, lambda r, s: f"seat {table_seat(r, s) + 1}")


def operating_rounds(record: dict[str, Any]) -> int:
    rounds = record.get("rounds") or {}
    return int(rounds.get("operating", rounds.get("rounds", 0)))


#: per-game metrics (name -> function of a record), compared between rule sets on equal seeds
METRICS: dict[str, Callable[[dict[str, Any]], float]] = {
    "actions": lambda r: r["actions"],
    "rounds (ORs or rounds)": operating_rounds,
    "mean net worth": lambda r: sum(r["net_worth"]) / len(r["net_worth"]),
    "winner's net worth": lambda r: max(r["net_worth"]),
    "net worth spread": lambda r: max(r["net_worth"]) - min(r["net_worth"]),
    "bankruptcy": lambda r: 1.0 if r.get("bankruptcies") else 0.0,
}


def metric_estimates(records: Sequence[dict[str, Any]]) -> dict[str, Estimate]:
    games = usable(records)
    return {name: estimate([f(r) for r in games]) for name, f in METRICS.items()}


def paired_differences(base: Sequence[dict[str, Any]], other: Sequence[dict[str, Any]]) -> dict[str, Estimate]:
    """``other - base`` per metric over the seeds both finished cleanly (paired: the same seed
    and seating, so the spread of luck between seeds largely cancels)."""
    left = {r["seed"]: r for r in usable(base)}
    right = {r["seed"]: r for r in usable(other)}
    seeds = sorted(set(left) & set(right))
    return {name: estimate([f(right[s]) - f(left[s]) for s in seeds]) for name, f in METRICS.items()}


def crash_count(records: Sequence[dict[str, Any]]) -> int:
    return sum(1 for r in records if r.get("error") or r.get("violation"))


def unfinished_count(records: Sequence[dict[str, Any]]) -> int:
    return sum(1 for r in records if not r.get("finished") and not r.get("error") and not r.get("violation"))


def phase_first_reached(record: dict[str, Any]) -> dict[str, int]:
    """Phase -> the (1-based) operating round by whose end it was first in force."""
    first: dict[str, int] = {}
    for i, phase in enumerate(record.get("or_phases") or [], start=1):
        first.setdefault(phase, i)
    return first
