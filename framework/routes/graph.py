"""The track graph routes run on: stops, junctions and track pieces, as plain data.

Nodes are *stops* (cities, towns, mines, off-board areas: the places a route visits) and
*junctions* (points where track pieces meet without a stop, such as a hex edge). Every *piece*
of track joins two nodes. A route may use a piece only once, and two trains of one company may
share no piece. A junction is itself a stretch of track: two pieces ending at one junction merge
there, so a junction too is used at most once per route and by at most one train (this is why
a tile whose branches merge can carry only one train). Track does not turn back at a junction:
pieces name their tile, and a route passing a junction changes tile there.

The graph knows nothing about hexes or tiles; :mod:`framework.routes.board_graph` builds one
from a board. Derived structures (the stop-to-stop links the search walks) are computed once per
graph and cached, so a graph should be built once per board revision and reused.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cached_property
from typing import Any, NamedTuple

import attrs

from railyard.framework.memo import Memo
from railyard.framework.records import Record

# graph shape -> its links and clashes, shared by every graph of that shape (a few positions)
_SHAPES: Memo[tuple[Any, ...], dict[str, Any]] = Memo(32, oldest=True, per_game=True)

_Step = tuple[int, str, str | None, int, bool, int, tuple[str, str | None] | None]
"""One way on from a node in the walk table (see :attr:`TrackGraph._walk_table`)."""


def shape_store(key: Any) -> dict[str, Any]:
    """The dict shared by the graphs whose shape is ``key`` (:attr:`TrackGraph.shape`, or a
    builder's equivalent key)."""
    found = _SHAPES.get(key)
    if found is None:
        found = _SHAPES.put(key, {})
    return found


def _names(values: Iterable[str]) -> tuple[str, ...]:
    return tuple(values)


@attrs.frozen(repr=False)
class StopNode(Record):
    """A place a route visits and may be paid for.

    ``revenue`` is already resolved for the current phase. ``group``: stops sharing a group
    count as one place (a route may visit only one of them). ``slots``: station spaces;
    ``tokens``: companies with a station token here; ``reserved``: companies holding an empty
    reserved space here (full for everyone else, open for them). ``homes``: companies for which
    this stop is a station without a token (a company's home mine). ``terminal``: a route may
    end here but never pass through (off-board areas). ``through_only``: when set, only these
    companies may pass through; the others may only end a route here (``through_rule`` names
    the rule for their refusals).
    """

    id: str
    kind: str
    revenue: int = 0
    group: str | None = None
    slots: int = 0
    tokens: tuple[str, ...] = attrs.field(default=(), converter=_names)
    reserved: tuple[str, ...] = attrs.field(default=(), converter=_names)
    homes: tuple[str, ...] = attrs.field(default=(), converter=_names)
    terminal: bool = False
    through_only: tuple[str, ...] | None = attrs.field(
        default=None, converter=lambda v: None if v is None else tuple(v)
    )
    through_rule: str = ""

    def is_station_of(self, company: str) -> bool:
        """Whether a route of ``company`` through here satisfies the station requirement."""
        return company in self.tokens or company in self.homes

    def closed_to(self, company: str) -> bool:
        """Whether only other companies than ``company`` may pass through here (``through_only``)."""
        return self.through_only is not None and company not in self.through_only

    def blocked_for(self, company: str) -> bool:
        """Whether a route of ``company`` may end here but not pass through.

        A city whose every space is taken (tokens, or spaces reserved for others) blocks every
        company without a token in it; a company with a reserved space here still has room.
        A stop only some companies may pass through blocks the others, tokens or not.
        """
        if self.terminal or self.closed_to(company):
            return True
        if self.slots <= 0 or company in self.tokens or company in self.reserved:
            return False
        return len(self.tokens) + len(self.reserved) >= self.slots


@attrs.frozen(repr=False)
class Piece(Record):
    """A piece of track between two nodes; ``id`` is unique in the graph.

    ``tile``: the tile the piece lies on, if it matters. Track never turns back at a junction:
    a route passing a junction leaves it on a different tile than it came by (pieces with no
    tile may follow each other freely).
    """

    id: int
    a: str
    b: str
    tile: str | None = None

    def other(self, node: str) -> str:
        return self.b if node == self.a else self.a


class Link(NamedTuple):
    """A way from one stop to another that passes no other stop.

    ``pieces`` and ``junctions`` are listed in travel order from ``a`` to ``b``; ``mask`` has
    a bit for every piece and junction used (see :meth:`TrackGraph.piece_bit`). A named tuple
    (immutable, compared by value): a new board shape makes thousands of them, at a third of
    the cost of an attrs class each.
    """

    a: str
    b: str
    pieces: tuple[int, ...]
    junctions: tuple[str, ...]
    mask: int
    uid: int = -1
    """The same for both directions of one link; unique among the graph's links."""

    def reversed(self) -> Link:
        return Link(self.b, self.a, self.pieces[::-1], self.junctions[::-1], self.mask, self.uid)


class TrackGraph:
    """Stops, junctions and pieces of track, with the derived links cached.

    Immutable once built: build a new graph when the board changes.
    """

    def __init__(
        self,
        stops: Iterable[StopNode],
        junctions: Iterable[str],
        pieces: Iterable[Piece],
    ) -> None:
        self.stops: dict[str, StopNode] = {}
        for stop in stops:
            if stop.id in self.stops:
                raise ValueError(f"duplicate stop id {stop.id!r}")
            self.stops[stop.id] = stop
        self.junctions: tuple[str, ...] = tuple(junctions)
        if len(set(self.junctions)) != len(self.junctions):
            raise ValueError("duplicate junction id")
        clash = set(self.junctions) & set(self.stops)
        if clash:
            raise ValueError(f"ids used for both a stop and a junction: {sorted(clash)}")
        self.pieces: dict[int, Piece] = {}
        for piece in pieces:
            if piece.id in self.pieces:
                raise ValueError(f"duplicate track piece id {piece.id}")
            for end in (piece.a, piece.b):
                if end not in self.stops and end not in self._junction_set:
                    raise ValueError(f"track piece {piece.id} ends at unknown node {end!r}")
            if piece.a == piece.b:
                raise ValueError(f"track piece {piece.id} joins node {piece.a!r} to itself")
            self.pieces[piece.id] = piece

    #: where the structures that depend on the graph's shape alone are kept (links, the
    #: incident pieces...): given by a builder that knows which graphs share a shape, else
    #: looked up by :attr:`shape` in :data:`_SHAPES`
    _store: Callable[[], dict[Any, Any]] | None = None
    #: gives the memo shared by the graphs a builder knows to be equal (same shape, the same
    #: stop nodes), else each graph has its own
    _memo_of: Callable[[], dict[Any, Any]] | None = None

    @classmethod
    def assembled(
        cls, stops: Sequence[StopNode], junctions: Sequence[str], pieces: Sequence[Piece],
        *, store: Callable[[], dict[Any, Any]] | None = None,
        junction_set: frozenset[str] | None = None,
        memo_of: Callable[[], dict[Any, Any]] | None = None,
    ) -> TrackGraph:
        """A graph from parts a builder already knows to be consistent (unique ids, pieces
        between known nodes): the checks of ``__init__`` are skipped, as they cost as much as
        the assembly itself when a graph is built per position. ``store``: gives the dict
        shared by every graph of this shape (same stop ids, junctions and pieces), when the
        builder can tell the shape more cheaply than :attr:`shape`."""
        graph = cls.__new__(cls)
        graph.stops = {stop.id: stop for stop in stops}
        graph.junctions = tuple(junctions)
        graph.pieces = {piece.id: piece for piece in pieces}
        graph._store = store
        graph._memo_of = memo_of
        if junction_set is not None:  # the builder's, equal to frozenset(junctions)
            graph.__dict__["_junction_set"] = junction_set
        return graph

    @cached_property
    def memo(self) -> dict[Any, Any]:
        """Answers to queries about this graph, kept with it (the graph never changes), so
        that asking twice costs once (see ``best_routes``); equal graphs of one builder share
        them (a look-ahead lay whose track is all pruned away gives the graph of before)."""
        return self._memo_of() if self._memo_of is not None else {}

    @cached_property
    def _junction_set(self) -> frozenset[str]:
        return frozenset(self.junctions)

    @cached_property
    def _piece_bits(self) -> dict[int, int]:
        found: dict[int, int] = self._per_shape(
            "piece_bits", lambda: {pid: 1 << i for i, pid in enumerate(self.pieces)})
        return found

    @cached_property
    def _junction_bits(self) -> dict[str, int]:
        base = len(self.pieces)
        found: dict[str, int] = self._per_shape(
            "junction_bits", lambda: {j: 1 << (base + i) for i, j in enumerate(self.junctions)})
        return found

    def piece_bit(self, piece_id: int) -> int:
        """The resource bit of a track piece (for disjointness masks)."""
        return self._piece_bits[piece_id]

    def _per_shape(self, name: str, compute: Any) -> Any:
        """``compute()``, shared with the graphs of this shape when a builder said which."""
        if self._store is None:
            return compute()
        store = self._store()
        found = store.get(name)
        if found is None:
            found = store[name] = compute()
        return found

    @cached_property
    def incident(self) -> dict[str, tuple[Piece, ...]]:
        """Node -> the pieces touching it, in piece order."""
        found: dict[str, tuple[Piece, ...]] = self._per_shape("incident", self._incident)
        return found

    def _incident(self) -> dict[str, tuple[Piece, ...]]:
        out: dict[str, list[Piece]] = {n: [] for n in (*self.stops, *self.junctions)}
        for piece in self.pieces.values():
            out[piece.a].append(piece)
            out[piece.b].append(piece)
        return {n: tuple(ps) for n, ps in out.items()}

    def has_node(self, node: str) -> bool:
        """Whether ``node`` is a stop or a junction of this graph."""
        return node in self.stops or node in self._junction_set

    def pieces_between(self, a: str, b: str) -> tuple[Piece, ...]:
        return tuple(p for p in self.incident.get(a, ()) if p.other(a) == b)

    @cached_property
    def shape(self) -> tuple[Any, ...]:
        """What the links depend on: stop ids, junctions and pieces, not tokens or revenue.

        Positions that differ only in tokens, reservations or phase have equal shapes and so
        share their links (:data:`_SHAPES`): a token placed, or a tile laid where the bot's
        look-ahead already tried it, costs no new walk.
        """
        return (
            tuple(self.stops),
            self.junctions,
            tuple((p.id, p.a, p.b, p.tile) for p in self.pieces.values()),
        )

    def _shared(self) -> dict[str, Any]:
        if self._store is not None:
            return self._store()
        return shape_store(self.shape)

    @cached_property
    def links(self) -> dict[str, tuple[Link, ...]]:
        """Stop -> the links leaving it (each stored once per direction).

        A link whose resources include another link's between the same two stops is dropped:
        any route using it could use the smaller one instead and lose nothing.
        """
        shared = self._shared()
        found: dict[str, tuple[Link, ...]] | None = shared.get("links")
        if found is None:
            found = shared["links"] = self._links()
        return found

    def _links(self) -> dict[str, tuple[Link, ...]]:
        return self._links_from(list(self.stops), 0)

    def _links_from(self, starts: Sequence[str], uid: int) -> dict[str, tuple[Link, ...]]:
        """The links of ``starts`` (in graph order; every stop any of them leads to is among
        them), with uids from ``uid`` on."""
        by_pair: dict[tuple[str, str], list[_Found]] = {}
        table = self._walk_table
        for start in starts:
            if not table[start]:
                continue  # no track at this stop (most of the map early on): no link
            for found_link in self._walk_links(start):
                by_pair.setdefault((start, found_link[0]), []).append(found_link)
        out: dict[str, list[Link]] = {s: [] for s in starts}
        for (a, b), found in by_pair.items():
            for _, pieces, junctions, mask in _minimal(found):
                out[a].append(Link(a, b, pieces, junctions, mask, uid))
                out[b].append(Link(b, a, pieces[::-1], junctions[::-1], mask, uid))
                uid += 1
        return {s: tuple(ls) for s, ls in out.items()}

    def component_of(self, stop: str) -> str:
        """The first stop (in graph order) of the stops joined to ``stop`` by track: names
        the part of the graph a route from ``stop`` can run on (found when first asked for,
        one component at a time)."""
        store = self._shared()
        table: dict[str, str] = store.setdefault("components", {})
        found = table.get(stop)
        if found is None:
            found = self._component(stop, store, table)
        return found

    def _component(self, stop: str, store: dict[str, Any], table: dict[str, str]) -> str:
        walk = self._walk_table
        seen = {stop}
        add = seen.add
        stack = [stop]
        pop, push = stack.pop, stack.append
        while stack:
            for step in walk[pop()]:
                nxt = step[1]
                if nxt not in seen:
                    add(nxt)
                    push(nxt)
        order: dict[str, int] | None = store.get("stop order")
        if order is None:
            order = store["stop order"] = {sid: i for i, sid in enumerate(self.stops)}
        stops = sorted(seen & order.keys(), key=order.__getitem__)
        first = stops[0]
        table.update(dict.fromkeys(seen, first))
        store.setdefault("component stops", {})[first] = stops
        return first

    def component_links(self, first: str
                        ) -> tuple[dict[str, tuple[Link, ...]], dict[int, tuple[int, ...]]]:
        """The links of the stops of one component (:meth:`component_of`) and their clashes.

        Each stop's links are those :attr:`links` lists for it, in the same order (the walk
        from a stop stays in its component, and the component's stops are walked from in
        graph order), with other uids: unique in the graph, the same for both directions of a
        link. A route search for one company needs only the components of its stations."""
        return self.component_link_map(first), self.component_clashes(first)

    def component_link_map(self, first: str) -> dict[str, tuple[Link, ...]]:
        """The links of :meth:`component_links` alone (its clashes are worked out when first
        asked for: a search whose trains' best lone routes are its answer never combines)."""
        store = self._shared()
        parts: dict[str, dict[str, tuple[Link, ...]]] = store.setdefault("component links", {})
        found = parts.get(first)
        if found is None:
            self.component_of(first)  # its stops are listed when it is first found
            starts = store["component stops"][first]
            uid = store.get("component uids", 0)
            found = parts[first] = self._links_from(starts, uid)
            store["component uids"] = uid + sum(len(ls) for ls in found.values()) // 2
        return found

    def component_clashes(self, first: str) -> dict[int, tuple[int, ...]]:
        """The clashes of :meth:`component_links`."""
        store = self._shared()
        parts: dict[str, dict[int, tuple[int, ...]]] = store.setdefault("component clashes", {})
        found = parts.get(first)
        if found is None:
            found = parts[first] = _clashes_of(self.component_link_map(first))
        return found

    @cached_property
    def link_clashes(self) -> dict[int, tuple[int, ...]]:
        """Link uid -> the uids of links sharing track with it (itself included)."""
        shared = self._shared()
        found: dict[int, tuple[int, ...]] | None = shared.get("clashes")
        if found is None:
            found = shared["clashes"] = self._link_clashes()
        return found

    def _link_clashes(self) -> dict[int, tuple[int, ...]]:
        return _clashes_of(self.links)

    @cached_property
    def _walk_table(self) -> dict[str, Sequence[_Step]]:
        """Node -> (piece bit, node across, tile, piece id, whether that node is a stop, its
        junction bit, (node across, tile) or None for a stop) per incident piece, in piece
        order: the walk reads only this. Every stop and every junction with track has a row
        (a stop without track an empty one)."""
        found: dict[str, Sequence[_Step]] = (
            self._per_shape("walk_table", self._walk_table_of))
        return found

    def _walk_table_of(self) -> dict[str, Sequence[_Step]]:
        # one pass over the pieces (the order :attr:`incident` lists them in), without the
        # incident lists or the bit tables themselves: the walk is all a new shape needs; the
        # rows stay lists, and the stops without track share one empty row
        stops = self.stops
        jbits = self._junction_bits
        rows: dict[str, list[_Step]] = {}
        get = rows.get
        bit = 1
        for p in self.pieces.values():
            a, b, tile, pid = p.a, p.b, p.tile, p.id
            if b in stops:
                step: _Step = (bit, b, tile, pid, True, 0, None)
            else:
                step = (bit, b, tile, pid, False, jbits.get(b, 0), (b, tile))
            row = get(a)
            if row is None:
                rows[a] = [step]
            else:
                row.append(step)
            if a in stops:
                step = (bit, a, tile, pid, True, 0, None)
            else:
                step = (bit, a, tile, pid, False, jbits.get(a, 0), (a, tile))
            row = get(b)
            if row is None:
                rows[b] = [step]
            else:
                row.append(step)
            bit <<= 1
        out: dict[str, Sequence[_Step]] = rows  # type: ignore[assignment]
        empty: Sequence[_Step] = ()
        for sid in stops:
            if sid not in rows:
                out[sid] = empty
        return out

    def _walk_links(self, start: str) -> list[_Found]:
        """The links from ``start`` to stops whose id sorts after it (each link is kept from
        its smaller end, the other direction is its reverse), as (stop, pieces, junctions,
        mask): most are dropped by :func:`_minimal`, so no :class:`Link` is made for them."""
        table = self._walk_table
        found: list[_Found] = []
        pieces: list[int] = []
        junctions: list[str] = []
        seen: set[str] = set()
        # (junction, tile arrived by) -> masks it was reached with: a later arrival whose mask
        # holds an earlier one's can only lead to links holding that one's, which are dropped
        reached: dict[tuple[str, str | None] | None, list[int]] = {}  # None: never looked up

        def walk(node: str, mask: int, came_by: str | None) -> None:
            for bit, nxt, tile, pid, is_stop, jbit, arrived in table[node]:
                if bit & mask:
                    continue
                if came_by is not None and tile == came_by:
                    continue
                if is_stop:
                    if nxt > start:
                        found.append((nxt, (*pieces, pid), tuple(junctions), mask | bit))
                    continue
                if nxt in seen:
                    continue
                arrival = mask | bit | jbit
                earlier = reached.get(arrived)
                if earlier is None:
                    reached[arrived] = [arrival]
                else:
                    covered = False
                    for m in earlier:  # a loop, not any(): this is the walk's inner loop
                        if m & arrival == m:
                            covered = True
                            break
                    if covered:
                        continue
                    earlier.append(arrival)
                seen.add(nxt)
                pieces.append(pid)
                junctions.append(nxt)
                walk(nxt, arrival, tile)
                junctions.pop()
                pieces.pop()
                seen.discard(nxt)

        try:
            walk(start, 0, None)
        finally:
            walk = None  # type: ignore[assignment]  # it refers to itself: break the cycle
        return found


def _clashes_of(links: dict[str, tuple[Link, ...]]) -> dict[int, tuple[int, ...]]:
    """Link uid -> the uids of the links sharing track with it (itself included)."""
    masks: dict[int, int] = {}
    for out in links.values():
        for link in out:
            masks[link.uid] = link.mask
    return clashes_of_masks(masks)


def clashes_of_masks(masks: dict[int, int]) -> dict[int, tuple[int, ...]]:
    """Link uid -> the uids of the links (of ``masks``: uid -> mask) sharing a resource bit
    with it, itself included (a tuple read as a set: no order)."""
    if len(masks) <= 32:  # few links (most searches' candidates): each pair compared
        items = list(masks.items())
        return {uid: tuple([other for other, m in items if m & mask])
                for uid, mask in items}
    by_bit: dict[int, list[int]] = {}
    for uid, mask in masks.items():
        m = mask
        while m:
            low = m & -m
            by_bit.setdefault(low, []).append(uid)
            m ^= low
    found: dict[int, set[int]] = {uid: {uid} for uid in masks}
    for uids in by_bit.values():
        for uid in uids:
            found[uid].update(uids)
    return {uid: tuple(clash) for uid, clash in found.items()}  # read as a set: no order


_Found = tuple[str, tuple[int, ...], tuple[str, ...], int]
"""A link as the walk finds it: (the stop it leads to, pieces, junctions, mask)."""


def _minimal(links: Sequence[_Found]) -> list[_Found]:
    """The links whose masks contain no other link's mask (duplicates kept once)."""
    if len(links) == 1:
        return [links[0]]  # most pairs of stops: nothing to compare
    ordered = sorted(links, key=lambda lk: (lk[3].bit_count(), lk[1]))
    kept: list[_Found] = []
    masks: list[int] = []
    for link in ordered:
        mask = link[3]
        if not any(k & mask == k for k in masks):
            kept.append(link)
            masks.append(mask)
    return kept
