"""The whole board: a cached static layer (every hex as the snapshot has it) and light
overlays drawn per frame (highlights, a tile being placed, routes).

The static layer is drawn once per (hex size, snapshot); a frame then is one blit of the
visible part plus the overlays, which is what keeps a full-map frame far under 16 ms.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Sequence
from typing import Any

import pygame

from railyard.renderer import colors
from railyard.renderer.fonts import text
from railyard.renderer.hexdraw import HexPainter, hex_polygon, thick_polyline
from railyard.renderer.layout import MapLayout
from railyard.renderer.snapshot import Snapshot
from railyard.renderer.track import Point


def changed_hexes(old: Snapshot, new: Snapshot) -> set[str]:
    """Hexes whose drawing differs between two snapshots of one phase."""
    changed = {c for c, p in new.tiles.items() if old.tiles.get(c) != p}
    for mapping_old, mapping_new in ((old.tokens, new.tokens), (old.homes, new.homes)):
        for key in set(mapping_old) | set(mapping_new):
            if mapping_old.get(key) != mapping_new.get(key):
                changed.add(key[0])
    return changed


class BoardRenderer:
    """Draws one title's map. ``size`` is the hex radius in pixels."""

    CACHE_SIZES = 3
    PATCH_LIMIT = 12  # more changed hexes than this: draw the whole board again

    def __init__(self, title: Any) -> None:
        self.title = title
        self.layout = MapLayout(title)
        self.grid = self.layout.grid
        self.painter = HexPainter(title, self.grid)
        self.painter.box_of = self._hex_box
        self._cache: OrderedDict[tuple[float, Any], pygame.Surface] = OrderedDict()
        self._snaps: dict[tuple[float, Any], Snapshot] = {}
        self._region_of: dict[str, str] = {}
        for rid, region in title.map.regions.items():
            for h in region.hexes:
                self._region_of[h] = rid

    # ----------------------------------------------------------------- static layer
    def static_layer(self, size: float, snap: Snapshot) -> pygame.Surface:
        """The board drawn at ``size`` (cached; the few most recent layers are kept). A board
        that differs from a cached one of the same size in a few hexes (a tile laid, a token
        placed) is made from a copy of it with only those hexes drawn again."""
        key = (round(size, 2), snap.key())
        surface = self._cache.get(key)
        if surface is not None:
            self._cache.move_to_end(key)
            return surface
        surface = self._patched(size, snap)
        if surface is None:
            surface = self.draw_static(size, snap)
        self._cache[key] = surface
        self._snaps[key] = snap
        while len(self._cache) > self.CACHE_SIZES:
            old, _ = self._cache.popitem(last=False)
            self._snaps.pop(old, None)
        return surface

    def _patched(self, size: float, snap: Snapshot) -> pygame.Surface | None:
        for key in reversed(self._cache):
            if key[0] != round(size, 2):
                continue
            old = self._snaps.get(key)
            if old is None or old.phase != snap.phase or old.closed_regions != snap.closed_regions:
                continue
            changed = changed_hexes(old, snap)
            if len(changed) > self.PATCH_LIMIT:
                continue
            surface = self._cache[key].copy()
            self.redraw(surface, size, snap, changed)
            if self.painter.stale:  # a neighbour's name moved: draw the board whole
                return None
            return surface
        return None

    def draw_static(self, size: float, snap: Snapshot) -> pygame.Surface:
        surface = pygame.Surface(self.layout.size_px(size))
        surface.fill(colors.BACKGROUND)
        self.painter.names = []
        for coord in self.layout.coords:
            self.draw_hex(surface, coord, size, snap)
        self._shade_regions(surface, size, snap, self._region_of)
        self._draw_borders(surface, size, self.layout.coords)
        self.painter.draw_names(surface)  # over the borders and the shading: read whole
        self._label_regions(surface, size, snap)
        return surface

    def redraw(self, surface: pygame.Surface, size: float, snap: Snapshot,
               coords: set[str]) -> None:
        """Draw ``coords`` again on a drawn board (shading, borders and labels kept whole)."""
        self.painter.names = []
        for coord in coords:
            self.draw_hex(surface, coord, size, snap)
        self._shade_regions(surface, size, snap,
                            {c: r for c, r in self._region_of.items() if c in coords})
        near = set(coords)
        for coord in coords:
            for n in self.grid.neighbours(self.layout.hexes[coord]):
                other = self.layout.by_hex.get(n)
                if other is not None:
                    near.add(other)
        self._draw_borders(surface, size, [c for c in self.layout.coords if c in near])
        self.painter.draw_names(surface, redrawn=set(coords))
        self._label_regions(surface, size, snap)

    def _hex_box(self, coord: str, size: float) -> pygame.Rect:
        xs, ys = zip(*self.layout.corners(coord, size), strict=True)
        return pygame.Rect(round(min(xs)), round(min(ys)), round(max(xs) - min(xs)),
                           round(max(ys) - min(ys)))

    def _draw_borders(self, surface: pygame.Surface, size: float, coords: Iterable[str]) -> None:
        for coord in coords:
            hexdef = self.title.map.hexes[coord]
            center = self.layout.center(coord, size)
            for border in hexdef.borders:
                self.painter.border(surface, center, size, border.edge, border.kind)

    def draw_hex(self, surface: pygame.Surface, coord: str, size: float, snap: Snapshot) -> None:
        hexdef = self.title.map.hexes[coord]
        placed = snap.tiles[coord]
        tokens: dict[int, list[str]] = {}
        reserved: dict[int, list[str]] = {}
        for (h, i), cids in snap.tokens.items():
            if h == coord:
                tokens.setdefault(i, []).extend(cids)
        for (h, i), cids in snap.homes.items():
            if h == coord:
                reserved.setdefault(i, []).extend(cids)
        self.painter.draw_tile(
            surface, self.layout.center(coord, size), size, placed.tile, placed.rotation,
            snap.phase, coord=coord, hexdef=hexdef, tokens=tokens, reserved=reserved,
            show_coord=size >= 22,
        )

    def _shade_regions(self, surface: pygame.Surface, size: float, snap: Snapshot,
                       hexes: dict[str, str]) -> None:
        if not hexes:
            return
        # shade only the area the hexes cover (a patch touches a few hexes)
        pad = size + 2
        xs = [self.layout.center(c, size) for c in hexes if c in self.layout.hexes]
        if not xs:
            return
        area = pygame.Rect(int(min(x for x, _ in xs) - pad), int(min(y for _, y in xs) - pad), 0, 0)
        area.width = int(max(x for x, _ in xs) + pad) - area.x
        area.height = int(max(y for _, y in xs) + pad) - area.y
        area = area.clip(surface.get_rect())
        shade = pygame.Surface(area.size, pygame.SRCALPHA)
        ox, oy = area.topleft
        for coord, rid in hexes.items():
            if coord not in self.layout.hexes:
                continue
            closed = rid in snap.closed_regions
            color, alpha = colors.REGION_CLOSED if closed else colors.REGION_OPEN
            cx, cy = self.layout.center(coord, size)
            cx, cy = cx - ox, cy - oy
            pts = hex_polygon(self.grid, (cx, cy), size)
            pygame.draw.polygon(shade, (*color, alpha), pts)
            if closed:
                # hatching marks a closed region even where the shade is hard to see
                for k in (-0.5, 0.0, 0.5):
                    pygame.draw.line(shade, (0, 0, 0, 90), (cx - size * 0.6 + k * size, cy + size * 0.6),
                                     (cx + size * 0.6 + k * size, cy - size * 0.6), 1)
        surface.blit(shade, area.topleft)

    def _label_regions(self, surface: pygame.Surface, size: float, snap: Snapshot) -> None:
        labelled: set[str] = set()
        for rid, region in self.title.map.regions.items():
            if rid in labelled or not region.hexes:
                continue
            labelled.add(rid)
            xs = [self.layout.center(h, size) for h in region.hexes if h in self.layout.hexes]
            if not xs:
                continue
            x = sum(p[0] for p in xs) / len(xs)
            y = max(p[1] for p in xs) + size * 0.95
            state = "closed" if rid in snap.closed_regions else "open"
            when = ""
            if rid in snap.closed_regions and region.opens_on_phase:
                when = f" until phase {region.opens_on_phase}"
            elif rid not in snap.closed_regions and region.closes_on_phase:
                when = f" until phase {region.closes_on_phase}"
            label = f"{rid.replace('_', ' ').title()}: {state}{when}"
            text(surface, label, (x, y), max(10, round(size * 0.34)), colors.TEXT_LIGHT,
                 bold=True, background=colors.BACKGROUND)

    # ----------------------------------------------------------------- overlays
    def highlight(self, surface: pygame.Surface, coords: Iterable[str], size: float,
                  offset: Point, color: colors.Color = colors.LEGAL_HEX, width: int = 3) -> None:
        for coord in coords:
            cx, cy = self.layout.center(coord, size)
            pts = hex_polygon(self.grid, (cx + offset[0], cy + offset[1]), size * 0.94)
            pygame.draw.polygon(surface, color, pts, width)

    def preview_tile(self, surface: pygame.Surface, coord: str, tile: Any, rotation: int,
                     size: float, offset: Point, phase: str, tokens: dict[int, Sequence[str]] | None = None) -> None:
        """A tile drawn over hex ``coord`` (placing a tile, before it is confirmed)."""
        cx, cy = self.layout.center(coord, size)
        hexdef = self.title.map.hexes.get(coord)
        self.painter.draw_tile(surface, (cx + offset[0], cy + offset[1]), size, tile, rotation,
                               phase, coord=coord, hexdef=hexdef, tokens=tokens,
                               show_coord=False, outline=False)
        self.painter.outline(surface, (cx + offset[0], cy + offset[1]), size, colors.SELECTED, 3)

    def route(self, surface: pygame.Surface, points: Sequence[Point], color: colors.Color,
              size: float) -> None:
        """A route as a polyline through map pixel points (already offset to the screen)."""
        if len(points) >= 2:
            thick_polyline(surface, points, max(3.0, size * 0.12), color)
        for p in points:
            pygame.draw.circle(surface, color, (round(p[0]), round(p[1])), max(3, round(size * 0.12)))

    # ----------------------------------------------------------------- a frame
    def quick_layer(self, size: float, snap: Snapshot) -> pygame.Surface | None:
        """A stand-in while zooming: a cached layer of this board at another size, scaled
        (cheap), so the wheel stays smooth; None if the exact layer is cached or none fits."""
        key = (round(size, 2), snap.key())
        if key in self._cache:
            return None
        for (_size, board_key), layer in reversed(self._cache.items()):
            if board_key == snap.key():
                return pygame.transform.scale(layer, self.layout.size_px(size))
        return None

    def draw(self, target: pygame.Surface, viewport: pygame.Rect, size: float, offset: Point,
             snap: Snapshot, *, quick: bool = False) -> None:
        """Blit the visible part of the board into ``viewport`` of ``target``; ``offset`` is
        where the map's top-left pixel lands relative to the viewport. ``quick``: while the
        view is zooming, a scaled cached layer may stand in for the exact one."""
        layer = (self.quick_layer(size, snap) if quick else None) or self.static_layer(size, snap)
        at = pygame.Rect((viewport.x + round(offset[0]), viewport.y + round(offset[1])),
                         layer.get_size())
        if not at.contains(viewport):  # the map does not cover the view: clear around it
            target.fill(colors.BACKGROUND, viewport)
        clip = target.get_clip()
        target.set_clip(viewport)
        target.blit(layer, at.topleft)
        target.set_clip(clip)

    def render_whole(self, size: float, snap: Snapshot) -> pygame.Surface:
        """The whole map as one new surface (for PNG output)."""
        return self.static_layer(size, snap).copy()
