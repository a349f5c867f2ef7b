"""What the board shows at one moment, read from the game state: the tile and rotation on
each hex, the tokens in each city, the phase and which regions are open.

The renderer reads this and nothing else from the engine's board, so when the board state's
shape changes only :func:`snapshot` changes. Without a board state (a title just loaded, or an
engine that has none yet) every hex shows its preprinted tile.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from railyard.framework.records import Record
from railyard.framework.tiles import TileDef


@attrs.frozen(repr=False)
class Placed(Record):
    tile: TileDef
    rotation: int = 0


@attrs.frozen(repr=False)
class Snapshot(Record):
    """``tokens``: (hex, stop index) -> company ids in slot order. ``homes``: (hex, stop index)
    -> company ids with a home there not yet tokened (drawn as reserved slots)."""

    tiles: Mapping[str, Placed]
    tokens: Mapping[tuple[str, int], tuple[str, ...]]
    homes: Mapping[tuple[str, int], tuple[str, ...]]
    phase: str
    closed_regions: frozenset[str]
    open_regions: frozenset[str]
    _key: tuple[Any, ...] | None = attrs.field(default=None, init=False, eq=False, repr=False)

    def key(self) -> tuple[Any, ...]:
        """A hashable summary: equal keys draw the same static board (computed once)."""
        if self._key is None:
            object.__setattr__(self, "_key", self._compute_key())
        return self._key  # type: ignore[return-value]

    def _compute_key(self) -> tuple[Any, ...]:
        return (
            tuple(sorted((h, p.tile.id, p.rotation) for h, p in self.tiles.items())),
            tuple(sorted(self.tokens.items())),
            tuple(sorted(self.homes.items())),
            self.phase,
            tuple(sorted(self.closed_regions)),
        )


def _phase_index(title: Any, phase: str) -> int:
    order = list(title.phase_order)
    return order.index(phase) if phase in order else 0


def region_states(title: Any, phase: str) -> tuple[frozenset[str], frozenset[str]]:
    """(closed, open) region ids in ``phase``: a region with ``opens_on_phase`` is closed
    before it, one with ``closes_on_phase`` closed from it on (as the map data says)."""
    now = _phase_index(title, phase)
    closed: set[str] = set()
    opened: set[str] = set()
    for rid, region in title.map.regions.items():
        shut = False
        if region.opens_on_phase is not None and now < _phase_index(title, region.opens_on_phase):
            shut = True
        if region.closes_on_phase is not None and now >= _phase_index(
            title, region.closes_on_phase
        ):
            shut = True
        (closed if shut else opened).add(rid)
    return frozenset(closed), frozenset(opened)


def _placed_tiles(title: Any, board: Any) -> dict[str, Placed]:
    """Tiles laid on the board state, by hex; tolerant of how the board names them."""
    out: dict[str, Placed] = {}
    if board is None:
        return out
    laid = getattr(board, "laid", None)
    placed = getattr(board, "placed", None)
    if callable(laid) and callable(placed):  # framework.board's BoardView
        for coord in laid():
            p = placed(coord)
            out[coord] = Placed(p.tile, p.rotation)
        return out
    raw = None
    for name in ("placed", "tiles", "hexes", "laid"):
        raw = getattr(board, name, None)
        if isinstance(raw, Mapping):
            break
        raw = None
    if raw is None:
        return out
    for coord, value in raw.items():
        tile_id, rotation = _tile_and_rotation(value)
        if tile_id is None:
            continue
        try:
            out[str(coord)] = Placed(title.tile(tile_id), rotation)
        except KeyError:
            continue
    return out


def _tile_and_rotation(value: Any) -> tuple[str | None, int]:
    if isinstance(value, tuple) and len(value) == 2:
        return str(value[0]), int(value[1])
    tile = getattr(value, "tile_id", None) or getattr(value, "tile", None)
    if tile is not None and not isinstance(tile, str):
        tile = getattr(tile, "id", None)
    rotation = getattr(value, "rotation", 0) or 0
    return (str(tile) if tile is not None else None), int(rotation)


def _tokens(state: Any) -> dict[tuple[str, int], tuple[str, ...]]:
    board = getattr(state, "board", None)
    token_map = getattr(board, "token_map", None)
    if callable(token_map):  # the board keeps tokens in step with upgrades: it is the truth
        return {(str(c), int(i)): tuple(v) for (c, i), v in token_map().items()}
    out: dict[tuple[str, int], list[str]] = {}
    companies = getattr(state, "companies", None) or {}
    for cid, company in companies.items():
        if getattr(company, "closed", False):
            continue
        for place in getattr(company, "tokens", ()) or ():
            coord, city = place[0], int(place[1] if len(place) > 1 and place[1] is not None else 0)
            out.setdefault((coord, city), []).append(cid)
    return {k: tuple(v) for k, v in out.items()}


def _homes(title: Any, tokens: Mapping[tuple[str, int], Iterable[str]],
           state: Any) -> dict[tuple[str, int], tuple[str, ...]]:
    """Homes still waiting for their token (single-choice homes only). A home the board
    itself reserves is the board's to show; on a hex whose printed tile was replaced by one
    with several cities, the printed city number no longer says which, so it is not shown."""
    placed = {cid for cids in tokens.values() for cid in cids}
    companies = getattr(state, "companies", None) or {}
    board = getattr(state, "board", None)
    reserved_map = getattr(board, "reserved_map", None)
    reserving = {c for cids in reserved_map().values() for c in cids} if callable(reserved_map) else set()
    is_printed = getattr(board, "is_printed", None)
    out: dict[tuple[str, int], list[str]] = {}
    for cid, cdef in title.companies.items():
        if cid in placed or cid in reserving or len(cdef.home) != 1:
            continue
        live = companies.get(cid)
        if live is not None and getattr(live, "closed", False):
            continue
        home = cdef.home[0]
        hexdef = title.map.hexes.get(home.hex)
        if hexdef is None:
            continue
        stops = hexdef.stops
        if board is not None and callable(is_printed) and not is_printed(home.hex):
            stops = board.placed(home.hex).tile.stops
            if sum(1 for s in stops if s.kind in ("city", "mine")) > 1:
                continue
        cities = [i for i, s in enumerate(stops) if s.kind in ("city", "mine")]
        if not cities:
            continue
        city = home.city if home.city is not None and home.city in cities else cities[0]
        out.setdefault((home.hex, city), []).append(cid)
    return {k: tuple(v) for k, v in out.items()}


def snapshot(title: Any, state: Any = None) -> Snapshot:
    """The board as the state has it (``state`` None: the start of a game)."""
    tiles = {c: Placed(h.as_tile(), h.rotation) for c, h in title.map.hexes.items()}
    board = getattr(state, "board", None) if state is not None else None
    tiles.update(_placed_tiles(title, board))
    phase = getattr(state, "phase", "") or (title.phase_order[0] if title.phase_order else "")
    tokens = _tokens(state) if state is not None else {}
    homes = _homes(title, tokens, state)
    reserved_map = getattr(board, "reserved_map", None)
    if callable(reserved_map):  # the board's reservations first: they hold the slots
        merged = {(str(k[0]), int(k[1])): list(v) for k, v in reserved_map().items()}
        for key, cids in homes.items():
            have = merged.setdefault(key, [])
            have.extend(c for c in cids if c not in have)
        homes = {k: tuple(v) for k, v in merged.items()}
    closed, opened = region_states(title, phase)
    return Snapshot(tiles, tokens, homes, phase, closed, opened)
