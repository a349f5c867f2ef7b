"""Drawing one hex: its tile colour, terrain, track, stops, tokens, values and names.

Everything is drawn from the tile geometry (:mod:`renderer.track`) at the hex's pixel centre
and size; nothing is a picture. Used for the cached board layers and for tile previews.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import attrs
import pygame
import pygame.gfxdraw

from railyard.framework.hexgrid import Grid
from railyard.framework.records import Record
from railyard.framework.tiles import Stop, TileDef
from railyard.renderer import colors
from railyard.renderer.fonts import font, text
from railyard.renderer.track import Point, corner, tile_shape

Color = tuple[int, int, int]


#: the smallest text on the board, in pixels of line height, whatever the zoom: values
#: (revenues, costs, labels) must read at the Fit size of a 1600x1000 window, names nearly as well
MIN_VALUE_PX = 11
MIN_NAME_PX = 10


def legible(size: float, floor_px: int) -> int:
    """A font size of ``size`` (a share of the hex size), raised until a line of it is at
    least ``floor_px`` pixels high (pygame's font sizes draw smaller than they say)."""
    size = max(6, round(size))
    while font(size).get_height() < floor_px:
        size += 1
    return size


def _aa_polygon(surface: pygame.Surface, points: Sequence[Point], color: Color) -> None:
    pts = [(round(x), round(y)) for x, y in points]
    pygame.gfxdraw.filled_polygon(surface, pts, color)
    pygame.gfxdraw.aapolygon(surface, pts, color)


def _aa_circle(surface: pygame.Surface, center: Point, radius: float, color: Color) -> None:
    x, y, r = round(center[0]), round(center[1]), max(1, round(radius))
    pygame.gfxdraw.filled_circle(surface, x, y, r, color)
    pygame.gfxdraw.aacircle(surface, x, y, r, color)


def thick_polyline(surface: pygame.Surface, points: Sequence[Point], width: float,
                   color: Color) -> None:
    """A polyline of ``width`` pixels as one polygon (smooth on curves, square ends)."""
    if len(points) < 2:
        return
    half = width / 2
    left, right = [], []
    n = len(points)
    for i, (x, y) in enumerate(points):
        ax, ay = points[max(0, i - 1)]
        bx, by = points[min(n - 1, i + 1)]
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / length * half, dx / length * half
        left.append((x + nx, y + ny))
        right.append((x - nx, y - ny))
    _aa_polygon(surface, left + right[::-1], color)


def hex_polygon(grid: Grid, center: Point, size: float) -> list[Point]:
    cx, cy = center
    return [(cx + x * size, cy + y * size) for x, y in (corner(grid, i) for i in range(6))]


def _around(p: Point, reach: float) -> list[Point]:
    """Candidate spots around ``p``: outward first, then the other directions."""
    base = math.atan2(p[1], p[0]) if math.hypot(*p) > 1e-6 else math.pi / 2
    out = []
    for k in (0, 1, -1, 2, -2, 3, -3, 4, -4, 6):
        a = base + k * math.pi / 6
        out.append((p[0] + reach * math.cos(a), p[1] + reach * math.sin(a)))
    return out


NAME_SPOTS: list[Point] = [(0.0, 0.64), (0.0, -0.6), (0.22, 0.62), (-0.22, 0.62),
                           (0.22, -0.58), (-0.22, -0.58)]
LABEL_SPOTS: list[Point] = [(-0.6, 0.0), (0.6, 0.0), (-0.42, -0.42), (0.42, -0.42),
                            (-0.42, 0.42), (0.42, 0.42), (0.0, -0.55)]
TERRAIN_SPOTS: list[Point] = [(0.45, -0.3), (-0.45, -0.3), (0.45, 0.3), (-0.45, 0.3),
                              (0.0, -0.5), (0.0, 0.5), (0.5, 0.0), (-0.5, 0.0),
                              (0.3, -0.5), (-0.3, -0.5)]


#: further places for a name that finds no room at the usual ones (a crowded multi-city hex)
MORE_NAME_SPOTS: list[Point] = [(0.0, 0.86), (0.0, -0.84), (0.5, 0.62), (-0.5, 0.62),
                                (0.5, -0.6), (-0.5, -0.6)]
#: below this hex size (pixels) the board is small: terrain shows its marks without the cost,
#: and of two names that would cover each other the lesser is left out
COMPACT_SIZE = 24.0
#: where a name covering a neighbour's mark tries next, in its own widths and heights
NAME_NUDGES: list[Point] = sorted(((dx, dy) for dx in (0.0, 0.25, -0.25, 0.5, -0.5)
                                   for dy in (0.0, 0.6, -0.6, 1.1, -1.1, 1.6, -1.6)),
                                  key=lambda d: abs(d[0]) * 2 + abs(d[1]))


@attrs.frozen(repr=False)
class NameSpot(Record):
    coord: str
    pos: Point
    size: float
    name: str
    crowded: bool


class Spots:
    """Free-space bookkeeping inside one hex (hex-local units): each thing drawn marks a disc,
    and a value, label or name goes to the candidate spot with the most room."""

    def __init__(self) -> None:
        self.discs: list[tuple[float, float, float]] = []

    def add(self, p: Point, r: float) -> None:
        self.discs.append((p[0], p[1], r))

    def add_line(self, points: Sequence[Point], r: float) -> None:
        for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
            steps = max(1, int(math.hypot(x1 - x0, y1 - y0) / 0.12))
            for i in range(steps + 1):
                t = i / steps
                self.discs.append((x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, r))

    def add_box(self, p: Point, half_w: float, half_h: float) -> None:
        x = -half_w
        while x <= half_w + 1e-9:
            self.discs.append((p[0] + x, p[1], half_h))
            x += half_h

    def room(self, p: Point, r: float, stretch: float = 1.0) -> float:
        room = 0.9 - math.hypot(p[0], p[1]) - r  # stay inside the hex
        for x, y, q in self.discs:
            room = min(room, math.hypot((p[0] - x) / stretch, p[1] - y) - q - r)
        return room

    def best(self, candidates: Sequence[Point], r: float, stretch: float = 1.0) -> Point:
        """The first candidate with room enough, else the roomiest."""
        best, best_room = candidates[0], -1e9
        for p in candidates:
            room = self.room(p, r, stretch)
            if room >= 0:
                return p
            if room > best_room:
                best, best_room = p, room
        return best


def value_homes(title: Any) -> dict[str, str]:
    """For each stop group printed over several hexes (one off-board drawing, as 1830's
    Canada on A9 and A11): the hex that shows the group's value, the first one with a name."""
    spread: dict[str, list[str]] = {}
    for coord, hexdef in title.map.hexes.items():
        for stop in hexdef.as_tile().stops:
            if stop.group and coord not in spread.setdefault(stop.group, []):
                spread[stop.group].append(coord)
    named = {c for c, h in title.map.hexes.items() if h.name}
    return {group: next((c for c in coords if c in named), coords[0])
            for group, coords in spread.items() if len(coords) > 1}


class HexPainter:
    """Draws hexes for one title (its grid, companies and phases) at any size."""

    def __init__(self, title: Any, grid: Grid) -> None:
        self.title = title
        self.grid = grid
        self.company_colors = {cid: colors.company_colors(c) for cid, c in title.companies.items()}
        self.company_labels = {cid: c.label for cid, c in title.companies.items()}
        #: while a whole board is drawn: the city names to draw after every hex, so that a
        #: neighbour's tokens or track never cover a name that reaches over the hex's edge
        self.names: list[NameSpot] | None = None
        self._shown_names: dict[float, dict[str, NameSpot]] = {}
        self.marks: list[tuple[str, pygame.Rect]] = []  # see _mark
        self.shown_names: dict[str, pygame.Rect] = {}  # where the last board drew each name
        self._marks: dict[float, list[tuple[str, pygame.Rect]]] = {}
        self._soft: set[tuple[str, tuple[int, ...]]] = set()  # see _mark
        self._shown_rects: dict[float, dict[str, pygame.Rect]] = {}
        self.stale = False  # set by draw_names: a partial redraw left a moved name behind
        self.box_of: Any = None  # (coord, size) -> the hex's pixel box, set by the board
        self.group_home = value_homes(title)

    def value_elsewhere(self, stop: Stop, coord: str | None) -> bool:
        """Whether another hex of the stop's drawing shows its value (see ``value_homes``)."""
        return bool(stop.group and coord is not None and self.group_home.get(stop.group, coord) != coord)

    # ----------------------------------------------------------------- pieces
    def revenue(self, stop: Stop, phase: str) -> int:
        try:
            return stop.revenue.at(phase, self.title.phase_order)
        except KeyError:
            return stop.revenue.first

    def background(self, surface: pygame.Surface, center: Point, size: float, color: Color) -> None:
        _aa_polygon(surface, hex_polygon(self.grid, center, size), color)

    def outline(self, surface: pygame.Surface, center: Point, size: float,
                color: Color = colors.HEX_OUTLINE, width: int = 1) -> None:
        pts = hex_polygon(self.grid, center, size)
        if width <= 1:
            pygame.gfxdraw.aapolygon(surface, [(round(x), round(y)) for x, y in pts], color)
        else:
            pygame.draw.polygon(surface, color, pts, width)

    def _small_terrain_at(self, spots: Spots, name: str | None, size: float,
                          full: tuple[Point, float], cands: Sequence[Point],
                          r: float) -> Point | None:
        """Where a smaller terrain mark (disc ``r``) goes clear of the stops and of the place
        the hex's name takes beside the full mark, so the name stays where it was (names are
        placed across the board: one moved may cover another); None when there is no such
        place."""
        trial = Spots()
        trial.discs = [*spots.discs]
        at_full = None
        if name:
            half_w, half_h = self.name_extent(size, name)
            stretch = max(1.0, half_w / half_h)
            named = Spots()
            named.discs = [*spots.discs, (full[0][0], full[0][1], full[1])]
            at_full = named.best(NAME_SPOTS + MORE_NAME_SPOTS, half_h, stretch=stretch)
            trial.add_box(at_full, half_w, half_h)
        small = next((c for c in cands if trial.room(c, r) >= 0), None)
        if small is None or not name or at_full is None:
            return small
        after = Spots()
        after.discs = [*spots.discs, (small[0], small[1], r)]
        return small if after.best(NAME_SPOTS + MORE_NAME_SPOTS, half_h, stretch=stretch) == at_full else None

    def terrain(self, surface: pygame.Surface, center: Point, size: float, hexdef: Any,
                where: Point, scale: float = 1.0) -> None:
        """The terrain marks and costs at ``where``; ``scale`` < 1 in a hex whose city leaves
        no room for the full mark (1830's Scranton: the cost must not touch the city)."""
        cx, cy = center[0] + where[0] * size, center[1] + where[1] * size
        for t in hexdef.terrain:
            s = size * (0.2 if t.cost < 100 else 0.26) * scale
            if t.kind == "water":
                for k in (-1, 1):
                    pts = [(cx + (i / 6 - 0.5) * 2 * s,
                            cy + k * s * 0.25 + math.sin(i / 6 * 2 * math.pi) * s * 0.18)
                           for i in range(7)]
                    pygame.draw.lines(surface, colors.WATER, False, pts, max(1, round(size / 18)))
                mark = colors.WATER
            else:
                _aa_polygon(surface, [(cx, cy - s), (cx + s, cy + s * 0.7),
                                      (cx - s, cy + s * 0.7)], colors.MOUNTAIN)
                mark = colors.MOUNTAIN
            if t.cost and size >= COMPACT_SIZE:  # (a second kind on a hex whose one price the
                # first carries shows no "0"; a small board shows the marks only, the hover the cost)
                text(surface, str(t.cost), (cx, cy + s * 0.7 + 1), legible(size * 0.34 * scale, MIN_VALUE_PX),
                     mark, anchor="midtop", bold=True)
            cy += size * 0.55 * scale

    def city(self, surface: pygame.Surface, pos: Point, size: float, slots: int,
             tokens: Sequence[str], reserved: Sequence[str], radius: float = 0.25) -> None:
        r = size * radius
        centres = self.slot_centres(pos, r, slots)
        if slots >= 2:
            xs = [c[0] for c in centres]
            ys = [c[1] for c in centres]
            box = pygame.Rect(0, 0, 0, 0)
            box.left, box.top = round(min(xs) - r - 1), round(min(ys) - r - 1)
            box.width, box.height = round(max(xs) - min(xs) + 2 * r + 2), round(max(ys) - min(ys) + 2 * r + 2)
            pygame.draw.rect(surface, colors.CITY_OUTLINE, box, border_radius=round(r))
            pygame.draw.rect(surface, colors.CITY_FILL, box.inflate(-2, -2), border_radius=round(r))
        for i, c in enumerate(centres):
            _aa_circle(surface, c, r + 1, colors.CITY_OUTLINE)
            _aa_circle(surface, c, r, colors.CITY_FILL)
            if i < len(tokens):
                self.token(surface, c, r, tokens[i])
            elif reserved:
                self.reserved(surface, c, r, reserved[(i - len(tokens)) % len(reserved)]
                              if i - len(tokens) < len(reserved) else None)

    @staticmethod
    def slot_centres(pos: Point, r: float, slots: int) -> list[Point]:
        x, y = pos
        if slots <= 1:
            return [(x, y)]
        if slots == 2:
            return [(x - r, y), (x + r, y)]
        if slots == 3:
            return [(x - r, y + r * 0.6), (x + r, y + r * 0.6), (x, y - r * 1.1)]
        return [(x - r, y - r), (x + r, y - r), (x - r, y + r), (x + r, y + r)][:slots]

    def token(self, surface: pygame.Surface, center: Point, r: float, company: str) -> None:
        fill, ink = self.company_colors.get(company, ((128, 128, 128), colors.TEXT_LIGHT))
        _aa_circle(surface, center, r - 1, fill)
        label = self.company_labels.get(company, company)
        text(surface, label, center, max(7, round(r * (1.15 if len(label) <= 2 else 0.85))), ink,
             bold=True)

    def reserved(self, surface: pygame.Surface, center: Point, r: float, company: str | None) -> None:
        if company is None:
            return
        fill, _ink = self.company_colors.get(company, ((128, 128, 128), colors.TEXT))
        pygame.draw.circle(surface, fill, (round(center[0]), round(center[1])), max(2, round(r - 2)),
                           max(1, round(r / 5)))
        label = self.company_labels.get(company, company)
        text(surface, label, center, max(7, round(r * (1.0 if len(label) <= 3 else 0.8))),
             colors.TEXT_DIM, bold=True)

    def mine(self, surface: pygame.Surface, pos: Point, size: float,
             tokens: Sequence[str], reserved: Sequence[str]) -> None:
        s = size * 0.26
        rect = pygame.Rect(0, 0, round(2 * s), round(2 * s))
        rect.center = (round(pos[0]), round(pos[1]))
        pygame.draw.rect(surface, colors.MINE_FILL, rect.inflate(4, 4))
        pygame.draw.rect(surface, colors.CITY_FILL, rect)
        if tokens:
            self.token(surface, pos, s, tokens[0])
        elif reserved:
            self.reserved(surface, pos, s, reserved[0])

    def mine_values(self, surface: pygame.Surface, pos: Point, size: float,
                    values: Sequence[int], now: int) -> pygame.Rect:
        """A mine's values (before / from the later phase) in a white box, the current one
        bold."""
        images = []
        for i, v in enumerate(values):
            current = v == now
            images.append(font(legible(size * 0.3, MIN_VALUE_PX), current).render(
                str(v), True, colors.TEXT if current else colors.TEXT_DIM))
            if i < len(values) - 1:
                images.append(font(legible(size * 0.3, MIN_VALUE_PX)).render("/", True, colors.TEXT_DIM))
        width = sum(im.get_width() for im in images)
        height = max(im.get_height() for im in images)
        box = pygame.Rect(0, 0, width + 6, height + 2)
        box.center = (round(pos[0]), round(pos[1]))
        pygame.draw.rect(surface, colors.CITY_OUTLINE, box, border_radius=4)
        pygame.draw.rect(surface, colors.REVENUE_FILL, box.inflate(-2, -2), border_radius=4)
        x = box.x + 3
        for im in images:
            surface.blit(im, (x, box.y + 1))
            x += im.get_width()
        return box

    def revenue_bubble(self, surface: pygame.Surface, pos: Point, size: float, value: int) -> float:
        """A value in a disc; returns the disc's radius (it grows to hold a legible value)."""
        fsize = legible(size * (0.3 if value < 100 else 0.24), MIN_VALUE_PX)
        r = max(size * 0.17, fsize * (0.5 if value < 100 else 0.62))  # the value fits inside
        _aa_circle(surface, pos, r + 1, colors.CITY_OUTLINE)
        _aa_circle(surface, pos, r, colors.REVENUE_FILL)
        text(surface, str(value), pos, fsize, colors.TEXT, bold=True)
        return r + 1

    # ----------------------------------------------------------------- a whole hex
    def draw_tile(
        self,
        surface: pygame.Surface,
        center: Point,
        size: float,
        tile: TileDef,
        rotation: int,
        phase: str,
        *,
        coord: str | None = None,
        hexdef: Any = None,
        tokens: Mapping[int, Sequence[str]] | None = None,
        reserved: Mapping[int, Sequence[str]] | None = None,
        show_coord: bool = True,
        outline: bool = True,
    ) -> None:
        """Draw ``tile`` turned by ``rotation`` as hex ``coord`` (``hexdef``: the map hex, for
        its name, terrain and borders)."""
        tokens = tokens or {}
        reserved = reserved or {}
        self.background(surface, center, size, colors.tile_color(tile.color))
        shape = tile_shape(self.grid, tile, rotation)
        cx, cy = center
        preprinted = hexdef is not None and tile.id == hexdef.tile_id

        def px(p: Point) -> Point:
            return (cx + p[0] * size, cy + p[1] * size)

        spots = Spots()
        track_w = max(2.0, size * 0.13)
        for line in shape.paths:
            thick_polyline(surface, [px(p) for p in line], track_w + 2, colors.TRACK_EDGE)
            spots.add_line(line, 0.08)
        for line in shape.paths:
            thick_polyline(surface, [px(p) for p in line], track_w, colors.TRACK)

        many = len(shape.stops) >= 4
        for place in shape.stops:
            stop = tile.stops[place.index]
            pos = px(place.pos)
            if stop.kind == "town":
                if place.bar is not None:
                    tx, ty = place.bar
                    half_len, half_w = size * 0.2, size * 0.07
                    nx, ny = -ty, tx
                    pts = [(pos[0] + nx * half_len + tx * half_w, pos[1] + ny * half_len + ty * half_w),
                           (pos[0] + nx * half_len - tx * half_w, pos[1] + ny * half_len - ty * half_w),
                           (pos[0] - nx * half_len - tx * half_w, pos[1] - ny * half_len - ty * half_w),
                           (pos[0] - nx * half_len + tx * half_w, pos[1] - ny * half_len + ty * half_w)]
                    _aa_polygon(surface, pts, colors.TOWN)
                    spots.add(place.pos, 0.2)
                else:
                    _aa_circle(surface, pos, size * 0.11, colors.TOWN)
                    spots.add(place.pos, 0.12)
            elif stop.kind == "mine":
                self.mine(surface, pos, size, tokens.get(place.index, ()),
                          reserved.get(place.index, ()))
                spots.add(place.pos, 0.3)
            elif stop.kind == "offboard" and self.value_elsewhere(stop, coord):
                _aa_circle(surface, pos, size * 0.1, colors.TRACK)  # the track's end, no value
                spots.add(place.pos, 0.12)
            else:
                r = 0.2 if many else (0.25 if stop.slots <= 1 else 0.21)
                self.city(surface, pos, size, stop.slots, tokens.get(place.index, ()),
                          reserved.get(place.index, ()), r)
                for c in self.slot_centres(place.pos, r, stop.slots):
                    spots.add(c, r + 0.02)
                    self._mark(coord, px(c), r * size)

        # values: one bubble per stop (one per group), beside its stop
        shown_groups: set[str] = set()
        for place in shape.stops:
            stop = tile.stops[place.index]
            if stop.kind == "mine":
                values = [v for _, v in stop.revenue.steps]
                label = "/".join(str(v) for v in values)
                half_w = 0.11 * len(label) / 2 + 0.06
                where = spots.best(_around(place.pos, 0.46), max(half_w, 0.16))
                box = self.mine_values(surface, px(where), size, values, self.revenue(stop, phase))
                self._mark(coord, box.center, box.height / 2, half_w=box.width / 2)
                spots.add(where, half_w)
                continue
            value = self.revenue(stop, phase)
            if value <= 0 or (stop.group and stop.group in shown_groups):
                continue
            if self.value_elsewhere(stop, coord):
                continue  # one drawing over several hexes (1830's Canada) shows its value once
            if stop.group:
                shown_groups.add(stop.group)
            reach = 0.4 if stop.kind == "city" else 0.3
            if stop.kind == "city" and stop.slots > 1:
                reach = 0.21 * stop.slots * 0.5 + 0.36
            cands = ([(0.0, 0.0)] if many else []) + _around(place.pos, reach)
            where = spots.best(cands, 0.17)
            drawn = self.revenue_bubble(surface, px(where), size, value)
            self._mark(coord, px(where), drawn)
            spots.add(where, 0.18)

        # labels (X, Y, T...), terrain, then the name at the bottom (or top), coordinate at the top
        labels = list(tile.labels)
        if hexdef is not None and not tile.labels and hexdef.labels and preprinted:
            labels = list(hexdef.labels)
        name_at = None
        if labels:
            where = spots.best(LABEL_SPOTS, 0.16)
            shown = text(surface, " ".join(labels), px(where), legible(size * 0.42, MIN_VALUE_PX),
                         colors.TEXT, bold=True)
            self._mark(coord, shown.center, shown.height / 2, half_w=shown.width / 2)
            spots.add(where, 0.17)
        if hexdef is not None:
            if preprinted and hexdef.terrain:
                first = (0.0, -0.12) if not shape.stops and not shape.paths else None
                cands = ([first] if first else []) + TERRAIN_SPOTS
                # the mark with its cost under it: a block about 0.5 wide and 0.7 high, whose
                # middle is a little below the mark's
                costed = any(t.cost for t in hexdef.terrain) and size >= COMPACT_SIZE
                low = 0.14 if costed else 0.0
                reach = 0.32 if costed else 0.22
                mid = spots.best([(x, y + low) for x, y in cands], reach)
                scale = 1.0
                if spots.room(mid, reach) < 0:  # no room for the full mark: a smaller one clear
                    shifted = [(x * 1.1, y * 1.1 + low * 0.7) for x, y in cands]
                    small = self._small_terrain_at(spots, hexdef.name, size,
                                                   (mid, 0.3 if costed else 0.25), shifted, reach * 0.7)
                    if small is not None:
                        scale, low, mid = 0.7, low * 0.7, small
                where = (mid[0], mid[1] - low)
                self.terrain(surface, center, size, hexdef, where, scale)
                half = (0.3 if costed else 0.26) * size * scale, (0.36 if costed else 0.24) * size * scale
                self._mark(coord, px(mid), half[1], half_w=half[0], soft=True)
                spots.add(mid, (0.3 if costed else 0.25) * scale)
            if hexdef.future_label is not None:
                fl = hexdef.future_label
                where = spots.best(LABEL_SPOTS, 0.15)
                text(surface, f"{fl.label}@{fl.phase}", px(where), round(size * 0.26),
                     colors.TEXT_DIM)
            if hexdef.name:  # last: a name may reach past the hex, the marks may not
                # the name's own size in hex units: at a small zoom its face is raised to stay
                # legible, so it is wider than the hex and must be measured, not assumed
                half_w, half_h = self.name_extent(size, hexdef.name)
                stretch = max(1.0, half_w / half_h)
                name_at = spots.best(NAME_SPOTS + MORE_NAME_SPOTS, half_h, stretch=stretch)
                crowded = spots.room(name_at, half_h, stretch=stretch) < 0
                spots.add_box(name_at, half_w, half_h)
            if name_at is not None and self.names is not None:  # drawn once every hex is
                self.names.append(NameSpot(coord or "", px(name_at), size, hexdef.name, crowded))
            elif name_at is not None:
                self.name(surface, px(name_at), size, hexdef.name, crowded)
        if coord and show_coord:
            text(surface, coord, (cx, cy - size * 0.86), round(size * 0.24), colors.TEXT_DIM,
                 anchor="midtop")
        if outline:
            self.outline(surface, center, size)

    def _mark(self, coord: str | None, at: Point, radius: float, half_w: float | None = None,
              soft: bool = False) -> None:
        """While a whole board is drawn: a token, value, label or terrain cost that a
        neighbour's name must not cover (``half_w``: a mark wider than high; ``soft``: one a
        name on a large board may cover when it has no other place)."""
        if self.names is not None and coord:
            r = max(4, round(radius))
            w = max(4, round(half_w)) if half_w is not None else r
            rect = pygame.Rect(round(at[0]) - w, round(at[1]) - r, 2 * w, 2 * r)
            self.marks.append((coord, rect))
            if soft:
                self._soft.add((coord, tuple(rect)))

    def name_lines(self, size: float, name: str) -> tuple[int, list[str]]:
        """The face and lines of a city name: long double names ("A & B") on two lines."""
        lines = [name]
        if len(name) > 12 and " & " in name:
            first, second = name.split(" & ", 1)
            lines = [first + " &", second]
        return legible(size * (0.3 if max(len(x) for x in lines) <= 10 else 0.26), MIN_NAME_PX), lines

    def name_extent(self, size: float, name: str) -> tuple[float, float]:
        """Half the width and half the height of a drawn name, in hex units."""
        fsize, lines = self.name_lines(size, name)
        f = font(fsize)
        w = max(f.size(line)[0] for line in lines)
        h = f.get_height() + fsize * 0.72 * (len(lines) - 1)
        return w / 2 / size + 0.02, h / 2 / size + 0.01

    def name_rect(self, spot: NameSpot) -> pygame.Rect:
        half_w, half_h = self.name_extent(spot.size, spot.name)
        x, y = spot.pos
        return pygame.Rect(round(x - half_w * spot.size), round(y - half_h * spot.size),
                           round(2 * half_w * spot.size), round(2 * half_h * spot.size)).inflate(4, 0)

    def name_rank(self, coord: str) -> tuple[int, str]:
        """Which of two colliding names stays on a small board: cities before towns before
        named country (a pass, a mine), more city slots first."""
        hexdef = self.title.map.hexes.get(coord)
        stops = hexdef.as_tile().stops if hexdef is not None else ()
        rank = sum(10 + 5 * st.slots for st in stops if st.kind == "city")
        rank += sum(3 for st in stops if st.kind in ("town", "offboard"))
        return (-rank, coord)

    def draw_names(self, surface: pygame.Surface, redrawn: set[str] | None = None) -> None:
        """The names kept back while the board was drawn (see ``names``), each where it covers
        no neighbour's token, value or label and no other name: at its hex's spot, else nudged
        a little. On a small board (names wider than hexes) a name with no clear place is left
        out, the lesser of two first (see ``name_rank``); the hover still names every hex.
        ``redrawn``: only these hexes were drawn again on a board drawn whole before at this
        size, so the names are decided among all of that board's, and a name reaching into a
        redrawn hex is drawn again."""
        spots = {spot.coord: spot for spot in self.names or ()}
        size = next(iter(spots.values())).size if spots else None
        fresh = self.marks
        self.names, self.marks = None, []
        if size is None:
            return
        known = dict(self._shown_names.get(size, {})) if redrawn is not None else {}
        known.update(spots)
        marks = [m for m in self._marks.get(size, []) if m[0] not in spots] if redrawn is not None else []
        marks += fresh
        kept: list[pygame.Rect] = []
        shown: dict[str, tuple[NameSpot, pygame.Rect]] = {}
        order = sorted(known, key=self.name_rank)
        everything = [r for _, r in marks]
        # a name past the board's edge would be cut: each starts inside it, and moves in it
        edge = surface.get_rect()
        origin = {coord: self.name_rect(known[coord]) for coord in order}
        bases = {coord: origin[coord].clamp(edge) for coord in order}

        def nudged(coord: str) -> list[pygame.Rect]:
            base = bases[coord]
            moved = (base.move(round(dx * base.width), round(dy * base.height)) for dx, dy in NAME_NUDGES)
            return [r for r in moved if edge.contains(r)]

        # first every name that is clear where its hex put it, then the others nudged
        chosen: dict[str, pygame.Rect] = {}
        for coord in order:
            if bases[coord].collidelist(everything + kept) < 0:
                chosen[coord] = bases[coord]
                kept.append(bases[coord])

        def room(coord: str) -> int:  # the clear nudges a name has: the fewest choose first
            return sum(1 for r in nudged(coord) if r.collidelist(everything + kept) < 0)

        for coord in sorted((c for c in order if c not in chosen), key=lambda c: (room(c), order.index(c))):
            base = bases[coord]
            rect = next((r for r in nudged(coord) if r.collidelist(everything + kept) < 0), None)
            if rect is None and base.collidelist([r for c, r in marks if c != coord] + kept) < 0:
                rect = base  # its own hex is crowded: the in-hex spot is the best it has
            if rect is None and size >= COMPACT_SIZE:  # over a neighbour's mark on a large
                # board (not its tokens), never over a name
                tokens = [r for c, r in marks if r.width >= 0.35 * size  # tokens and values
                          and (c, tuple(r)) not in self._soft] + kept
                rect = next((r for r in nudged(coord) if r.collidelist(tokens) < 0), None)
            if rect is not None:
                chosen[coord] = rect
                kept.append(rect)
        for coord in order:  # a name still left out: one name in its way moves aside for it
            if coord not in chosen:
                self._make_room(coord, nudged, chosen, everything)
        for coord in order:
            if coord in chosen:
                spot, rect, first = known[coord], chosen[coord], origin[coord]
                shown[coord] = (attrs.evolve(spot, pos=(spot.pos[0] + rect.x - first.x,
                                                         spot.pos[1] + rect.y - first.y)), rect)
        before = self._shown_rects.get(size, {}) if redrawn is not None else {}
        self._shown_names = {size: known}
        self._marks = {size: marks}
        self.shown_names = {coord: rect for coord, (_, rect) in shown.items()}
        self._shown_rects = {size: dict(self.shown_names)}
        areas = [self.hex_box(c, size) for c in redrawn or ()]
        # a name that moved or went, whose old letters lie outside the hexes drawn again,
        # would leave them behind: the board must be drawn whole instead
        def inside(rect: pygame.Rect | None) -> bool:
            return rect is None or any(box.contains(rect) for box in areas)

        self.stale = redrawn is not None and any(
            before.get(c) != self.shown_names.get(c)
            and not (inside(before.get(c)) and inside(self.shown_names.get(c)))
            for c in set(before) | set(self.shown_names))
        for coord, (spot, rect) in shown.items():
            if redrawn is None or coord in spots or rect.collidelist(areas) >= 0:
                self.name(surface, spot.pos, spot.size, spot.name, spot.crowded)

    @staticmethod
    def _make_room(coord: str, nudged: Any, chosen: dict[str, pygame.Rect],
                   marks: list[pygame.Rect]) -> None:
        """Place ``coord``'s name at a nudge where only one placed name is in the way and
        that name has another clear nudge; nothing changes when there is none."""
        for rect in nudged(coord):
            if rect.collidelist(marks) >= 0:
                continue
            blockers = [c for c, r in chosen.items() if r.colliderect(rect)]
            if len(blockers) != 1:
                continue
            other = blockers[0]
            rest = [r for c, r in chosen.items() if c != other] + [rect] + marks
            move = next((r for r in nudged(other) if r.collidelist(rest) < 0), None)
            if move is not None:
                chosen[other], chosen[coord] = move, rect
                return

    def hex_box(self, coord: str, size: float) -> pygame.Rect:
        """Set by the board: the pixel box of a hex on its surface (see BoardRenderer)."""
        return pygame.Rect(0, 0, 0, 0) if self.box_of is None else self.box_of(coord, size)

    def name(self, surface: pygame.Surface, pos: Point, size: float, name: str,
             crowded: bool = False) -> None:
        """A city name; long double names ("A & B") on two lines; on a pale ground where it
        would cross track or a city."""
        fsize, lines = self.name_lines(size, name)
        step = fsize * 0.72
        y = pos[1] - step * (len(lines) - 1) / 2
        for line in lines:
            if crowded:  # a pale halo keeps the name readable over track
                for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                    text(surface, line, (pos[0] + dx, y + dy), fsize, colors.TILE["white"])
            text(surface, line, (pos[0], y), fsize, colors.TEXT)
            y += step

    def border(self, surface: pygame.Surface, center: Point, size: float, edge: int,
               kind: str) -> None:
        a, b = corner(self.grid, edge), corner(self.grid, edge + 1)
        color = colors.IMPASSABLE_BORDER if kind == "impassable" else colors.PROVINCE_BORDER
        pygame.draw.line(surface, color, (center[0] + a[0] * size, center[1] + a[1] * size),
                         (center[0] + b[0] * size, center[1] + b[1] * size),
                         max(2, round(size / 9)))
