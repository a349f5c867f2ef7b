"""Exact best routes for a company's trains.

Candidate routes of each train are enumerated by depth-first search over the graph's
stop-to-stop links (see :attr:`TrackGraph.links`), starting from the company's stations (or,
for a kind that must start at a stop of a required kind, such as a goods train at a mine, from
those stops), pruned by the train's rating, by the stops and track already used, and by a value
threshold with an upper bound on what the rest of a route could still earn. A route through a
station is grown as two arms from that station, so each route is found exactly once. A branch
and bound then picks one candidate per train (or none) with pairwise disjoint track.

The thresholds come from bounds: each train's best lone route bounds what it can add, and a
greedy pick gives a total in hand; a combination worth a target can only use routes worth at
least the target minus the other trains' bounds (:func:`best_routes` explains the targets).
Nothing that could be part of a better combination is ever dropped, so the answer is exact.
When an optional budget stops the search early, the result says so (``complete=False``).
"""

from __future__ import annotations

import bisect
import contextlib
import gc
import time
from collections.abc import Callable, Mapping, Sequence

from railyard.framework.routes.graph import Link, TrackGraph
from railyard.framework.routes.kinds import RouteRules, TrainKind, TrainLike
from railyard.framework.routes.result import Route, RouteSet, TrainRun

Bonus = Callable[[Route], int]
"""A hook adding a bonus to a route's revenue (e.g. for visiting two given stops)."""


class _OutOfBudget(Exception):
    pass


class _Budget:
    """Counts search steps; raises when the node or time budget runs out."""

    def __init__(self, max_nodes: int | None, max_seconds: float | None) -> None:
        self.left = max_nodes if max_nodes is not None else -1
        self.deadline = time.monotonic() + max_seconds if max_seconds is not None else None
        self.tick = 0
        self.exhausted = False

    def step(self, n: int = 1) -> None:
        if self.left >= 0:
            self.left -= n
            if self.left < 0:
                self.exhausted = True
                raise _OutOfBudget
        if self.deadline is not None:
            self.tick += n
            if self.tick >= 512:
                self.tick = 0
                if time.monotonic() > self.deadline:
                    self.exhausted = True
                    raise _OutOfBudget


class CompanyView:
    """The graph as one company sees it: stops by index, its stations, blocked cities."""

    def __init__(self, graph: TrackGraph, company: str) -> None:
        self.graph = graph
        self.company = company
        self.ids: list[str] = list(graph.stops)
        index = {sid: i for i, sid in enumerate(self.ids)}
        self.index = index
        stops = [graph.stops[sid] for sid in self.ids]
        self.kinds = [s.kind for s in stops]
        self.values = [s.revenue for s in stops]
        group_bits: dict[str, int] = {}
        self.gbit: list[int] = []
        for i, s in enumerate(stops):
            if s.group is None:
                self.gbit.append(1 << i)
            else:
                bit = group_bits.setdefault(s.group, 1 << (len(stops) + len(group_bits)))
                self.gbit.append(bit)
        self.sbit = [1 << i for i in range(len(stops))]
        self.blocked = [s.blocked_for(company) for s in stops]
        self.stations = [i for i, s in enumerate(stops) if s.is_station_of(company)]
        self.is_station = [s.is_station_of(company) for s in stops]
        links = graph.links
        self.adj: list[list[tuple[int, int, Link]]] = [
            [(index[lk.b], lk.mask, lk) for lk in links[sid]] for sid in self.ids
        ]
        self._kinds: dict[tuple[TrainKind, int, int], _KindView] = {}

    def kind_view(self, kind: TrainKind, distance: int, plus: int) -> _KindView:
        """The per-stop numbers of one train (built once per query and train)."""
        key = (kind, distance, plus)
        found = self._kinds.get(key)
        if found is None:
            found = self._kinds[key] = _KindView(self, kind, distance, plus)
        return found


class _KindView:
    """Per-stop numbers for one train on one company's view of the graph."""

    def __init__(self, view: CompanyView, kind: TrainKind, distance: int, plus: int) -> None:
        self.kind = kind
        self.n = distance
        self.nm = distance + plus
        self.allowed = [k not in kind.forbids for k in view.kinds]
        self.ca = [int(k in kind.counts and k not in kind.plus_counts) for k in view.kinds]
        self.cb = [int(k in kind.counts and k in kind.plus_counts) for k in view.kinds]
        self.pay = [v if kind.pays(k) else 0 for k, v in zip(view.kinds, view.values, strict=True)]
        self.tre = [
            v if k in kind.to_treasury else 0 for k, v in zip(view.kinds, view.values, strict=True)
        ]
        self.at_end = [k in kind.at_end for k in view.kinds]
        self.stopper = [b or e for b, e in zip(view.blocked, self.at_end, strict=True)]
        req_kinds = [k for k, _ in kind.requires]
        self.rq_target = 0
        self.rq_limits: list[tuple[int, int]] = []
        for i, (_k, n) in enumerate(kind.requires):
            self.rq_target |= n << (8 * i)
            self.rq_limits.append((8 * i, n))
        self.rqinc = [
            (1 << (8 * req_kinds.index(k))) if k in req_kinds else 0 for k in view.kinds
        ]
        anchor_kinds = [k for k, n in kind.requires if n >= 1 and k in kind.at_end]
        self.anchor_kind = anchor_kinds[0] if anchor_kinds else None
        self.rest = _rest_table(self, view)

    def rq_ok(self, rq: int) -> bool:
        return all(((rq >> shift) & 255) <= n for shift, n in self.rq_limits)


class _Cand:
    """A candidate route of one train, kept light until it is chosen."""

    __slots__ = ("value", "run", "tre", "mask", "start", "left", "right")

    def __init__(
        self,
        value: int,
        run: int,
        tre: int,
        mask: int,
        start: int,
        left: tuple[Link, ...],
        right: tuple[Link, ...],
    ) -> None:
        self.value = value
        self.run = run
        self.tre = tre
        self.mask = mask
        self.start = start
        self.left = left
        self.right = right


def build_route(view: CompanyView, start: int, left: Sequence[Link], right: Sequence[Link],
                run: int, tre: int) -> Route:
    """The route running out along ``left`` reversed, through the start, then ``right``."""
    chain = [lk.reversed() for lk in reversed(left)] + list(right)
    nodes: list[str] = [view.ids[start]] if not chain else [chain[0].a]
    stops: list[str] = list(nodes)
    pieces: list[int] = []
    for lk in chain:
        nodes.extend(lk.junctions)
        nodes.append(lk.b)
        stops.append(lk.b)
        pieces.extend(lk.pieces)
    return Route(tuple(nodes), tuple(stops), tuple(pieces), run, tre)


class _Ctx:
    """Everything the route growers read, gathered once per search of one train.

    ``threshold``: routes worth less are neither kept nor grown towards (the bound table
    ``rest`` says what more a partial route could still earn). In ``best_only`` mode every
    route found raises the threshold past itself, so the search ends with the best route last in
    ``out``. ``base`` is track already taken (by other trains) that routes must avoid.
    """

    def __init__(self, view: CompanyView, kv: _KindView, min_stops: int, threshold: int,
                 budget: _Budget | None, best_only: bool = False, base: int = 0) -> None:
        self.view = view
        self.kv = kv
        self.min_stops = min_stops
        self.threshold = threshold
        self.best_only = best_only
        self.base = base
        self.budget = budget
        self.out: list[_Cand] = []
        self.steps = 0
        self.rest = kv.rest

    def tick(self) -> None:
        if self.budget is not None:
            self.budget.step(self.steps)
        self.steps = 0

    def keep(self, value: int, run: int, tre: int, mask: int, start: int,
             left: tuple[Link, ...], right: tuple[Link, ...]) -> None:
        self.out.append(_Cand(value, run, tre, mask, start, left, right))
        if self.best_only:
            self.threshold = value + 1


def _rest_table(kv: _KindView, view: CompanyView) -> list[list[int]]:
    """``rest[a][b]``: the most further stops could add to a route counting a + b so far.

    Greedy over all stop values, best first, within the places left (N - a for stops that only
    the base part takes, N + M - a - b in all), plus every stop that pays without counting.
    It ignores where the stops are, so it is never too low.
    """
    merged = sorted(
        (
            (kv.pay[i] + kv.tre[i], kv.ca[i])
            for i in range(len(view.ids))
            if kv.allowed[i] and (kv.ca[i] or kv.cb[i])
        ),
        reverse=True,
    )
    free_total = sum(
        kv.pay[i] + kv.tre[i]
        for i in range(len(view.ids))
        if kv.allowed[i] and not kv.ca[i] and not kv.cb[i]
    )
    table = []
    for a in range(kv.n + 1):
        row = []
        for b in range(kv.nm + 1):
            slots = kv.nm - a - b
            base_left = kv.n - a
            total = free_total
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


def enumerate_routes(
    view: CompanyView,
    kind: TrainKind,
    distance: int,
    plus: int,
    min_stops: int,
    threshold: int = 0,
    budget: _Budget | None = None,
    bonus: Bonus | None = None,
    best_only: bool = False,
    base: int = 0,
) -> list[_Cand]:
    """The routes of this train worth at least ``threshold`` (value = revenue + treasury).

    ``best_only``: the best route avoiding the track in ``base`` is the last one returned (the
    others are earlier, lesser finds). With a ``bonus`` hook the threshold is ignored: a bonus
    can lift any route. When the budget runs out the routes found so far are returned and
    ``budget.exhausted`` is set.
    """
    kv = view.kind_view(kind, distance, plus)
    if bonus is not None or min(view.values, default=0) < 0:
        threshold = -(1 << 60)
        best_only = False
    ctx = _Ctx(view, kv, min_stops, threshold, budget, best_only, base)
    excluded = 0
    try:
        if kv.anchor_kind is not None:
            for s in range(len(view.ids)):
                if view.kinds[s] == kv.anchor_kind and kv.allowed[s]:
                    _grow_from_anchor(ctx, s, excluded)
                    excluded |= view.sbit[s]
        else:
            for s in view.stations:
                if kv.allowed[s]:
                    _grow_from_station(ctx, s, excluded)
                excluded |= view.sbit[s]
        if budget is not None:
            budget.step(ctx.steps)
    except _OutOfBudget:
        pass
    out = ctx.out
    if bonus is not None:
        rescored = []
        for c in out:
            route = build_route(view, c.start, c.left, c.right, c.run, c.tre)
            extra = bonus(route)
            rescored.append(_Cand(c.value + extra, c.run + extra, c.tre, c.mask, c.start,
                                  c.left, c.right))
        out = rescored
    return out


def _grow_from_anchor(ctx: _Ctx, s: int, excluded: int) -> None:
    """Routes with ``s`` at one end (``s`` is of a kind that must be an end, e.g. a mine)."""
    view, kv = ctx.view, ctx.kv
    adj, gbit, sbit, is_station = view.adj, view.gbit, view.sbit, view.is_station
    allowed, ca, cb, pay, tre, rqinc = kv.allowed, kv.ca, kv.cb, kv.pay, kv.tre, kv.rqinc
    stopper, rq_ok = kv.stopper, kv.rq_ok
    n_max, nm_max, rq_target = kv.n, kv.nm, kv.rq_target
    min_counted, min_stops = kv.kind.min_counted, ctx.min_stops
    rest = ctx.rest
    path: list[Link] = []

    def grow(cur: int, gm: int, rm: int, a: int, b: int, ns: int,
             run: int, tr: int, rq: int, st: bool) -> None:
        ctx.steps += 1
        if ctx.steps >= 1024:
            ctx.tick()
        for j, mask, link in adj[cur]:
            if mask & rm or gbit[j] & gm or sbit[j] & excluded or not allowed[j]:
                continue
            na = a + ca[j]
            nb = b + cb[j]
            if na > n_max or na + nb > nm_max:
                continue
            nrq = rq + rqinc[j]
            if rqinc[j] and not rq_ok(nrq):
                continue
            value = run + pay[j] + tr + tre[j]
            if value + rest[na][nb] < ctx.threshold:
                continue
            nst = st or is_station[j]
            path.append(link)
            if (nst and ns + 1 >= min_stops and na + nb >= min_counted
                    and nrq == rq_target and value >= ctx.threshold):
                ctx.keep(value, run + pay[j], tr + tre[j], rm | mask, s, (), tuple(path))
            if not stopper[j]:
                grow(j, gm | gbit[j], rm | mask, na, nb, ns + 1, run + pay[j], tr + tre[j],
                     nrq, nst)
            path.pop()

    grow(s, gbit[s], ctx.base, ca[s], cb[s], 1, pay[s], tre[s], rqinc[s], is_station[s])


def _grow_from_station(ctx: _Ctx, s: int, excluded: int) -> None:
    """Routes through station ``s``: a left arm, then (when ``s`` may be passed) a right arm.

    The right arm leaves ``s`` by a later link than the left one, so each route through ``s``
    is grown once; routes through an earlier station are ``excluded``, found from there.
    """
    view, kv = ctx.view, ctx.kv
    adj, gbit, sbit = view.adj, view.gbit, view.sbit
    allowed, ca, cb, pay, tre, rqinc = kv.allowed, kv.ca, kv.cb, kv.pay, kv.tre, kv.rqinc
    stopper, rq_ok = kv.stopper, kv.rq_ok
    n_max, nm_max, rq_target = kv.n, kv.nm, kv.rq_target
    min_counted, min_stops = kv.kind.min_counted, ctx.min_stops
    rest = ctx.rest
    s_interior = not stopper[s]
    left: list[Link] = []
    right: list[Link] = []
    first = 0

    def grow_right(cur: int, gm: int, rm: int, a: int, b: int, ns: int,
                   run: int, tr: int, rq: int) -> None:
        ctx.steps += 1
        if ctx.steps >= 1024:
            ctx.tick()
        lo = first if cur == s else -1
        for k, (j, mask, link) in enumerate(adj[cur]):
            if k <= lo:
                continue
            if mask & rm or gbit[j] & gm or sbit[j] & excluded or not allowed[j]:
                continue
            na = a + ca[j]
            nb = b + cb[j]
            if na > n_max or na + nb > nm_max:
                continue
            nrq = rq + rqinc[j]
            if rqinc[j] and not rq_ok(nrq):
                continue
            value = run + pay[j] + tr + tre[j]
            if value + rest[na][nb] < ctx.threshold:
                continue
            right.append(link)
            if (ns + 1 >= min_stops and na + nb >= min_counted and nrq == rq_target
                    and value >= ctx.threshold):
                ctx.keep(value, run + pay[j], tr + tre[j], rm | mask, s,
                         tuple(left), tuple(right))
            if not stopper[j]:
                grow_right(j, gm | gbit[j], rm | mask, na, nb, ns + 1, run + pay[j],
                           tr + tre[j], nrq)
            right.pop()

    def grow_left(cur: int, gm: int, rm: int, a: int, b: int, ns: int,
                  run: int, tr: int, rq: int) -> None:
        nonlocal first
        ctx.steps += 1
        if ctx.steps >= 1024:
            ctx.tick()
        for k, (j, mask, link) in enumerate(adj[cur]):
            if mask & rm or gbit[j] & gm or sbit[j] & excluded or not allowed[j]:
                continue
            na = a + ca[j]
            nb = b + cb[j]
            if na > n_max or na + nb > nm_max:
                continue
            nrq = rq + rqinc[j]
            if rqinc[j] and not rq_ok(nrq):
                continue
            value = run + pay[j] + tr + tre[j]
            if value + rest[na][nb] < ctx.threshold:
                continue
            left.append(link)
            if cur == s:
                first = k
            if (ns + 1 >= min_stops and na + nb >= min_counted and nrq == rq_target
                    and value >= ctx.threshold):
                ctx.keep(value, run + pay[j], tr + tre[j], rm | mask, s, (), tuple(left))
            if s_interior:
                grow_right(s, gm | gbit[j], rm | mask, na, nb, ns + 1, run + pay[j],
                           tr + tre[j], nrq)
            if not stopper[j]:
                grow_left(j, gm | gbit[j], rm | mask, na, nb, ns + 1, run + pay[j],
                          tr + tre[j], nrq)
            left.pop()

    grow_left(s, gbit[s], ctx.base, ca[s], cb[s], 1, pay[s], tre[s], rqinc[s])


def _combine(
    cands: list[list[_Cand]],
    same_as_prev: list[bool],
    clashes: Mapping[int, tuple[int, ...]],
    budget: _Budget | None,
    floor: int = -1,
) -> tuple[int, list[_Cand | None]]:
    """:func:`_combine_ordered` with the trains taken best first (identical trains together),
    which finds good combinations early and so prunes most."""
    groups: list[list[int]] = []
    for i in range(len(cands)):
        if i > 0 and same_as_prev[i]:
            groups[-1].append(i)
        else:
            groups.append([i])
    groups.sort(key=lambda g: -(cands[g[0]][0].value if cands[g[0]] else 0))
    order = [i for g in groups for i in g]
    value, picks = _combine_ordered(
        [cands[i] for i in order], [same_as_prev[i] and k > 0 and order[k - 1] == i - 1
                                    for k, i in enumerate(order)],
        clashes, budget, floor,
    )
    out: list[_Cand | None] = [None] * len(cands)
    for k, i in enumerate(order):
        out[i] = picks[k]
    return value, out


def _combine_ordered(
    cands: list[list[_Cand]],
    same_as_prev: list[bool],
    clashes: Mapping[int, tuple[int, ...]],
    budget: _Budget | None,
    floor: int = -1,
) -> tuple[int, list[_Cand | None]]:
    """The best pick of one candidate (or none) per train with disjoint track, if above floor.

    Candidates of each train are sorted best first; ``same_as_prev`` marks a train identical to
    the one before it, whose pick must then come later in the list (the two are interchangeable).
    The candidates of a train still open are kept as a bit set (bit k: the k-th candidate), so
    the best one still free is the lowest bit, and picking a route clears, in one operation per
    link of its route, every candidate of the later trains that shares track with it (``clashes``:
    link uid -> uids of the links sharing track with it). If the
    budget runs out, the best pick so far is returned and ``budget.exhausted`` is set.
    """
    t = len(cands)
    values = [[c.value for c in lst] for lst in cands]
    users: list[dict[int, int]] = []  # per train: link uid -> candidates using the link
    for lst in cands:
        index: dict[int, list[int]] = {}
        for k, c in enumerate(lst):
            for link in c.left:
                index.setdefault(link.uid, []).append(k)
            for link in c.right:
                index.setdefault(link.uid, []).append(k)
        packed: dict[int, int] = {}
        size = (len(lst) + 8) // 8
        for uid, ks in index.items():
            raw = bytearray(size)
            for k in ks:
                raw[k >> 3] |= 1 << (k & 7)
            packed[uid] = int.from_bytes(raw, "little")
        users.append(packed)
    link_cache: dict[tuple[int, int], int] = {}

    def link_clash(uid: int, j: int) -> int:
        got = link_cache.get((uid, j))
        if got is None:
            got = 0
            found = users[j]
            for other in clashes[uid]:
                got |= found.get(other, 0)
            link_cache[(uid, j)] = got
        return got

    clash_cache: dict[tuple[int, int], list[int]] = {}

    def clashes_of(i: int, k: int) -> list[int]:
        """For each train j: its candidates sharing track with candidate k of train i."""
        key = (i, k)
        got = clash_cache.get(key)
        if got is None:
            c = cands[i][k]
            uids = [link.uid for link in c.left] + [link.uid for link in c.right]
            got = [0] * t
            for j in range(i + 1, t):
                found = 0
                for uid in uids:
                    found |= link_clash(uid, j)
                got[j] = found
            clash_cache[key] = got
        return got

    def top(j: int, avail: int) -> int:
        return values[j][(avail & -avail).bit_length() - 1] if avail else 0

    def rest_of(avails: list[int], start: int) -> int:
        """At most what trains ``start``.. can add: each its best candidate still open, except
        that identical trains take successively later ones (their picks rise in the list)."""
        total = 0
        avail = 0
        for j in range(start, t):
            if j > start and same_as_prev[j]:
                low = avail & -avail
                avail = avails[j] & ~((low << 1) - 1) if low else 0
            else:
                avail = avails[j]
            total += top(j, avail)
        return total

    best_value = floor
    best_pick: list[int | None] = [None] * t
    pick: list[int | None] = [None] * t
    count = 0

    def rec(i: int, acc: int, avails: list[int]) -> None:
        nonlocal best_value, best_pick, count
        if i == t:
            if acc > best_value:
                best_value = acc
                best_pick = list(pick)
            return
        count += 1
        if budget is not None and count >= 256:
            budget.step(count)
            count = 0
        rest = rest_of(avails, i + 1)
        nxt_same = i + 1 < t and same_as_prev[i + 1]
        av = avails[i]
        vals = values[i]
        while av:
            low = av & -av
            av ^= low
            k = low.bit_length() - 1
            v = vals[k]
            if acc + v + rest <= best_value:
                break
            new = list(avails)
            hit = clashes_of(i, k)
            for j in range(i + 1, t):
                new[j] &= ~hit[j]
            if nxt_same:
                new[i + 1] &= ~((low << 1) - 1)
            if acc + v + rest_of(new, i + 1) <= best_value:
                continue
            pick[i] = k
            rec(i + 1, acc + v, new)
        pick[i] = None
        if acc + rest > best_value:
            new = list(avails)
            if nxt_same:
                new[i + 1] = 0
            rec(i + 1, acc, new)

    with contextlib.suppress(_OutOfBudget):
        rec(0, 0, [(1 << len(lst)) - 1 for lst in cands])
    return best_value, [
        None if k is None else cands[i][k] for i, k in enumerate(best_pick)
    ]


def _spec_key(train: TrainLike) -> tuple[str, int, int]:
    return (train.kind, int(train.distance), int(getattr(train, "plus", 0) or 0))


def best_routes(
    graph: TrackGraph,
    trains: Sequence[TrainLike],
    company: str,
    rules: RouteRules,
    *,
    bonus: Bonus | None = None,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
) -> RouteSet:
    """The routes that earn ``company`` the most with ``trains`` (revenue plus treasury income).

    Exact unless a budget (``max_nodes`` search steps, ``max_seconds``) runs out, in which case
    the best routes found so far are returned with ``complete=False``. Ties go to the routes
    found first, which depends only on the graph, so equal positions give equal answers (the
    board layer builds a position's graph in sorted hex order, whatever order it came in).

    How: each train's best lone route bounds what it can add (``ub``); taking the trains one
    after another, each on the best route the others left free, gives a total in hand (``lb``).
    A combination worth a target or more can only use routes of train i worth at least the
    target minus the other trains' bounds. So for falling targets (from near the sum of the
    bounds down to ``lb``) only those candidates are combined; the best combination found raises
    ``lb``, and once it reaches the target it is the best of all (any better combination would
    have been among the candidates too). The last target is ``lb`` itself, which is reached.
    """
    # The search allocates many small, short-lived objects and no garbage cycles worth
    # chasing mid-search; the cyclic collector's full passes over a large game state would
    # otherwise cost more than the search itself now and then.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _best_routes(graph, trains, company, RouteRules.of(rules), bonus,
                            max_nodes, max_seconds)
    finally:
        if collecting:
            gc.enable()


def _best_routes(
    graph: TrackGraph,
    trains: Sequence[TrainLike],
    company: str,
    rules: RouteRules,
    bonus: Bonus | None,
    max_nodes: int | None,
    max_seconds: float | None,
) -> RouteSet:
    view = CompanyView(graph, company)
    budget = _Budget(max_nodes, max_seconds) if (max_nodes or max_seconds) else None
    specs = [_spec_key(t) for t in trains]
    kinds = {key: rules.kind_of(t) for key, t in zip(specs, trains, strict=True)}
    order = sorted(range(len(trains)), key=lambda i: specs[i])

    def search(key: tuple[str, int, int], threshold: int = 0, best_only: bool = False,
               base: int = 0) -> list[_Cand]:
        if budget is not None and budget.exhausted:
            return []
        return enumerate_routes(view, kinds[key], key[1], key[2], rules.min_stops, threshold,
                                budget, bonus, best_only, base)

    greedy: list[_Cand | None] = [None] * len(order)
    lb = 0
    ub = dict.fromkeys(specs, 0)
    if bonus is None and trains:
        for key in ub:
            found = search(key, 1, best_only=True)
            ub[key] = found[-1].value if found else 0
        used = 0
        for pos in sorted(range(len(order)), key=lambda p: -ub[specs[order[p]]]):
            if ub[specs[order[pos]]] == 0:
                continue
            found = search(specs[order[pos]], 1, best_only=True, base=used)
            if found:
                greedy[pos] = found[-1]
                lb += found[-1].value
                used |= found[-1].mask
    same = [k > 0 and specs[order[k]] == specs[order[k - 1]] for k in range(len(order))]
    total_ub = sum(ub[k] for k in specs)
    picks: list[_Cand | None] = greedy

    def thresholds(target: int) -> dict[tuple[str, int, int], int]:
        # a combination worth ``target`` or more uses only routes worth this much or more
        if bonus is not None:
            return dict.fromkeys(ub, 0)
        return {key: max(target - total_ub + ub[key], 0) for key in ub}

    def candidates(target: int) -> dict[tuple[str, int, int], list[_Cand]]:
        out = {}
        for key, threshold in thresholds(target).items():
            cands = search(key, threshold)
            cands.sort(key=lambda c: -c.value)
            out[key] = cands
        return out

    def combine(found: dict[tuple[str, int, int], list[_Cand]], target: int) -> bool:
        """Combine the candidates good enough for ``target``; True once ``lb`` reaches it."""
        nonlocal lb, picks
        limits = thresholds(target)
        per_train = []
        for i in order:
            cands = found[specs[i]]
            cut = bisect.bisect_right(cands, -limits[specs[i]], key=lambda c: -c.value)
            per_train.append(cands[:cut])
        value, best = _combine(per_train, same, graph.link_clashes, budget, lb - 1)
        if value >= lb:
            lb, picks = value, best
        return value >= target or (budget is not None and budget.exhausted)

    # First a quick look with few candidates near the bounds; it often lifts ``lb``. Then every
    # candidate the final target needs is enumerated once, and combined for falling targets.
    quick = total_ub - (total_ub - lb) // 4
    if quick <= lb or not combine(candidates(quick), quick):
        top = quick - 1 if quick > lb else total_ub  # the quick look failed: below ``quick``
        every = candidates(lb)
        for target in (top - (top - lb) // 4, top - (top - lb) // 2, lb):
            if combine(every, max(target, lb)):
                break
    runs: list[TrainRun] = [TrainRun(t, None) for t in trains]
    for pos, i in enumerate(order):
        c = picks[pos]
        if c is not None:
            route = build_route(view, c.start, c.left, c.right, c.run, c.tre)
            runs[i] = TrainRun(trains[i], route)
    return RouteSet(tuple(runs), complete=not (budget is not None and budget.exhausted))
