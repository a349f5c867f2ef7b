"""The track a drawn route is checked against, read from the board's layout without building
the whole graph.

Checking a ``run_routes`` action asks the graph a few questions about the nodes the route
names: is this a node, which pieces join these two nodes, what is this stop. Each is about one
or two hexes, so :class:`DrawnView` answers them from the layout's kept (pruned) pieces per
hex and builds the stop nodes the route names only. A replay checks one route per position;
building the position's graph for it (numbering every piece of the board, every stop node,
the incident lists) cost more than the rest of the check.

The answers are those of the position's graph (:func:`~framework.routes.board_graph.
graph_for_board`), piece ids and stop nodes alike, so a route checks the same, refusals and
messages included: a test asks both on every position of the recorded game.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Iterator, Mapping
from itertools import accumulate
from typing import Any

from railyard.framework.memo import Memo
from railyard.framework.routes.graph import Piece, StopNode, TrackGraph
from railyard.framework.routes.layout import Layout, _piece


def _offsets(layout: Layout) -> tuple[list[str], list[int], dict[str, int]]:
    """The hexes in graph order, the id of each one's first piece (one more entry: the number
    of pieces), both as lists for bisection, and hex -> first id. Counted in C (map and
    accumulate): a check asks once per position; patched from the layout's parent when that
    one has them and both have the same hexes (:func:`_patched_offsets`)."""
    found: tuple[list[str], list[int], dict[str, int]] | None = layout.memo.get("offsets")
    if found is None:
        found = _patched_offsets(layout)
        if found is None:
            found = _counted_offsets(layout)
        layout.memo["offsets"] = found
    return found


def _counted_offsets(layout: Layout) -> tuple[list[str], list[int], dict[str, int]]:
    order = layout.order
    firsts = list(accumulate(_counts(layout.kept, order), initial=0))
    return (order, firsts, dict(zip(order, firsts, strict=False)))  # one first more


def _counts(kept: dict[str, Any], hexes: list[str]) -> list[int]:
    """The number of kept pieces of each hex (counted in C: map)."""
    try:
        return list(map(len, map(kept.__getitem__, hexes)))
    except KeyError:  # every hex of the order has its kept pieces, if only none: to be sure
        return [len(kept.get(c, ())) for c in hexes]


def _patched_offsets(layout: Layout) -> tuple[list[str], list[int], dict[str, int]] | None:
    """The offsets of a layout derived from one that has them, with the same hexes in the
    same order (the very list): only the hexes whose pieces may differ (``base[1]``) can
    count differently, so the ids up to the first of them that does stay, and if none does,
    all of them. None: no such parent (counted from scratch)."""
    base = getattr(layout, "base", None)  # a stand-in for a layout may have none
    if base is None:
        return None
    before: tuple[list[str], list[int], dict[str, int]] | None = base[0].get("offsets")
    order = layout.order
    if before is None or before[0] is not order:
        return None
    _, old_firsts, old_first = before
    kept = layout.kept
    start = -1  # the order's index of the first hex that counts differently
    for coord in base[1]:
        first = old_first.get(coord)
        if first is None:
            continue  # not a hex of the order (no track or stop): not counted
        at = bisect.bisect_left(order, coord)
        if at >= len(order) or order[at] != coord:  # not sorted after all: count them all
            return None
        if len(kept.get(coord, ())) != old_firsts[at + 1] - first and (start < 0 or at < start):
            start = at
    if start < 0:
        return before
    firsts = old_firsts[:start]
    firsts += accumulate(_counts(kept, order[start:]), initial=old_firsts[start])
    first_of = dict(old_first)
    first_of.update(zip(order[start:], firsts[start:], strict=False))
    return (order, firsts, first_of)


# node -> the hexes it lies on: a stop's hex, the two hexes of an edge (in id order)
_HEXES: Memo[str, tuple[str, ...]] = Memo(50_000)


def _hexes_of(node: str) -> tuple[str, ...]:
    found = _HEXES.get(node)
    if found is None:
        found = _HEXES.put(node, tuple(node.split("|")) if "|" in node
                           else (node.rpartition(".")[0],))
    return found


class _Pieces(Mapping[int, Piece]):
    """Piece id -> piece, as the graph numbers them."""

    def __init__(self, layout: Layout) -> None:
        self._layout = layout
        self.seen: dict[int, Piece] = {}  # the pieces handed out, by id

    def __getitem__(self, pid: int) -> Piece:
        found = self.seen.get(pid) if type(pid) is int else None
        if found is not None:
            return found
        if not isinstance(pid, int) and not (isinstance(pid, float) and pid.is_integer()):
            raise KeyError(pid)  # as a dict's keys: 1.0 finds piece 1, "1" none
        pid = int(pid)
        if pid < 0:
            raise KeyError(pid)
        hexes, firsts, _ = _offsets(self._layout)
        # the last hex whose first id is at most pid: among hexes with no pieces (the same
        # first id as the next), the last, which is the one that holds pid if any does
        at = bisect.bisect_right(firsts, pid, 0, len(hexes)) - 1
        if at < 0:
            raise KeyError(pid)
        kept = self._layout.kept.get(hexes[at], ())
        i = pid - firsts[at]
        if i >= len(kept):
            raise KeyError(pid)
        a, b, where = kept[i]
        return _piece(pid, a, b, where)

    def __iter__(self) -> Iterator[int]:
        _, firsts, _ = _offsets(self._layout)
        return iter(range(firsts[-1]))

    def __len__(self) -> int:
        return _offsets(self._layout)[1][-1]


_UNKNOWN: Any = object()
# node -> (hex, stop index) if it is named as a stop, else None
_PARSED: Memo[str, tuple[str, int] | None] = Memo(50_000)


def _parse_stop(sid: str) -> tuple[str, int] | None:
    coord, dot, index = sid.rpartition(".")
    if not dot or not index.isascii() or not index.isdigit():
        return None
    i = int(index)
    if str(i) != index:  # the graph names stops "<hex>.<index>" exactly
        return None
    return (coord, i)


class _Stops(Mapping[str, StopNode]):
    """Stop id -> stop node, built for the stops asked about."""

    def __init__(self, layout: Layout, node_of: Any) -> None:
        # not the view itself: no reference cycle, so a view goes with its last reference
        self._layout = layout
        self._node_of = node_of
        self._nodes: dict[object, StopNode | None] = {}  # None: no stop of the graph

    def _key(self, sid: object) -> tuple[str, int] | None:
        if not isinstance(sid, str):
            return None
        parsed = _PARSED.get(sid, _UNKNOWN)
        if parsed is _UNKNOWN:
            parsed = _PARSED.put(sid, _parse_stop(sid))
        if parsed is None:
            return None
        coord, i = parsed
        placed = self._layout.tiles.get(coord)
        if placed is None or i >= len(placed[0].stops):
            return None
        return (coord, i)

    def _node(self, sid: object) -> StopNode | None:
        try:
            found = self._nodes.get(sid, _UNKNOWN)
        except TypeError:  # not hashable: no key of a dict either
            return None
        if found is _UNKNOWN:
            key = self._key(sid)
            found = self._nodes[sid] = None if key is None else self._node_of(key)
        return found

    def __contains__(self, sid: object) -> bool:
        return self._node(sid) is not None

    def __getitem__(self, sid: str) -> StopNode:
        found = self._node(sid)
        if found is None:
            raise KeyError(sid)
        return found

    def __iter__(self) -> Iterator[str]:
        layout = self._layout
        for coord in layout.order:
            for i in range(len(layout.tiles[coord][0].stops)):
                yield f"{coord}.{i}"

    def __len__(self) -> int:
        return len(self._layout.stop_keys)


class DrawnView:
    """What :func:`~framework.routes.validate.validate_routes` asks of a position's graph,
    answered from its layout: ``stops``, ``pieces``, ``has_node`` and ``pieces_between``.

    ``node_of((hex, stop index))`` builds the stop node the graph would hold there. Given
    ``nodes`` (the nodes of the routes to check), ``stops`` is a plain dict of those of them
    that are stops, read at dict speed (a check asks it dozens of times per route); without,
    it is a mapping of every stop of the graph, each built when asked for."""

    def __init__(self, layout: Layout, node_of: Any, nodes: Iterable[str] | None = None) -> None:
        self.layout = layout
        self.node_of = node_of
        stops = _Stops(layout, node_of)
        self.stops_node = stops._node
        self.stops: Mapping[str, StopNode] = stops
        if nodes is not None:
            asked = {}
            tiles = layout.tiles
            for sid in nodes:
                if type(sid) is str:
                    # a junction's name is never a stop's: no hex's name holds a "|"
                    if "|" in sid or sid in asked:
                        continue
                    parsed = _PARSED.get(sid, _UNKNOWN)
                    if parsed is None:
                        continue  # not named as a stop
                    if parsed is not _UNKNOWN:  # what _Stops._node does, without its calls
                        placed = tiles.get(parsed[0])
                        if placed is None or parsed[1] >= len(placed[0].stops):
                            continue
                        asked[sid] = node_of(parsed)
                        continue
                node = stops._node(sid)
                if node is not None:
                    asked[sid] = node
            self.stops = asked
        self._pieces = _Pieces(layout)
        self.pieces: Mapping[int, Piece] = self._pieces
        self._first: dict[str, int] | None = None
        self._found: dict[str, int] = {}  # the first ids unique_pieces read, per hex
        self._base: Any = None  # what it reads them from (see _first_id)
        self._seen = self._pieces.seen

    def _junction(self, node: str) -> bool:
        kept = self.layout.kept
        for coord in _hexes_of(node):
            for a, b, _ in kept.get(coord, ()):
                if a == node or b == node:
                    return True
        return False

    def has_node(self, node: str) -> bool:
        if "|" in node:
            return self._junction(node)
        return self.stops_node(node) is not None

    def pieces_between(self, a: str, b: str) -> tuple[Piece, ...]:
        # a piece joins two nodes of the graph: where one joins a and b, both are nodes; the
        # hexes a node names come in id order, which is the graph's order of hexes
        if a == b:
            return ()
        hexes_b = _hexes_of(b)
        first = self._first
        if first is None:
            first = self._first = _offsets(self.layout)[2]
        kept = self.layout.kept
        found: list[Piece] = []
        for coord in _hexes_of(a):
            if coord not in hexes_b:
                continue
            start = first.get(coord)
            if start is None:
                continue
            for i, (x, y, where) in enumerate(kept[coord]):
                if (x == a and y == b) or (x == b and y == a):
                    piece = self._seen[start + i] = _piece(start + i, x, y, where)
                    found.append(piece)
        return tuple(found)

    def _first_id(self, coord: str) -> int:
        """The id of the first piece of a hex with kept pieces: from the layout's offsets
        when it has them, else from its ``counts_base`` (an earlier layout's offsets and the
        hexes that count differently here, as sorted keys and running sums: a check asks
        for the few hexes its routes cross, so the whole board is not counted again), else
        from the offsets counted."""
        (order, firsts, first_of), keys, sums = self._base or self._first_base()
        start = first_of.get(coord)
        if start is None:  # a hex new since then
            start = firsts[bisect.bisect_left(order, coord)]
        if keys:  # what the hexes before it count more here
            start += sums[bisect.bisect_left(keys, coord)]
        return start

    def _first_base(self) -> Any:
        """What :meth:`_first_id` reads: (offsets, the sorted hexes counting differently, the
        running sums of their differences), the last two None when there are none."""
        layout = self.layout
        counted = layout.memo.get("offsets")
        found = getattr(layout, "counts_base", None)  # a stand-in may have none
        base: Any
        if counted is None and found is not None:
            counted, more = found
            keys = sorted(more)
            base = (counted, keys, list(accumulate(map(more.__getitem__, keys), initial=0)))
        else:
            base = (counted or _offsets(layout), None, None)
        self._base = base
        return base

    def unique_pieces(self, nodes: list[str]) -> tuple[list[int], list[str | None]] | None:
        """The ids and tiles of the pieces joining each two neighbouring ``nodes``, or None
        when some two are joined by none or by more than one (:meth:`pieces_between` pair by
        pair, in one loop: the route check asks it of every drawing)."""
        first = self._found
        kept = self.layout.kept
        out: list[int] = []
        tiles: list[str | None] = []
        a = nodes[0]
        for b in nodes[1:]:
            if a == b:
                return None
            hexes_b = _HEXES.get(b) or _hexes_of(b)
            found = -1
            for coord in _HEXES.get(a) or _hexes_of(a):
                if coord not in hexes_b:
                    continue
                pieces = kept.get(coord)
                if not pieces:  # not a hex of the graph, or none of its track kept
                    continue
                start = first.get(coord)
                if start is None:  # _first_id, without its call
                    (order, firsts, first_of), keys, sums = self._base or self._first_base()
                    start = first_of.get(coord)
                    if start is None:
                        start = firsts[bisect.bisect_left(order, coord)]
                    if keys:
                        start += sums[bisect.bisect_left(keys, coord)]
                    first[coord] = start
                for i, (x, y, where) in enumerate(pieces):
                    if (x == a and y == b) or (x == b and y == a):
                        if found >= 0:
                            return None
                        # the id and tile alone: the check reads no piece object (``pieces``
                        # makes one when asked)
                        found = start + i
                        tile = where
            if found < 0:
                return None
            out.append(found)
            tiles.append(tile)
            a = b
        return out, tiles


RouteGraph = TrackGraph | DrawnView
"""What a drawn route may be checked against."""
