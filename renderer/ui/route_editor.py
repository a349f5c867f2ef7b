"""Editing a company's routes by clicking stops.

Press E while the company runs its trains: each train starts with no route; 1-9 pick the
train; clicking a stop adds it to that train's route when track joins it to the route's last
stop without passing another stop (the route graph's stop-to-stop links); clicking the last
stop again, or Backspace, takes it off. The routes are checked as they grow (revenue, or why
the check refuses them); Enter runs them, Esc leaves the editor. The route check and the
engine decide what is legal: the editor only joins clicked stops by track.
"""

from __future__ import annotations

import math
from typing import Any

import attrs

from railyard.framework.records import Record


@attrs.define(repr=False)
class EditedRun(Record):
    train: str
    stops: list[str] = attrs.Factory(list)
    links: list[Any] = attrs.Factory(list)  # graph Links between consecutive stops

    @property
    def nodes(self) -> tuple[str, ...]:
        if not self.stops:
            return ()
        out = [self.stops[0]]
        for link, stop in zip(self.links, self.stops[1:], strict=False):
            out += list(link.junctions) + [stop]
        return tuple(out)

    @property
    def pieces(self) -> tuple[int, ...]:
        return tuple(p for link in self.links for p in link.pieces)


class RouteEditor:
    def __init__(self) -> None:
        self.active = False
        self.offered: Any = None  # the engine's run action the edit replaces the routes of
        self.graph: Any = None
        self.runs: list[EditedRun] = []
        self.current = 0

    def start(self, offered: Any, trains: list[str], graph: Any) -> None:
        self.active = True
        self.offered = offered
        self.graph = graph
        self.runs = [EditedRun(t) for t in trains]
        self.current = 0

    def stop(self) -> None:
        self.active = False
        self.offered = None
        self.graph = None
        self.runs = []

    def select(self, index: int) -> None:
        if 0 <= index < len(self.runs):
            self.current = index

    def _used(self) -> set[int]:
        return {p for run in self.runs for p in run.pieces}

    def click(self, stop: str) -> str | None:
        """Add (or take back) ``stop`` on the current train's route; a message if refused."""
        if not self.runs:
            return "no train to route"
        run = self.runs[self.current]
        if run.stops and run.stops[-1] == stop:
            self.back()
            return None
        if not run.stops:
            if stop not in self.graph.stops:
                return f"{stop} is not on any track"
            run.stops.append(stop)
            return None
        last = run.stops[-1]
        used = self._used()
        links = [link for link in self.graph.links.get(last, ()) if link.b == stop]
        free = [link for link in links if not used & set(link.pieces)]
        if not links:
            return f"no track from {last} to {stop} without passing another stop"
        if not free:
            return f"the track from {last} to {stop} is already used by a route"
        run.links.append(min(free, key=lambda link: len(link.pieces)))
        run.stops.append(stop)
        return None

    def back(self) -> None:
        run = self.runs[self.current]
        if run.stops:
            run.stops.pop()
        if run.links and len(run.links) >= len(run.stops):
            run.links.pop()

    def action(self) -> Any:
        """The run action with the edited routes (trains without a route do not run)."""
        from railyard.framework.eighteen.or_actions import TrainRoute

        runs = tuple(TrainRoute(r.train, r.nodes, r.pieces) for r in self.runs if len(r.stops) >= 2)
        return attrs.evolve(self.offered, runs=runs)


def stop_at(renderer: Any, snap: Any, coord: str, map_xy: tuple[float, float],
            size: float) -> str | None:
    """The stop of hex ``coord`` nearest a map pixel (``"<hex>.<index>"``), if it has one."""
    from railyard.renderer.track import tile_shape

    placed = snap.tiles.get(coord)
    if placed is None or not placed.tile.stops:
        return None
    shape = tile_shape(renderer.grid, placed.tile, placed.rotation)
    cx, cy = renderer.layout.center(coord, size)
    best = min(shape.stops, key=lambda p: math.hypot(cx + p.pos[0] * size - map_xy[0],
                                                      cy + p.pos[1] * size - map_xy[1]))
    return f"{coord}.{best.index}"
