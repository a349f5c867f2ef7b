"""Placing map labels so that none covers another, a city, an icon or the map's edge.

Each label has a few forms (its full text, then shorter ones) and, for each form, spots around
the thing it names: beside, above, below, at the corners, slid along each side, and further out
with a leader line back. A spot that covers anything that must stay visible costs far more than
any preference, so the placer first places the most crowded labels greedily and then moves,
one by one, every label that still collides to its cheapest spot given all the others, until
none collides (or a bounded number of rounds has passed). Deterministic: the same inputs give
the same places, so the map does not flicker between frames.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import attrs
import pygame

from railyard.framework.records import Record

HARD = 1000.0  # one covered city, icon, label or edge: more than every preference together
GAP = 2
NEAR = 0.6  # each pixel between a label and what it names
AMBIGUOUS = 40.0  # a label nearer another city than its own
LEADER_CROSS = 60.0  # a leader line across another city or label: worse than any plain spot


def _distance(rect: pygame.Rect, point: tuple[int, int]) -> float:
    x, y = _nearest(rect, point)
    return math.hypot(x - point[0], y - point[1])


def _nearest(rect: pygame.Rect, point: tuple[int, int]) -> tuple[int, int]:
    """The point of ``rect`` nearest ``point`` (where a leader line ends)."""
    return (min(max(point[0], rect.left), rect.right - 1), min(max(point[1], rect.top), rect.bottom - 1))


@attrs.frozen(repr=False)
class Form(Record):
    """One way to write a label: its size, and what choosing it costs (a shorter form loses
    something, so it costs more)."""

    width: int
    height: int
    cost: float = 0.0


@attrs.frozen(repr=False)
class Label(Record):
    key: str
    home: pygame.Rect  # what the label names (a city and its boxes): never covered either
    forms: tuple[Form, ...]
    anchor: tuple[int, int] | None = None  # where a leader line starts (default: home's centre)
    reach: float = 26.0  # a label further from the anchor than this gets a leader line


@attrs.frozen(repr=False)
class Placed(Record):
    rect: pygame.Rect
    form: int  # index into the label's forms
    leader: bool  # drawn away from its home: a thin line joins them


def spots(home: pygame.Rect, form: Form) -> list[tuple[pygame.Rect, float, bool]]:
    """Candidate rectangles around ``home`` for ``form``, with a preference cost each (lower is
    better) and whether the spot needs a leader line."""
    w, h = form.width, form.height
    out: list[tuple[pygame.Rect, float, bool]] = []
    for ring, far in enumerate((0, 5, 12, 22, 34)):
        base = ring * 6.0 + (0 if ring < 2 else 8.0)
        leader = ring >= 2
        g = GAP + far
        left, right = home.left - g - w, home.right + g
        top, bottom = home.top - g - h, home.bottom + g
        mid_y, mid_x = home.centery - h // 2, home.centerx - w // 2
        sides = [
            (left, mid_y, 0.0), (mid_x, top, 0.5), (mid_x, bottom, 1.0), (right, mid_y, 1.5),
            (left, top + h // 2, 2.0), (right, top + h // 2, 2.0),
            (left, bottom - h // 2, 2.5), (right, bottom - h // 2, 2.5),
            (home.left - w, top, 3.0), (home.right, top, 3.0),
            (home.left - w, bottom, 3.5), (home.right, bottom, 3.5),
            (home.left, top, 2.0), (home.right - w, top, 2.0),
            (home.left, bottom, 2.5), (home.right - w, bottom, 2.5),
            (left, top, 4.0), (right, top, 4.0), (left, bottom, 4.5), (right, bottom, 4.5),
        ]
        for x, y, pref in sides:
            out.append((pygame.Rect(x, y, w, h), base + pref + form.cost, leader))
    return out


def _crossings(rect: pygame.Rect, segments: Sequence[tuple[tuple[int, int], tuple[int, int]]]) -> int:
    return sum(1 for a, b in segments if rect.clipline(a, b))


def place(labels: Sequence[Label], obstacles: Sequence[pygame.Rect], bounds: pygame.Rect,
          segments: Sequence[tuple[tuple[int, int], tuple[int, int]]] = (),
          rounds: int = 12) -> dict[str, Placed]:
    """A place for every label (see the module's docstring). ``obstacles`` must stay visible
    (icons, a legend); every label's home is one too, for every other label; ``segments``
    (lines on the map) may be crossed, at a small cost each."""
    homes = [lab.home for lab in labels]
    anchors = [lab.anchor or lab.home.center for lab in labels]
    near = [[j for j, b in enumerate(anchors) if j != i and abs(a[0] - b[0]) + abs(a[1] - b[1]) < 200]
            for i, a in enumerate(anchors)]
    fixed = list(obstacles)
    cands: list[list[tuple[pygame.Rect, float, bool, int]]] = []
    boxes = [pygame.Rect(min(a[0], b[0]), min(a[1], b[1]), abs(a[0] - b[0]) + 1, abs(a[1] - b[1]) + 1)
             for a, b in segments]
    for i, lab in enumerate(labels):
        others = homes[:i] + homes[i + 1:] + fixed
        reach = lab.home.inflate(2 * max(f.width for f in lab.forms) + 100,
                                 2 * max(f.height for f in lab.forms) + 100)
        local = [segments[k] for k in reach.collidelistall(boxes)]  # the lines a spot may cross
        around = [o for o in homes[:i] + homes[i + 1:] if reach.colliderect(o)]
        row = []
        for f, form in enumerate(lab.forms):
            for rect, pref, _ in spots(lab.home, form):
                own = _distance(rect, anchors[i])
                leader = own > lab.reach
                cost = pref * 0.5 + own * NEAR + HARD * len(rect.collidelistall(others))
                if not bounds.contains(rect):
                    cost += HARD
                cost += 0.5 * _crossings(rect, local)
                # nearer another city than its own, a label seems to name that one
                if near[i]:
                    zone = rect.inflate(2 * own + 2, 2 * own + 2)  # only an anchor in here can be nearer
                    cost += AMBIGUOUS * sum(1 for j in near[i] if zone.collidepoint(anchors[j])
                                            and _distance(rect, anchors[j]) < own)
                if leader:  # nor across another city
                    line = (anchors[i], _nearest(rect, anchors[i]))
                    cost += LEADER_CROSS * sum(1 for o in around if o.clipline(*line))
                row.append((rect, cost, leader, f))
        row.sort(key=lambda c: c[1])
        cands.append(row[:160])  # the cheapest spots; the rest cover something already

    def crowding(i: int) -> float:  # fewer clear spots: placed earlier
        return sum(1 for c in cands[i] if c[1] < HARD)

    chosen: list[int | None] = [None] * len(labels)
    rects: list[pygame.Rect | None] = [None] * len(labels)

    def best(i: int) -> int:
        placed = [r for j, r in enumerate(rects) if r is not None and j != i]
        top, top_cost = 0, math.inf
        for k, (rect, cost, leader, _) in enumerate(cands[i]):
            if cost >= top_cost:
                break  # sorted by the fixed part: nothing later can be cheaper
            total = cost + HARD * len(rect.collidelistall(placed)) if placed else cost
            if leader and total < top_cost:  # a leader line across another label misleads
                line = (anchors[i], _nearest(rect, anchors[i]))
                total += LEADER_CROSS * sum(1 for r in placed if r.clipline(*line))
            if total < top_cost:
                top, top_cost = k, total
        return top

    for i in sorted(range(len(labels)), key=lambda i: (crowding(i), labels[i].key)):
        k = best(i)
        chosen[i], rects[i] = k, cands[i][k][0]
    for _ in range(rounds):
        moved = False
        for i in range(len(labels)):
            now = rects[i]
            assert now is not None
            others = [r for j, r in enumerate(rects) if j != i and r is not None]
            if now.collidelist(others) < 0:
                continue
            k = best(i)
            if k != chosen[i]:
                chosen[i], rects[i], moved = k, cands[i][k][0], True
        if not moved:
            break
    out = {}
    for i, lab in enumerate(labels):
        at = chosen[i]
        assert at is not None
        spot, _, leader, f = cands[i][at]
        out[lab.key] = Placed(spot, f, leader)
    return out


def overlaps(placed: dict[str, Placed], homes: dict[str, pygame.Rect],
             obstacles: Sequence[pygame.Rect], bounds: pygame.Rect) -> list[str]:
    """Every collision left: label on label, on another's home, on an obstacle, off bounds."""
    out = []
    items = list(placed.items())
    for i, (key, p) in enumerate(items):
        for other, q in items[i + 1:]:
            if p.rect.colliderect(q.rect):
                out.append(f"{key} / {other}")
        for other, home in homes.items():
            if other != key and p.rect.colliderect(home):
                out.append(f"{key} on {other}")
        out += [f"{key} on an icon {tuple(o)}" for o in obstacles if p.rect.colliderect(o)]
        if not bounds.contains(p.rect):
            out.append(f"{key} off the map")
    return out
