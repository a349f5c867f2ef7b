"""Tile definitions: stops, track paths, labels, and the colour a tile belongs to.

A tile (and a preprinted map hex, which is a tile too) is a set of *stops* (cities, towns,
mines, off-board areas) and *paths*. A path joins two *ends*; an end is an edge number 0-5
(see :mod:`framework.hexgrid` for the numbering) or a stop reference ``"s<i>"`` (the i-th stop
of the tile). This is exactly the YAML shape of ``tiles.yaml``: ``paths: [[0, s0], [3, s0]]``.

Conventions:
- Towns have ``slots = 0``: nothing can be tokened there, and the YAML may omit ``slots``
  for a town (the converter turns the default 1 into 0 for towns). Cities, mines and
  off-board areas keep the slot count written (default 1).
- Revenue is always a :class:`~framework.model.values.PhaseValue`; a plain int is accepted
  and wrapped, so hand-written definitions in tests stay short.

For cattrs: ``End`` is the union ``int | str``, which cattrs cannot structure on its own;
register :func:`structure_end` for it: ``register_structure_hook_func(lambda t: t == End,
structure_end)``.

Geometry (:class:`Placed`, :class:`Connectivity`) is computed once per tile and rotation and
cached, because bots evaluate thousands of lays; so are upgrade checks (:func:`upgrade_options`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from railyard.framework.memo import MISSING, IdMemo, Memo
from railyard.framework.model.values import PhaseValue
from railyard.framework.records import Record

End = int | str
"""One end of a path: an edge 0-5 (int) or a stop reference ``"s<i>"`` (str)."""

STOP_KINDS = ("city", "town", "mine", "offboard")
TILE_COLORS = ("white", "yellow", "green", "brown", "gray", "red")
UPGRADE_ORDER = ("white", "yellow", "green", "brown", "gray")
"""Colours in upgrade order; a tile is replaced only by one of the next colour. Red (off-board)
and gray (last in the order) hexes are never replaced."""


def structure_end(raw: Any, _type: Any = None) -> End:
    """Validate one path end from its YAML form (``3`` or ``"s0"``); usable as a cattrs hook."""
    if isinstance(raw, bool):
        raise ValueError(f"bad path end {raw!r}: expected an edge 0-5 or 's<i>'")
    if isinstance(raw, int):
        if not 0 <= raw <= 5:
            raise ValueError(f"bad path end {raw!r}: an edge is 0-5")
        return raw
    if isinstance(raw, str):
        if raw.isdigit():
            return structure_end(int(raw))
        if len(raw) >= 2 and raw[0] == "s" and raw[1:].isdigit():
            return raw
    raise ValueError(f"bad path end {raw!r}: expected an edge 0-5 or 's<i>'")


def stop_index(end: End) -> int | None:
    """The stop index of a stop reference, or None for an edge."""
    return int(end[1:]) if isinstance(end, str) else None


def _to_paths(raw: Iterable[Iterable[Any]]) -> tuple[tuple[End, End], ...]:
    out = []
    for path in raw:
        ends = tuple(structure_end(e) for e in path)
        if len(ends) != 2:
            raise ValueError(f"a path has exactly two ends, got {list(path)!r}")
        out.append((ends[0], ends[1]))
    return tuple(out)


def _to_tuple(raw: Iterable[Any]) -> tuple[Any, ...]:
    return tuple(raw)


def _to_optional_tuple(raw: Iterable[Any] | None) -> tuple[Any, ...] | None:
    return None if raw is None else tuple(str(x) for x in raw)


def _to_reserved(raw: Mapping[Any, str] | None) -> Mapping[int, str]:
    return {} if not raw else {int(k): str(v) for k, v in raw.items()}


def _phase_value(raw: Any) -> PhaseValue:
    return PhaseValue.of(raw)


@attrs.frozen(repr=False)
class Stop(Record):
    """A place on a tile a route can visit: a city, town, mine or off-board area.

    ``group``: stops of one tile with the same group count as one stop for a route.
    ``reserved``: slot index -> company id (map hexes only); not part of equality or hash,
    since it describes the board's starting state rather than the tile's shape.
    """

    kind: str = attrs.field(validator=attrs.validators.in_(STOP_KINDS))
    revenue: PhaseValue = attrs.field(converter=_phase_value)
    slots: int = 1
    group: str | None = None
    reserved: Mapping[int, str] = attrs.field(
        factory=dict, converter=_to_reserved, eq=False, hash=False
    )
    # train name -> what this stop pays that train whatever the phase (an off-board paying a
    # D train more); not part of equality or hash, like ``reserved``
    train_revenue: Mapping[str, int] = attrs.field(factory=dict, converter=dict, eq=False, hash=False)

    def __attrs_post_init__(self) -> None:
        if self.kind == "town" and self.slots == 1:
            object.__setattr__(self, "slots", 0)
        if self.slots < 0:
            raise ValueError(f"a stop cannot have {self.slots} slots")


@attrs.frozen(repr=False, cache_hash=True)
class TileDef(Record, compare="attrs"):
    """A tile as printed: its colour, stops, paths and labels (no rotation, no position).

    ``count`` is the number of copies in the box (None = unlimited; preprinted hexes: 1).
    ``upgrades_to`` replaces the general upgrade rule by an explicit list of tile ids when
    given (see :func:`upgrade_rotations`).
    """

    id: str = attrs.field(converter=str)
    color: str = attrs.field(validator=attrs.validators.in_(TILE_COLORS))
    count: int | None = None
    stops: tuple[Stop, ...] = attrs.field(default=(), converter=_to_tuple)
    paths: tuple[tuple[End, End], ...] = attrs.field(default=(), converter=_to_paths)
    labels: tuple[str, ...] = attrs.field(default=(), converter=_to_tuple)
    upgrades_to: tuple[str, ...] | None = attrs.field(default=None, converter=_to_optional_tuple)

    def __attrs_post_init__(self) -> None:
        for a, b in self.paths:
            if a == b:
                raise ValueError(f"tile {self.id}: path [{a}, {b}] joins an end to itself")
            for end in (a, b):
                i = stop_index(end)
                if i is not None and i >= len(self.stops):
                    raise ValueError(
                        f"tile {self.id}: path end {end!r} refers to stop {i}, "
                        f"but the tile has {len(self.stops)} stop(s)"
                    )


# -- colours -------------------------------------------------------------------------------


def next_color(color: str) -> str | None:
    """The colour that replaces ``color`` under the general upgrade rule (None: never replaced)."""
    if color not in UPGRADE_ORDER:
        return None
    i = UPGRADE_ORDER.index(color)
    return UPGRADE_ORDER[i + 1] if i + 1 < len(UPGRADE_ORDER) else None


def color_rank(color: str) -> int:
    """Position in the upgrade order (white 0, yellow 1, ...); red sorts after everything."""
    return UPGRADE_ORDER.index(color) if color in UPGRADE_ORDER else len(UPGRADE_ORDER)


# -- preprinted hexes -----------------------------------------------------------------------


def map_hex_tile(
    coord: str,
    color: str = "white",
    stops: Iterable[Stop] = (),
    paths: Iterable[Iterable[Any]] = (),
    labels: Iterable[str] = (),
    upgrades: Iterable[str] | None = None,
) -> TileDef:
    """The preprinted content of map hex ``coord`` as a tile with id ``@<coord>``.

    ``upgrades`` (map.yaml's "only these tiles may go here") becomes ``upgrades_to``. The
    hex's printed rotation is not part of the tile: place it with ``Placed(tile, rotation)``.
    """
    return TileDef(
        id=f"@{coord}",
        color=color,
        count=1,
        stops=tuple(stops),
        paths=paths,
        labels=tuple(labels),
        upgrades_to=upgrades,
    )


# -- geometry of a placed tile ---------------------------------------------------------------


def rotate_end(end: End, rotation: int) -> End:
    """Where an end goes when its tile turns clockwise by ``rotation`` sixths."""
    return (end + rotation) % 6 if isinstance(end, int) else end


@attrs.frozen(repr=False)
class Connectivity(Record):
    """What joins what on one tile in one rotation (computed once per tile and rotation).

    Every relation is *direct*: one path of the tile joins the two ends. Two paths that meet at
    an edge are not joined through it (a train leaving by that edge cannot turn back), and a
    route passing a stop stops there; so this is all a route search or an upgrade check needs.
    """

    paths: tuple[tuple[End, End], ...]
    """The tile's paths with edges rotated; stop references unchanged."""
    exits: frozenset[int]
    """Edges with track."""
    stop_edges: tuple[frozenset[int], ...]
    """Per stop index: the edges one path joins it to."""
    edge_stops: tuple[frozenset[int], ...]
    """Per edge 0-5: the stops one path joins it to."""
    edge_edges: frozenset[frozenset[int]]
    """Pairs of edges joined by a path of pure track (no stop between them)."""
    edge_partners: tuple[frozenset[int], ...]
    """Per edge 0-5: the edges it is joined to by pure track."""
    stop_stops: frozenset[frozenset[int]]
    """Pairs of stops joined directly by a path (e.g. the two cities of a twin-city tile)."""
    path_keys: frozenset[frozenset[End]]
    """The paths as unordered end pairs, for comparing layouts."""
    stop_partners: tuple[tuple[int, ...], ...] = ()
    """Per stop index: the stops one path joins it to, in index order."""


def _connectivity(tile: TileDef, rotation: int) -> Connectivity:
    # worked out for each tile shape and rotation a process asks for, so paid again at the
    # start of every replay: one pass over the paths, the stop partners collected on the way
    paths = tuple(((a + rotation) % 6 if isinstance(a, int) else a,
                   (b + rotation) % 6 if isinstance(b, int) else b) for a, b in tile.paths)
    n = len(tile.stops)
    stop_edges: list[set[int]] = [set() for _ in range(n)]
    edge_stops: list[set[int]] = [set(), set(), set(), set(), set(), set()]
    edge_partners: list[set[int]] = [set(), set(), set(), set(), set(), set()]
    edge_edges: set[frozenset[int]] = set()
    stop_stops: set[frozenset[int]] = set()
    partners: list[set[int]] = [set() for _ in range(n)]
    exits: set[int] = set()
    for a, b in paths:
        sa = int(a[1:]) if isinstance(a, str) else None
        sb = int(b[1:]) if isinstance(b, str) else None
        if sa is None and sb is None:
            assert isinstance(a, int) and isinstance(b, int)
            exits.add(a)
            exits.add(b)
            edge_edges.add(frozenset((a, b)))
            edge_partners[a].add(b)
            edge_partners[b].add(a)
        elif sa is not None and sb is not None:
            stop_stops.add(frozenset((sa, sb)))
            if sa != sb:
                partners[sa].add(sb)
                partners[sb].add(sa)
        else:
            edge, stop = (a, sb) if sa is None else (b, sa)
            assert isinstance(edge, int) and stop is not None
            exits.add(edge)
            stop_edges[stop].add(edge)
            edge_stops[edge].add(stop)
    return Connectivity(
        paths=paths,
        exits=frozenset(exits),
        stop_edges=tuple(map(frozenset, stop_edges)),
        edge_stops=tuple(map(frozenset, edge_stops)),
        edge_edges=frozenset(edge_edges),
        edge_partners=tuple(map(frozenset, edge_partners)),
        stop_stops=frozenset(stop_stops),
        path_keys=frozenset(map(frozenset, paths)),
        stop_partners=tuple(tuple(sorted(p)) for p in partners),
    )


#: memos keyed by a tile's identity keep the tile; a long run of games (each board with its own
#: printed tiles) empties them now and then
_ID_MEMO_LIMIT = 50_000
# tile, (id(tile), rotation) -> its connectivity: keyed by identity, as hashing a tile walks
# all its fields (every Placed asks)
_CONNECTIVITY: IdMemo[Connectivity] = IdMemo(_ID_MEMO_LIMIT)
# (paths, number of stops, rotation) -> the connectivity: all it is worked out from, so tiles
# alike in track share one (most printed hexes: blank, or one town), and no tile is hashed
_BY_VALUE: dict[tuple[Any, int, int], Connectivity] = {}


def connectivity(tile: TileDef, rotation: int = 0) -> Connectivity:
    """The (cached) connectivity of ``tile`` turned clockwise by ``rotation`` sixths."""
    found = _CONNECTIVITY.get((id(tile), rotation))
    if found is not None and found[0] is tile:
        return found[1]
    key = (tile.paths, len(tile.stops), rotation)
    conn = _BY_VALUE.get(key)
    if conn is None:
        if rotation not in range(6):
            raise ValueError(f"rotation must be 0-5, got {rotation!r}")
        conn = _BY_VALUE[key] = _connectivity(tile, rotation)
    return _CONNECTIVITY.put(tile, (id(tile), rotation), conn)


def _conn_of(self: Placed) -> Connectivity:
    return connectivity(self.tile, self.rotation)


@attrs.frozen(repr=False)
class Placed(Record):
    """A tile in a rotation: what the board holds on a hex. Cheap to build (cached geometry)."""

    tile: TileDef
    rotation: int = 0
    conn: Connectivity = attrs.field(
        init=False, eq=False, hash=False, repr=False, default=attrs.Factory(_conn_of, takes_self=True)
    )

    @property
    def paths(self) -> tuple[tuple[End, End], ...]:
        """Paths with rotated edges (stop references are tile stop indices ``"s<i>"``)."""
        return self.conn.paths

    @property
    def exits(self) -> frozenset[int]:
        """Edges with track."""
        return self.conn.exits

    @property
    def stops(self) -> tuple[Stop, ...]:
        return self.tile.stops

    def stop_edges(self, stop: int) -> frozenset[int]:
        """Edges joined directly to stop ``stop``."""
        return self.conn.stop_edges[stop]

    def edge_stops(self, edge: int) -> frozenset[int]:
        """Stops joined directly to ``edge``."""
        return self.conn.edge_stops[edge]

    def edge_partners(self, edge: int) -> frozenset[int]:
        """Edges joined to ``edge`` by pure track."""
        return self.conn.edge_partners[edge]

    def stop_partners(self, stop: int) -> frozenset[int]:
        """Stops joined directly to ``stop`` by a stop-to-stop path."""
        return frozenset(self.conn.stop_partners[stop])


def rotate(tile: TileDef, rotation: int) -> Placed:
    """``tile`` turned clockwise by ``rotation`` sixths."""
    return Placed(tile, rotation)


_DISTINCT: dict[TileDef, tuple[int, ...]] = {}


def distinct_rotations(tile: TileDef) -> tuple[int, ...]:
    """Rotations giving different track layouts (#63 has one, a straight three, a curve six)."""
    out = _DISTINCT.get(tile)
    if out is None:
        seen: set[frozenset[frozenset[End]]] = set()
        rots = []
        for r in range(6):
            key = connectivity(tile, r).path_keys
            if key not in seen:
                seen.add(key)
                rots.append(r)
        out = _DISTINCT[tile] = tuple(rots)
    return out


# -- upgrades ------------------------------------------------------------------------------


@attrs.frozen(repr=False)
class Upgrade(Record):
    """One legal way to replace a tile: the new tile's rotation, and where each old stop went.

    ``stop_map[i]`` is the new tile's stop index that old stop ``i`` becomes (tokens move
    with it), or None when the old stop has no counterpart (only possible with an explicit
    ``upgrades_to`` list).
    """

    rotation: int
    stop_map: tuple[int | None, ...]


def _match_stops(
    old: Connectivity,
    old_stops: tuple[Stop, ...],
    new: Connectivity,
    new_stops: tuple[Stop, ...],
    strict: bool,
) -> tuple[int | None, ...] | None:
    """Map old stops onto new ones keeping every old edge-to-stop and stop-to-stop path.

    Strict (the general rule): a bijection between stops of the same kind, so separate
    cities stay separate. Loose (explicit upgrade list): stops may merge and change kind.
    Candidates are tried identity-first so an unchanged numbering is kept when possible.
    """
    n_old, n_new = len(old_stops), len(new_stops)
    candidates: list[list[int | None]] = []
    for i in range(n_old):

        def rank(j: int | None, i: int = i) -> tuple[bool, bool, int]:
            assert j is not None
            return (j != i, old_stops[i].kind != new_stops[j].kind, j)

        cands: list[int | None] = [
            j
            for j in range(n_new)
            if old.stop_edges[i] <= new.stop_edges[j]
            and (not strict or old_stops[i].kind == new_stops[j].kind)
        ]
        cands.sort(key=rank)
        if not cands:
            if strict or old.stop_edges[i]:
                return None
            cands = [None]
        candidates.append(cands)

    chosen: list[int | None] = []
    used: set[int] = set()

    def joined_ok(i: int) -> bool:
        for pair in old.stop_stops:
            if i in pair:
                (k,) = pair - {i} or {i}
                if k < i:
                    a, b = chosen[i], chosen[k]
                    if a is None or b is None:
                        return False
                    if a != b and frozenset((a, b)) not in new.stop_stops:
                        return False
        return True

    def search(i: int) -> bool:
        if i == n_old:
            return True
        for j in candidates[i]:
            if strict and j in used:
                continue
            chosen.append(j)
            if joined_ok(i):
                if j is not None:
                    used.add(j)
                if search(i + 1):
                    return True
                if j is not None:
                    used.discard(j)
            chosen.pop()
        return False

    found = search(0)
    search = None  # type: ignore[assignment]  # it refers to itself: break the cycle
    return tuple(chosen) if found else None


def _kinds(stops: tuple[Stop, ...]) -> list[str]:
    return sorted(s.kind for s in stops)


def upgrade_refusal(old: Placed, new: TileDef) -> str | None:
    """Why ``new`` can never replace ``old`` whatever its rotation, or None if some rotation
    might; the wording names the rule so the engine can pass it on to the player."""
    otile = old.tile
    if otile.upgrades_to is not None:
        if new.id not in otile.upgrades_to:
            allowed = ", ".join(otile.upgrades_to) or "nothing"
            return f"tile {new.id} is not among the tiles allowed on {otile.id} ({allowed})"
        return None
    want = next_color(otile.color)
    if want is None:
        return f"a {otile.color} hex is never replaced"
    if new.color != want:
        return f"a {otile.color} tile is replaced by a {want} tile, not a {new.color} one"
    if sorted(otile.labels) != sorted(new.labels):
        have = "/".join(otile.labels) or "no label"
        got = "/".join(new.labels) or "no label"
        return f"labels must match: the hex has {have}, tile {new.id} has {got}"
    if _kinds(otile.stops) != _kinds(new.stops):
        have = ", ".join(_kinds(otile.stops)) or "no stops"
        got = ", ".join(_kinds(new.stops)) or "no stops"
        return f"stops must stay the same: the hex has {have}, tile {new.id} has {got}"
    return None


def _may_replace(old: TileDef, new: TileDef) -> bool:
    """``upgrade_refusal(old, new) is None``, without the wording, labels and stop kinds
    compared as sorted once per tile."""
    if old.upgrades_to is not None:
        return new.id in old.upgrades_to
    want = next_color(old.color)
    return want is not None and new.color == want and _signature(old) == _signature(new)


_SIGNATURES: IdMemo[tuple[tuple[str, ...], tuple[str, ...]]] = IdMemo(_ID_MEMO_LIMIT)


def _signature(tile: TileDef) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The tile's labels and stop kinds, sorted: what must match for the general rule."""
    return _SIGNATURES.cached(tile, _labels_and_kinds, tile)


def _labels_and_kinds(tile: TileDef) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return tuple(sorted(tile.labels)), tuple(_kinds(tile.stops))


_UPGRADES: dict[tuple[int, int, TileDef], tuple[Upgrade, ...]] = {}
# tile, id(tile) -> its content number; content -> number
_CONTENT: IdMemo[int] = IdMemo(_ID_MEMO_LIMIT)  # every new board brings its own printed tiles
_CONTENT_IDS: dict[tuple[Any, ...], int] = {}


def content_id(tile: TileDef) -> int:
    """A number for what an upgrade depends on (colour, stops, paths, labels, the allowed
    upgrades; not the id): the printed hexes of a map are tiles of their own, but most are
    alike (a blank hex, a plain town), and what may be laid on them is worked out once."""
    found = _CONTENT.get(id(tile))
    if found is not None and found[0] is tile:
        return found[1]
    key = (tile.color, tile.stops, tile.paths, tile.labels, tile.upgrades_to)
    return _CONTENT.put(tile, id(tile), _CONTENT_IDS.setdefault(key, len(_CONTENT_IDS)))


def upgrade_options(old: Placed, new: TileDef) -> tuple[Upgrade, ...]:
    """Every rotation of ``new`` that may legally replace ``old``, with its stop mapping.

    The general rule (``old.tile.upgrades_to`` is None): ``new`` is the next colour, has the
    same labels and the same stops by kind, and in that rotation keeps every old path: each
    edge-to-edge path, each edge-to-stop path with separate stops staying separate, and each
    stop-to-stop path. With an explicit ``upgrades_to`` list only the listed tiles qualify, and
    of them only the rotations that keep every old path (stops may merge).
    Placing a first tile on an empty hex is the same check against the hex's ``@`` tile.
    """
    key = (content_id(old.tile), old.rotation, new)
    found = _UPGRADES.get(key)
    if found is None:
        found = _UPGRADES[key] = _compute_upgrades(old, new)
    return found


def upgrade_in(old: Placed, new: TileDef, rotation: int) -> Upgrade | None:
    """:func:`upgrade_options`' entry for one rotation of ``new``, or None if it may not
    replace ``old`` so. Until the whole list is known, only that rotation is worked out: the
    check of a tile lay and the lay itself ask about the rotation an action names (a replay's
    first lays of each tile would otherwise pay for all six), bots and the window for all."""
    key = (content_id(old.tile), old.rotation, new)
    found = _UPGRADES.get(key)
    if found is not None:
        for upgrade in found:
            if upgrade.rotation == rotation:
                return upgrade
        return None
    one = key + (rotation,)
    alone = _ONE_ROTATION.get(one, MISSING)
    if alone is MISSING:
        alone = _ONE_ROTATION.put(one, (
            _upgrade_at(old, new, rotation) if rotation in range(6) and _may_replace(old.tile, new)
            else None))
    return alone


# (content id of the old tile, its rotation, the new tile, the new tile's rotation) -> the
# upgrade in that rotation or None, for pairs whose whole list is not known (upgrade_in)
_ONE_ROTATION: Memo[tuple[int, int, TileDef, int], Upgrade | None] = Memo(_ID_MEMO_LIMIT)


def _compute_upgrades(old: Placed, new: TileDef) -> tuple[Upgrade, ...]:
    if not _may_replace(old.tile, new):
        return ()
    out = []
    for r in range(6):
        upgrade = _upgrade_at(old, new, r)
        if upgrade is not None:
            out.append(upgrade)
    return tuple(out)


def _upgrade_at(old: Placed, new: TileDef, r: int) -> Upgrade | None:
    """``new`` turned by ``r`` over ``old`` (which it may replace by colour and labels)."""
    oc = old.conn
    upright = connectivity(new, 0)
    # the rotation must keep every old exit and the old edge-to-edge track: told from the
    # upright tile's exits and pairs turned (what connectivity(new, r) would hold), before
    # working that one out
    have = _mask(upright.exits)
    turned = ((have << r) | (have >> (6 - r))) & 0b111111
    if _mask(oc.exits) & ~turned:
        return None
    if oc.edge_edges and not oc.edge_edges <= _turned_pairs(upright.edge_edges, r):
        return None
    nc = connectivity(new, r)
    stop_map = _match_stops(oc, old.tile.stops, nc, new.stops, old.tile.upgrades_to is None)
    return Upgrade(r, stop_map) if stop_map is not None else None


def _mask(edges: frozenset[int]) -> int:
    """The edges as bits (edge e: bit e), so that a turn is a shift."""
    bits = 0
    for edge in edges:
        bits |= 1 << edge
    return bits


def _turned_pairs(pairs: frozenset[frozenset[int]], rotation: int) -> frozenset[frozenset[int]]:
    """Edge pairs turned clockwise by ``rotation`` sixths."""
    if not rotation:
        return pairs
    return frozenset(frozenset((e + rotation) % 6 for e in pair) for pair in pairs)


def upgrade_rotations(old: Placed, new: TileDef, distinct: bool = False) -> list[int]:
    """Rotations of ``new`` that legally replace ``old`` (see :func:`upgrade_options`).

    ``distinct=True`` drops rotations that give the same track layout as an earlier one
    (useful for bots enumerating moves).
    """
    rots = [u.rotation for u in upgrade_options(old, new)]
    if distinct:
        keep = set(distinct_rotations(new))
        rots = [r for r in rots if r in keep]
    return rots


def upgrade_for(old: Placed, new: Placed) -> Upgrade | None:
    """The legal upgrade placing ``new`` (in its rotation) over ``old``, or None if illegal."""
    return upgrade_in(old, new.tile, new.rotation)


def new_track(
    old: Placed | None, new: Placed, stop_map: tuple[int | None, ...] | None = None
) -> frozenset[tuple[End, End]]:
    """The paths of ``new`` (rotated, as in ``new.paths``) that were not on ``old``.

    A tile lay must usually connect some of this new track to the company's network. Old stop
    references are translated by ``stop_map`` (from :class:`Upgrade`; identity if None).
    """
    if old is None:
        return frozenset(new.paths)
    before, after = old.conn, new.conn
    key = (id(before), id(after), stop_map)
    found = _NEW_TRACK.get(key)
    if found is None or found[0][0] is not before or found[0][1] is not after:
        return _NEW_TRACK.put((before, after), key, _new_track(old, new, stop_map))
    return found[1]


# (old connectivity, new connectivity), (their ids, stop map) -> the new track: the
# tile-lay rules ask for every candidate lay, and the same few tiles recur; a tile's
# connectivity in a rotation says all new_track reads (its paths and number of stops)
_NEW_TRACK: IdMemo[frozenset[tuple[End, End]]] = IdMemo(50_000)


def _new_track(
    old: Placed, new: Placed, stop_map: tuple[int | None, ...] | None
) -> frozenset[tuple[End, End]]:
    mapping = stop_map if stop_map is not None else tuple(range(len(old.tile.stops)))

    def translate(end: End) -> End | None:
        i = stop_index(end)
        if i is None:
            return end
        j = mapping[i] if i < len(mapping) else None
        return None if j is None else f"s{j}"

    before = set()
    for a, b in old.paths:
        ta, tb = translate(a), translate(b)
        if ta is not None and tb is not None:
            before.add(frozenset((ta, tb)))
    return frozenset(p for p in new.paths if frozenset(p) not in before)
