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

R = 13  # city radius in pixels
MARGIN = 34
LEFT = 96  # room for the names of the westernmost cities


class MapView:
    """Pixel positions of the sites inside ``rect`` and the drawing of one position."""

    def __init__(self, data: Any, rect: pygame.Rect, zoom: float = 1.0,
                 pan: tuple[float, float] = (0.0, 0.0)) -> None:
        """``zoom`` scales the map about the middle of ``rect``; ``pan`` then shifts it (pixels)."""
        self.data = data
        self.rect = pygame.Rect(rect)
        self.zoom = zoom
        self.pan = pan
        self._labels: dict[str, pygame.Rect] = {}
        self._short: dict[str, bool] = {}  # cities whose label had room for the name only
        xs = [s.x for s in data.sites.values()]
        ys = [s.y for s in data.sites.values()]
        self._box = (min(xs), min(ys), max(xs) - min(xs) or 1, max(ys) - min(ys) or 1)

    def pos(self, site: str) -> tuple[int, int]:
        s = self.data.sites[site]
        x0, y0, w, h = self._box
        r = self.rect
        bx = r.x + LEFT + (s.x - x0) / w * (r.width - LEFT - MARGIN - 40)
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
        self._labels = self._place_labels(state)
        for sid in data.sites:
            self._city(surface, state, sid, seats, sid == selected or sid in legal and False)
            if sid == selected:
                pygame.draw.circle(surface, palette.SELECTED, self.pos(sid), R + 5, 3)
        self._legend(surface)  # last: a zoomed map passes under it
        surface.set_clip(clip)

    def _place_labels(self, state: Any) -> dict[str, pygame.Rect]:
        """A spot for each city's label around it that overlaps no city, no city's boxes, no
        crown and no label placed before, where there is one: eight spots at two distances
        are scored (a city or a crown covered weighs more than another label); the most
        crowded cities choose first. What still cannot be placed clear is dropped to the name
        alone, and a zoom (wheel) makes room for all."""
        data = self.data
        discs: dict[str, pygame.Rect] = {}
        for sid in data.sites:
            x, y = self.pos(sid)
            discs[sid] = pygame.Rect(x - R - 6, y - R - 6, 2 * R + 12 + 36, 2 * R + 16)
        crowns = [pygame.Rect(m[0] - 10, m[1] - 10, 20, 20)
                  for m in (self.connection_mid(c) for c in data.connections
                            if c in state.crowned or data.connections[c].semmering)]

        def crowding(sid: str) -> int:
            x, y = self.pos(sid)
            return -sum(1 for o in data.sites if o != sid
                        and abs(self.pos(o)[0] - x) + abs(self.pos(o)[1] - y) < 160 * self.zoom)

        def choose(sid: str, placed: list[pygame.Rect]) -> tuple[float, pygame.Rect, bool]:
            x, y = self.pos(sid)
            info = words.content(data, state, sid)
            hub = state.sites[sid].tile[4:] if state.sites[sid].tile.startswith("hub:") else None
            name, marks = _label_lines(state, sid, info, hub, data.sites[sid].name)
            others = [r for o, r in discs.items() if o != sid] + crowns
            best: tuple[float, pygame.Rect, bool] | None = None
            for lines in ((name, marks), (name, "")) if marks else ((name, ""),):
                w = max(rendered_width(lines[0], 15), rendered_width(lines[1], 14)) + 4
                h = 27 if lines[1] else 14
                for spot in _spots(x, y, w, h):
                    score = (3 * len(spot.collidelistall(others)) + 2 * len(spot.collidelistall(placed))
                             + (0 if self.rect.contains(spot) else 4) + (0.5 if lines[1] != marks else 0))
                    if best is None or score < best[0]:
                        best = (score, spot, lines[1] != marks)
                if best is not None and best[0] < 0.5:
                    break
            assert best is not None
            return best

        out: dict[str, pygame.Rect] = {}
        for sid in sorted(data.sites, key=lambda s: (crowding(s), self.pos(s)[1], self.pos(s)[0])):
            _, out[sid], self._short[sid] = choose(sid, list(out.values()))
        for _ in range(3):  # then each label that still overlaps looks again, all others placed
            moved = False
            for sid, rect in list(out.items()):
                rest = [r for o, r in out.items() if o != sid]
                if rect.collidelist(rest) < 0:
                    continue
                _, better, short = choose(sid, rest)
                if better != rect:
                    out[sid], self._short[sid], moved = better, short, True
            if not moved:
                break
        return out

    def _legend(self, surface: pygame.Surface) -> None:
        """What the marks mean, in the map's free south-east corner."""
        box = pygame.Rect(self.rect.right - 214, self.rect.bottom - 104, 208, 98)
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
        spots: dict[str, list[tuple[int, int]]] = {}
        for sid, site in self.data.sites.items():
            spots.setdefault(site.region, []).append(self.pos(sid))
        for region, points in spots.items():
            x = sum(p[0] for p in points) / len(points)
            y = max(p[1] for p in points) + 30
            text(surface, self.data.regions.get(region, region).upper(), (x, y), 18,
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
        # the name with the station cost, and the opportunities (Business token, influence
        # hexagon, hub influence) under it, where the placer found room
        box = self._labels.get(sid)
        if box is not None:
            name, marks = _label_lines(state, sid, info, hub, site.name)
            text(surface, name, (box.centerx, box.y), 15, (30, 30, 30), anchor="midtop")
            if marks and not self._short.get(sid):
                text(surface, marks, (box.centerx, box.y + 13), 14, (110, 60, 10), anchor="midtop")
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


def _spots(x: int, y: int, w: int, h: int) -> list[pygame.Rect]:
    """Where a label of ``w`` x ``h`` may go around a city at (x, y), best first: left, above,
    below, right (past the station boxes), then the four corners, then the same further out."""
    out = []
    for far in (0, 10):
        out += [pygame.Rect(x - R - 5 - w - far, y - h // 2, w, h),
                pygame.Rect(x - w // 2, y - R - 8 - h - far, w, h),
                pygame.Rect(x - w // 2, y + R + 11 + far, w, h),
                pygame.Rect(x + R + 40 + far, y - h // 2, w, h),
                pygame.Rect(x - R - w - far, y - R - h - far, w, h),
                pygame.Rect(x + R + far, y - R - h - far, w, h),
                pygame.Rect(x - R - w - far, y + R + far, w, h),
                pygame.Rect(x + R + 30 + far, y + R + far, w, h)]
    return out


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
