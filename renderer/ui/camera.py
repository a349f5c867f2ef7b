"""Zoom and pan of the board view: the hex size in pixels and where the map's top-left
corner sits in the board viewport."""

from __future__ import annotations

import time

import attrs

from railyard.framework.records import Record

MIN_SIZE = 12.0
MAX_SIZE = 90.0


@attrs.define(repr=False)
class Camera(Record):
    size: float = 40.0
    offset: tuple[float, float] = (0.0, 0.0)
    zoomed_at: float = 0.0  # time.monotonic() of the last zoom step

    def fit(self, map_units: tuple[float, float], viewport: tuple[int, int]) -> None:
        """Show the whole map, centred."""
        uw, uh = map_units
        vw, vh = viewport
        self.size = max(MIN_SIZE, min(MAX_SIZE, round(min(vw / uw, vh / uh) * 2) / 2))
        self.offset = ((vw - uw * self.size) / 2, (vh - uh * self.size) / 2)

    def zoom(self, factor: float, anchor: tuple[float, float]) -> None:
        """Zoom by ``factor`` keeping the map point under ``anchor`` (viewport pixels) still.
        Sizes snap to half pixels so the cached board layers get reused."""
        new = max(MIN_SIZE, min(MAX_SIZE, round(self.size * factor * 2) / 2))
        if new == self.size:
            return
        self.zoomed_at = time.monotonic()
        mx = (anchor[0] - self.offset[0]) / self.size
        my = (anchor[1] - self.offset[1]) / self.size
        self.size = new
        self.offset = (anchor[0] - mx * new, anchor[1] - my * new)

    def zooming(self, settle: float = 0.2) -> bool:
        """Whether the view zoomed in the last ``settle`` seconds (draw quickly, refine later)."""
        return time.monotonic() - self.zoomed_at < settle

    def pan(self, dx: float, dy: float) -> None:
        self.offset = (self.offset[0] + dx, self.offset[1] + dy)

    def to_map(self, pos: tuple[float, float]) -> tuple[float, float]:
        """Viewport pixels to map pixels at the current size."""
        return (pos[0] - self.offset[0], pos[1] - self.offset[1])
