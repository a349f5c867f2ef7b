"""Where things sit inside one hex: stop positions and the shape of every track path.

All geometry is in hex-local units (centre at the origin, centre-to-corner radius 1, screen
axes), so it is computed once per (tile, rotation) and scaled at drawing time. Track meets the
middle of an edge at right angles, as printed: two edges facing each other are joined by a
straight line, edges two apart by a gentle curve (radius 1.5), neighbouring edges by a sharp
curve (radius 0.5) around their shared corner.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

import attrs

from railyard.framework.hexgrid import Grid
from railyard.framework.records import Record
from railyard.framework.tiles import TileDef, stop_index

Point = tuple[float, float]

APOTHEM = math.sqrt(3.0) / 2.0
STOP_OFFSET = 0.5  # distance from the centre of an off-centre stop, in hex radii


def edge_direction(grid: Grid, edge: int) -> Point:
    a = math.radians(grid.edge_angle(edge))
    return (math.cos(a), math.sin(a))


def edge_midpoint(grid: Grid, edge: int) -> Point:
    dx, dy = edge_direction(grid, edge)
    return (dx * APOTHEM, dy * APOTHEM)


def corner(grid: Grid, index: int) -> Point:
    a = math.radians(grid.edge_angle(index) - 30.0)
    return (math.cos(a), math.sin(a))


def _arc(center: Point, radius: float, start: float, end: float, steps: int) -> list[Point]:
    sweep = (end - start + math.pi) % (2 * math.pi) - math.pi  # the short way round
    return [
        (center[0] + radius * math.cos(start + sweep * i / steps),
         center[1] + radius * math.sin(start + sweep * i / steps))
        for i in range(steps + 1)
    ]


@lru_cache(maxsize=256)
def edge_to_edge(grid: Grid, a: int, b: int, steps: int = 12) -> tuple[Point, ...]:
    """The track from the middle of edge ``a`` to the middle of edge ``b``."""
    pa, pb = edge_midpoint(grid, a), edge_midpoint(grid, b)
    diff = (b - a) % 6
    if diff == 3:
        return (pa, pb)
    # The arc's centre is where the lines of the two edges meet: a corner for a sharp curve,
    # a point one hex-width out for a gentle one.
    da, db = edge_direction(grid, a), edge_direction(grid, b)
    mx, my = da[0] + db[0], da[1] + db[1]
    norm = math.hypot(mx, my)
    half = math.acos(max(-1.0, min(1.0, da[0] * db[0] + da[1] * db[1]))) / 2
    dist = APOTHEM / math.cos(half)
    center = (mx / norm * dist, my / norm * dist)
    radius = math.hypot(pa[0] - center[0], pa[1] - center[1])
    start = math.atan2(pa[1] - center[1], pa[0] - center[0])
    end = math.atan2(pb[1] - center[1], pb[0] - center[0])
    return tuple(_arc(center, radius, start, end, steps))


def polyline_midpoint(points: Sequence[Point]) -> tuple[Point, Point]:
    """The point halfway along a polyline and the unit tangent there."""
    lengths = [math.dist(points[i], points[i + 1]) for i in range(len(points) - 1)]
    half = sum(lengths) / 2
    for i, length in enumerate(lengths):
        if half <= length or i == len(lengths) - 1:
            t = half / length if length else 0.0
            (x0, y0), (x1, y1) = points[i], points[i + 1]
            tangent = ((x1 - x0) / length, (y1 - y0) / length) if length else (1.0, 0.0)
            return (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t), tangent
        half -= length
    return points[0], (1.0, 0.0)


@attrs.frozen(repr=False)
class StopPlace(Record):
    """Where one stop of a placed tile is drawn. ``bar`` is the tangent of the track a town
    bar sits across (None: drawn as a dot, or a city/mine circle)."""

    index: int
    kind: str
    pos: Point
    bar: Point | None = None
    edges: tuple[int, ...] = ()


@attrs.frozen(repr=False)
class TileShape(Record):
    """A tile's drawing at one rotation: track polylines and stop places, hex-local units."""

    paths: tuple[tuple[Point, ...], ...]
    stops: tuple[StopPlace, ...]
    used_edges: frozenset[int]


def _rotated_paths(tile: TileDef, rotation: int) -> list[tuple[int | str, int | str]]:
    def turn(end: int | str) -> int | str:
        return (end + rotation) % 6 if isinstance(end, int) else end

    return [(turn(a), turn(b)) for a, b in tile.paths]


def _spread(n: int, i: int) -> Point:
    """Position of stop ``i`` of ``n`` stops that have no track to place them by."""
    if n == 1:
        return (0.0, 0.0)
    if n == 2:
        return ((i - 0.5) * 0.84, 0.0)
    a = math.radians(-90 + 360 * i / n)
    return (0.45 * math.cos(a), 0.45 * math.sin(a))


@lru_cache(maxsize=4096)
def tile_shape(grid: Grid, tile: TileDef, rotation: int) -> TileShape:
    """Lay out ``tile`` turned by ``rotation``: where its stops go and how its track runs."""
    paths = _rotated_paths(tile, rotation)
    n = len(tile.stops)
    edges_of: dict[int, list[int]] = {i: [] for i in range(n)}
    linked: set[int] = set()
    for a, b in paths:
        ia, ib = stop_index(a), stop_index(b)
        if ia is not None and ib is None:
            edges_of[ia].append(int(b))
        elif ib is not None and ia is None:
            edges_of[ib].append(int(a))
        elif ia is not None and ib is not None:
            linked.update((ia, ib))

    places: dict[int, StopPlace] = {}
    bars: set[int] = set()
    lines: list[tuple[Point, ...]] = []
    for i, stop in enumerate(tile.stops):
        edges = tuple(edges_of[i])
        if stop.kind == "town" and len(edges) == 2 and i not in linked:
            # a town on a through track: the track as if edge to edge, the bar across it
            curve = edge_to_edge(grid, edges[0], edges[1])
            pos, tangent = polyline_midpoint(curve)
            places[i] = StopPlace(i, stop.kind, pos, tangent, edges)
            bars.add(i)
            lines.append(curve)
            continue
        if n == 1:
            pos = (0.0, 0.0)
        elif edges:
            vx = sum(edge_direction(grid, e)[0] for e in edges)
            vy = sum(edge_direction(grid, e)[1] for e in edges)
            norm = math.hypot(vx, vy)
            if norm < 1e-6:
                pos = _spread(n, i)
            else:
                pos = (vx / norm * STOP_OFFSET, vy / norm * STOP_OFFSET)
        else:
            pos = _spread(n, i)
        places[i] = StopPlace(i, stop.kind, pos, None, edges)

    for a, b in paths:
        ia, ib = stop_index(a), stop_index(b)
        if ia is None and ib is None:
            lines.append(edge_to_edge(grid, int(a), int(b)))
        elif ia is not None and ib is not None:
            lines.append((places[ia].pos, places[ib].pos))
        else:
            at, edge = (ia, b) if ia is not None else (ib, a)
            assert at is not None, "one end is a stop: two edges were the first case"
            if at in bars:
                continue
            lines.append((edge_midpoint(grid, int(edge)), places[at].pos))
    used = frozenset(int(e) for path in paths for e in path if isinstance(e, int))
    return TileShape(tuple(lines), tuple(places[i] for i in range(n)), used)
