"""The track pieces of one tile layout, derived from a layout seen shortly before.

A board changes one hex at a time, and the greedy bot's look-ahead tries one lay on the
current board; so a new layout is worked out from a recent one: only the changed hexes (and,
where a hex gains or loses all its content, its neighbours) get their pieces again, and dead
ends are pruned again only in the stretches of track that touch those hexes. Pruning cannot
reach further: a dead end spreads along junctions only, never through a stop, so a stretch of
track between stops that no changed hex touches keeps its pieces as they were.

The result is the one :func:`framework.routes.board_graph.graph_from_tiles` builds from scratch
(the same pieces with the same ids in the same order, the same junctions, the same stops): ids
are numbered over the whole board and saved in ``run_routes`` actions, so they must not depend
on the history of the board. A test compares both builds position by position.
"""

from __future__ import annotations

import bisect
from collections import deque
from collections.abc import Mapping
from typing import Any

from railyard.framework.memo import Memo
from railyard.framework.routes.graph import Piece, shape_store
from railyard.framework.tiles import Placed, TileDef

RawPiece = tuple[str, str, str]
"""A piece before numbering: (end, end, hex)."""

HexPieces = tuple[tuple[str, str, tuple[str, ...]], ...]
"""A hex's pieces as (end, end, the neighbour hexes that must hold track for it)."""

_Block = tuple[int, tuple[RawPiece, ...], tuple[Piece, ...], frozenset[str]]
"""A hex's numbered pieces: (first id, its pieces, their objects, the junctions they reach)."""


_MEMO_LIMIT = 50_000
# (junction) -> the two hexes whose edge it is
_JUNCTION_HEXES: Memo[str, tuple[str, ...]] = Memo(_MEMO_LIMIT)
# (id, end, end, hex) -> the piece: frozen, so layouts share them
_PIECE_OBJECTS: Memo[tuple[int, str, str, str], Piece] = Memo(_MEMO_LIMIT)
_KNOWN_SIZE = 16
# the most hexes whose counts a layout's ``counts_base`` lists (beyond, the check counts anew)
_COUNTS_BASE_SIZE = 24


def _hexes_of(junction: str) -> tuple[str, ...]:
    found = _JUNCTION_HEXES.get(junction)
    if found is None:
        found = _JUNCTION_HEXES.put(junction, tuple(junction.split("|")))
    return found


def _piece(pid: int, a: str, b: str, where: str) -> Piece:
    key = (pid, a, b, where)
    piece = _PIECE_OBJECTS.get(key)
    if piece is None:  # most pieces keep their number from one position to the next
        piece = _PIECE_OBJECTS.put(key, Piece(pid, a, b, where))
    return piece


def _is_junction(node: str) -> bool:
    return "|" in node


_UNSEEN: Any = object()


def prune(raw: list[RawPiece]) -> list[bool]:
    """Which of ``raw`` survive the pruning of dead ends: a junction with track from only one
    hex is a dead end, its pieces go, which may leave the junction at their other end with one
    hex in turn (a work list, each piece looked at once or twice)."""
    at: dict[str, list[int]] = {}
    for i, (a, b, _tile) in enumerate(raw):
        if "|" in a:
            if a in at:
                at[a].append(i)
            else:
                at[a] = [i]
        if "|" in b:
            if b in at:
                at[b].append(i)
            else:
                at[b] = [i]
    alive = [True] * len(raw)
    dead = []
    for n, ids in at.items():  # track from fewer than two hexes (in the order of the junctions)
        tile = raw[ids[0]][2]
        for k in ids:
            if raw[k][2] != tile:
                break
        else:
            dead.append(n)
    gone = set(dead)
    while dead:
        junction = dead.pop()
        for i in at[junction]:
            if not alive[i]:
                continue
            alive[i] = False
            a, b, _tile = raw[i]
            other = b if a == junction else a
            if other in gone or "|" not in other:
                continue
            seen: Any = _UNSEEN
            for k in at[other]:  # fewer than two hexes among its pieces still alive
                if alive[k]:
                    if seen is _UNSEEN:
                        seen = raw[k][2]
                    elif raw[k][2] != seen:
                        break
            else:
                gone.add(other)
                dead.append(other)
    return alive


class Layout:
    """The pieces of one tile layout: per hex its pieces before and after pruning, and the
    numbered pieces, junctions and stop order of the whole board.

    The numbering (``pieces``, ``blocks``, ``junctions``, ``junction_set``) and the stop order
    (``stop_keys``) are worked out when first asked for: a replay checks drawn routes against
    the kept pieces per hex (:mod:`framework.routes.drawn`) and never needs them."""

    __slots__ = (
        "laid", "tiles", "order", "raw", "alive", "kept", "memo", "base",
        "_blocks", "_pieces", "_junctions", "_junction_set", "_stop_keys",
        "_parent", "_real", "_same_stops", "counts_base",
    )

    laid: dict[str, Placed]
    tiles: dict[str, tuple[TileDef, int]]
    order: list[str]
    raw: dict[str, tuple[RawPiece, ...]]
    alive: dict[str, tuple[int, ...]]
    kept: dict[str, tuple[RawPiece, ...]]
    memo: dict[Any, Any]
    #: (the memo of the layout this one was derived from, the hexes whose pieces may differ,
    #: whether both number their stops alike, the hexes whose tile differs): what depends on a
    #: few hexes is patched, not redone (stops and homes depend on the tiles alone)
    base: tuple[dict[Any, Any], frozenset[str], bool, frozenset[str]] | None
    _blocks: dict[str, _Block] | None
    _pieces: list[Piece] | None
    _junctions: list[str] | None
    _junction_set: frozenset[str] | None
    _stop_keys: dict[tuple[str, int], int] | None
    #: the numbered layout this one was derived from (numbering patches its numbers), or None
    #: (numbered from scratch); dropped once numbered, so no chain of layouts stays alive
    _parent: Layout | None
    #: the hexes whose kept pieces differ from the parent's
    _real: list[str]
    _same_stops: bool
    #: (the ``offsets`` of an earlier layout of the lineage (in its memo: the hexes in graph
    #: order, the id of each one's first piece, hex -> first id), hex -> how many more kept
    #: pieces it has here than there): a route check reads a hex's first id from it without
    #: counting the whole board (:class:`framework.routes.drawn.DrawnView`); None: not known
    counts_base: tuple[tuple[list[str], list[int], dict[str, int]], dict[str, int]] | None

    @property
    def numbered(self) -> bool:
        return self._pieces is not None

    @property
    def pieces(self) -> list[Piece]:
        if self._pieces is None:
            _number_layout(self)
        assert self._pieces is not None
        return self._pieces

    @property
    def blocks(self) -> dict[str, _Block]:
        if self._blocks is None:
            _number_layout(self)
        assert self._blocks is not None
        return self._blocks

    @property
    def junctions(self) -> list[str]:
        if self._junctions is None:
            _number_layout(self)
        assert self._junctions is not None
        return self._junctions

    @property
    def junction_set(self) -> frozenset[str]:
        if self._junction_set is None:
            _number_layout(self)
        assert self._junction_set is not None
        return self._junction_set

    @property
    def stop_keys(self) -> dict[tuple[str, int], int]:
        if self._stop_keys is None:
            self._stop_keys = _stop_keys(self.order, self.tiles)
        return self._stop_keys


def store_of(layout: Layout) -> dict[Any, Any]:
    """What the graphs of this layout's shape share (links...): layouts with the same
    pieces and stops share it, as a lay whose new track is all pruned away, or another
    rotation of it, gives the same graph as before."""
    found: dict[Any, Any] | None = layout.memo.get("shape")
    if found is None:
        base = layout.base
        if base is not None and base[2] and not layout._real:
            # its stops numbered like its parent's and no hex's kept pieces changed (the new
            # track all pruned away, say): the parent's shape, whose key would be the same
            found = base[0].get("shape")
        if found is None:
            pieces = tuple(layout.kept[c] for c in layout.order if layout.kept[c])
            key = ("layout", tuple(layout.stop_keys), pieces)
            found = shape_store(key)
        layout.memo["shape"] = found
    return found


class Family:
    """The layouts of one board and its copies (the same printed map and borders)."""

    def __init__(
        self,
        printed: Mapping[str, Placed],
        neighbours: Any,
        hex_pieces: Any,
        blocked: frozenset[str],
    ) -> None:
        """``neighbours(coord)``: the six neighbour names (None off the grid);
        ``hex_pieces(coord, tile, rotation)``: the tile's pieces there (:data:`HexPieces`);
        ``blocked``: junctions of impassable borders."""
        self.printed = printed
        self.neighbours = neighbours
        self.hex_pieces = hex_pieces
        self.blocked = blocked
        self.recent: deque[Layout] = deque(maxlen=6)
        #: layouts by the board's laid tiles (``BoardView.state_key()[0]``): a layout seen
        #: again (a look-ahead lay the bot then makes, a position replayed) is the same
        #: object, with what its memo already holds (the links of its graphs)
        self.known: Memo[Any, Layout] = Memo(_KNOWN_SIZE + 1, oldest=True)

    # -- one hex ----------------------------------------------------------------------------------

    def _raw_of(self, coord: str, tiles: Mapping[str, tuple[TileDef, int]]) -> tuple[RawPiece, ...]:
        tile, rotation = tiles[coord]
        blocked = self.blocked
        out: list[RawPiece] = []
        for na, nb, needs in self.hex_pieces(coord, tile, rotation):
            if needs:
                if needs[0] not in tiles or (len(needs) > 1 and needs[1] not in tiles):
                    continue
                if blocked and (na in blocked or nb in blocked):
                    continue
            out.append((na, nb, coord))
        return tuple(out)

    # -- a layout ---------------------------------------------------------------------------------

    def layout(self, laid: Mapping[str, Placed], key: Any,
               lineage: tuple[Any, str] | None = None) -> Layout:
        """The layout of a board whose laid tiles are ``laid`` (coord -> placed tile);
        ``key`` is hashable and equal for equal ``laid``. ``lineage``: (the key of a board
        whose laid tiles are these but on one hex, that hex), when the board knows it (its
        last lay): a layout known for that key is the parent, with no hexes compared."""
        found = self.known.get(key)
        if found is None:
            parent = self.known.get(lineage[0]) if lineage is not None else None
            if parent is not None:
                assert lineage is not None
                found = self._derived(parent, laid, {lineage[1]})
                self.recent.append(found)
            else:
                found = self._layout(laid)
            self.known.put(key, found)
        return found

    def _layout(self, laid: Mapping[str, Placed]) -> Layout:
        best: Layout | None = None
        best_changed: set[str] | None = None
        for known in reversed(self.recent):
            if best_changed is not None and abs(len(known.laid) - len(laid)) >= len(best_changed):
                continue  # at least that many hexes differ: no better than the best so far
            changed = _changed(known.laid, laid)
            if not changed:
                return known
            if best_changed is None or len(changed) < len(best_changed):
                best, best_changed = known, changed
                if len(changed) == 1:
                    break
        if best is None or best_changed is None or len(best_changed) > 8:
            found = self._scratch(laid)
        else:
            found = self._derived(best, laid, best_changed)
        self.recent.append(found)
        return found

    def _tiles(self, laid: Mapping[str, Placed]) -> dict[str, tuple[TileDef, int]]:
        out: dict[str, tuple[TileDef, int]] = {}
        for coord, printed in self.printed.items():
            p = laid.get(coord, printed)
            if p.tile.paths or p.tile.stops:
                out[coord] = (p.tile, p.rotation)
        return out

    def _scratch(self, laid: Mapping[str, Placed]) -> Layout:
        tiles = self._tiles(laid)
        order = sorted(tiles)
        raw = {c: self._raw_of(c, tiles) for c in order}
        flat = [p for c in order for p in raw[c]]
        alive_flags = prune(flat)
        alive: dict[str, tuple[int, ...]] = {}
        n = 0
        for c in order:
            pieces = raw[c]
            alive[c] = tuple(i for i in range(len(pieces)) if alive_flags[n + i])
            n += len(pieces)
        return self._finish(dict(laid), tiles, order, raw, alive, None)

    def _derived(self, parent: Layout, laid: Mapping[str, Placed], changed: set[str]) -> Layout:
        tiles = dict(parent.tiles)
        reshaped = False  # a hex gained or lost all its content: the neighbours' pieces change
        affected = set()
        printed = self.printed
        order = parent.order
        for coord in changed:
            p = laid.get(coord) or printed[coord]
            present = bool(p.tile.paths or p.tile.stops)
            was = coord in tiles
            if present:
                tiles[coord] = (p.tile, p.rotation)
                affected.add(coord)
            elif was:
                del tiles[coord]
            if present != was:
                if not reshaped:
                    order = list(order)
                    reshaped = True
                if present:  # the order stays sorted: a hex in or out, not a sort of them all
                    bisect.insort(order, coord)
                else:
                    del order[bisect.bisect_left(order, coord)]
                affected.update(n for n in self.neighbours(coord) if n is not None and n in tiles)
        raw = dict(parent.raw)
        touched: set[str] = set()
        add = touched.add
        for coord in affected | changed:
            for a, b, _ in raw.get(coord, ()):
                if "|" in a:
                    add(a)
                if "|" in b:
                    add(b)
            if coord in tiles:
                raw[coord] = new = self._raw_of(coord, tiles)
                for a, b, _ in new:
                    if "|" in a:
                        add(a)
                    if "|" in b:
                        add(b)
            else:
                raw.pop(coord, None)
        # the stretches of track through the touched junctions, pruned again
        members: dict[tuple[str, int], int] = {}
        stretch: list[RawPiece] = []
        seen = set(touched)
        stack = list(touched)
        while stack:
            junction = stack.pop()
            for coord in _JUNCTION_HEXES.get(junction) or _hexes_of(junction):
                i = -1
                for piece in raw.get(coord, ()):
                    i += 1
                    a, b, _ = piece
                    if a != junction and b != junction:
                        continue
                    where = (coord, i)
                    if where in members:
                        continue
                    members[where] = len(stretch)
                    stretch.append(piece)
                    if "|" in a and a not in seen:
                        seen.add(a)
                        stack.append(a)
                    if "|" in b and b not in seen:
                        seen.add(b)
                        stack.append(b)
        flags = prune(stretch)
        alive = dict(parent.alive)
        redo = {c for c, _ in members} | affected | changed
        parent_alive = parent.alive
        for coord in redo:
            pieces = raw.get(coord)
            if pieces is None:
                alive.pop(coord, None)
                continue
            before = set(parent_alive.get(coord, ())) if coord not in affected else None
            kept = []
            for i in range(len(pieces)):
                at = members.get((coord, i))
                if at is not None:
                    if flags[at]:
                        kept.append(i)
                elif before is None or i in before:  # stop to stop, or untouched
                    kept.append(i)
            alive[coord] = tuple(kept)
        # the stops are numbered alike when every changed hex has as many stops as before
        # (none where it has no tile with content): a first plain track tile on an empty hex,
        # say, adds the hex to the order but no stop
        parent_tiles = parent.tiles
        same_stops = True
        for c in changed:
            now_at, then = tiles.get(c), parent_tiles.get(c)
            if (len(now_at[0].stops) if now_at else 0) != (len(then[0].stops) if then else 0):
                same_stops = False
                break
        return self._finish(dict(laid), tiles, order, raw, alive, parent, redo, same_stops,
                            changed)

    def _finish(
        self,
        laid: dict[str, Placed],
        tiles: dict[str, tuple[TileDef, int]],
        order: list[str],
        raw: dict[str, tuple[RawPiece, ...]],
        alive: dict[str, tuple[int, ...]],
        parent: Layout | None,
        dirty: set[str] | None = None,
        same_stops: bool = False,
        changed: set[str] | None = None,
    ) -> Layout:
        """The layout with its kept pieces per hex; with a ``parent``, only the ``dirty`` hexes
        (those whose pieces may have changed) are looked at. The numbering waits until asked
        for (:func:`_number_layout`)."""
        out = Layout()
        out.laid = laid
        out.tiles = tiles
        out.order = order
        out.raw = raw
        out.alive = alive
        out.memo = {}
        out.base = (parent.memo, frozenset(dirty or ()), same_stops,
                    frozenset(changed if changed is not None else dirty or ())) \
            if parent is not None \
            else None
        out._blocks = out._pieces = out._junctions = out._junction_set = None
        out._stop_keys = None
        out._parent = None
        out._real = []
        out._same_stops = same_stops
        out.counts_base = None
        if parent is None or dirty is None:
            out.kept = {c: tuple([raw[c][i] for i in alive[c]]) for c in order}
            return out
        kept = dict(parent.kept)
        old_kept = parent.kept
        real = []
        more: dict[str, int] = {}  # hex -> kept pieces here less the parent's, where they differ
        for coord in dirty:
            if coord in tiles:
                pieces = raw[coord]
                k = tuple([pieces[i] for i in alive[coord]])
                before = old_kept.get(coord)
                if k != before:
                    kept[coord] = k
                    real.append(coord)
                    n = len(k) - (len(before) if before is not None else 0)
                    if n:
                        more[coord] = n
            else:
                before = kept.pop(coord, None)
                if before is not None:
                    real.append(coord)
                    if before:
                        more[coord] = -len(before)
        out.kept = kept
        out._real = real
        counted = parent.memo.get("offsets")
        if counted is not None:
            out.counts_base = (counted, more)
        elif parent.counts_base is not None:
            counted, more_then = parent.counts_base
            if len(more_then) + len(more) <= _COUNTS_BASE_SIZE:
                if more:
                    merged = dict(more_then)
                    for coord, n in more.items():
                        n += merged.get(coord, 0)
                        if n:
                            merged[coord] = n
                        else:
                            del merged[coord]
                    more_then = merged
                out.counts_base = (counted, more_then)
        if same_stops:
            out._stop_keys = parent._stop_keys
        if parent.numbered:
            if not real and order is parent.order:
                out._pieces, out._blocks = parent._pieces, parent._blocks
                out._junctions, out._junction_set = parent._junctions, parent._junction_set
            else:
                out._parent = parent
        return out

    @staticmethod
    def _number(
        order: list[str], offset: int, kept: dict[str, tuple[RawPiece, ...]],
        blocks: dict[str, _Block], old_blocks: Mapping[str, _Block],
    ) -> list[Piece]:
        """The pieces of the hexes of ``order``, numbered from ``offset``: a hex whose pieces
        and first number are unchanged keeps its piece objects."""
        pieces: list[Piece] = []
        known = _PIECE_OBJECTS
        get = known.get
        for coord in order:
            k = kept[coord]
            if not k:
                blocks.pop(coord, None)
                continue
            block = old_blocks.get(coord)
            if block is None or block[0] != offset or block[1] != k:
                if block is not None and block[1] == k:  # the same pieces, numbered anew
                    ends = block[3]
                else:
                    ends = frozenset(e for a, b, _ in k for e in (a, b) if "|" in e)
                made = []
                for n, (a, b, w) in enumerate(k, offset):
                    # most pieces keep their number from one position to the next
                    key = (n, a, b, w)
                    piece = get(key)
                    if piece is None:
                        piece = known.put(key, Piece(n, a, b, w))
                    made.append(piece)
                block = (offset, k, tuple(made), ends)
            blocks[coord] = block
            pieces.extend(block[2])
            offset += len(k)
        return pieces


def _number_layout(layout: Layout) -> None:
    """Numbers a layout's pieces: from its numbered parent, the pieces before the first hex
    that really changed keep their numbers and objects; without one, from scratch (the same
    numbers, as they depend on the layout alone)."""
    order, kept = layout.order, layout.kept
    parent = layout._parent
    layout._parent = None
    if parent is None:
        blocks: dict[str, _Block] = {}
        pieces = Family._number(order, 0, kept, blocks, {})
        junctions = set().union(*(b[3] for b in blocks.values()))
    else:
        real = layout._real
        tiles = layout.tiles
        lowest = min(real) if real else ""
        first = bisect.bisect_left(order, lowest)
        offset = bisect.bisect_left(parent.pieces, lowest, key=_where)
        blocks = dict(parent.blocks)
        for coord in real:
            if coord not in tiles:
                blocks.pop(coord, None)
        pieces = parent.pieces[:offset]
        pieces.extend(Family._number(order[first:], offset, kept, blocks, parent.blocks))
        junctions = set(parent.junction_set)
        for coord in real:
            old = parent.blocks.get(coord)
            new = blocks.get(coord)
            gone = (old[3] if old else frozenset()) - (new[3] if new else frozenset())
            junctions |= new[3] if new else frozenset()
            for end in gone:
                if not any(end in blocks[h][3] for h in _hexes_of(end) if h in blocks):
                    junctions.discard(end)
    layout._blocks = blocks
    layout._pieces = pieces
    layout._junction_set = frozenset(junctions)
    layout._junctions = sorted(junctions)


def _where(piece: Piece) -> str:
    return piece.tile or ""


def _stop_keys(
    order: list[str], tiles: Mapping[str, tuple[TileDef, int]]
) -> dict[tuple[str, int], int]:
    """(hex, stop index) -> the stop's place in the graph's stop order."""
    keys: dict[tuple[str, int], int] = {}
    n = 0
    for coord in order:
        count = len(tiles[coord][0].stops)
        if count:
            for i in range(count):
                keys[(coord, i)] = n
                n += 1
    return keys


def _changed(old: Mapping[str, Placed], new: Mapping[str, Placed]) -> set[str]:
    """Hexes whose laid tile differs between two boards (the same map)."""
    out = {c for c, p in new.items() if old.get(c) is not p}
    if len(old) > len(new) - len(out):
        out.update(c for c in old if c not in new)
    return out

