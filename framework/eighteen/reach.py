"""What part of the board a company's track reaches from its stations: the stops, the hex
edges its track runs out to, and the hexes it touches.

Tile lays and token placements both start from here. A walk never passes a city whose slots
are all taken by other companies, nor an off-board area (a route may end there). A tile lay
continues a route, so its walk goes only where a train could run: it never turns back where
track meets at a hex edge, nor at a stop (it leaves a town or city by another path than the
one it came in on). A token's connection may turn back at an edge ("backtracking is allowed
for this purpose only"), which ``backtrack=True`` gives.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import attrs

from railyard.framework.memo import IdMemo
from railyard.framework.records import Record

StopKey = tuple[str, int]

AT_STOP, LEAVING, ENTERING = 0, 1, 2
ANY = -1  # a stop state's arrival when any path may leave it (a station, or backtracking)
FROM_STOP = 6  # a stop state's arrival from stop k of the same tile: FROM_STOP + k


@attrs.frozen(repr=False)
class Reach(Record):
    stops: frozenset[StopKey]  # stops reached (a blocked city is reached but not passed)
    out_edges: frozenset[tuple[str, int]]  # (hex, edge): the company's track runs to this edge
    hexes: frozenset[str]  # hexes with track or stops the walk touched
    stations: frozenset[StopKey]  # where the walk started
    # hex -> the indices of its reached stops, sorted (filled on first use: the tile-lay rules
    # ask per candidate lay which stops of one hex are reached)
    _by_hex: dict[str, tuple[int, ...]] = attrs.field(factory=dict, eq=False, repr=False)
    # False: the part of a walk that ``walk_until`` stopped, not everything the walk reaches
    whole: bool = attrs.field(default=True, eq=False, repr=False, kw_only=True)

    def stops_on(self, coord: str) -> tuple[int, ...]:
        """The indices of the reached stops on ``coord``, in index order."""
        by_hex = self._by_hex
        if not by_hex and self.stops:
            grouped: dict[str, list[int]] = {}
            for c, i in self.stops:
                grouped.setdefault(c, []).append(i)
            by_hex.update((c, tuple(sorted(ids))) for c, ids in grouped.items())
        return by_hex.get(coord, ())


def blocked(board: Any, coord: str, stop: int, company: str) -> bool:
    """A stop a route of ``company`` may reach but not pass through."""
    s = board.placed(coord).tile.stops[stop]
    if s.kind == "offboard":
        return True
    if s.slots <= 0:
        return False
    tokens = board.tokens_at(coord, stop)
    reserved = board.reserved_at(coord, stop)
    if company in tokens or company in reserved:
        return False
    return len(tokens) + len(reserved) >= s.slots


def stations(board: Any, company: str, home_stops: Iterable[StopKey] = ()) -> frozenset[StopKey]:
    """The company's tokened stops plus stops that are its station without a token (a home
    mine)."""
    return frozenset(board.tokens_of(company)) | frozenset(home_stops)


# printed map, (id(printed map), board position, company, starts, backtrack) -> the reach:
# a position's reach is asked for by the legal actions, the bot and the action's check
_WALKS: IdMemo[Reach] = IdMemo(64, oldest=True, per_game=True)


def walk(board: Any, company: str, starts: Iterable[StopKey], *, backtrack: bool = False) -> Reach:
    """Everything a route of ``company`` could trace from ``starts``.

    A stop is a state together with the path the route came in on (``ANY`` at a station, where
    a route may start by any path): without ``backtrack`` the route leaves by one of the stop's
    other paths, so a dead-end town or city ends it and a line never doubles back over its
    own track to reach the far side of a junction. Edges need no such care: entering a hex
    follows that hex's paths, leaving it crosses to the next.
    """
    starts = frozenset(starts)
    key, reach = _remembered(board, company, starts, backtrack)
    if reach is None:
        reach = _walk_back(board, company, starts) if backtrack else _walk(board, company, starts, False)
        if key is not None:
            _remember(key, board, reach)
    return reach


def _remembered(board: Any, company: str, starts: frozenset[StopKey], backtrack: bool
                ) -> tuple[tuple[Any, ...] | None, Reach | None]:
    """The position's key in :data:`_WALKS` (None: a board without a printed map is never
    remembered) and the whole walk remembered under it, if any."""
    printed = board.printed_map() if hasattr(board, "printed_map") else None
    if printed is None:
        return None, None
    key = (id(printed), board.state_key(), company, starts, backtrack)
    found = _WALKS.get(key)
    return key, (found[1] if found is not None and found[0] is printed else None)


def _remember(key: tuple[Any, ...], board: Any, reach: Reach) -> None:
    _WALKS.put(board.printed_map(), key, reach)


class _Conns(dict[str, Any]):
    """Hex -> its tile's connectivity, looked up on the board the first time it is asked."""

    def __init__(self, placed: Any) -> None:
        super().__init__()
        self._placed = placed

    def __missing__(self, coord: str) -> Any:
        conn = self[coord] = self._placed(coord).conn
        return conn


def walk_until(board: Any, company: str, starts: Iterable[StopKey], coord: str,
               enough: Callable[[Reach], bool]) -> Reach:
    """:func:`walk` (without backtracking), or the part of it walked when ``enough`` says so
    of what has been reached so far: it is asked each time the walk comes to ``coord`` (its
    track arrives at a side of it, or enters it, or reaches a stop on it). For a question
    whose yes stays yes on everything reached afterwards (a lay on ``coord`` joins the
    network), a yes needs no more of the walk; a no has the whole walk's answer. Only a whole
    walk is remembered for the position."""
    starts = frozenset(starts)
    key, reach = _remembered(board, company, starts, False)
    if reach is not None:
        return reach
    if key is None:
        return _walk(board, company, starts, False)
    reach = _walk_towards(board, company, starts, coord, enough)
    if reach.whole:
        _remember(key, board, reach)
    return reach


def walk_sealed(board: Any, company: str, starts: Iterable[StopKey], coord: str, sides: int) -> Reach:
    """:func:`walk` (without backtracking) by routes that never leave ``coord`` by the
    ``sides`` given (a bit per side): a route uses a hex side once, so new track that has an
    end at such a side is reached only by a route that has not already left by it (the
    18xx.games connection of an upgrade's new paths)."""
    starts = frozenset(starts)
    sealed = frozenset((coord, edge) for edge in range(6) if sides >> edge & 1)
    printed = board.printed_map() if hasattr(board, "printed_map") else None
    if printed is None:
        return _walk(board, company, starts, False, sealed=sealed)
    key = (id(printed), board.state_key(), company, starts, sealed)
    found = _WALKS.get(key)
    if found is not None and found[0] is printed:
        return found[1]
    reach = _walk(board, company, starts, False, sealed=sealed)
    _remember(key, board, reach)
    return reach


def _walk(board: Any, company: str, starts: frozenset[StopKey], backtrack: bool,
          watch: str | None = None, enough: Callable[[Reach], bool] | None = None,
          sealed: frozenset[tuple[str, int]] = frozenset()) -> Reach:
    # What is reached does not depend on the order the states are taken in (a stop left by
    # every path covers its later arrivals whichever comes first), so the walk takes them
    # from stacks, and the edges left by are the out-edges themselves: that set also says
    # which were left already. ``watch``/``enough``: see walk_until; ``sealed``: see
    # walk_sealed (recorded as left by, never crossed).
    stops: set[StopKey] = set(starts)
    out_edges: set[tuple[str, int]] = set()
    hexes: set[str] = {c for c, _ in starts}
    # (hex, stop, came): at a stop, with ``came`` the edge arrived by, FROM_STOP + the stop
    # arrived from, or ANY; (hex, edge): entering a hex by that edge
    at_stops: list[tuple[str, int, int]] = [(c, i, ANY) for c, i in starts]
    at_seen: set[tuple[str, int, int]] = set(at_stops)
    entering: list[tuple[str, int]] = []
    entered: set[tuple[str, int]] = set()
    leaving: list[tuple[str, int]] = []  # edges to leave by (already in ``out_edges``)
    table = board.neighbour_table() if hasattr(board, "neighbour_table") else None
    neighbours = table.__getitem__ if table is not None else board.neighbours
    conns = _Conns(board.placed)  # hex -> its tile's connectivity, looked up once per walk
    out_add = out_edges.add

    while True:
        while leaving:
            key = leaving.pop()
            coord, edge = key
            there = neighbours(coord)[edge]
            if there is not None and key not in sealed:
                if there == watch and enough is not None:
                    part = _so_far(stops, out_edges, hexes, starts)
                    if enough(part):
                        return part
                into = (there, (edge + 3) % 6)
                if into[1] in conns[there].exits and into not in entered:
                    entered.add(into)
                    entering.append(into)
            if backtrack and key not in entered:
                entered.add(key)
                entering.append(key)
        if entering:
            coord, n = entering.pop()
            conn = conns[coord]
            hexes.add(coord)
            if coord == watch and enough is not None:
                part = _so_far(stops, out_edges, hexes, starts)
                if enough(part):
                    return part
            for edge in conn.edge_partners[n]:
                key = (coord, edge)
                if key not in out_edges:
                    out_add(key)
                    leaving.append(key)
            for stop in conn.edge_stops[n]:
                state = (coord, stop, ANY if backtrack else n)
                if state not in at_seen:
                    at_seen.add(state)
                    at_stops.append(state)
            if backtrack:
                key = (coord, n)
                if key not in out_edges:
                    out_add(key)
                    leaving.append(key)
            continue
        if not at_stops:
            break
        coord, n, came = at_stops.pop()
        conn = conns[coord]
        hexes.add(coord)
        stops.add((coord, n))
        if coord == watch and enough is not None:
            part = _so_far(stops, out_edges, hexes, starts)
            if enough(part):
                return part
        if (coord, n) not in starts and blocked(board, coord, n, company):
            continue
        if came != ANY and (coord, n, ANY) in at_seen:
            continue  # already left by every path
        for edge in conn.stop_edges[n]:
            if edge != came:
                key = (coord, edge)
                if key not in out_edges:
                    out_add(key)
                    leaving.append(key)
        for other in conn.stop_partners[n]:
            if FROM_STOP + other != came:
                state = (coord, other, ANY if backtrack else FROM_STOP + n)
                if state not in at_seen:
                    at_seen.add(state)
                    at_stops.append(state)
    return Reach(frozenset(stops), frozenset(out_edges), frozenset(hexes), starts)


# grid -> hex -> (row, col), filled as asked: the walk towards a hex orders its states by how
# far they lie; keyed by the grid's identity (its hash is worked out in Python)
_PLACES: IdMemo[dict[str, tuple[int, int]]] = IdMemo(64)


def _places_of(grid: Any) -> dict[str, tuple[int, int]]:
    return _PLACES.cached(grid, dict)


def _place_of(grid: Any, places: dict[str, tuple[int, int]], coord: str) -> tuple[int, int]:
    found = places.get(coord)
    if found is None:
        h = grid.parse(coord)
        found = places[coord] = (h.row, h.col)
    return found


def _walk_towards(board: Any, company: str, starts: frozenset[StopKey], watch: str,
                  enough: Callable[[Reach], bool]) -> Reach:
    """:func:`_walk` without backtracking, taking next a state nearest ``watch`` (as the
    crow flies; states kept in one stack per distance): what a walk reaches does not depend
    on the order it takes its states in, so a walk that comes to ``watch`` sooner asks
    ``enough`` sooner, and one that never has enough reaches all the same (see
    :func:`walk_until`)."""
    grid = getattr(board, "grid", None)
    if grid is None:
        return _walk(board, company, starts, False, watch, enough)
    pointy = grid.layout == "pointy"
    places = _places_of(grid)
    wr, wc = _place_of(grid, places, watch)
    near: dict[str, int] = {}

    def far(coord: str) -> int:
        d = near.get(coord)
        if d is None:
            r, c = _place_of(grid, places, coord)
            dr, dc = abs(r - wr), abs(c - wc)
            d = near[coord] = dr + max(0, (dc - dr) // 2) if pointy else dc + max(0, (dr - dc) // 2)
        return d

    stops: set[StopKey] = set(starts)
    out_edges: set[tuple[str, int]] = set()
    hexes: set[str] = {c for c, _ in starts}
    # per distance from ``watch``, the states to take: (hex, stop, came) at a stop (came: the
    # edge arrived by, FROM_STOP + the stop arrived from, or ANY), (hex, edge, None) entering
    buckets: list[list[tuple[str, int, int | None]]] = []
    low = 0  # no state is nearer than this
    at_seen: set[tuple[str, int, int]] = set()
    for c, i in starts:
        at_seen.add((c, i, ANY))
        d = far(c)
        while len(buckets) <= d:
            buckets.append([])
        buckets[d].append((c, i, ANY))
    entered: set[tuple[str, int]] = set()
    table = board.neighbour_table() if hasattr(board, "neighbour_table") else None
    neighbours = table.__getitem__ if table is not None else board.neighbours
    conns = _Conns(board.placed)
    out_add = out_edges.add
    leaving: list[tuple[str, int]] = []

    while True:
        while leaving:
            key = leaving.pop()
            coord, edge = key
            there = neighbours(coord)[edge]
            if there is not None:
                if there == watch:
                    part = _so_far(stops, out_edges, hexes, starts)
                    if enough(part):
                        return part
                into = (there, (edge + 3) % 6)
                if into[1] in conns[there].exits and into not in entered:
                    entered.add(into)
                    d = far(there)
                    while len(buckets) <= d:
                        buckets.append([])
                    buckets[d].append((there, into[1], None))
                    if d < low:
                        low = d
        while low < len(buckets) and not buckets[low]:
            low += 1
        if low == len(buckets):
            break
        coord, n, came = buckets[low].pop()
        conn = conns[coord]
        hexes.add(coord)
        if came is None:  # entering by edge n
            if coord == watch:
                part = _so_far(stops, out_edges, hexes, starts)
                if enough(part):
                    return part
            for edge in conn.edge_partners[n]:
                key = (coord, edge)
                if key not in out_edges:
                    out_add(key)
                    leaving.append(key)
            if conn.edge_stops[n]:
                here = buckets[low]  # the same hex, so the same distance
                for stop in conn.edge_stops[n]:
                    state = (coord, stop, n)
                    if state not in at_seen:
                        at_seen.add(state)
                        here.append(state)
            continue
        stops.add((coord, n))
        if coord == watch:
            part = _so_far(stops, out_edges, hexes, starts)
            if enough(part):
                return part
        if (coord, n) not in starts and blocked(board, coord, n, company):
            continue
        if came != ANY and (coord, n, ANY) in at_seen:
            continue  # already left by every path
        for edge in conn.stop_edges[n]:
            if edge != came:
                key = (coord, edge)
                if key not in out_edges:
                    out_add(key)
                    leaving.append(key)
        if conn.stop_partners[n]:
            here = buckets[low]
            for other in conn.stop_partners[n]:
                if FROM_STOP + other != came:
                    state = (coord, other, FROM_STOP + n)
                    if state not in at_seen:
                        at_seen.add(state)
                        here.append(state)
    return Reach(frozenset(stops), frozenset(out_edges), frozenset(hexes), starts)


def _walk_back(board: Any, company: str, starts: frozenset[StopKey]) -> Reach:
    """:func:`_walk` with backtracking, one state per side of a hex edge: a route that may
    turn back anywhere reaches, from each side of an edge its track meets, the tile's paths
    from that side (entering) and the hex across (leaving), and from each stop every path;
    so each side reached is both entered and left (the walk's out-edges are the sides it
    reaches, its hexes theirs and its stops'), and the side and stop states of :func:`_walk`
    collapse into one each."""
    stops: set[StopKey] = set(starts)
    hexes: set[str] = {c for c, _ in starts}
    sides: set[tuple[str, int]] = set()  # the out-edges
    at_stops: list[StopKey] = list(starts)
    at_seen: set[StopKey] = set(starts)
    edges: list[tuple[str, int]] = []
    table = board.neighbour_table() if hasattr(board, "neighbour_table") else None
    neighbours = table.__getitem__ if table is not None else board.neighbours
    conns = _Conns(board.placed)
    side_add, hex_add = sides.add, hexes.add
    while True:
        while edges:
            coord, n = edges.pop()
            conn = conns[coord]
            for edge in conn.edge_partners[n]:
                key = (coord, edge)
                if key not in sides:
                    side_add(key)
                    edges.append(key)
            for stop in conn.edge_stops[n]:
                state = (coord, stop)
                if state not in at_seen:
                    at_seen.add(state)
                    at_stops.append(state)
            there = neighbours(coord)[n]
            if there is not None:
                into = (there, (n + 3) % 6)
                if into[1] in conns[there].exits and into not in sides:
                    side_add(into)
                    hex_add(there)
                    edges.append(into)
        if not at_stops:
            break
        state = at_stops.pop()
        coord, n = state
        stops.add(state)
        if state not in starts and blocked(board, coord, n, company):
            continue
        conn = conns[coord]
        for edge in conn.stop_edges[n]:
            key = (coord, edge)
            if key not in sides:
                side_add(key)
                hex_add(coord)
                edges.append(key)
        for other in conn.stop_partners[n]:
            state = (coord, other)
            if state not in at_seen:
                at_seen.add(state)
                at_stops.append(state)
    hexes.update(c for c, _ in stops)
    return Reach(frozenset(stops), frozenset(sides), frozenset(hexes), starts)


def _so_far(stops: set[StopKey], out_edges: set[tuple[str, int]], hexes: set[str],
            starts: frozenset[StopKey]) -> Reach:
    """What a walk has reached so far, over its own sets (not copied: asked about at once, and
    kept only when the walk stops there)."""
    return Reach(stops, out_edges, hexes, starts, whole=False)  # type: ignore[arg-type]
