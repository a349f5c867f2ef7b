"""The map: city sites at the title's layout positions, connections by kind (bridges gray,
tunnels orange), crowned State Railways, each player's tracks beside the line, and on each
city its Effort, hub colour and influence, stations, factory sites and demand spaces."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

import pygame

from railyard.renderer.fonts import font, text
from railyard.renderer.imperial_steam import palette, words
from railyard.renderer.ui import labels as labels_ui

R = 13  # city radius in pixels
MARGIN = 34
LEFT = 70  # room for the names of the westernmost cities
NAME_SIZE, MARKS_SIZE, REGION_SIZE = 15, 14, 18
NAME_H, MARKS_H = 11, 10
INLINE_GAP = 5  # the line heights of those faces (pygame's 15 draws 10 px high)
_PLACED: dict[tuple, tuple] = {}  # label places by view and position (see _place_labels)
LEADER = (70, 60, 45)  # the line from a label drawn away to its city


class MapView:
    """Pixel positions of the sites inside ``rect`` and the drawing of one position."""

    def __init__(self, data: Any, rect: pygame.Rect, zoom: float = 1.0,
                 pan: tuple[float, float] = (0.0, 0.0), moving: bool = False) -> None:
        """``zoom`` scales the map about the middle of ``rect``; ``pan`` then shifts it (pixels);
        ``moving``: the map is being dragged, so its labels move with it, not placed anew."""
        self.data = data
        self.moving = moving
        self.rect = pygame.Rect(rect)
        self.zoom = zoom
        self.pan = pan
        self._labels: dict[str, pygame.Rect] = {}
        self._short: dict[str, bool] = {}  # cities whose label had room for the name only
        self._form: dict[str, int] = {}  # 0 name over opportunities, 1 on one line, 2 name only
        self._leaders: dict[str, bool] = {}  # labels drawn away from their city, with a line
        self._region_spots: dict[str, tuple[int, int]] = {}
        xs = [s.x for s in data.sites.values()]
        ys = [s.y for s in data.sites.values()]
        self._box = (min(xs), min(ys), max(xs) - min(xs) or 1, max(ys) - min(ys) or 1)

    def pos(self, site: str) -> tuple[int, int]:
        s = self.data.sites[site]
        x0, y0, w, h = self._box
        r = self.rect
        bx = r.x + LEFT + (s.x - x0) / w * (r.width - LEFT - MARGIN - 24)
        by = r.y + MARGIN + (s.y - y0) / h * (r.height - 2 * MARGIN - 20)
        cx, cy = r.center
        return (round(cx + (bx - cx) * self.zoom + self.pan[0]),
                round(cy + (by - cy) * self.zoom + self.pan[1]))

    def connection_mid(self, conn_id: str) -> tuple[int, int]:
        conn = self.data.connections[conn_id]
        (ax, ay), (bx, by) = self.pos(conn.a), self.pos(conn.b)
        return ((ax + bx) // 2, (ay + by) // 2)

    # ------------------------------------------------------------------ hit-testing
    def at(self, point: tuple[int, int]) -> str | None:
        """The site (within its circle) or else the connection (within 8 px) under a pixel."""
        px, py = point
        for sid in self.data.sites:
            x, y = self.pos(sid)
            if (px - x) ** 2 + (py - y) ** 2 <= (R + 3) ** 2:
                return sid
        best, best_d = None, 8.0
        for cid, conn in self.data.connections.items():
            d = _segment_distance(point, self.pos(conn.a), self.pos(conn.b))
            if d < best_d:
                best, best_d = cid, d
        return best

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, state: Any, seats: tuple[str, ...],
             legal: Iterable[str] = (), selected: str | None = None) -> None:
        data = self.data
        pygame.draw.rect(surface, palette.MAP_BG, self.rect)
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        self._labels = self._place_labels(state)
        self._regions(surface)
        legal = set(legal)
        owners: dict[str, list[str]] = {}
        for pid in seats:
            for conn in state.players[pid].tracks:
                owners.setdefault(conn, []).append(pid)
        for cid, conn in data.connections.items():
            a, b = self.pos(conn.a), self.pos(conn.b)
            if cid == selected:
                pygame.draw.line(surface, palette.SELECTED, a, b, 14)
            elif cid in legal:
                pygame.draw.line(surface, palette.LEGAL, a, b, 11)
            pygame.draw.line(surface, palette.CONNECTION.get(conn.kind, palette.CONNECTION["plain"]), a, b,
                             6 if conn.kind != "plain" else 4)
            self._tracks(surface, a, b, [palette.player_color(seats, p) for p in owners.get(cid, [])])
            mid = self.connection_mid(cid)
            if cid in state.crowned:
                _crown(surface, mid)
            elif conn.semmering:
                pygame.draw.circle(surface, (250, 250, 250), mid, 8)
                text(surface, "S", mid, 16, (20, 20, 20), bold=True)
                if state.semmering:
                    pygame.draw.circle(surface, palette.player_color(seats, state.semmering), mid, 9, 2)
        for sid, box in self._labels.items():  # leader lines under every city and label
            if self._leaders.get(sid):
                x, y = self.pos(sid)
                end = (min(max(x, box.left), box.right), min(max(y, box.top), box.bottom))
                pygame.draw.line(surface, LEADER, (x, y), end, 1)
        for sid in data.sites:
            self._city(surface, state, sid, seats, sid == selected or sid in legal and False)
            if sid == selected:
                pygame.draw.circle(surface, palette.SELECTED, self.pos(sid), R + 5, 3)
        for sid in self._labels:
            self._label(surface, state, sid)
        self._legend(surface)  # last: a zoomed map passes under it
        surface.set_clip(clip)

    def footprint(self, state: Any, sid: str) -> pygame.Rect:
        """What a city draws (its disc, hub ring, station and factory boxes, demand spaces): no
        label may cover it."""
        x, y = self.pos(sid)
        info = words.content(self.data, state, sid)
        ring = R + 5 if state.sites[sid].tile.startswith("hub:") else R + 1
        factories = sum(1 for f in info.factory_sites if len(state.players) >= f.min_players)
        right = max(x + ring, x + R + 3 + 9 * info.station_sites - 1, x + R + 3 + 12 * factories - 2)
        bottom = y + R + 11 if info.demands else y + ring
        half = max(0, len(info.demands) * 10 // 2)
        left = min(x - ring, x - half)
        return pygame.Rect(left, y - ring, right - left + 1, bottom - (y - ring) + 1)

    def legend_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.right - 214, self.rect.bottom - 104, 208, 98)

    def moved(self) -> bool:
        """Zoomed or panned away from the Fit view."""
        return self.zoom != 1.0 or self.pan != (0.0, 0.0)

    def gliding(self) -> bool:
        """Dragged while zoomed: the labels placed over the whole zoomed map move with it (and
        with it under the legend) until the drag ends, when they are placed for the view."""
        return self.moving and self.moved()

    def icons(self, state: Any) -> list[pygame.Rect]:
        """Crowns and the Semmering mark on connections, and the legend (fixed in the view):
        never under a label."""
        mids = [self.connection_mid(c) for c in self.data.connections
                if c in state.crowned or self.data.connections[c].semmering]
        crowns = [pygame.Rect(m[0] - 10, m[1] - 10, 20, 20) for m in mids]
        return crowns if self.gliding() else crowns + [self.legend_rect()]

    def _place_labels(self, state: Any) -> dict[str, pygame.Rect]:
        """A spot for each city's label (name and station cost over its opportunities) that
        covers no other label, no city, no crown and no legend, by ``ui.labels.place``; a label
        with no clear spot keeps its name and drops the opportunities line (the hover says them
        too), and one drawn away from its city gets a leader line. Worked out once per view and
        position, not per frame; while a zoomed map is dragged its labels, placed once per zoom
        over the whole zoomed map, move with it (no placing on every motion)."""
        data = self.data
        base = MapView(data, self.rect, self.zoom, moving=True) if self.gliding() else self
        bounds = self.rect.inflate(-4, -4)
        if self.gliding():
            bounds = pygame.Rect(0, 0, round(self.rect.width * self.zoom) - 4,
                                 round(self.rect.height * self.zoom) - 4)
            bounds.center = self.rect.center
        texts = {}
        for sid in data.sites:
            info = words.content(data, state, sid)
            hub = state.sites[sid].tile[4:] if state.sites[sid].tile.startswith("hub:") else None
            texts[sid] = _label_lines(state, sid, info, hub, data.sites[sid].name)
        key = (tuple(self.rect), self.zoom, None if self.gliding() else self.pan, tuple(sorted(texts.items())),
               tuple(sorted(state.crowned)), len(state.players))
        cached = _PLACED.get(key)
        if cached is None:
            cached = base._solve(state, texts, bounds)
            if len(_PLACED) > 64:
                _PLACED.clear()
            _PLACED[key] = cached
        labels, forms, self._leaders, regions = cached
        self._form = dict(forms)
        self._short = {sid: form == 2 for sid, form in forms.items()}
        dx, dy = (round(self.pan[0]), round(self.pan[1])) if self.gliding() else (0, 0)
        self._region_spots = {r: (x + dx, y + dy) for r, (x, y) in regions.items()}
        return {sid: rect.move(dx, dy) for sid, rect in labels.items()}

    def _solve(self, state: Any, texts: dict[str, tuple[str, str]], bounds: pygame.Rect) -> tuple:
        data = self.data
        homes = {sid: self.footprint(state, sid) for sid in data.sites}
        shown = [sid for sid in data.sites if bounds.colliderect(homes[sid])]
        if self.moved() and not self.gliding():  # a city the zoomed map puts under the legend
            shown = [sid for sid in shown if not homes[sid].colliderect(self.legend_rect())]
        labels = []
        for sid in shown:
            name, marks = texts[sid]
            w_name = rendered_width(name, NAME_SIZE) + 2
            forms = []
            if marks:  # the opportunities under the name, else beside it, else left out
                w_marks = rendered_width(marks, MARKS_SIZE) + 2
                forms.append(labels_ui.Form(max(w_name, w_marks), NAME_H + MARKS_H))
                forms.append(labels_ui.Form(w_name + INLINE_GAP + w_marks, NAME_H, 15.0))
            forms.append(labels_ui.Form(w_name, NAME_H, 40.0 if marks else 0.0))
            labels.append(labels_ui.Label(sid, homes[sid], tuple(forms)))
        # every city is an obstacle for each label, also those drawn just past the edge
        off = [homes[s] for s in data.sites if s not in shown]
        segments = [(self.pos(c.a), self.pos(c.b)) for c in data.connections.values()]
        placed = labels_ui.place(labels, self.icons(state) + off, bounds, segments)
        rects = {sid: p.rect for sid, p in placed.items()}
        # which form each label took: 0 two lines, 1 one line, 2 the name alone
        short = {lab.key: placed[lab.key].form for lab in labels}  # a label with no
        # opportunities has the one form, 0
        leaders = {sid: p.leader for sid, p in placed.items()}
        taken = list(rects.values()) + list(homes.values()) + self.icons(state)
        return rects, short, leaders, self._place_regions(taken, bounds)

    def _place_regions(self, taken: list[pygame.Rect], bounds: pygame.Rect) -> dict[str, tuple[int, int]]:
        """Each region's name near the foot of its cities where it covers no label, city or
        icon; a region with no clear spot is not named on the map at this size."""
        spots: dict[str, list[tuple[int, int]]] = {}
        for sid, site in self.data.sites.items():
            spots.setdefault(site.region, []).append(self.pos(sid))
        out: dict[str, tuple[int, int]] = {}
        for region, points in spots.items():
            words_ = self.data.regions.get(region, region).upper()
            w, h = font(REGION_SIZE, True).size(words_)
            x0 = sum(p[0] for p in points) / len(points)
            y0 = max(p[1] for p in points) + 30
            best = None
            for dy in (0, -12, 12, -24, 24, -36, 36, -48, -60, -72):
                for dx in (0, -30, 30, -60, 60, -90, 90):
                    rect = pygame.Rect(round(x0 + dx - w / 2), round(y0 + dy - h / 2), w, h)
                    if bounds.contains(rect) and rect.collidelist(taken) < 0:
                        best = rect
                        break
                if best is not None:
                    break
            if best is not None:
                out[region] = best.center
                taken.append(best)
        return out

    def _legend(self, surface: pygame.Surface) -> None:
        """What the marks mean, in the map's free south-east corner."""
        box = self.legend_rect()
        pygame.draw.rect(surface, (236, 230, 206), box, border_radius=4)
        pygame.draw.rect(surface, (150, 140, 112), box, 1, border_radius=4)
        x, y = box.x + 8, box.y + 6
        ink = (40, 36, 30)
        pygame.draw.circle(surface, palette.CITY_FILL, (x + 6, y + 6), 6)
        pygame.draw.circle(surface, palette.CITY_EDGE, (x + 6, y + 6), 6, 1)
        text(surface, "Effort; name, station cost", (x + 18, y), 14, ink, anchor="topleft")
        y += 15
        pygame.draw.rect(surface, (250, 250, 250), (x + 2, y + 2, 8, 8))
        pygame.draw.rect(surface, (40, 40, 40), (x + 2, y + 2, 8, 8), 1)
        text(surface, "station sites (filled: built)", (x + 18, y), 14, ink, anchor="topleft")
        y += 15
        pygame.draw.rect(surface, palette.GOODS["wood"], (x + 1, y + 1, 10, 10))
        text(surface, "factory site (dot: built)", (x + 18, y), 14, ink, anchor="topleft")
        y += 15
        pygame.draw.circle(surface, palette.GOODS["iron"], (x + 6, y + 6), 4)
        text(surface, "demand (ring: delivered)", (x + 18, y), 14, ink, anchor="topleft")
        y += 15
        _crown(surface, (x + 6, y + 6))
        text(surface, "State Railway   B Business", (x + 18, y), 14, ink, anchor="topleft")
        y += 15
        for i, kind in enumerate(("bridge", "tunnel")):
            pygame.draw.line(surface, palette.CONNECTION[kind], (x + i * 90, y + 6), (x + i * 90 + 14, y + 6), 5)
            text(surface, kind, (x + i * 90 + 18, y), 14, ink, anchor="topleft")

    def _regions(self, surface: pygame.Surface) -> None:
        for region, at in self._region_spots.items():
            text(surface, self.data.regions.get(region, region).upper(), at, REGION_SIZE,
                 palette.REGION_TEXT, bold=True)

    @staticmethod
    def _tracks(surface: pygame.Surface, a: tuple[int, int], b: tuple[int, int],
                cols: list[tuple[int, int, int]]) -> None:
        """One coloured line per owner, side by side along the connection."""
        if not cols:
            return
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy) or 1
        nx, ny = -dy / length, dx / length
        shrink = (R + 2) / length
        for i, col in enumerate(cols):
            off = (i - (len(cols) - 1) / 2) * 5 + 6
            p = (a[0] + dx * shrink + nx * off, a[1] + dy * shrink + ny * off)
            q = (b[0] - dx * shrink + nx * off, b[1] - dy * shrink + ny * off)
            pygame.draw.line(surface, (20, 20, 20), p, q, 6)
            pygame.draw.line(surface, col, p, q, 4)

    def _label(self, surface: pygame.Surface, state: Any, sid: str) -> None:
        """The name with the station cost, and the opportunities (Business token, influence
        hexagon, hub influence) under it where the placer found room, on a veil of the map's
        ground so that a line under the label does not cut the letters."""
        box = self._labels[sid]
        info = words.content(self.data, state, sid)
        hub = state.sites[sid].tile[4:] if state.sites[sid].tile.startswith("hub:") else None
        name, marks = _label_lines(state, sid, info, hub, self.data.sites[sid].name)
        ground = pygame.Surface(box.size, pygame.SRCALPHA)
        ground.fill((*palette.MAP_BG, 190))
        surface.blit(ground, box.topleft)
        form = self._form.get(sid, 0) if marks else 0
        if form == 1:  # on one line: the name, then the opportunities
            drawn = text(surface, name, (box.x + 1, box.y), NAME_SIZE, (30, 30, 30), anchor="topleft")
            text(surface, marks, (drawn.right + INLINE_GAP, box.y + 1), MARKS_SIZE, (110, 60, 10),
                 anchor="topleft")
            return
        text(surface, name, (box.centerx, box.y), NAME_SIZE, (30, 30, 30), anchor="midtop")
        if marks and form == 0:
            text(surface, marks, (box.centerx, box.y + NAME_H), MARKS_SIZE, (110, 60, 10),
                 anchor="midtop")

    def _city(self, surface: pygame.Surface, state: Any, sid: str, seats: tuple[str, ...],
              highlight: bool) -> None:
        data = self.data
        site = data.sites[sid]
        x, y = self.pos(sid)
        placed = state.sites[sid]
        info = words.content(data, state, sid)
        hub = placed.tile[4:] if placed.tile.startswith("hub:") else None
        if hub:
            pygame.draw.circle(surface, palette.HUBS.get(hub, (200, 200, 200)), (x, y), R + 5)
            pygame.draw.circle(surface, palette.CITY_EDGE, (x, y), R + 5, 1)
        pygame.draw.circle(surface, palette.CITY_FILL, (x, y), R)
        pygame.draw.circle(surface, palette.CITY_EDGE, (x, y), R, 3 if site.start or site.end else 1)
        text(surface, str(info.effort), (x, y), 20, (20, 20, 20), bold=True)
        # stations: a square per station site, filled in the owner's colour
        sx = x + R + 3
        for i in range(info.station_sites):
            box = pygame.Rect(sx + i * 9, y - 12, 8, 8)
            owner = placed.stations[i] if i < len(placed.stations) else None
            if owner is not None:
                pygame.draw.rect(surface, palette.player_color(seats, owner), box)
            pygame.draw.rect(surface, (40, 40, 40), box, 1)
        # factory sites: a square in the good's colour, a dot of the owner's colour when built
        fx = x + R + 3
        for i, spec in enumerate(info.factory_sites):
            if len(state.players) < spec.min_players:
                continue
            box = pygame.Rect(fx, y - 2, 10, 10)
            pygame.draw.rect(surface, palette.GOODS[spec.good], box)
            pygame.draw.rect(surface, (250, 250, 250), box, 1)
            owner = placed.factories[i] if i < len(placed.factories) else None
            if owner is not None:
                pygame.draw.circle(surface, palette.player_color(seats, owner), box.center, 4)
            fx += 12
        # demand spaces: small circles in the good's colour under the city, ringed when filled
        dx = x - (len(info.demands) * 10) // 2 + 5
        for i, good in enumerate(info.demands):
            c = (dx + i * 10, y + R + 6)
            pygame.draw.circle(surface, palette.GOODS[good], c, 4)
            who = placed.demands[i] if i < len(placed.demands) else None
            if who is not None:
                pygame.draw.circle(surface, palette.player_color(seats, who), c, 5, 2)


def _label_lines(state: Any, sid: str, info: Any, hub: str | None, name: str) -> tuple[str, str]:
    title = name + (f" {info.station_cost}" if info.station_cost else "")
    marks = []
    if info.business:
        marks.append("B")
    if info.influence:
        marks.append(f"+{info.influence}")
    if hub:
        marks.append(f"{hub} {state.hubs[hub].influence}")
    return title, " ".join(marks)


def rendered_width(content: str, size: int) -> int:
    return font(size).size(content)[0] if content else 0


def _crown(surface: pygame.Surface, mid: tuple[int, int]) -> None:
    """A State Railway crown: a small gold crown on a dark disc."""
    x, y = mid
    pygame.draw.circle(surface, (40, 30, 20), mid, 10)
    points = [(x - 7, y + 4), (x - 7, y - 4), (x - 3, y), (x, y - 6), (x + 3, y), (x + 7, y - 4), (x + 7, y + 4)]
    pygame.draw.polygon(surface, palette.CROWN, points)


def _segment_distance(p: tuple[int, int], a: tuple[int, int], b: tuple[int, int]) -> float:
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return math.hypot(p[0] - ax, p[1] - ay)
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))


def label_problems(view: MapView, state: Any) -> list[str]:
    """Every label in view that covers another label, a city, a crown, the legend (at the Fit
    size) or a region's name, or leaves the map (for the tests and the screenshots script)."""
    bounds = view.rect.inflate(-4, -4)
    placed = {s: r for s, r in view._place_labels(state).items()
              if not view.gliding() or bounds.contains(r)}  # dragged: the labels in view
    homes = {sid: view.footprint(state, sid) for sid in view.data.sites}
    regions = []
    for region, at in view._region_spots.items():
        w, h = font(REGION_SIZE, True).size(view.data.regions.get(region, region).upper())
        regions.append(pygame.Rect(at[0] - w // 2, at[1] - h // 2, w, h))
    shown = {sid: labels_ui.Placed(r, 0, False) for sid, r in placed.items()}
    return labels_ui.overlaps(shown, homes, view.icons(state) + regions, bounds)
