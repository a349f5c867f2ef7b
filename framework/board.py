"""The board during play: which tile lies on each hex, tokens in city slots, tiles left in the box.

Everything here is physical: a tile fits (the general upgrade rule of :mod:`framework.tiles`)
and a token needs a free slot. Who may lay what and when (phases, money, connection to a
company's network, one token per company per hex) belongs to the round logic.

Stops on the board are addressed as ``(coord, stop index)`` (:data:`StopKey`), the index being
the stop's position on the tile currently on that hex. When a tile is replaced, tokens and
reservations move with their stop to the new tile's numbering (:attr:`LayResult.moved`).

Copying is cheap: the map, the tile definitions and the grid are shared between copies (they
never change); only small dicts of immutable values are copied. ``copy.deepcopy`` does the
same, so a game state holding a board can be checkpointed.
"""

from __future__ import annotations

import bisect
from collections import deque
from collections.abc import Iterable, Iterator, Mapping
from operator import itemgetter
from typing import Any

import attrs

from railyard.framework.hexgrid import Grid
from railyard.framework.memo import FrozenMap
from railyard.framework.records import Record
from railyard.framework.tiles import (
    Placed,
    TileDef,
    Upgrade,
    content_id,
    new_track,
    upgrade_in,
    upgrade_options,
    upgrade_refusal,
)

StopKey = tuple[str, int]
"""A stop on the board: (hex coordinate, stop index on the tile there)."""


class BoardError(ValueError):
    """A physical impossibility on the board (no such hex, no free slot, the tile does not fit)."""


@attrs.frozen(repr=False)
class LayResult(Record):
    """What a tile lay did, for the caller to keep company records in step.

    ``moved``: old stop -> new stop for every stop that had tokens or reservations.
    ``removed``: (company, old stop) of tokens dropped because the company ended up with two
    tokens on one merged stop; the company gets that token back.
    """

    coord: str
    tile: str
    rotation: int
    upgrade: Upgrade
    replaced: str
    moved: Mapping[StopKey, StopKey]
    removed: tuple[tuple[str, StopKey], ...]


class _Derived:
    """What a board works out from its position and keeps until the position changes: the
    state key, the tile ids with no copy left. A board and its views share one."""

    __slots__ = ("key", "spent", "tokens_of", "laid_key", "supply_key", "lineage")

    def __init__(self) -> None:
        self.key: tuple[Any, ...] | None = None
        self.spent: frozenset[str] | None = None
        self.tokens_of: dict[str, tuple[StopKey, ...]] = {}  # company -> its stops, in order
        # the laid tiles' and the supply's parts of the key, sorted: a lay changes one or two
        # entries of each, so it patches them rather than have them sorted anew (None: not
        # worked out); a token changes neither
        self.laid_key: _Key | None = None
        self.supply_key: tuple[tuple[str, int], ...] | None = None
        #: (the laid-tiles key of the position before the last lay or clear, the hex it
        #: changed): the graph builder derives this position's layout from that one's without
        #: comparing every laid hex with recent layouts (None: not known); kept while the laid
        #: tiles stay (a token changes none)
        self.lineage: tuple[_Key, str] | None = None

    def clear(self) -> None:
        """The position changed (the key parts of the laid tiles and the supply are the
        changer's to patch or drop)."""
        self.key = None
        self.spent = None
        self.tokens_of = {}

    def copy(self) -> _Derived:
        new = _Derived()
        new.key, new.spent, new.tokens_of = self.key, self.spent, self.tokens_of
        new.laid_key, new.supply_key = self.laid_key, self.supply_key
        new.lineage = self.lineage
        return new


def _patched(key: tuple[Any, ...], entry: tuple[Any, ...]) -> tuple[Any, ...]:
    """A sorted tuple of entries unique by their first item, with ``entry`` put in its place
    (replacing the one with the same first item)."""
    i = bisect.bisect_left(key, entry[:1])
    if i < len(key) and key[i][0] == entry[0]:
        return (*key[:i], entry, *key[i + 1:])
    return (*key[:i], entry, *key[i:])


def _dropped(key: tuple[Any, ...], first: Any) -> tuple[Any, ...]:
    """The sorted tuple without the entry whose first item is ``first`` (if any)."""
    i = bisect.bisect_left(key, (first,))
    if i < len(key) and key[i][0] == first:
        return (*key[:i], *key[i + 1:])
    return key


_first = itemgetter(0)


class _Key(tuple):
    """A state key (a tuple, equal to the plain one) that hashes once: the graph, layout and
    reach caches look a position up by it many times, and a tuple's hash walks every entry
    again each time."""

    def __hash__(self) -> int:
        found: int | None = self.__dict__.get("hash")
        if found is None:
            found = self.__dict__["hash"] = tuple.__hash__(self)
        return found


class BoardView:
    """Read-only access to a board (the round logic, the route search and the renderer read it).

    A view shares the board's data: it always shows the current position.
    """

    __slots__ = (
        "grid",
        "_printed",
        "_printed_map",
        "_tiles",
        "_neighbours",
        "_impassable",
        "_laid",
        "_tokens",
        "_reserved",
        "_supply",
        "_stock",
        "_choices",
        "_index",
        "_derived",
        "_left",
        "_distances",
    )

    grid: Grid
    _printed: dict[str, Placed]
    _printed_map: FrozenMap
    _tiles: Mapping[str, TileDef]
    _neighbours: dict[str, tuple[str | None, ...]]
    _impassable: frozenset[tuple[str, int]]
    _laid: dict[str, Placed]
    _tokens: dict[StopKey, tuple[str, ...]]
    _reserved: dict[StopKey, tuple[str, ...]]
    _supply: dict[str, int]
    _stock: Mapping[str, int]
    _choices: dict[tuple[int, int], tuple[tuple[TileDef, Upgrade], ...]]
    _index: dict[str, int]
    _derived: _Derived  # shared with the board's views, emptied on every change
    # the lay choices of a hex without the spent tiles (see _Derived)
    _left: dict[tuple[tuple[int, int], frozenset[str]], tuple[tuple[TileDef, Upgrade], ...]]
    _distances: dict[str, dict[str, int]]  # hex -> distances_from it (the map's, never changes)

    # -- hexes and tiles ----------------------------------------------------------------------

    def coords(self) -> Iterator[str]:
        """Every map hex, in map order."""
        return iter(self._printed)

    def on_map(self, coord: str) -> bool:
        return coord in self._printed

    def placed(self, coord: str) -> Placed:
        """The tile on ``coord`` in its rotation (the printed hex if no tile was laid)."""
        p = self._laid.get(coord)
        if p is not None:
            return p
        try:
            return self._printed[coord]
        except KeyError:
            raise BoardError(f"{coord} is not a hex of this map") from None

    def tile(self, coord: str) -> TileDef:
        return self.placed(coord).tile

    def rotation(self, coord: str) -> int:
        return self.placed(coord).rotation

    def printed(self, coord: str) -> Placed:
        """The hex as printed on the map, whatever lies on it now."""
        return self._printed[coord]

    def is_printed(self, coord: str) -> bool:
        """True while no tile has been laid on ``coord``."""
        return coord not in self._laid

    def laid(self) -> dict[str, tuple[str, int]]:
        """Hexes with a laid tile: coord -> (tile id, rotation)."""
        return {c: (p.tile.id, p.rotation) for c, p in self._laid.items()}

    def lineage(self) -> tuple[Any, str] | None:
        """(the key of the laid tiles before the last lay or clear, as ``state_key()[0]``
        gave it, the hex laid or cleared), or None when that is not known: the laid tiles are
        that position's but on that hex."""
        return self._derived.lineage

    def laid_placed(self) -> Mapping[str, Placed]:
        """Hexes with a laid tile: coord -> the tile in its rotation (the board's own mapping,
        not a copy: read it, never change it; copies of a board share the values)."""
        return self._laid

    def printed_map(self) -> Mapping[str, Placed]:
        """Every map hex -> its printed tile, in map order (shared by all copies; read-only, so
        memos may key on it)."""
        return self._printed_map

    def placements(self) -> dict[str, tuple[TileDef, int]]:
        """Every hex with track or stops: coord -> (tile, rotation), laid or printed.

        The shape ``framework.routes.board_graph.graph_from_tiles`` takes.
        """
        out: dict[str, tuple[TileDef, int]] = {}
        for coord in self._printed:
            p = self.placed(coord)
            if p.tile.paths or p.tile.stops:
                out[coord] = (p.tile, p.rotation)
        return out

    def tile_def(self, tile_id: str) -> TileDef:
        """A tile of the title's manifest by id."""
        try:
            return self._tiles[tile_id]
        except KeyError:
            raise BoardError(f"no tile {tile_id!r} in this title") from None

    def available(self, tile_id: str) -> int | None:
        """Copies of ``tile_id`` left in the supply (None: unlimited)."""
        return self._supply.get(tile_id)

    # -- geometry -------------------------------------------------------------------------------

    def exits(self, coord: str) -> frozenset[int]:
        """Edges of ``coord`` with track on them."""
        return self.placed(coord).exits

    def neighbour_across(self, coord: str, edge: int) -> str | None:
        """The map hex across ``edge`` of ``coord``; None off the map or across an impassable
        border."""
        return self.neighbours(coord)[edge]

    def neighbour_table(self) -> Mapping[str, tuple[str | None, ...]]:
        """Every map hex -> :meth:`neighbours` (shared by all copies: read it, never change
        it), for walks that look up thousands of neighbours."""
        return self._neighbours

    def neighbours(self, coord: str) -> tuple[str | None, ...]:
        """:meth:`neighbour_across` for edges 0-5."""
        try:
            return self._neighbours[coord]
        except KeyError:
            raise BoardError(f"{coord} is not a hex of this map") from None

    @property
    def impassable(self) -> frozenset[tuple[str, int]]:
        """(coord, edge) pairs no track may cross (both sides listed)."""
        return self._impassable

    def dead_ends(self, coord: str, placed: Placed) -> frozenset[int]:
        """Exits of ``placed`` (meant for ``coord``) that lead off the map or into a border."""
        row = self._neighbours[coord]
        return frozenset(e for e in placed.exits if row[e] is None)

    def track_meets(self, coord: str, edge: int) -> bool:
        """True if track runs across ``edge`` of ``coord`` on both sides."""
        other = self._neighbours[coord][edge]
        if other is None or edge not in self.placed(coord).exits:
            return False
        return (edge + 3) % 6 in self.placed(other).exits

    def distances_from(self, coord: str) -> dict[str, int]:
        """Steps from ``coord`` to every map hex it can reach, moving only over map hexes and
        never across an impassable border (a distance on this map, unlike the grid's)."""
        found = self._distances.get(coord)
        if found is None:  # a walk of the whole map, once per hex: shared by all copies
            dist = {coord: 0}
            queue = deque([coord])
            while queue:
                here = queue.popleft()
                for there in self._neighbours[here]:
                    if there is not None and there not in dist:
                        dist[there] = dist[here] + 1
                        queue.append(there)
            found = self._distances[coord] = dist
        return dict(found)

    def lay_choices(self, coord: str) -> tuple[tuple[TileDef, Upgrade], ...]:
        """Every (manifest tile, upgrade) the tile rule allows on ``coord`` with a copy left in
        the supply. Phases, money and connection are for the caller to filter."""
        placed = self.placed(coord)
        key = (content_id(placed.tile), placed.rotation)  # alike hexes share their choices
        fits = self._choices.get(key)
        if fits is None:
            fits = self._choices[key] = tuple(
                (t, u) for t in self._tiles.values() for u in upgrade_options(placed, t)
            )
        derived = self._derived
        spent = derived.spent
        if spent is None:
            spent = derived.spent = frozenset(t for t, n in self._supply.items() if n <= 0)
        if not spent:
            return fits
        left = self._left.get((key, spent))
        if left is None:
            left = self._left[(key, spent)] = tuple((t, u) for t, u in fits if t.id not in spent)
        return left

    def new_track(self, coord: str, tile: TileDef, rotation: int) -> frozenset[tuple[Any, Any]]:
        """Paths ``tile`` in ``rotation`` would add on ``coord`` (rotated, as in ``Placed.paths``),
        for the rule that some new track must be reachable. Empty if the lay does not fit."""
        old = self.placed(coord)
        for u in upgrade_options(old, tile):
            if u.rotation == rotation:
                return new_track(old, Placed(tile, rotation), u.stop_map)
        return frozenset()

    def upgrade_options(self, coord: str, tile: TileDef) -> tuple[Upgrade, ...]:
        """Rotations in which ``tile`` may replace what lies on ``coord`` (the tile rule only)."""
        return upgrade_options(self.placed(coord), tile)

    # -- tokens ---------------------------------------------------------------------------------

    def _stop(self, coord: str, stop: int) -> Any:
        stops = self.placed(coord).tile.stops
        if not 0 <= stop < len(stops):
            raise BoardError(f"{coord} has no stop {stop} (it has {len(stops)})")
        return stops[stop]

    def tokens_at(self, coord: str, stop: int) -> tuple[str, ...]:
        """Companies with a token on this stop, in the order they were placed."""
        return self._tokens.get((coord, stop), ())

    def token_map(self) -> dict[StopKey, tuple[str, ...]]:
        """Every tokened stop -> its companies."""
        return dict(self._tokens)

    def tokens_of(self, company: str) -> list[StopKey]:
        """Stops where ``company`` has a token, in map order then stop order (worked out once
        per position: the reach walks and token rules ask for every company)."""
        by_company = self._derived.tokens_of
        found = by_company.get(company)
        if found is None:
            order = self._index
            found = by_company[company] = tuple(sorted(
                (k for k, v in self._tokens.items() if company in v),
                key=lambda k: (order[k[0]], k[1]),
            ))
        return list(found)

    def has_token(self, coord: str, company: str, stop: int | None = None) -> bool:
        """Whether ``company`` has a token on ``coord`` (on any stop, or on ``stop``)."""
        if stop is not None:
            return company in self._tokens.get((coord, stop), ())
        return any(company in v for (c, _), v in self._tokens.items() if c == coord)

    def reserved_at(self, coord: str, stop: int) -> tuple[str, ...]:
        """Companies holding a slot reservation on this stop not yet used by a token."""
        return self._reserved.get((coord, stop), ())

    def reserved_map(self) -> dict[StopKey, tuple[str, ...]]:
        return dict(self._reserved)

    def slots(self, coord: str, stop: int) -> int:
        return int(self._stop(coord, stop).slots)

    def free_slots(self, coord: str, stop: int, company: str | None = None) -> int:
        """Slots open to ``company``: empty slots not held for another company.

        A slot reserved for ``company`` counts as free for it; without a company, every
        reservation counts as taken.
        """
        held = self.reserved_at(coord, stop)
        blocked = sum(1 for c in held if c != company)
        return max(0, self.slots(coord, stop) - len(self.tokens_at(coord, stop)) - blocked)

    # -- identity ---------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A canonical, JSON-able form of everything that changes (for state hashes and saves)."""
        tokens: dict[str, dict[str, list[str]]] = {}
        for (coord, stop), comps in sorted(self._tokens.items()):
            tokens.setdefault(coord, {})[str(stop)] = list(comps)
        reserved: dict[str, dict[str, list[str]]] = {}
        for (coord, stop), comps in sorted(self._reserved.items()):
            reserved.setdefault(coord, {})[str(stop)] = list(comps)
        return {
            "tiles": {c: [p.tile.id, p.rotation] for c, p in sorted(self._laid.items())},
            "tokens": tokens,
            "reserved": reserved,
            "supply": dict(sorted(self._supply.items())),
        }

    def state_key(self) -> tuple[Any, ...]:
        """A hashable snapshot of the position (equal boards give equal keys); kept until the
        board changes, as the graph and reach caches ask for it many times per position."""
        derived = self._derived
        key = derived.key
        if key is None:
            key = derived.key = self._state_key()
        return key

    def _state_key(self) -> tuple[Any, ...]:
        derived = self._derived
        laid_key = derived.laid_key
        if laid_key is None:
            laid = sorted(self._laid.items(), key=_first)  # coords are unique: sort by them
            laid_key = derived.laid_key = _Key([(c, p.tile.id, p.rotation) for c, p in laid])
        supply_key = derived.supply_key
        if supply_key is None:
            supply_key = derived.supply_key = tuple(sorted(self._supply.items()))
        return _Key((
            laid_key,
            tuple(sorted(self._tokens.items())),
            tuple(sorted(self._reserved.items())),
            supply_key,
        ))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BoardView):
            return NotImplemented
        return self.state_key() == other.state_key() and self._printed == other._printed

    __hash__ = None  # type: ignore[assignment]  # mutable: use state_key()


class Board(BoardView):
    """The mutable board. Build it with :meth:`from_title` or directly from printed hexes."""

    __slots__ = ()

    def __init__(
        self,
        grid: Grid,
        printed: Mapping[str, Placed],
        tiles: Mapping[str, TileDef] | None = None,
        *,
        supply: Mapping[str, int | None] | None = None,
        impassable: Iterable[tuple[str, int]] = (),
    ) -> None:
        """``printed``: every map hex -> its preprinted tile (``@coord``) in its rotation.
        ``tiles``: the title's tile manifest by id. ``supply``: copies per tile id (defaults to
        each tile's ``count``; None = unlimited). ``impassable``: (coord, edge) borders that
        block track; the other side is added automatically.
        """
        self.grid = grid
        self._printed = dict(printed)
        # the same, read-only, for what memos key on (layouts, reach walks, paying stops); the
        # board's own hot reads stay on the plain dict (a dict subclass's [] is slower)
        self._printed_map = FrozenMap(self._printed)
        self._tiles = dict(tiles or {})
        if supply is None:
            supply = {tid: t.count for tid, t in self._tiles.items()}
        self._supply = {tid: n for tid, n in supply.items() if n is not None}
        self._stock = dict(self._supply)  # the box at the start, for the conservation check
        self._choices = {}  # placed tile -> manifest tiles that fit; shared by all copies
        self._left = {}  # the same without spent tiles; shared by all copies
        self._distances = {}  # shared by all copies
        self._derived = _Derived()
        self._index = {c: i for i, c in enumerate(self._printed)}  # map order
        blocked: set[tuple[str, int]] = set()
        for coord, edge in impassable:
            blocked.add((coord, edge))
            other = grid.format(grid.neighbour(grid.parse(coord), edge))
            blocked.add((other, (edge + 3) % 6))
        self._impassable = frozenset(blocked)
        self._neighbours = {}
        where = {coord: grid.parse(coord) for coord in self._printed}
        # hex -> its printed name, for the names printed as the grid writes them: a neighbour
        # is a map hex when the grid's name for it is printed (one format per hex, not per edge)
        named = {h: coord for coord, h in where.items() if grid.format(h) == coord}
        for coord, h in where.items():
            row: list[str | None] = []
            for edge, n in enumerate(grid.neighbours(h)):
                name = named.get(n) if n.row >= 0 and n.col >= 0 else None
                if (coord, edge) in blocked:
                    name = None
                row.append(name)
            self._neighbours[coord] = tuple(row)
        self._laid = {}
        self._tokens = {}
        self._reserved = {}
        for coord, p in self._printed.items():
            for i, stop in enumerate(p.tile.stops):
                if stop.reserved:
                    self._reserved[(coord, i)] = tuple(stop.reserved[k] for k in sorted(stop.reserved))

    @classmethod
    def from_title(cls, title: Any) -> Board:
        """The starting board of a loaded title (``title.map``, ``title.tiles``)."""
        map_def = title.map
        grid = Grid.for_coords(map_def.layout, map_def.axes, map_def.hexes)
        printed = {c: Placed(h.as_tile(), h.rotation % 6) for c, h in map_def.hexes.items()}
        impassable = [
            (c, b.edge) for c, h in map_def.hexes.items() for b in h.borders if b.kind == "impassable"
        ]
        return cls(grid, printed, title.tiles, impassable=impassable)

    # -- copying -------------------------------------------------------------------------------

    def copy(self) -> Board:
        new = object.__new__(Board)
        new.grid = self.grid
        new._printed = self._printed
        new._printed_map = self._printed_map
        new._tiles = self._tiles
        new._neighbours = self._neighbours
        new._impassable = self._impassable
        new._laid = dict(self._laid)
        new._tokens = dict(self._tokens)
        new._reserved = dict(self._reserved)
        new._supply = dict(self._supply)
        new._stock = self._stock
        new._choices = self._choices
        new._index = self._index
        new._left = self._left
        new._distances = self._distances
        new._derived = self._derived.copy()
        return new

    def __copy__(self) -> Board:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Board:
        return self.copy()

    def view(self) -> BoardView:
        """A read-only view that follows this board."""
        v = object.__new__(BoardView)
        for name in BoardView.__slots__:
            object.__setattr__(v, name, getattr(self, name))
        return v

    def load_dict(self, data: Mapping[str, Any]) -> Board:
        """Set the changing part of the position from :meth:`to_dict` output; returns self."""
        laid = {}
        for coord, (tile_id, rotation) in data.get("tiles", {}).items():
            if coord not in self._printed:
                raise BoardError(f"{coord} is not a hex of this map")
            laid[coord] = Placed(self._tile_by_id(tile_id), int(rotation))
        # refill in place, so views of this board stay live
        self._laid.clear()
        self._laid.update(laid)
        self._tokens.clear()
        self._tokens.update(
            ((c, int(s)), tuple(v)) for c, stops in data.get("tokens", {}).items() for s, v in stops.items()
        )
        self._reserved.clear()
        self._reserved.update(
            ((c, int(s)), tuple(v))
            for c, stops in data.get("reserved", {}).items()
            for s, v in stops.items()
        )
        if "supply" in data:
            self._supply.clear()
            self._supply.update({k: int(v) for k, v in data["supply"].items()})
        self._derived.clear()
        self._derived.laid_key = self._derived.supply_key = None
        self._derived.lineage = None
        return self

    def _tile_by_id(self, tile_id: str) -> TileDef:
        if tile_id.startswith("@") and tile_id[1:] in self._printed:
            return self._printed[tile_id[1:]].tile
        return self.tile_def(tile_id)

    # -- tiles -----------------------------------------------------------------------------------

    def lay(
        self,
        coord: str,
        tile: TileDef | str,
        rotation: int,
        *,
        check: bool = True,
        stop_map: tuple[int | None, ...] | None = None,
    ) -> LayResult:
        """Put ``tile`` on ``coord`` in ``rotation``, replacing what is there.

        With ``check`` the tile must fit by :func:`framework.tiles.upgrade_options`; a hook that
        allows something else passes ``check=False`` (and may give ``stop_map``, default: each
        old stop to the same index). Tokens and reservations follow their stops; a company
        left with two tokens on one stop keeps one (see :attr:`LayResult.removed`). The
        replaced tile goes back to the supply unless it was printed on the map.
        """
        tdef = self.tile_def(tile) if isinstance(tile, str) else tile
        if rotation not in range(6):
            raise BoardError(f"rotation must be 0-5, got {rotation!r}")
        old = self.placed(coord)
        left = self._supply.get(tdef.id)
        if left is not None and left <= 0:
            raise BoardError(f"no tile {tdef.id} left in the supply")
        upgrade: Upgrade | None = None
        if check:
            refusal = upgrade_refusal(old, tdef)
            if refusal is not None:
                raise BoardError(f"tile {tdef.id} cannot replace {old.tile.id} on {coord}: {refusal}")
            upgrade = upgrade_in(old, tdef, rotation)
            if upgrade is None:
                options = upgrade_options(old, tdef)
                if options:
                    legal = ", ".join(str(u.rotation) for u in options)
                    why = f"rotation {rotation} does not keep the existing track (legal: {legal})"
                else:
                    why = "no rotation keeps the existing track"
                raise BoardError(f"tile {tdef.id} cannot replace {old.tile.id} on {coord}: {why}")
        if upgrade is None or stop_map is not None:
            n = len(tdef.stops)
            if stop_map is None:
                stop_map = tuple(i if i < n else None for i in range(len(old.tile.stops)))
            upgrade = Upgrade(rotation, tuple(stop_map))

        tokens, reserved, moved, removed = self._move_stops(coord, old, tdef, upgrade.stop_map)
        for (_, stop), comps in tokens.items():
            slots = tdef.stops[stop].slots
            if len(comps) > slots:
                raise BoardError(
                    f"tile {tdef.id} on {coord}: stop {stop} would hold {len(comps)} tokens "
                    f"({', '.join(comps)}) but has {slots} slot(s)"
                )

        # commit
        derived = self._derived
        derived.clear()
        for key in [k for k in self._tokens if k[0] == coord]:
            del self._tokens[key]
        for key in [k for k in self._reserved if k[0] == coord]:
            del self._reserved[key]
        self._tokens.update(tokens)
        self._reserved.update(reserved)
        supply_key = derived.supply_key
        if left is not None:
            self._supply[tdef.id] = left - 1
            if supply_key is not None:
                supply_key = _patched(supply_key, (tdef.id, left - 1))
        if old.tile.id in self._supply and coord in self._laid:
            self._supply[old.tile.id] += 1
            if supply_key is not None:
                supply_key = _patched(supply_key, (old.tile.id, self._supply[old.tile.id]))
        derived.supply_key = supply_key
        self._laid[coord] = Placed(tdef, rotation)
        if derived.laid_key is not None:
            derived.lineage = (derived.laid_key, coord)
            derived.laid_key = _Key(_patched(derived.laid_key, (coord, tdef.id, rotation)))
        else:
            derived.lineage = None
        return LayResult(coord, tdef.id, rotation, upgrade, old.tile.id, moved, tuple(removed))

    def clear(self, coord: str) -> str | None:
        """Take the laid tile off ``coord`` (back to the supply), leaving the hex as printed;
        tokens on it are removed (their companies' records are the caller's). Returns the
        tile id taken off, or None if nothing was laid there."""
        derived = self._derived
        derived.clear()
        placed = self._laid.pop(coord, None)
        for key in [k for k in self._tokens if k[0] == coord]:
            del self._tokens[key]
        if placed is None:
            return None
        if derived.laid_key is not None:
            derived.lineage = (derived.laid_key, coord)
            derived.laid_key = _Key(_dropped(derived.laid_key, coord))
        else:
            derived.lineage = None
        if placed.tile.id in self._supply:
            self._supply[placed.tile.id] += 1
            if derived.supply_key is not None:
                derived.supply_key = _patched(derived.supply_key,
                                              (placed.tile.id, self._supply[placed.tile.id]))
        return placed.tile.id

    def _move_stops(
        self, coord: str, old: Placed, new: TileDef, stop_map: tuple[int | None, ...]
    ) -> tuple[
        dict[StopKey, tuple[str, ...]],
        dict[StopKey, tuple[str, ...]],
        dict[StopKey, StopKey],
        list[tuple[str, StopKey]],
    ]:
        tokens: dict[StopKey, tuple[str, ...]] = {}
        reserved: dict[StopKey, tuple[str, ...]] = {}
        moved: dict[StopKey, StopKey] = {}
        removed: list[tuple[str, StopKey]] = []
        for i in range(len(old.tile.stops)):
            key = (coord, i)
            here = self._tokens.get(key, ())
            held = self._reserved.get(key, ())
            if not here and not held:
                continue
            j = stop_map[i] if i < len(stop_map) else None
            if j is None:
                if here:
                    raise BoardError(
                        f"tile {new.id} on {coord}: the tokens on stop {i} ({', '.join(here)}) "
                        f"would have no stop"
                    )
                continue
            to = (coord, j)
            moved[key] = to
            merged = list(tokens.get(to, ()))
            for comp in here:
                if comp in merged:
                    removed.append((comp, key))
                else:
                    merged.append(comp)
            if merged:
                tokens[to] = tuple(merged)
            if held:
                reserved[to] = tuple(dict.fromkeys(reserved.get(to, ()) + held))
        return tokens, reserved, moved, removed

    # -- tokens ---------------------------------------------------------------------------------

    def place_token(self, coord: str, stop: int, company: str) -> None:
        """Put ``company``'s token on a stop; it uses the company's reservation there if any."""
        self._derived.clear()
        s = self._stop(coord, stop)
        if s.slots <= 0:
            raise BoardError(f"{coord} stop {stop} is a {s.kind} and takes no tokens")
        if self.has_token(coord, company, stop):
            raise BoardError(f"{company} already has a token on {coord} stop {stop}")
        if self.free_slots(coord, stop, company) <= 0:
            raise BoardError(f"no free slot for {company} on {coord} stop {stop}")
        key = (coord, stop)
        self._tokens[key] = self._tokens.get(key, ()) + (company,)
        self._drop_reservation(key, company)

    def remove_token(self, coord: str, stop: int, company: str) -> None:
        self._derived.clear()
        key = (coord, stop)
        here = self._tokens.get(key, ())
        if company not in here:
            raise BoardError(f"{company} has no token on {coord} stop {stop}")
        rest = tuple(c for c in here if c != company)
        if rest:
            self._tokens[key] = rest
        else:
            del self._tokens[key]

    def replace_token(self, coord: str, stop: int, old: str, new: str) -> bool:
        """Swap ``old``'s token for ``new``'s in the same slot (mergers). If ``new`` is already
        there, ``old``'s token is just removed; returns False in that case."""
        self._derived.clear()
        key = (coord, stop)
        here = self._tokens.get(key, ())
        if old not in here:
            raise BoardError(f"{old} has no token on {coord} stop {stop}")
        if new in here:
            self.remove_token(coord, stop, old)
            return False
        self._tokens[key] = tuple(new if c == old else c for c in here)
        self._drop_reservation(key, new)
        return True

    def reserve(self, coord: str, stop: int, company: str) -> None:
        """Hold a slot for ``company`` (it then counts as taken for everybody else)."""
        self._derived.clear()
        key = (coord, stop)
        if company in self._reserved.get(key, ()):
            return
        if self.free_slots(coord, stop) <= 0:
            raise BoardError(f"no free slot to reserve for {company} on {coord} stop {stop}")
        self._reserved[key] = self._reserved.get(key, ()) + (company,)

    def release_reservation(self, coord: str, stop: int, company: str) -> None:
        self._drop_reservation((coord, stop), company)

    def _drop_reservation(self, key: StopKey, company: str) -> None:
        self._derived.clear()
        held = self._reserved.get(key)
        if held and company in held:
            rest = tuple(c for c in held if c != company)
            if rest:
                self._reserved[key] = rest
            else:
                del self._reserved[key]

    # -- checks ---------------------------------------------------------------------------------

    def tile_conservation_problems(self) -> list[str]:
        """Tiles on the board plus tiles in the supply must equal the starting supply."""
        on_board: dict[str, int] = {}
        for p in self._laid.values():
            on_board[p.tile.id] = on_board.get(p.tile.id, 0) + 1
        problems = []
        for tid, count in self._stock.items():
            have = self._supply.get(tid, 0) + on_board.get(tid, 0)
            if have != count:
                problems.append(
                    f"tiles: {tid} has {on_board.get(tid, 0)} on the board and "
                    f"{self._supply.get(tid, 0)} in the supply, the box holds {count}"
                )
        for (coord, stop), comps in self._tokens.items():
            slots = self.placed(coord).tile.stops[stop].slots
            if len(comps) > slots:
                problems.append(f"tokens: {coord} stop {stop} holds {len(comps)} in {slots} slot(s)")
        return problems


def new_board_state(title: Any) -> Board:
    """The starting board of a loaded title (the game state's factory hook)."""
    return Board.from_title(title)
