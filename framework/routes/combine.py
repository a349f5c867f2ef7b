"""The best pick of one candidate route (or none) per train, with no track shared.

Trains of one kind and range share one candidate list, a *group* (a 4-train company with two
4-trains has one group of two). Candidates are sorted best first, and the trains of a group
take candidates in rising list order (the trains are interchangeable, so one order of their
picks is enough), any that take none coming last.

The answer is the first best pick in the order of a depth-first walk: group by group, each
train trying its candidates in list order and then none. That order depends only on the lists,
not on the bounds used to cut the walk short, so a stronger bound or a longer list (one that
only adds worse candidates at the ends) never changes the answer, only the time it takes:
:func:`best_routes` relies on that to answer the same whatever the targets it tried.

The candidates of a group still open are a bit set (bit k: the k-th candidate), so the best one
still open is the lowest bit; a pick clears, per group, every candidate sharing track with it
(``clashes``: link uid -> uids of the links sharing track with it, itself included).
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from typing import Protocol


class OutOfBudget(Exception):
    """A search step budget ran out (see :class:`Budget`)."""


class Budget(Protocol):
    """Counts search steps; ``step`` raises :class:`OutOfBudget` when the budget runs out."""

    exhausted: bool

    def step(self, n: int = 1) -> None: ...


class Group:
    """Trains of one kind and range: ``count`` of them, sharing one candidate list.

    ``values``: each candidate's value, best first; ``links``: the link uids of each."""

    __slots__ = ("values", "links", "count")

    def __init__(self, values: Sequence[int], links: Sequence[Sequence[int]], count: int) -> None:
        self.values = list(values)
        self.links = links
        self.count = count


def _top(avail: int, n: int, values: list[int]) -> int:
    """At most what ``n`` trains can add from the open candidates ``avail`` (their best ``n``,
    clashes among them ignored; a train may take none, so never below 0)."""
    total = 0
    while n and avail:
        low = avail & -avail
        v = values[low.bit_length() - 1]
        if v <= 0:
            break
        total += v
        avail ^= low
        n -= 1
    return total


def best_combination(
    groups: Sequence[Group],
    clashes: Mapping[int, tuple[int, ...]],
    floor: int = -1,
    budget: Budget | None = None,
) -> tuple[int, list[list[int]]]:
    """The best total above ``floor`` and, per group, the indices of the candidates picked
    (rising; fewer than ``count`` when trains run none). Groups are walked best first (by their
    best candidate), which finds good picks early and so prunes most. When nothing beats the
    floor the value is the floor and nothing is picked; when the budget runs out, the best pick
    so far is returned (and ``budget.exhausted`` is set)."""
    m = len(groups)
    order = sorted(range(m), key=lambda g: -(groups[g].values[0] if groups[g].values else 0))
    values = [groups[g].values for g in order]
    links = [groups[g].links for g in order]
    counts = [groups[g].count for g in order]
    users: list[dict[int, int]] = []  # per group: link uid -> its candidates using that link
    for per_cand in links:
        index: dict[int, int] = {}
        for k, uids in enumerate(per_cand):
            bit = 1 << k
            for uid in uids:
                index[uid] = index.get(uid, 0) | bit
        users.append(index)
    link_cache: list[dict[int, int]] = [{} for _ in range(m)]

    def link_clash(uid: int, h: int) -> int:
        cache = link_cache[h]
        got = cache.get(uid)
        if got is None:
            got = 0
            found = users[h]
            for other in clashes[uid]:
                got |= found.get(other, 0)
            cache[uid] = got
        return got

    clash_cache: dict[tuple[int, int], list[int]] = {}

    def clashes_of(g: int, k: int) -> list[int]:
        """Per group h >= g: its candidates sharing track with candidate k of group g."""
        got = clash_cache.get((g, k))
        if got is None:
            uids = links[g][k]
            got = [0] * m
            for h in range(g, m):
                found = 0
                for uid in uids:
                    found |= link_clash(uid, h)
                got[h] = found
            clash_cache[(g, k)] = got
        return got

    def rest(avails: list[int], g: int) -> int:
        """At most what groups g.. can add (every train of them still to pick)."""
        return sum(_top(avails[h], counts[h], values[h]) for h in range(g, m))

    best = floor
    best_picks: list[list[int]] = [[] for _ in range(m)]
    picks: list[list[int]] = [[] for _ in range(m)]
    steps = 0

    def rec(g: int, r: int, avails: list[int], acc: int) -> None:
        """Group g has r trains left to pick; ``avails``: each group's candidates still open."""
        nonlocal best, best_picks, steps
        if g == m:
            if acc > best:
                best = acc
                best_picks = [list(p) for p in picks]
            return
        steps += 1
        if budget is not None and steps >= 256:
            budget.step(steps)
            steps = 0
        later = rest(avails, g + 1)
        vals = values[g]
        av = avails[g]
        mine = picks[g]
        while av:
            low = av & -av
            av ^= low
            k = low.bit_length() - 1
            v = vals[k]
            # this candidate or any later one: a bound that only falls as k rises
            if acc + v + _top(av, r - 1, vals) + later <= best:
                break
            hit = clashes_of(g, k)
            new = [a & ~c for a, c in zip(avails, hit, strict=True)]
            new[g] = av & ~hit[g]
            if acc + v + _top(new[g], r - 1, vals) + rest(new, g + 1) <= best:
                continue
            mine.append(k)
            if r > 1:
                rec(g, r - 1, new, acc + v)
            else:
                rec(g + 1, counts[g + 1] if g + 1 < m else 0, new, acc + v)
            mine.pop()
        if acc + later > best:  # this train and the rest of its group run none
            rec(g + 1, counts[g + 1] if g + 1 < m else 0, avails, acc)

    with contextlib.suppress(OutOfBudget):
        rec(0, counts[0] if m else 0, [(1 << len(v)) - 1 for v in values], 0)
    rec = None  # type: ignore[assignment]  # a recursive closure is a cycle: break it
    out: list[list[int]] = [[] for _ in range(m)]
    for pos, g in enumerate(order):
        out[g] = best_picks[pos]
    return best, out
