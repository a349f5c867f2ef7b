"""Pixel geometry of a whole map: where each hex sits at a given hex size, and which hex a
pixel falls in. Built on :mod:`framework.hexgrid`; the map's own bounds give the origin, so the
top-left hex touches the margin whatever its printed coordinate."""

from __future__ import annotations

import math
from typing import Any

from railyard.framework.hexgrid import Grid, Hex

MARGIN = 0.6  # around the map, in hex radii


def grid_of(title: Any) -> Grid:
    return Grid(title.map.layout, title.map.axes)


class MapLayout:
    """Hex centres and hit-testing for one title's map at any hex size (pixels, centre to
    corner)."""

    def __init__(self, title: Any) -> None:
        self.grid = grid_of(title)
        self.coords: tuple[str, ...] = tuple(title.map.hexes)
        self.hexes: dict[str, Hex] = {c: self.grid.parse(c) for c in self.coords}
        self.by_hex: dict[Hex, str] = {h: c for c, h in self.hexes.items()}
        centres = [self.grid.pixel_center(h, 1.0) for h in self.hexes.values()]
        self.min_x = min(x for x, _ in centres) - 1.0 - MARGIN
        self.min_y = min(y for _, y in centres) - 1.0 - MARGIN
        self.max_x = max(x for x, _ in centres) + 1.0 + MARGIN
        self.max_y = max(y for _, y in centres) + 1.0 + MARGIN

    def size_px(self, size: float) -> tuple[int, int]:
        """Width and height of the whole map drawn at hex ``size``."""
        return (math.ceil((self.max_x - self.min_x) * size),
                math.ceil((self.max_y - self.min_y) * size))

    def center(self, coord: str, size: float) -> tuple[float, float]:
        """Centre of hex ``coord`` in map pixels (origin at the map's top-left corner)."""
        x, y = self.grid.pixel_center(self.hexes[coord], 1.0)
        return ((x - self.min_x) * size, (y - self.min_y) * size)

    def corners(self, coord: str, size: float) -> list[tuple[float, float]]:
        cx, cy = self.center(coord, size)
        ox, oy = self.grid.pixel_center(self.hexes[coord], size)
        return [(x - ox + cx, y - oy + cy) for x, y in self.grid.corners(self.hexes[coord], size)]

    def hex_at(self, x: float, y: float, size: float) -> str | None:
        """The map hex under map pixel (x, y), or None off the map."""
        ux, uy = x / size + self.min_x, y / size + self.min_y
        if self.grid.layout == "pointy":
            row = round(uy / 1.5)
            col = round(ux / (math.sqrt(3) / 2))
        else:
            col = round(ux / 1.5)
            row = round(uy / (math.sqrt(3) / 2))
        best, best_d = None, 1.0
        for dr in (-1, 0, 1):
            for dc in (-2, -1, 0, 1, 2):
                coord = self.by_hex.get(Hex(row + dr, col + dc))
                if coord is None:
                    continue
                cx, cy = self.grid.pixel_center(self.hexes[coord], 1.0)
                d = math.hypot(cx - ux, cy - uy)
                if d < best_d:
                    best, best_d = coord, d
        # hexes tile the plane, so the nearest centre within one radius is the hex hit
        return best
