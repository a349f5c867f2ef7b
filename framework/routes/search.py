"""Exact best routes for a company's trains.

Candidate routes of each train are enumerated by depth-first search over the graph's
stop-to-stop links (see :attr:`TrackGraph.links`), starting from the company's stations (or,
for a kind that must start at a stop of a required kind, such as a goods train at a mine, from
those stops), pruned by the train's rating, by the stops and track already used, and by a value
threshold with an upper bound on what the rest of a route could still earn. A route through a
station is grown as two arms from that station, so each route is found exactly once. A branch
and bound (:mod:`framework.routes.combine`) then picks one candidate per train (or none) with
pairwise disjoint track.

The thresholds come from bounds: each train's best lone route bounds what it can add, and a
greedy pick gives a total in hand; a combination worth as much can only use routes worth at
least that total minus the other trains' bounds (:func:`best_routes` says how).
Nothing that could be part of a better combination is ever dropped, so the answer is exact.
When an optional budget stops the search early, the result says so (``complete=False``).
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from railyard.framework.memo import Memo
from railyard.framework.routes.combine import Group, OutOfBudget, best_combination
from railyard.framework.routes.graph import Link, TrackGraph, clashes_of_masks
from railyard.framework.routes.kinds import RouteRules, TrainKind, TrainLike
from railyard.framework.routes.result import Route, RouteSet, TrainRun

Bonus = Callable[[Route], int]
"""A hook adding a bonus to a route's revenue (e.g. for visiting two given stops)."""

StopValues = tuple[tuple[str, int], ...]
"""(stop id, value) pairs: where one train earns another amount than the stop's revenue."""


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
                raise OutOfBudget
        if self.deadline is not None:
            self.tick += n
            if self.tick >= 512:
                self.tick = 0
                if time.monotonic() > self.deadline:
                    self.exhausted = True
                    raise OutOfBudget


_SHARED = ("search", "shared view")


_STOP_BITS: dict[int, list[int]] = {}


def _stop_bits(n: int) -> list[int]:
    """``[1 << i for i in range(n)]``, made once per length (never changed: read only)."""
    found = _STOP_BITS.get(n)
    if found is None:
        found = _STOP_BITS[n] = [1 << i for i in range(n)]
    return found


def _stop_order(graph: TrackGraph) -> tuple[list[str], dict[str, int], tuple[str, ...]]:
    """The graph's stop ids in order, their indices, and the ids as a tuple (read only)."""
    ids = list(graph.stops)
    return ids, {sid: i for i, sid in enumerate(ids)}, tuple(ids)


class _Shared:
    """What every company's view of one graph has in common (stops by index, their bits, the
    links by index), worked out once per graph and kept in its memo."""

    def __init__(self, graph: TrackGraph) -> None:
        # the stop order depends on the shape alone: shared by the graphs of one shape
        order: tuple[list[str], dict[str, int], tuple[str, ...]] = graph._per_shape(
            "search stop order", lambda: _stop_order(graph))
        self.ids: list[str] = order[0]
        self.index = order[1]
        self._id_tuple = order[2]
        self.stops = [graph.stops[sid] for sid in self.ids]
        self.kinds = [s.kind for s in self.stops]
        self.values = [s.revenue for s in self.stops]
        group_bits: dict[str, int] = {}
        n = len(self.stops)
        self.sbit = _stop_bits(n)
        self.gbit: list[int] = list(self.sbit)
        for i, s in enumerate(self.stops):
            if s.group is not None:
                self.gbit[i] = group_bits.setdefault(s.group, 1 << (n + len(group_bits)))
        self._content: tuple[tuple[str, ...], tuple[str, ...], tuple[int, ...]] | None = None
        self._of_kind: dict[str, list[int]] = {}
        #: the stops with tokens or homes (the only ones that can be a company's station)
        self.held = [i for i, s in enumerate(self.stops) if s.tokens or s.homes]
        self._whole: list[list[tuple[int, int, Link]]] | None = None
        #: per component (its first stop): its stops' rows of :attr:`CompanyView.adj`
        self.parts: dict[str, dict[int, list[tuple[int, int, Link]]]] = {}

    def of_kind(self, kind: str) -> list[int]:
        """The stops of ``kind``, in graph order."""
        found = self._of_kind.get(kind)
        if found is None:
            found = self._of_kind[kind] = [i for i, k in enumerate(self.kinds) if k == kind]
        return found

    @property
    def content(self) -> tuple[tuple[str, ...], tuple[str, ...], tuple[int, ...]]:
        """The stops' ids, kinds and values in graph order: all a train's per-stop numbers
        (:class:`_KindNumbers`) are worked out from, besides the train."""
        if self._content is None:
            self._content = (self._id_tuple, tuple(self.kinds), tuple(self.values))
        return self._content

    def whole(self, graph: TrackGraph) -> list[list[tuple[int, int, Link]]]:
        """Every stop's links (index of the stop across, resources, link), from the graph's
        links: what a search with a budget walks (its steps are counted over every start)."""
        if self._whole is None:
            links, index = graph.links, self.index
            self._whole = [[(index[lk.b], lk.mask, lk) for lk in links[sid]] for sid in self.ids]
        return self._whole

    def part(self, graph: TrackGraph, first: str) -> dict[int, list[tuple[int, int, Link]]]:
        """The rows of the stops of one component (:meth:`TrackGraph.component_links`)."""
        found = self.parts.get(first)
        if found is None:
            links = graph.component_link_map(first)
            index = self.index
            found = self.parts[first] = {
                index[sid]: [(index[lk.b], lk.mask, lk) for lk in out]
                for sid, out in links.items()}
        return found


class CompanyView:
    """The graph as one company sees it: stops by index, its stations, blocked cities.

    Every route runs through a station, so only the links of the stations' components are
    set up (``adj`` is empty elsewhere: a search from an anchor there finds nothing, as it
    would over its links); ``whole`` sets up every stop's (a search with a budget, whose
    steps are counted). Either way a stop's links are the graph's, in the graph's order."""

    def __init__(self, graph: TrackGraph, company: str, whole: bool = False) -> None:
        self.graph = graph
        self.company = company
        shared = graph.memo.get(_SHARED)
        if shared is None:
            shared = graph.memo[_SHARED] = _Shared(graph)
        self.shared = shared
        self.ids = shared.ids
        self.index = shared.index
        self.kinds = shared.kinds
        self.values = shared.values
        self.gbit = shared.gbit
        self.sbit = shared.sbit
        stops = shared.stops
        # StopNode.is_station_of, asked only of the stops with tokens or homes
        self.is_station = is_station = [False] * len(stops)
        self.stations: list[int] = []
        for i in shared.held:
            stop = stops[i]
            if company in stop.tokens or company in stop.homes:
                is_station[i] = True
                self.stations.append(i)
        self._clashes: Mapping[int, tuple[int, ...]] | None = None
        self.blocked: list[bool]
        self._whole = whole
        self._firsts: list[str] = []
        if whole:
            self.blocked = [s.blocked_for(company) for s in stops]
            self.blocked_at = [i for i, b in enumerate(self.blocked) if b]
            self.adj = shared.whole(graph)
        else:
            none: list[tuple[int, int, Link]] = []
            adj = [none] * len(stops)
            seen: set[str] = set()
            for s in self.stations:
                first = graph.component_of(self.ids[s])
                if first in seen:
                    continue
                seen.add(first)
                self._firsts.append(first)
                for i, row in shared.part(graph, first).items():
                    adj[i] = row
            self.adj = adj
            # whether a stop blocks is read only where a route goes: the components' stops
            self.blocked = blocked = [False] * len(stops)
            #: the stops that block (a few full cities at most)
            self.blocked_at = blocked_at = []
            for first in seen:
                for i in shared.part(graph, first):
                    if stops[i].blocked_for(company):
                        blocked[i] = True
                        blocked_at.append(i)
        self.any_blocked = bool(self.blocked_at)
        self._kinds: dict[tuple[TrainKind, int, int, StopValues], _KindView] = {}

    @property
    def clashes(self) -> Mapping[int, tuple[int, ...]]:
        """Link uid -> the uids of the links sharing track with it: of the graph's links
        (``whole``), else of the stations' components' (worked out when a search first
        combines routes)."""
        if self._clashes is None:
            if self._whole:
                self._clashes = self.graph.link_clashes
            else:
                clashes: dict[int, tuple[int, ...]] = {}
                for first in self._firsts:
                    clashes.update(self.graph.component_clashes(first))
                self._clashes = clashes
        return self._clashes

    def kind_view(self, kind: TrainKind, distance: int, plus: int,
                  values: StopValues = ()) -> _KindView:
        """The per-stop numbers of one train (built once per query and train)."""
        key = (kind, distance, plus, values)
        found = self._kinds.get(key)
        if found is None:
            found = self._kinds[key] = _KindView(self, kind, distance, plus, values)
        return found


_PerKind = tuple[bool, int, int, bool, bool, bool, int]
"""What a stop of one kind is to one train: allowed, counts only in N, counts in N or M,
pays the run, pays the treasury, must end the route, its step towards the required kinds."""


def _per_stop_kind(kind: TrainKind, kinds: Sequence[str]) -> dict[str, _PerKind]:
    req_kinds = [k for k, _ in kind.requires]
    return {
        k: (
            k not in kind.forbids,
            int(k in kind.counts and k not in kind.plus_counts),
            int(k in kind.counts and k in kind.plus_counts),
            kind.pays(k),
            k in kind.to_treasury,
            k in kind.at_end,
            (1 << (8 * req_kinds.index(k))) if k in req_kinds else 0,
        )
        for k in set(kinds)
    }


class _KindNumbers:
    """Per-stop numbers for one train on one graph, the same for every company (kept in the
    graph's memo). ``values``: stops where this train earns another amount than the stop's
    revenue, which is paid on top of what its kind pays there (as the operating round's
    ``train_bonus`` pays it)."""

    def __init__(self, view: CompanyView, kind: TrainKind, distance: int, plus: int,
                 values: StopValues = ()) -> None:
        self.kind = kind
        self.n = distance
        self.nm = distance + plus
        # what a stop is to this train depends on the stop's kind alone: worked out once per
        # stop kind, then spread over the stops
        per_kind = _per_stop_kind(kind, view.kinds)
        rows = [per_kind[k] for k in view.kinds]
        columns: list[list[Any]] = (
            [list(c) for c in zip(*rows, strict=True)] if rows else [[] for _ in range(7)])
        allowed, ca, cb, pays, to_treasury, at_end, rqinc = columns
        self.allowed: list[bool] = allowed
        self.ca: list[int] = ca
        self.cb: list[int] = cb
        self.pay = [v if p else 0 for v, p in zip(view.values, pays, strict=True)]
        for sid, value in values:
            i = view.index.get(sid)
            if i is not None:
                self.pay[i] += value - view.values[i]
        self.negative = any(p < 0 for p in self.pay)
        self.tre = [v if t else 0 for v, t in zip(view.values, to_treasury, strict=True)]
        self.at_end: list[bool] = at_end
        self.rq_target = 0
        self.rq_limits: list[tuple[int, int]] = []
        for i, (_k, n) in enumerate(kind.requires):
            self.rq_target |= n << (8 * i)
            self.rq_limits.append((8 * i, n))
        self.rqinc: list[int] = rqinc
        anchor_kinds = [k for k, n in kind.requires if n >= 1 and k in kind.at_end]
        self.anchor_kind = anchor_kinds[0] if anchor_kinds else None
        self.rest = _rest_table(self, view)


# (train kind, distance, plus, its stop values, the stops' ids, kinds and values) -> the
# train's numbers: every input of _KindNumbers is in the key, so graphs whose stops are alike
# (most look-ahead lays and positions of a turn: a lay changes one hex) share them; they are
# never changed once made
_NUMBERS: Memo[tuple[Any, ...], _KindNumbers] = Memo(256, per_game=True)


def _kind_numbers(view: CompanyView, kind: TrainKind, distance: int, plus: int,
                  values: StopValues) -> _KindNumbers:
    """The train's :class:`_KindNumbers` on the view's stops, shared by alike stops."""
    key = (kind, distance, plus, values, view.shared.content)
    found = _NUMBERS.get(key)
    if found is None:
        found = _NUMBERS.put(key, _KindNumbers(view, kind, distance, plus, values))
    return found


class _KindView:
    """Per-stop numbers for one train on one company's view of the graph."""

    def __init__(self, view: CompanyView, kind: TrainKind, distance: int, plus: int,
                 values: StopValues = ()) -> None:
        key = ("search", "kind numbers", kind, distance, plus, values)
        shared: _KindNumbers | None = view.graph.memo.get(key)
        if shared is None:
            shared = view.graph.memo[key] = _kind_numbers(view, kind, distance, plus, values)
        self.kind = kind
        self.n = shared.n
        self.nm = shared.nm
        self.allowed = shared.allowed
        self.ca = shared.ca
        self.cb = shared.cb
        self.pay = shared.pay
        self.tre = shared.tre
        self.at_end = shared.at_end
        self.rq_target = shared.rq_target
        self.rq_limits = shared.rq_limits
        self.rqinc = shared.rqinc
        self.anchor_kind = shared.anchor_kind
        self.rest = shared.rest
        self.negative = shared.negative
        self.stopper = self.at_end
        if view.any_blocked:  # at an end, or blocked for the company
            self.stopper = stopper = list(self.at_end)
            for i in view.blocked_at:
                stopper[i] = True

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


def _rest_table(kv: _KindNumbers, view: CompanyView) -> list[list[int]]:
    """``rest[a][b]``: the most further stops could add to a route counting a + b so far.

    Greedy over all stop values, best first, within the places left (N - a for stops that only
    the base part takes, N + M - a - b in all), plus every stop that pays without counting.
    It ignores where the stops are, so it is never too low.
    """
    merged: list[tuple[int, int]] = []
    free_total = 0
    for pay, tre, allowed, ca, cb in zip(kv.pay, kv.tre, kv.allowed, kv.ca, kv.cb, strict=True):
        if allowed:
            if ca or cb:
                merged.append((pay + tre, ca))
            else:
                free_total += pay + tre
    merged.sort(reverse=True)
    # for one a the greedy takes the same stops in the same order whatever b is (the places
    # left only cut it short): its running totals, read at the places each b leaves
    table = []
    n, nm = kv.n, kv.nm
    for a in range(n + 1):
        base_left = n - a
        most = nm - a
        totals = [free_total]
        total = free_total
        for v, only_base in merged:
            if len(totals) > most:
                break
            if only_base:
                if base_left <= 0:
                    continue
                base_left -= 1
            total += v
            totals.append(total)
        last = len(totals) - 1
        table.append([totals[min(most - b, last)] if most - b > 0 else free_total
                      for b in range(nm + 1)])
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
    values: StopValues = (),
) -> list[_Cand]:
    """The routes of this train worth at least ``threshold`` (value = revenue + treasury).

    ``best_only``: the best route avoiding the track in ``base`` is the last one returned (the
    others are earlier, lesser finds). With a ``bonus`` hook the threshold is ignored: a bonus
    can lift any route. When the budget runs out the routes found so far are returned and
    ``budget.exhausted`` is set.
    """
    kv = view.kind_view(kind, distance, plus, values)
    if bonus is not None or min(view.values, default=0) < 0 or kv.negative:
        threshold = -(1 << 60)
        best_only = False
    ctx = _Ctx(view, kv, min_stops, threshold, budget, best_only, base)
    excluded = 0
    try:
        if kv.anchor_kind is not None:
            adj, allowed = view.adj, kv.allowed
            for s in view.shared.of_kind(kv.anchor_kind):
                if allowed[s]:
                    # an anchor without links (outside the stations' components) grows nothing;
                    # a search with a budget grows it all the same (its steps are counted)
                    if adj[s] or budget is not None:
                        _grow_from(ctx, s, excluded, anchor=True)
                    excluded |= view.sbit[s]
        else:
            for s in view.stations:
                if kv.allowed[s]:
                    _grow_from(ctx, s, excluded, anchor=False)
                excluded |= view.sbit[s]
        if budget is not None:
            budget.step(ctx.steps)
    except OutOfBudget:
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


def _grow_from(ctx: _Ctx, s: int, excluded: int, anchor: bool) -> None:
    """Every route from ``s`` worth keeping: the one growth step of the route search.

    A route through a station ``s`` is grown as a left arm, then (when ``s`` may be passed) a
    right arm leaving ``s`` by a later link than the left one's first, so each route through
    ``s`` is grown once; an ``anchor`` (a stop of a kind that must be an end, e.g. a mine)
    grows one arm, kept once it reaches a station. Routes through an earlier start are ``excluded``,
    found from there.

    Invariants of ``grow``'s partial route (its stops' groups ``gm``, its track ``rm``, ``a``
    stops counted by the base part of the train and ``b`` by its extension, ``ns`` stops in
    all, requirement tally ``rq``, revenue ``run``, treasury income ``tr``, ``st`` whether it
    has reached a station): it never uses a piece of track twice nor two stops of one group,
    nor an excluded stop; its counts fit the train (``a`` <= N, ``a + b`` <= N + M) and its
    tally may still reach the kind's requirement; what it earns plus the most further stops
    could add (``rest[a][b]``) reaches ``ctx.threshold``, read afresh for each link (a route kept
    meanwhile may have raised it). ``right`` says which arm grows; ``left``/``right_arm`` hold
    the links taken.
    """
    view, kv = ctx.view, ctx.kv
    adj, gbit, sbit, is_station = view.adj, view.gbit, view.sbit, view.is_station
    allowed, ca, cb, pay, tre, rqinc = kv.allowed, kv.ca, kv.cb, kv.pay, kv.tre, kv.rqinc
    stopper, rq_ok = kv.stopper, kv.rq_ok
    n_max, nm_max, rq_target = kv.n, kv.nm, kv.rq_target
    min_counted, min_stops = kv.kind.min_counted, ctx.min_stops
    rest = ctx.rest
    s_interior = not anchor and not stopper[s]
    left: list[Link] = []
    right_arm: list[Link] = []
    first = 0

    def grow(cur: int, gm: int, rm: int, a: int, b: int, ns: int,
             run: int, tr: int, rq: int, st: bool, right: bool) -> None:
        nonlocal first
        ctx.steps += 1
        if ctx.steps >= 1024:
            ctx.tick()
        lo = first if right and cur == s else -1
        leaving = not right and cur == s  # the left arm's first link: the right arm's floor
        arm = right_arm if right else left
        for k, (j, mask, link) in enumerate(adj[cur]):
            if k <= lo or mask & rm or gbit[j] & gm or sbit[j] & excluded or not allowed[j]:
                continue
            na = a + ca[j]
            nb = b + cb[j]
            if na > n_max or na + nb > nm_max:
                continue
            nrq = rq + rqinc[j]
            if rqinc[j] and not rq_ok(nrq):
                continue
            nrun = run + pay[j]
            ntr = tr + tre[j]
            value = nrun + ntr
            if value + rest[na][nb] < ctx.threshold:
                continue
            nst = st or is_station[j]
            arm.append(link)
            if leaving:
                first = k
            if (nst and ns + 1 >= min_stops and na + nb >= min_counted and nrq == rq_target
                    and value >= ctx.threshold):
                if right:
                    ctx.keep(value, nrun, ntr, rm | mask, s, tuple(left), tuple(right_arm))
                else:
                    ctx.keep(value, nrun, ntr, rm | mask, s, (), tuple(left))
            if s_interior and not right:
                grow(s, gm | gbit[j], rm | mask, na, nb, ns + 1, nrun, ntr, nrq, nst, True)
            if not stopper[j]:
                grow(j, gm | gbit[j], rm | mask, na, nb, ns + 1, nrun, ntr, nrq, nst, right)
            arm.pop()

    try:
        grow(s, gbit[s], ctx.base, ca[s], cb[s], 1, pay[s], tre[s], rqinc[s], is_station[s],
             False)
    finally:
        grow = None  # type: ignore[assignment]  # a recursive closure is a cycle: break it


def _last(found: list[_Cand]) -> _Cand | None:
    return found[-1] if found else None


def _combine(view: CompanyView, order: list[int], specs: list[SpecKey],
             greedy: list[_Cand | None], lb: int, found: dict[SpecKey, list[_Cand]],
             budget: _Budget | None) -> list[_Cand | None]:
    """Per train (in ``order``): its route in the first best combination of the candidates
    ``found`` per kind and range, or the ``greedy`` picks (worth ``lb``) if none is better.

    Trains of one kind and range are one group of :func:`best_combination`; the first best
    pick is the same for any list of candidates holding every route of every best pick
    (:mod:`framework.routes.combine`), so the answer depends only on the graph and the trains.
    """
    groups: list[Group] = []
    members: list[list[int]] = []  # per group: the positions (in ``order``) of its trains
    lists: list[list[_Cand]] = []
    for pos, i in enumerate(order):
        if pos > 0 and specs[i] == specs[order[pos - 1]]:
            groups[-1].count += 1
            members[-1].append(pos)
            continue
        cands = found[specs[i]]
        cands.sort(key=lambda c: -c.value)
        groups.append(Group(
            [c.value for c in cands],
            [tuple(lk.uid for lk in c.left) + tuple(lk.uid for lk in c.right) for c in cands],
            1,
        ))
        members.append([pos])
        lists.append(cands)
    # the clashes among the candidates' links alone (a few links, where the components hold
    # thousands): the combination asks for no other link's
    masks: dict[int, int] = {}
    for cands in lists:
        for c in cands:
            for lk in c.left:
                masks[lk.uid] = lk.mask
            for lk in c.right:
                masks[lk.uid] = lk.mask
    value, chosen = best_combination(groups, clashes_of_masks(masks), lb - 1, budget)
    if value < lb:
        return greedy
    picks: list[_Cand | None] = [None] * len(order)
    for positions, cands, ks in zip(members, lists, chosen, strict=True):
        for pos, k in zip(positions, ks, strict=False):
            picks[pos] = cands[k]
    return picks


SpecKey = tuple[str, int, int, "StopValues"]
"""A train as the search sees it: kind, range (distance, plus), its own stop values."""


def _specs(trains: Sequence[TrainLike],
           stop_values: Sequence[Mapping[str, int] | None] | None) -> list[SpecKey]:
    if stop_values is None:
        return [_spec_key(t) for t in trains]
    return [_spec_key(t, v) for t, v in zip(trains, stop_values, strict=True)]


def _spec_key(train: TrainLike, values: Mapping[str, int] | None = None) -> SpecKey:
    """What the search needs of a train: kind, range and the stops it earns differently at."""
    return (train.kind, int(train.distance), int(getattr(train, "plus", 0) or 0),
            tuple(sorted(values.items())) if values else ())


def best_routes(
    graph: TrackGraph,
    trains: Sequence[TrainLike],
    company: str,
    rules: RouteRules,
    *,
    bonus: Bonus | None = None,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    stop_values: Sequence[Mapping[str, int] | None] | None = None,
) -> RouteSet:
    """The routes that earn ``company`` the most with ``trains`` (revenue plus treasury income).

    ``stop_values``, per train: stop id -> what that train earns there instead of the stop's
    revenue (an off-board that pays D trains more than the phase's value); routes are ranked
    and paid with it.

    Exact unless a budget (``max_nodes`` search steps, ``max_seconds``) runs out, in which case
    the best routes found so far are returned with ``complete=False``. Ties go to the routes
    found first, which depends only on the graph, so equal positions give equal answers (the
    board layer builds a position's graph in sorted hex order, whatever order it came in).

    How: each train's best lone route bounds what it can add (``ub``); taking the trains one
    after another, each on the best route the others left free, gives a total in hand (``lb``).
    If that is every train on its best lone route, nothing is better. Otherwise a combination
    worth ``lb`` or more can only use routes of train i worth at least ``lb`` minus the other
    trains' bounds: those candidates are enumerated once and combined
    (:func:`~railyard.framework.routes.combine.best_combination`).
    """
    # The search allocates many small, short-lived objects and no garbage cycles worth
    # chasing mid-search; the cyclic collector's full passes over a large game state would
    # otherwise cost more than the search itself now and then.
    # the answer depends on the graph, the trains' kinds and ranges (in order), the company and
    # the rules alone: a second query of one position (a bot's look-ahead, then the listing of
    # legal runs) is answered from the graph's memo
    memo_key = None
    if bonus is None and max_nodes is None and max_seconds is None:
        memo_key = ("best_routes", company, id(rules), tuple(_specs(trains, stop_values)))
        found = graph.memo.get(memo_key)
        if found is not None and found[0] is rules:
            return RouteSet(tuple(TrainRun(t, route) for t, route in zip(trains, found[1],
                                                                       strict=True)))
    collecting = gc.isenabled()
    gc.disable()
    try:
        result = _best_routes(graph, trains, company, RouteRules.of(rules), bonus,
                              max_nodes, max_seconds, stop_values)
    finally:
        if collecting:
            gc.enable()
    if memo_key is not None and result.complete:
        graph.memo[memo_key] = (rules, tuple(run.route for run in result.runs))
    return result


def _best_routes(
    graph: TrackGraph,
    trains: Sequence[TrainLike],
    company: str,
    rules: RouteRules,
    bonus: Bonus | None,
    max_nodes: int | None,
    max_seconds: float | None,
    stop_values: Sequence[Mapping[str, int] | None] | None,
) -> RouteSet:
    budget = _Budget(max_nodes, max_seconds) if (max_nodes or max_seconds) else None
    view = CompanyView(graph, company, whole=budget is not None)
    specs = _specs(trains, stop_values)
    kinds = {key: rules.kind_of(t) for key, t in zip(specs, trains, strict=True)}
    order = sorted(range(len(trains)), key=lambda i: specs[i])

    def search(key: SpecKey, threshold: int = 0, best_only: bool = False,
               base: int = 0) -> list[_Cand]:
        if budget is not None and budget.exhausted:
            return []
        return enumerate_routes(view, kinds[key], key[1], key[2], rules.min_stops, threshold,
                                budget, bonus, best_only, base, key[3])

    greedy: list[_Cand | None] = [None] * len(order)
    lb = 0
    ub = dict.fromkeys(specs, 0)
    if bonus is None and trains:
        lone: dict[SpecKey, _Cand] = {}
        # a train of one kind with no smaller range than another runs every route of the
        # other at the same value: the other's best is a floor to start its own search from
        # (any floor up to its best finds the same first best route)
        for key in sorted(ub, key=lambda k: (k[0], k[1], k[1] + k[2])):
            floor = max([ub[k] for k in lone if k[0] == key[0] and k[3] == key[3]
                         and k[1] <= key[1] and k[1] + k[2] <= key[1] + key[2]] + [1])
            found = search(key, floor, best_only=True)
            if found:
                lone[key] = found[-1]
                ub[key] = found[-1].value
        used = 0
        for pos in sorted(range(len(order)), key=lambda p: -ub[specs[order[p]]]):
            key = specs[order[pos]]
            if ub[key] == 0:
                continue
            best = lone[key] if not used else _last(search(key, 1, best_only=True, base=used))
            if best is not None:
                greedy[pos] = best
                lb += best.value
                used |= best.mask
    total_ub = sum(ub[k] for k in specs)
    if bonus is None and lb == total_ub and all(ub.values()):
        # every train on its best lone route, each the first such route the ones before left
        # free, in the order _combine walks the trains: that is its first best combination too
        picks = greedy
    else:
        picks = _combine(view, order, specs, greedy, lb, {
            # a combination worth ``lb`` or more uses only routes worth this much or more
            key: search(key, 0 if bonus is not None else max(lb - total_ub + ub[key], 0))
            for key in ub
        }, budget)
    runs: list[TrainRun] = [TrainRun(t, None) for t in trains]
    for pos, i in enumerate(order):
        c = picks[pos]
        if c is not None:
            route = build_route(view, c.start, c.left, c.right, c.run, c.tre)
            runs[i] = TrainRun(trains[i], route)
    return RouteSet(tuple(runs), complete=not (budget is not None and budget.exhausted))
