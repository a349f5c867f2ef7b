"""What part of the board a company's track reaches from its stations: the stops, the hex
edges its track runs out to, and the hexes it touches.

Tile lays and token placements both start from here. A walk never passes a city whose slots
are all taken by other companies, nor an off-board area; a tile lay continues a route, so its
walk never turns back where track meets at a hex edge, while a token's connection may
("backtracking is allowed for this purpose only"), which ``backtrack=True`` gives.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import Any

import attrs

StopKey = tuple[str, int]


@attrs.frozen
class Reach:
    stops: frozenset[StopKey]  # stops reached (a blocked city is reached but not passed)
    out_edges: frozenset[tuple[str, int]]  # (hex, edge): the company's track runs to this edge
    hexes: frozenset[str]  # hexes with track or stops the walk touched
    stations: frozenset[StopKey]  # where the walk started


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


def walk(board: Any, company: str, starts: Iterable[StopKey], *, backtrack: bool = False) -> Reach:
    starts = frozenset(starts)
    stops: set[StopKey] = set(starts)
    out_edges: set[tuple[str, int]] = set()
    hexes: set[str] = {c for c, _ in starts}
    # states: ("s", hex, stop) at a stop; ("o", hex, edge) leaving hex by edge; ("i", hex, edge)
    # entering hex by edge
    queue: deque[tuple[str, str, int]] = deque(("s", c, i) for c, i in starts)
    seen: set[tuple[str, str, int]] = set(queue)

    def push(state: tuple[str, str, int]) -> None:
        if state not in seen:
            seen.add(state)
            queue.append(state)

    while queue:
        what, coord, n = queue.popleft()
        placed = board.placed(coord)
        if what == "s":
            stops.add((coord, n))
            hexes.add(coord)
            if (coord, n) not in starts and blocked(board, coord, n, company):
                continue
            for edge in placed.stop_edges(n):
                push(("o", coord, edge))
            for other in placed.stop_partners(n):
                push(("s", coord, other))
        elif what == "o":
            out_edges.add((coord, n))
            hexes.add(coord)
            there = board.neighbour_across(coord, n)
            back = (n + 3) % 6
            if there is not None and back in board.placed(there).exits:
                push(("i", there, back))
            if backtrack:
                push(("i", coord, n))
        else:  # entering ``coord`` by edge n
            hexes.add(coord)
            for edge in placed.edge_partners(n):
                push(("o", coord, edge))
            for stop in placed.edge_stops(n):
                push(("s", coord, stop))
            if backtrack:
                push(("o", coord, n))
    return Reach(frozenset(stops), frozenset(out_edges), frozenset(hexes), starts)
