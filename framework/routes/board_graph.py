"""Builds the track graph from a board: the tile on each hex, its rotation, and the tokens.

Nodes: every stop of every tile (id ``"<hex>.<stop index>"``) and every hex edge that track
crosses (id ``"<hex>|<hex>"``, the two hexes in sorted order). Pieces: every path of every tile,
from one end (an edge or a stop) to the other, with the hex as the piece's tile, so a route
cannot turn back where two paths of one tile meet at an edge. Edges leading off the map, across
an impassable border, or to a neighbour with no track there are dead ends and are left out.

Build one graph per board revision (tiles, tokens, phase) and reuse it for every company and
query: the graph caches its own links. The graph depends on the position alone, not on the
order the board lists its hexes in: hexes are taken in sorted order, so the search, which
breaks ties between equal routes by the graph's order, picks the same routes for the same
position whatever history led to it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from railyard.framework.hexgrid import Grid
from railyard.framework.routes.graph import Piece, StopNode, TrackGraph
from railyard.framework.tiles import Stop, TileDef, stop_index

StopKey = tuple[str, int]
"""A stop on the board: (hex coordinate, stop index on the tile there)."""


def _group(coord: str, tile: Any, stop: Any) -> str | None:
    """The key under which a stop counts as one with others: a laid tile's groups are its own
    (per hex), a printed hex's groups are the map's (one off-board drawn over two hexes, such
    as 1830's Gulf, is one group on both)."""
    if stop.group is None:
        return None
    return stop.group if str(tile.id).startswith("@") else f"{coord}:{stop.group}"


def stop_id(coord: str, index: int) -> str:
    return f"{coord}.{index}"


def junction_id(a: str, b: str) -> str:
    return "|".join(sorted((a, b)))


def graph_from_tiles(
    grid: Grid,
    tiles: Mapping[str, tuple[TileDef, int]],
    *,
    revenue: Callable[[Stop], int] = lambda stop: stop.revenue.first,
    tokens: Mapping[StopKey, Sequence[str]] | None = None,
    reserved: Mapping[StopKey, Sequence[str]] | None = None,
    homes: Mapping[StopKey, Sequence[str]] | None = None,
    impassable: Iterable[tuple[str, int]] = (),
    terminal_kinds: Iterable[str] = ("offboard",),
    pass_through: Mapping[str, tuple[Sequence[str], str]] | None = None,
) -> TrackGraph:
    """The graph of a board given as hex -> (tile, rotation) for every hex with content.

    ``revenue`` resolves a stop's value (phase-dependent values); ``tokens``, ``reserved``
    and ``homes`` are per stop (see :class:`StopNode`); ``impassable`` lists (hex, edge)
    pairs no track may cross; stops of ``terminal_kinds`` may end a route but not be passed;
    ``pass_through``: hex -> (the only companies that may pass its stops, the rule's name).
    """
    tokens = tokens or {}
    reserved = reserved or {}
    homes = homes or {}
    pass_through = pass_through or {}
    terminal = set(terminal_kinds)
    blocked_edges = set()
    for coord, edge in impassable:
        h = grid.parse(coord)
        blocked_edges.add(junction_id(coord, grid.format(grid.neighbour(h, edge))))
    stops: list[StopNode] = []
    raw: list[tuple[str, str, str]] = []
    for coord in sorted(tiles):
        tile, rotation = tiles[coord]
        only, rule = pass_through.get(coord, (None, ""))
        for i, stop in enumerate(tile.stops):
            key = (coord, i)
            stops.append(
                StopNode(
                    stop_id(coord, i),
                    stop.kind,
                    revenue(stop),
                    group=_group(coord, tile, stop),
                    slots=stop.slots,
                    tokens=tuple(tokens.get(key, ())),
                    reserved=tuple(reserved.get(key, ())),
                    homes=tuple(homes.get(key, ())),
                    terminal=stop.kind in terminal,
                    through_only=None if only is None else tuple(only),
                    through_rule=rule,
                )
            )
        h = grid.parse(coord)

        def node(end: int | str, coord: str = coord, h: Any = h, rotation: int = rotation) -> str | None:
            index = stop_index(end)
            if index is not None:
                return stop_id(coord, index)
            across = grid.neighbour(h, (int(end) + rotation) % 6)
            if across.row < 0 or across.col < 0:  # track pointing off the top or left edge
                return None
            other = grid.format(across)
            if other not in tiles:
                return None
            jid = junction_id(coord, other)
            return None if jid in blocked_edges else jid

        for a, b in tile.paths:
            na, nb = node(a), node(b)
            if na is not None and nb is not None:
                raw.append((na, nb, coord))
    stop_ids = {s.id for s in stops}
    kept = _without_dead_ends(raw, stop_ids)
    junctions = sorted({n for a, b, _ in kept for n in (a, b) if n not in stop_ids})
    pieces = [Piece(i, a, b, tile) for i, (a, b, tile) in enumerate(kept)]
    return TrackGraph(stops, junctions, pieces)


def _without_dead_ends(
    raw: list[tuple[str, str, str]], stop_ids: set[str]
) -> list[tuple[str, str, str]]:
    """Drop pieces that lead only to junctions a route cannot pass (track from one tile only)."""
    alive = list(raw)
    while True:
        tiles_at: dict[str, set[str]] = {}
        for a, b, tile in alive:
            for n in (a, b):
                if n not in stop_ids:
                    tiles_at.setdefault(n, set()).add(tile)
        dead = {n for n, ts in tiles_at.items() if len(ts) < 2}
        if not dead:
            return alive
        alive = [p for p in alive if p[0] not in dead and p[1] not in dead]


def graph_for_title(
    title: Any,
    phase: str,
    placed: Mapping[str, tuple[str, int]] | None = None,
    tokens: Mapping[StopKey, Sequence[str]] | None = None,
    reserved: Mapping[StopKey, Sequence[str]] | None = None,
) -> TrackGraph:
    """The graph of a title's board in ``phase``, with tiles ``placed`` (hex -> tile id, rotation).

    Hexes without a placed tile show their preprinted content. ``reserved`` defaults to the
    map's printed reservations not yet taken up by a token of the reserving company. A stop of
    a kind in ``home_stop_kinds`` is a station of each company of the named type whose home is
    that hex.
    """
    placed = placed or {}
    tokens = tokens or {}
    grid = Grid(title.map.layout, title.map.axes)
    phase_order = tuple(title.phases)
    tiles: dict[str, tuple[TileDef, int]] = {}
    impassable: list[tuple[str, int]] = []
    for coord, hexdef in title.map.hexes.items():
        for border in hexdef.borders:
            if border.kind == "impassable":
                impassable.append((coord, border.edge))
        if coord in placed:
            tile_id, rotation = placed[coord]
            tiles[coord] = (title.tile(tile_id), rotation % 6)
        elif hexdef.paths or hexdef.stops:
            tiles[coord] = (hexdef.as_tile(), hexdef.rotation % 6)
    if reserved is None:
        reserved = {}
        for coord, hexdef in title.map.hexes.items():
            for i, stop in enumerate(hexdef.stops):
                waiting = [c for c in stop.reserved.values() if c not in tokens.get((coord, i), ())]
                if waiting:
                    reserved[(coord, i)] = waiting
    return graph_from_tiles(
        grid,
        tiles,
        revenue=lambda stop: stop.revenue.at(phase, phase_order),
        tokens=tokens,
        reserved=reserved,
        homes=_homes(title, tiles),
        impassable=impassable,
        pass_through=_pass_through(title),
    )


def _pass_through(title: Any) -> dict[str, tuple[tuple[str, ...], str]]:
    """Hex -> (the companies that alone may run through its stops, the rule's name)."""
    return {
        coord: (h.pass_through.companies, h.pass_through.rule)
        for coord, h in title.map.hexes.items()
        if getattr(h, "pass_through", None) is not None
    }


def _homes(title: Any, tiles: Mapping[str, tuple[TileDef, int]]) -> dict[StopKey, list[str]]:
    """Stops that are a company's station without a token (``home_stop_kinds``)."""
    homes: dict[StopKey, list[str]] = {}
    home_kinds = dict(title.routes.home_stop_kinds)
    for company in title.companies.values():
        for home in company.home:
            tile = tiles.get(home.hex)
            if tile is None:
                continue
            for i, stop in enumerate(tile[0].stops):
                if home_kinds.get(stop.kind) == company.type and home.city in (None, i):
                    homes.setdefault((home.hex, i), []).append(company.id)
    return homes


_CACHE: dict[tuple[Any, ...], tuple[Any, TrackGraph]] = {}
_CACHE_SIZE = 8


def graph_for_board(board: Any, title: Any, phase: str) -> TrackGraph:
    """The graph of a game's board (``framework.board.BoardView``) in ``phase``.

    Cached per board position and phase: every company and every query of one position share
    one graph (and its links), and a new tile or token gives a new graph.
    """
    key = (id(title), phase, board.state_key())
    found = _CACHE.get(key)
    if found is not None and found[0] is title:
        return found[1]
    tiles = board.placements()
    phase_order = tuple(title.phases)
    graph = graph_from_tiles(
        board.grid,
        tiles,
        revenue=lambda stop: stop.revenue.at(phase, phase_order),
        tokens=board.token_map(),
        reserved=board.reserved_map(),
        homes=_homes(title, tiles),
        impassable=board.impassable,
        pass_through=_pass_through(title),
    )
    if len(_CACHE) >= _CACHE_SIZE:
        _CACHE.pop(next(iter(_CACHE)))
    _CACHE[key] = (title, graph)
    return graph
