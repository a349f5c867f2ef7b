"""Routes on the board: the best routes the engine's search finds for a company, one colour
per train, with revenue per train and in total.

A route is a sequence of graph nodes (``"<hex>.<stop>"`` stops, ``"<hex>|<hex>"`` edge
crossings, see :mod:`framework.routes.board_graph`); it is drawn along the same geometry the
track is drawn with, so a route follows the track's curves.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
import pygame

from railyard.framework.records import Record
from railyard.renderer import colors
from railyard.renderer.fonts import font, text
from railyard.renderer.hexdraw import thick_polyline
from railyard.renderer.snapshot import Snapshot
from railyard.renderer.track import Point, edge_midpoint, edge_to_edge, tile_shape


@attrs.frozen(repr=False)
class ShownRun(Record):
    train: str
    nodes: tuple[str, ...]
    revenue: int
    treasury: int
    problem: str = ""  # why the route check refuses it (edited routes)


@attrs.frozen(repr=False)
class ShownRoutes(Record):
    company: str
    runs: tuple[ShownRun, ...]
    complete: bool = True

    @property
    def total(self) -> int:
        return sum(r.revenue + r.treasury for r in self.runs)


def best_routes_for(game: Any, company: str, max_seconds: float = 2.0) -> ShownRoutes | None:
    """The search's best routes for ``company`` in the current position (None if it has no
    trains or the position has no board)."""
    from railyard.framework.routes import best_routes
    from railyard.framework.routes.board_graph import graph_for_board

    state = game.state
    board = getattr(state, "board", None)
    if board is None or company not in state.companies:
        return None
    trains = [state.trains[t] for t in state.companies[company].trains if t in state.trains]
    if not trains:
        return None
    specs = [game.title.trains[t.name] for t in trains]
    graph = graph_for_board(board, game.title, state.phase)
    found = best_routes(graph, specs, company, game.title.routes, max_seconds=max_seconds)
    runs = tuple(
        ShownRun(t.name, tuple(run.route.nodes) if run.route else (), run.revenue, run.treasury)
        for t, run in zip(trains, found.runs, strict=False)
    )
    return ShownRoutes(company, runs, found.complete)


def shown_from_runs(game: Any, company: str, runs: Sequence[Any]) -> ShownRoutes | None:
    """Routes named by a run action (``runs``: objects with ``train`` and ``nodes``) with the
    revenue the route check gives each; None when the position has no board."""
    from railyard.framework.routes import Route, validate_routes
    from railyard.framework.routes.board_graph import graph_for_board

    state = game.state
    board = getattr(state, "board", None)
    if board is None or not runs:
        return None
    graph = graph_for_board(board, game.title, state.phase)
    drafts = []
    for run in runs:
        spec = game.title.trains[state.trains[run.train].name]
        pieces = tuple(getattr(run, "pieces", ()) or ())
        draft: Any = Route(tuple(run.nodes), (), pieces) if pieces else list(run.nodes)
        drafts.append((spec, draft))
    checks = validate_routes(graph, drafts, company, game.title.routes)
    shown = []
    for run, check in zip(runs, checks, strict=False):
        name = state.trains[run.train].name
        route = check.route if not check.refusals else None
        shown.append(ShownRun(name, tuple(run.nodes), route.revenue if route is not None else 0,
                              route.treasury if route is not None else 0, "; ".join(check.reasons)))
    return ShownRoutes(company, tuple(shown))


def _parse_stop(node: str) -> tuple[str, int] | None:
    if "." in node:
        coord, index = node.rsplit(".", 1)
        if index.isdigit():
            return coord, int(index)
    return None


def _junction(node: str) -> tuple[str, str] | None:
    if "|" in node:
        a, b = node.split("|", 1)
        return a, b
    return None


def route_points(renderer: Any, snap: Snapshot, nodes: Sequence[str], size: float) -> list[Point]:
    """Map pixel points along a route's nodes, following the drawn track inside each hex."""
    layout, grid = renderer.layout, renderer.grid

    def edge_of(coord: str, other: str) -> int | None:
        if coord not in layout.hexes or other not in layout.hexes:
            return None
        return grid.edge_between(layout.hexes[coord], layout.hexes[other])

    def local(coord: str, pts: Sequence[Point]) -> list[Point]:
        cx, cy = layout.center(coord, size)
        return [(cx + x * size, cy + y * size) for x, y in pts]

    def stop_place(coord: str, index: int):
        placed = snap.tiles.get(coord)
        if placed is None or index >= len(placed.tile.stops):
            return None
        return tile_shape(grid, placed.tile, placed.rotation).stops[index]

    out: list[Point] = []
    for a, b in zip(nodes, nodes[1:], strict=False):
        sa, sb = _parse_stop(a), _parse_stop(b)
        ja, jb = _junction(a), _junction(b)
        seg: list[Point] = []
        if ja and jb:
            common = set(ja) & set(jb)
            if common:
                coord = common.pop()
                e1 = edge_of(coord, ja[1] if ja[0] == coord else ja[0])
                e2 = edge_of(coord, jb[1] if jb[0] == coord else jb[0])
                if e1 is not None and e2 is not None:
                    seg = local(coord, edge_to_edge(grid, e1, e2))
        elif (ja and sb) or (sa and jb):
            junction, stop = (ja, sb) if ja else (jb, sa)
            assert junction is not None and stop is not None, "a junction node is no stop: ja, so sb"
            coord, index = stop
            other = junction[1] if junction[0] == coord else junction[0]
            edge = edge_of(coord, other)
            place = stop_place(coord, index)
            if edge is not None and place is not None:
                if place.bar is not None and edge in place.edges:
                    curve = list(edge_to_edge(grid, place.edges[0], place.edges[1]))
                    if edge != place.edges[0]:
                        curve.reverse()
                    # the bar sits at the curve's middle: keep the half from this edge
                    pts = curve[: max(1, (len(curve) - 1) // 2)] + [place.pos]
                else:
                    pts = [edge_midpoint(grid, edge), place.pos]
                seg = local(coord, pts if ja else pts[::-1])
        elif sa and sb and sa[0] == sb[0]:
            pa, pb = stop_place(*sa), stop_place(*sb)
            if pa is not None and pb is not None:
                seg = local(sa[0], [pa.pos, pb.pos])
        if seg:
            if out and abs(out[-1][0] - seg[0][0]) < 0.5 and abs(out[-1][1] - seg[0][1]) < 0.5:
                seg = seg[1:]
            out.extend(seg)
    return out


def draw_routes(surface: pygame.Surface, renderer: Any, snap: Snapshot, shown: ShownRoutes,
                size: float, offset: Point) -> None:
    """Each train's route in its colour (shifted a little so shared track shows both)."""
    for i, run in enumerate(shown.runs):
        if len(run.nodes) < 2:
            continue
        color = colors.ROUTE_COLORS[i % len(colors.ROUTE_COLORS)]
        shift = (i - (len(shown.runs) - 1) / 2) * max(2.0, size * 0.06)
        pts = [(x + offset[0] + shift, y + offset[1] + shift)
               for x, y in route_points(renderer, snap, run.nodes, size)]
        if len(pts) >= 2:  # wide, dark-edged: a route reads over track of any colour
            width = max(6.0, size * 0.17)
            thick_polyline(surface, pts, width + 4, (20, 20, 24))
            thick_polyline(surface, pts, width, color)
            for end in (pts[0], pts[-1]):
                pygame.draw.circle(surface, (20, 20, 24), (round(end[0]), round(end[1])), round(width * 0.9))
                pygame.draw.circle(surface, color, (round(end[0]), round(end[1])), round(width * 0.9) - 2)


def draw_legend(surface: pygame.Surface, rect: pygame.Rect, shown: ShownRoutes,
                currency: str) -> None:
    """Revenue per train and in total, in the route colours."""
    lines = []
    for i, run in enumerate(shown.runs):
        extra = f" (+{run.treasury} treasury)" if run.treasury else ""
        what = f"{run.revenue}{currency}{extra}" if run.nodes else "does not run"
        if run.problem and run.nodes:
            what = run.problem
        lines.append((f"{run.train}: {what}", colors.ROUTE_COLORS[i % len(colors.ROUTE_COLORS)]))
    total = f"{shown.company} total {shown.total}{currency}" + ("" if shown.complete else " (search cut short)")
    lines.append((total, colors.PANEL_TEXT))
    height = 8 + 20 * len(lines)
    width = max(280, max(font(19, True).size(c)[0] for c, _ in lines) + 16)
    box = pygame.Rect(rect.x + 8, rect.bottom - height - 8, min(width, rect.width - 16), height)
    pygame.draw.rect(surface, colors.PANEL_BG, box, border_radius=6)
    pygame.draw.rect(surface, colors.PANEL_BORDER, box, 1, border_radius=6)
    y = box.y + 5
    for content, color in lines:
        text(surface, content, (box.x + 8, y), 19, color, anchor="topleft", bold=True)
        y += 20
