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

import attrs

from railyard.framework.hexgrid import Grid
from railyard.framework.memo import MISSING, IdMemo, Memo
from railyard.framework.routes.drawn import DrawnView, RouteGraph
from railyard.framework.routes.graph import Piece, StopNode, TrackGraph
from railyard.framework.routes.layout import Family, Layout, prune, store_of
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
    return f"{a}|{b}" if a <= b else f"{b}|{a}"  # the two hexes in sorted order


_HexPieces = tuple[tuple[str, str, tuple[str, ...]], ...]
"""A hex's track pieces as (end, end, the neighbour hexes that must hold track for it)."""

_MEMO_LIMIT = 50_000
# (grid, coord) -> the printed names of the six neighbours (None before row or column 0)
_NEIGHBOURS: Memo[tuple[Grid, str], tuple[str | None, ...]] = Memo(_MEMO_LIMIT)
# tile, (grid, coord, id(tile), rotation) -> its pieces there
_PIECES: IdMemo[_HexPieces] = IdMemo(_MEMO_LIMIT)
# stop, (coord, stop index, id(stop), revenue, terminal, pass-through) -> its node, for stops
# without tokens, reservations or homes
_STOPS: IdMemo[StopNode] = IdMemo(_MEMO_LIMIT)
# (id, end, end, hex) -> the piece: frozen, so graphs share them
_PIECE_OBJECTS: Memo[tuple[int, str, str, str], Piece] = Memo(_MEMO_LIMIT)
_BLOCKED: Memo[tuple[Grid, frozenset[tuple[str, int]]], frozenset[str]] = Memo(64)


def _neighbour_names(grid: Grid, coord: str) -> tuple[str | None, ...]:
    found = _NEIGHBOURS.get((grid, coord))
    if found is None:
        found = _NEIGHBOURS.put((grid, coord), tuple(
            grid.format(n) if n.row >= 0 and n.col >= 0 else None
            for n in grid.neighbours(grid.parse(coord))
        ))
    return found


def _hex_pieces(grid: Grid, coord: str, tile: TileDef, rotation: int) -> _HexPieces:
    """The pieces of ``tile`` on ``coord``: worked out once per hex, tile and rotation, since a
    board changes one hex at a time."""
    key = (grid, coord, id(tile), rotation)
    found = _PIECES.get(key)
    if found is not None and found[0] is tile:
        return found[1]
    around = _neighbour_names(grid, coord)
    pieces: list[tuple[str, str, tuple[str, ...]]] = []
    for path in tile.paths:
        ends: list[str] = []
        needs: list[str] = []
        for end in path:
            index = stop_index(end)
            if index is not None:
                ends.append(stop_id(coord, index))
                continue
            other = around[(int(end) + rotation) % 6]
            if other is None:  # track pointing off the top or left edge
                break
            ends.append(junction_id(coord, other))
            needs.append(other)
        else:
            if ends[0] == ends[1]:
                raise ValueError(f"tile {tile.id} on {coord}: a path joins {ends[0]!r} to itself")
            pieces.append((ends[0], ends[1], tuple(needs)))
    return _PIECES.put(tile, key, tuple(pieces))


# (coord, the board's neighbours of it) -> the junction across each edge (None: no map hex
# there, or an impassable border)
_EDGE_JUNCTIONS: Memo[tuple[str, tuple[str | None, ...]], tuple[str | None, ...]] = \
    Memo(_MEMO_LIMIT)
# tile -> its paths' ends: an edge as its number, a stop as ".<index>", what follows the hex in
# the stop's id
_TILE_ENDS: IdMemo[tuple[tuple[int | str, ...], ...]] = IdMemo(_MEMO_LIMIT)
# tile, (coord, id(tile), rotation, the board's neighbours of coord) -> its pieces there
_ROW_PIECES: IdMemo[_HexPieces] = IdMemo(_MEMO_LIMIT)


def _tile_ends(tile: TileDef) -> tuple[tuple[int | str, ...], ...]:
    return _TILE_ENDS.cached(tile, _ends_of_paths, tile)


def _ends_of_paths(tile: TileDef) -> tuple[tuple[int | str, ...], ...]:
    return tuple(
        tuple(end if (index := stop_index(end)) is None else f".{index}" for end in path)
        for path in tile.paths
    )


def _board_hex_pieces(row: tuple[str | None, ...], coord: str, tile: TileDef,
                      rotation: int) -> _HexPieces:
    """:func:`_hex_pieces` read from the board's neighbours of ``coord`` (``row``: the map hex
    across each edge, None off the map or across an impassable border), which the board
    already holds, instead of the grid's names (parsed and formatted per hex): a path to an
    edge with no map hex goes at once, where :func:`_hex_pieces` keeps it for the layout to
    drop (no tile there, or a blocked edge), so the layout's pieces are the same."""
    key = (coord, id(tile), rotation, row)
    found = _ROW_PIECES.get(key)
    if found is not None and found[0] is tile:
        return found[1]
    junctions = _EDGE_JUNCTIONS.get((coord, row))
    if junctions is None:
        junctions = _EDGE_JUNCTIONS.put((coord, row), tuple(
            None if other is None else junction_id(coord, other) for other in row))
    pieces: list[tuple[str, str, tuple[str, ...]]] = []
    for path in _tile_ends(tile):
        ends: list[str] = []
        needs: list[str] = []
        for end in path:
            if isinstance(end, str):
                ends.append(coord + end)
                continue
            edge = (end + rotation) % 6
            junction = junctions[edge]
            if junction is None:
                break
            ends.append(junction)
            needs.append(row[edge])  # type: ignore[arg-type]
        else:
            if ends[0] == ends[1]:
                raise ValueError(f"tile {tile.id} on {coord}: a path joins {ends[0]!r} to itself")
            pieces.append((ends[0], ends[1], tuple(needs)))
    return _ROW_PIECES.put(tile, key, tuple(pieces))


def _blocked(grid: Grid, impassable: Iterable[tuple[str, int]]) -> frozenset[str]:
    """The junctions (hex edges) of impassable borders."""
    key = (grid, frozenset(impassable))
    found = _BLOCKED.get(key)
    if found is None:
        found = _BLOCKED.put(key, frozenset(
            junction_id(coord, grid.format(grid.neighbour(grid.parse(coord), edge)))
            for coord, edge in key[1]
        ))
    return found


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

    Each hex's pieces are remembered per (hex, tile, rotation), so a new position costs only
    the assembly of the hexes' pieces and the pruning of dead ends.
    """
    none: dict[StopKey, Sequence[str]] = {}
    tokens = tokens or none
    reserved = reserved or none
    homes = homes or none
    pass_through = pass_through or {}
    terminal = set(terminal_kinds)
    blocked_edges = _blocked(grid, impassable)
    stops: list[StopNode] = []
    raw: list[tuple[str, str, str]] = []
    for coord in sorted(tiles):
        tile, rotation = tiles[coord]
        only, rule = pass_through.get(coord, (None, ""))
        for i, stop in enumerate(tile.stops):
            key = (coord, i)
            held = tokens.get(key, ())
            waiting = reserved.get(key, ())
            home = homes.get(key, ())
            value = revenue(stop)
            is_terminal = stop.kind in terminal
            plain = not held and not waiting and not home
            if plain:  # most stops: the same node as last time the hex looked like this
                memo_key = (coord, i, id(stop), value, is_terminal, rule,
                            None if only is None else tuple(only))
                found = _STOPS.get(memo_key)
                if found is not None and found[0] is stop:
                    stops.append(found[1])
                    continue
            node = _node(coord, i, tile, stop, value, is_terminal, only, rule, held, waiting, home)
            if plain:
                _STOPS.put(stop, memo_key, node)
            stops.append(node)
        for na, nb, needs in _hex_pieces(grid, coord, tile, rotation):
            if needs:
                if needs[0] not in tiles or (len(needs) > 1 and needs[1] not in tiles):
                    continue
                if blocked_edges and (na in blocked_edges or nb in blocked_edges):
                    continue
            raw.append((na, nb, coord))
    stop_ids = {s.id for s in stops}
    # dead ends go (track from one hex only), as a derived layout prunes them
    kept = [p for p, keep in zip(raw, prune(raw), strict=True) if keep]
    junctions = sorted({n for a, b, _ in kept for n in (a, b) if n not in stop_ids})
    pieces = []
    for i, (a, b, where) in enumerate(kept):
        piece_key = (i, a, b, where)
        piece = _PIECE_OBJECTS.get(piece_key)
        if piece is None:  # most pieces keep their number from one position to the next
            piece = _PIECE_OBJECTS.put(piece_key, Piece(i, a, b, where))
        pieces.append(piece)
    return TrackGraph.assembled(stops, junctions, pieces)


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
    if not home_kinds:
        return homes
    for company in title.companies.values():
        for home in company.home:
            tile = tiles.get(home.hex)
            if tile is None:
                continue
            for i, stop in enumerate(tile[0].stops):
                if home_kinds.get(stop.kind) == company.type and home.city in (None, i):
                    homes.setdefault((home.hex, i), []).append(company.id)
    return homes


_PASS_THROUGH: IdMemo[dict[str, tuple[tuple[str, ...], str]]] = IdMemo(64)


def _pass_through_of(title: Any) -> dict[str, tuple[tuple[str, ...], str]]:
    """:func:`_pass_through`, once per title."""
    return _PASS_THROUGH.cached(title, _pass_through, title)


# title, (id(title), phase, board state) -> the graph there: the oldest goes
_CACHE: IdMemo[TrackGraph] = IdMemo(8, oldest=True, per_game=True)
# (printed map, grid, borders), id(printed map) -> the layouts of boards with that map
_FAMILIES: IdMemo[Family] = IdMemo(16, per_game=True)
# stops with tokens, reservations or homes: the stop's plain node, (id(the plain node),
# tokens, reserved, homes) -> the node
_HELD: IdMemo[StopNode] = IdMemo(_MEMO_LIMIT, per_game=True)


def graph_for_board(board: Any, title: Any, phase: str) -> TrackGraph:
    """The graph of a game's board (``framework.board.BoardView``) in ``phase``.

    Cached per board position and phase: every company and every query of one position share
    one graph (and its links), and a new tile or token gives a new graph. The pieces come from
    the board's :class:`~framework.routes.layout.Layout`, derived from a recent one with the
    changed hexes swapped (the same graph :func:`graph_from_tiles` builds from scratch).
    """
    state = board.state_key()
    key = (id(title), phase, state)
    found = _CACHE.get(key)
    if found is not None and found[0] is title:
        return found[1]
    layout = _family(board).layout(board.laid_placed(), state[0], board.lineage())
    phase_order = tuple(title.phases)
    plain = _stops_of(layout, title, phase)
    homes = _homes_of(layout, title)
    tokens = board.token_map()
    reserved = board.reserved_map()
    stops = _held_stops(layout, title, phase, phase_order, plain, tokens, reserved, homes)
    graph = TrackGraph.assembled(stops, layout.junctions, layout.pieces,
                                 store=lambda: store_of(layout), junction_set=layout.junction_set,
                                 memo_of=lambda: _shared_memo(layout, stops))
    return _CACHE.put(title, key, graph)


def _held_stops(
    layout: Layout, title: Any, phase: str, phase_order: tuple[str, ...], plain: list[StopNode],
    tokens: dict[StopKey, tuple[str, ...]], reserved: dict[StopKey, tuple[str, ...]],
    homes: dict[StopKey, list[str]],
) -> list[StopNode]:
    """The layout's stops with tokens, reservations and homes in place (kept with it per
    phase and title, with the maps they were made for). A layout derived from one whose stops
    were made for the same maps, its stops numbered alike, takes that list and makes again only
    the stops of the hexes whose tile changed (a stop's node depends on its tile and the maps
    alone)."""
    memo_key = ("held stops", phase, id(title))
    special = tokens.keys() | reserved.keys() | homes.keys()
    base = layout.base
    before = base[0].get(memo_key) if base is not None and base[2] else None
    if before is not None and before[0] == tokens and before[1] == reserved \
            and before[2] == homes:
        assert base is not None
        stops = list(before[3])
        keys = layout.stop_keys
        for coord in base[3]:
            at = keys.get((coord, 0))
            if at is None:
                continue
            count = len(layout.tiles[coord][0].stops)
            stops[at:at + count] = plain[at:at + count]
        wheres = [w for w in special if w[0] in base[3]]
    else:
        stops = list(plain) if special else plain
        wheres = list(special)
    if wheres:
        pass_through = _pass_through_of(title)
        for where in wheres:
            at = layout.stop_keys.get(where)
            if at is None:
                continue
            coord, i = where
            tile = layout.tiles[coord][0]
            stops[at] = _held_node(coord, i, tile, tile.stops[i], phase, phase_order,
                                   pass_through.get(coord, (None, "")), tokens.get(where, ()),
                                   reserved.get(where, ()), homes.get(where, ()), plain[at])
    layout.memo[memo_key] = (tokens, reserved, homes, stops)
    return stops


def _stops_of(layout: Layout, title: Any, phase: str) -> list[StopNode]:
    """The layout's stops without tokens, reservations or homes in ``phase`` (kept with it)."""
    plain: list[StopNode] | None = layout.memo.get(("stops", phase, id(title)))
    if plain is None:
        plain = layout.memo[("stops", phase, id(title))] = _plain_stops(
            layout, (phase, id(title)), tuple(title.phases), _pass_through_of(title))
        layout.memo[_STOP_PLACES] = layout.stop_keys  # for the layouts derived from this one
    return plain


#: where a layout's memo keeps its stop order (``Layout.stop_keys``) once its stops are made:
#: a layout derived from it takes the stops of unchanged hexes from there
_STOP_PLACES = "stop places"


def _homes_of(layout: Layout, title: Any) -> dict[StopKey, list[str]]:
    """The layout's home stops (:func:`_layout_homes`, kept with it)."""
    homes: dict[StopKey, list[str]] | None = layout.memo.get(("homes", id(title)))
    if homes is None:
        homes = layout.memo[("homes", id(title))] = _layout_homes(layout, title)
    return homes


def track_within(inner: Any, outer: Any, title: Any, phase: str) -> bool:
    """Whether every route on board ``inner`` is a route on board ``outer`` too, earning no
    more there (both in ``phase``, one printed map): both graphs have the same stops, alike in
    every respect (kind, group, slots, tokens, reservations, homes, terminal, pass-through)
    but that a stop may be worth more on ``outer``, and each hex's track on ``inner`` (after
    pruning) is a part of its track on ``outer``. A route is its stops and pieces, and whether
    it may run (a piece or junction once, no turning back on a tile, a station, the stops it
    may pass) depends on nothing else, and what it earns rises with its stops' values, so no
    company earns more on ``inner`` with any trains (paid at the stops' values). Asked of two
    boards that differ on a hex or two (the greedy bot's look-ahead lays): it compares what
    the two layouts do not share."""
    family = _family(inner)
    if _family(outer) is not family:
        return False
    a = family.layout(inner.laid_placed(), inner.state_key()[0], inner.lineage())
    b = family.layout(outer.laid_placed(), outer.state_key()[0], outer.lineage())
    if a is b:
        return True
    if a.stop_keys != b.stop_keys or not _stops_within(_stops_of(a, title, phase),
                                                      _stops_of(b, title, phase)):
        return False
    if inner.token_map() != outer.token_map() or inner.reserved_map() != outer.reserved_map():
        return False
    if _homes_of(a, title) != _homes_of(b, title):
        return False
    wider = b.kept
    for coord, pieces in a.kept.items():
        around = wider.get(coord, ())
        if pieces is not around and pieces and not set(pieces) <= set(around):
            return False
    return True


def _stops_within(inner: Sequence[StopNode], outer: Sequence[StopNode]) -> bool:
    """Whether the stops are alike pairwise but that one on ``outer`` may be worth more."""
    if len(inner) != len(outer):
        return False
    for x, y in zip(inner, outer, strict=True):
        if x is y or x == y:
            continue
        if x.revenue > y.revenue or attrs.evolve(x, revenue=y.revenue) != y:
            return False
    return True


# (stop, title), (coord, stop index, id(stop), phase, id(title)) -> its plain node
_PLAIN: IdMemo[StopNode] = IdMemo(_MEMO_LIMIT)
# (tile, title), (coord, stop index, id(tile), phase, id(title), tokens, reservations) -> the
# route check's node there
_VIEW_NODES: IdMemo[StopNode] = IdMemo(_MEMO_LIMIT, per_game=True)


def graph_to_check(board: Any, title: Any, phase: str,
                   nodes: Iterable[str] | None = None) -> RouteGraph:
    """What a drawn route is checked against: the position's graph when it is already built
    (a bot asked for the best routes first), else a :class:`~framework.routes.drawn.DrawnView`
    of its layout, which answers the check's questions alike without building the graph
    (``nodes``: the nodes of the routes to check, see the view)."""
    state = board.state_key()
    found = _CACHE.get((id(title), phase, state))
    if found is not None and found[0] is title:
        return found[1]
    layout = _family(board).layout(board.laid_placed(), state[0], board.lineage())
    phase_order = tuple(title.phases)
    pass_through = _pass_through_of(title)
    tokens = board.token_map()  # copies: the view answers for this position only
    home_hexes = _home_hexes_of(title)
    reserved = board.reserved_map()

    def node_of(where: StopKey) -> StopNode:
        coord, i = where
        tile = layout.tiles[coord][0]
        held = tokens.get(where, ())
        waiting = reserved.get(where, ())
        # the node depends on the tile, the phase, the title (values, pass-through rules,
        # homes) and the stop's tokens and reservations alone: looked up by them at once
        view_key = (coord, i, id(tile), phase, id(title),
                    held if type(held) is tuple else tuple(held),
                    waiting if type(waiting) is tuple else tuple(waiting))
        known = _VIEW_NODES.get(view_key)
        if known is not None and known[0][0] is tile and known[0][1] is title:
            return known[1]
        return _VIEW_NODES.put((tile, title), view_key, _view_node(coord, i, tile, held, waiting))

    def _view_node(coord: str, i: int, tile: TileDef, held: Sequence[str],
                   waiting: Sequence[str]) -> StopNode:
        stop = tile.stops[i]
        through = pass_through.get(coord, (None, ""))
        memo_key = (coord, i, id(stop), phase, id(title))
        found = _PLAIN.get(memo_key)
        if found is not None and found[0][0] is stop and found[0][1] is title:
            plain = found[1]
        else:
            plain = _PLAIN.put((stop, title), memo_key, _plain_node(
                coord, i, tile, stop, phase, phase_order, through))
        home = _stop_homes(title, coord, i, stop) if coord in home_hexes else ()
        return _held_node(coord, i, tile, stop, phase, phase_order, through, held, waiting, home,
                          plain)

    return DrawnView(layout, node_of, nodes)


# (shape store, stop nodes), (id(shape store), ids of the stop nodes) -> the memo: the entry
# keeps both alive, so equal ids mean the same objects, hence equal graphs; the store is a
# memo itself, named by identity alone
_MEMOS: IdMemo[dict[Any, Any]] = IdMemo(32, oldest=True, per_game=True, identity_only=True)


def _shared_memo(layout: Layout, stops: Sequence[StopNode]) -> dict[Any, Any]:
    """The memo of the graphs with this layout's shape and these very stop nodes."""
    store = store_of(layout)
    key = (id(store), tuple(map(id, stops)))
    found = _MEMOS.get(key)
    if found is None or found[0][0] is not store:
        return _MEMOS.put((store, tuple(stops)), key, {})
    return found[1]


def _layout_homes(layout: Layout, title: Any) -> dict[StopKey, list[str]]:
    """:func:`_homes` of the layout: the one it was derived from holds them unless a home
    hex changed."""
    base = layout.base
    if base is not None:
        before: dict[StopKey, list[str]] | None = base[0].get(("homes", id(title)))
        if before is not None:
            redo = base[3] & _home_hexes_of(title)
            if not redo:
                return before
            # the homes of the other hexes stay; a changed one's are worked out as _homes
            # would (each stop's companies in title order; the dict's order is never read)
            out = {where: found for where, found in before.items() if where[0] not in redo}
            home_kinds = title.routes.home_stop_kinds
            if home_kinds:
                for coord in redo:
                    tile = layout.tiles.get(coord)
                    if tile is None:
                        continue
                    for cid, ctype, city in _homes_by_hex(title).get(coord, ()):
                        for i, stop in enumerate(tile[0].stops):
                            if home_kinds.get(stop.kind) == ctype and city in (None, i):
                                out.setdefault((coord, i), []).append(cid)
            return out
    return _homes(title, layout.tiles)


def _stop_homes(title: Any, coord: str, i: int, stop: Stop) -> tuple[str, ...]:
    """The companies for which stop ``i`` on ``coord`` is a station without a token: what
    :func:`_homes` gives that stop, in the same order."""
    home_kinds = title.routes.home_stop_kinds
    if not home_kinds:
        return ()
    wanted = home_kinds.get(stop.kind)
    return tuple(cid for cid, ctype, city in _homes_by_hex(title).get(coord, ())
                 if wanted == ctype and city in (None, i))


_HOMES_BY_HEX: IdMemo[dict[str, list[tuple[str, str, int | None]]]] = IdMemo(64)


def _homes_by_hex(title: Any) -> dict[str, list[tuple[str, str, int | None]]]:
    """Hex -> (company, its type, the home's city) per home there, in the order :func:`_homes`
    walks them (companies in title order, each one's homes in order)."""
    return _HOMES_BY_HEX.cached(title, _homes_table, title)


def _homes_table(title: Any) -> dict[str, list[tuple[str, str, int | None]]]:
    table: dict[str, list[tuple[str, str, int | None]]] = {}
    for company in title.companies.values():
        for home in company.home:
            table.setdefault(home.hex, []).append((company.id, company.type, home.city))
    return table


_HOME_HEXES: IdMemo[frozenset[str]] = IdMemo(64)


def _home_hexes_of(title: Any) -> frozenset[str]:
    return _HOME_HEXES.cached(title, _home_hexes, title)


def _home_hexes(title: Any) -> frozenset[str]:
    return frozenset(h.hex for c in title.companies.values() for h in c.home)


def _family(board: Any) -> Family:
    printed = board.printed_map()
    anchors = (printed, board.grid, board.impassable)
    found = _FAMILIES.lookup(anchors, id(printed))
    if found is MISSING:
        grid = board.grid
        table = board.neighbour_table() if hasattr(board, "neighbour_table") else None
        if table is not None:  # the board's: map hexes only, none across a blocked border
            family = Family(
                printed,
                table.__getitem__,
                lambda coord, tile, rotation: _board_hex_pieces(table[coord], coord, tile,
                                                                rotation),
                _blocked(grid, board.impassable),
            )
        else:
            family = Family(
                printed,
                lambda coord: _neighbour_names(grid, coord),
                lambda coord, tile, rotation: _hex_pieces(grid, coord, tile, rotation),
                _blocked(grid, board.impassable),
            )
        found = _FAMILIES.put(anchors, id(printed), family)
    return found


def _plain_stops(
    layout: Layout, phase_key: tuple[str, int], phase_order: tuple[str, ...],
    pass_through: Mapping[str, tuple[Sequence[str], str]],
) -> list[StopNode]:
    """Every stop of the layout without tokens, reservations or homes, in graph order:
    patched from the layout it was derived from where that one has them."""
    base = layout.base
    if base is not None:
        before: list[StopNode] | None = base[0].get(("stops", *phase_key))
        if before is not None and base[2]:
            out = list(before)
            for coord in base[3]:  # a stop's node depends on the tile on its hex alone
                if coord in layout.tiles:
                    at = layout.stop_keys.get((coord, 0))
                    if at is not None:
                        out[at:at + len(layout.tiles[coord][0].stops)] = _hex_stops(
                            layout, coord, phase_key[0], phase_order, pass_through)
            return out
        places: dict[tuple[str, int], int] | None = base[0].get(_STOP_PLACES)
        if before is not None and places is not None:
            # a hex gained or lost its stops, or their number changed: the other hexes keep
            # their tiles, so their stops' nodes are the parent's (by its stop order)
            changed = base[3]
            tiles = layout.tiles
            if len(changed) == 1:  # one hex (a lay): its stops spliced in the parent's list
                (coord,) = changed
                old_at = places.get((coord, 0))
                old_count = 0
                while (coord, old_count) in places:
                    old_count += 1
                new = (_hex_stops(layout, coord, phase_key[0], phase_order, pass_through)
                       if coord in tiles else [])
                if old_at is None:
                    if not new:
                        return list(before)
                    old_at = layout.stop_keys[(coord, 0)]  # the stops of the hexes before
                return [*before[:old_at], *new, *before[old_at + old_count:]]
            out = []
            for coord in layout.order:
                count = len(tiles[coord][0].stops)
                if not count:
                    continue
                at = places.get((coord, 0)) if coord not in changed else None
                if at is None:
                    out.extend(_hex_stops(layout, coord, phase_key[0], phase_order, pass_through))
                else:
                    out.extend(before[at:at + count])
            return out
    out = []
    for coord in layout.order:
        if layout.tiles[coord][0].stops:
            out.extend(_hex_stops(layout, coord, phase_key[0], phase_order, pass_through))
    return out


def _hex_stops(
    layout: Layout, coord: str, phase: str, phase_order: tuple[str, ...],
    pass_through: Mapping[str, tuple[Sequence[str], str]],
) -> list[StopNode]:
    tile = layout.tiles[coord][0]
    through = pass_through.get(coord, (None, ""))
    return [_plain_node(coord, i, tile, stop, phase, phase_order, through)
            for i, stop in enumerate(tile.stops)]


def _plain_node(
    coord: str, i: int, tile: TileDef, stop: Stop, phase: str, phase_order: tuple[str, ...],
    through: tuple[Sequence[str] | None, str],
) -> StopNode:
    """The node of a stop without tokens, reservations or homes (the same object while the
    stop, its value and its rules are the same)."""
    only, rule = through
    value = stop.revenue.at(phase, phase_order)
    is_terminal = stop.kind in _TERMINAL
    memo_key = (coord, i, id(stop), value, is_terminal, rule,
                None if only is None else tuple(only))
    found = _STOPS.get(memo_key)
    if found is None or found[0] is not stop:
        return _STOPS.put(stop, memo_key, _node(coord, i, tile, stop, value, is_terminal,
                                                only, rule, (), (), ()))
    return found[1]


_TERMINAL = frozenset(("offboard",))


def _held_node(
    coord: str, i: int, tile: TileDef, stop: Stop, phase: str, phase_order: tuple[str, ...],
    through: tuple[Sequence[str] | None, str], held: Sequence[str], waiting: Sequence[str],
    home: Sequence[str], plain: StopNode,
) -> StopNode:
    if not held and not waiting and not home:
        return plain
    memo_key = (id(plain), tuple(held), tuple(waiting), tuple(home))
    found = _HELD.get(memo_key)
    if found is None or found[0] is not plain:
        # the plain node stands for the stop, its value, terminal and pass-through rule
        only, rule = through
        return _HELD.put(plain, memo_key, _node(coord, i, tile, stop, plain.revenue,
                                                plain.terminal, only, rule, held, waiting, home))
    return found[1]


def _node(
    coord: str, i: int, tile: TileDef, stop: Stop, value: int, terminal: bool,
    only: Sequence[str] | None, rule: str, held: Sequence[str], waiting: Sequence[str],
    home: Sequence[str],
) -> StopNode:
    # by position: the node's converters make the tuples (a tuple given is taken as it is)
    return StopNode(f"{coord}.{i}", stop.kind, value, _group(coord, tile, stop), stop.slots,
                    held, waiting, home, terminal, only, rule)
