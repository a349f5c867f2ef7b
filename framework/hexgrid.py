"""Hex grid geometry: printed coordinates, neighbours, distances and drawing positions.

Printed 18xx coordinates are "doubled": on a pointy-topped map each row uses every other
column number (row A odd columns, row B even ones, say), so the east neighbour is two columns
on; on a flat-topped map the same holds for rows. A :class:`Hex` stores those printed numbers
as (row, col) with the letter turned into a 0-based index (A = 0), so parsing and formatting
need no arithmetic beyond the letter, and neighbours are fixed (row, col) steps.

Edges are numbered clockwise (docs/data-model.md):
pointy ``0 SW, 1 W, 2 NW, 3 NE, 4 E, 5 SE``; flat ``0 S, 1 SW, 2 NW, 3 N, 4 NE, 5 SE``.
Pixel positions use screen axes (x right, y down), so "clockwise" is increasing angle.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from typing import Literal, NamedTuple

Layout = Literal["pointy", "flat"]
Axes = Literal["letter_row", "letter_column"]

EDGE_NAMES: dict[str, tuple[str, ...]] = {
    "pointy": ("SW", "W", "NW", "NE", "E", "SE"),
    "flat": ("S", "SW", "NW", "N", "NE", "SE"),
}

# (row, col) steps per edge, in doubled coordinates.
_STEPS: dict[str, tuple[tuple[int, int], ...]] = {
    "pointy": ((1, -1), (0, -2), (-1, -1), (-1, 1), (0, 2), (1, 1)),
    "flat": ((2, 0), (1, -1), (-1, -1), (-2, 0), (-1, 1), (1, 1)),
}

# Screen angle (degrees, y down) from the centre to the middle of edge 0; edge e adds 60*e.
_EDGE0_ANGLE = {"pointy": 120.0, "flat": 90.0}

_SQRT3 = math.sqrt(3.0)
_COORD = re.compile(r"^([A-Z]+)(\d+)$")


class Hex(NamedTuple):
    """A hex by its printed coordinates: row and column indices in doubled form.

    A plain tuple underneath, so hashing and comparing are as cheap as Python allows.
    """

    row: int
    col: int


def opposite(edge: int) -> int:
    """The edge facing ``edge`` across the hex (and the neighbour's edge shared with it)."""
    return (edge + 3) % 6


def _letters_to_index(letters: str) -> int:
    # Bijective base 26: A=0 ... Z=25, AA=26 ...
    n = 0
    for ch in letters:
        n = n * 26 + (ord(ch) - ord("A") + 1)
    return n - 1


def _index_to_letters(index: int) -> str:
    n = index + 1
    out = []
    while n > 0:
        n, rem = divmod(n - 1, 26)
        out.append(chr(ord("A") + rem))
    return "".join(reversed(out))


class Grid:
    """The geometry of one map: its hex layout and how printed coordinates read.

    ``parity``, when given, is the required ``(row + col) % 2`` of every hex (a map whose row A = 0
    holds odd columns, so 1); a coordinate of the other parity does not exist on such a map and
    :meth:`parse` refuses it. With ``parity=None`` any parity parses.
    """

    __slots__ = ("layout", "axes", "parity", "_steps", "_edge0")
    __frozen__ = True  # set up by the constructor alone: memos may key on a grid

    def __init__(self, layout: Layout = "pointy", axes: Axes = "letter_row", parity: int | None = None):
        if layout not in _STEPS:
            raise ValueError(f"unknown hex layout {layout!r}: expected 'pointy' or 'flat'")
        if axes not in ("letter_row", "letter_column"):
            raise ValueError(f"unknown axes {axes!r}: expected 'letter_row' or 'letter_column'")
        if parity not in (None, 0, 1):
            raise ValueError(f"parity must be 0, 1 or None, got {parity!r}")
        self.layout = layout
        self.axes = axes
        self.parity = parity
        self._steps = _STEPS[layout]
        self._edge0 = _EDGE0_ANGLE[layout]

    @classmethod
    def for_coords(cls, layout: Layout, axes: Axes, coords: Iterable[str]) -> Grid:
        """The grid of a map whose hexes are ``coords``, its parity that of most of them (one
        mistyped coordinate is then the one reported, not every correct one; a tie goes to the
        first). Raises ValueError when no coordinate parses."""
        counts = [0, 0]
        first: int | None = None
        bad: ValueError | None = None
        plain = cls(layout, axes)
        for coord in coords:
            try:
                h = plain.parse(coord)
            except ValueError as error:
                bad = bad or error
                continue
            parity = (h.row + h.col) % 2
            counts[parity] += 1
            first = parity if first is None else first
        if first is None:
            if bad is not None:
                raise bad
            return cls(layout, axes, None)
        best = first if counts[0] == counts[1] else (0 if counts[0] > counts[1] else 1)
        return cls(layout, axes, best)

    def __repr__(self) -> str:
        return f"Grid(layout={self.layout!r}, axes={self.axes!r}, parity={self.parity!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Grid) and (self.layout, self.axes, self.parity) == (
            other.layout,
            other.axes,
            other.parity,
        )

    def __hash__(self) -> int:
        return hash((self.layout, self.axes, self.parity))

    # -- printed coordinates -------------------------------------------------------------

    def parse(self, text: str) -> Hex:
        """Read a printed coordinate such as ``"G17"``."""
        m = _COORD.match(text) if isinstance(text, str) else None
        if m is None:
            raise ValueError(
                f"bad hex coordinate {text!r}: expected capital letters then a number, e.g. 'G17'"
            )
        letter = _letters_to_index(m.group(1))
        number = int(m.group(2))
        h = Hex(letter, number) if self.axes == "letter_row" else Hex(number, letter)
        if self.parity is not None and (h.row + h.col) % 2 != self.parity:
            what = "row" if self.axes == "letter_row" else "column"
            raise ValueError(
                f"bad hex coordinate {text!r}: {what} {m.group(1)} has no number {number} on this "
                f"map (letters alternate odd and even numbers)"
            )
        return h

    def format(self, h: Hex) -> str:
        """The printed form of ``h`` (inverse of :meth:`parse`)."""
        if h.row < 0 or h.col < 0:
            raise ValueError(f"hex {tuple(h)} lies before row or column 0 and has no printed name")
        if self.axes == "letter_row":
            return f"{_index_to_letters(h.row)}{h.col}"
        return f"{_index_to_letters(h.col)}{h.row}"

    # -- neighbours and distance ----------------------------------------------------------

    def edge_name(self, edge: int) -> str:
        """Compass name of an edge (``"SW"``...), for messages."""
        return EDGE_NAMES[self.layout][edge]

    def neighbour(self, h: Hex, edge: int) -> Hex:
        """The hex across ``edge`` (it may lie off the map: the grid has no map bounds)."""
        dr, dc = self._steps[edge]
        return Hex(h.row + dr, h.col + dc)

    def neighbours(self, h: Hex) -> tuple[Hex, ...]:
        """All six neighbours, indexed by edge."""
        r, c = h
        return tuple(Hex(r + dr, c + dc) for dr, dc in self._steps)

    def edge_between(self, a: Hex, b: Hex) -> int | None:
        """The edge of ``a`` that ``b`` lies across, or None if they are not neighbours."""
        step = (b.row - a.row, b.col - a.col)
        try:
            return self._steps.index(step)
        except ValueError:
            return None

    def distance(self, a: Hex, b: Hex) -> int:
        """Hexes between ``a`` and ``b`` on an empty, unbounded grid (as the crow flies)."""
        dr = abs(a.row - b.row)
        dc = abs(a.col - b.col)
        if self.layout == "pointy":
            return dr + max(0, (dc - dr) // 2)
        return dc + max(0, (dr - dc) // 2)

    # -- drawing --------------------------------------------------------------------------

    def pixel_center(self, h: Hex, size: float) -> tuple[float, float]:
        """Centre of ``h`` in pixels (x right, y down); ``size`` is the centre-to-corner radius."""
        if self.layout == "pointy":
            return (h.col * _SQRT3 / 2 * size, h.row * 1.5 * size)
        return (h.col * 1.5 * size, h.row * _SQRT3 / 2 * size)

    def corners(self, h: Hex, size: float) -> list[tuple[float, float]]:
        """The six corners, clockwise; edge ``e`` runs from corner ``e`` to corner ``e + 1``."""
        cx, cy = self.pixel_center(h, size)
        out = []
        for i in range(6):
            a = math.radians(self._edge0 - 30.0 + 60.0 * i)
            out.append((cx + size * math.cos(a), cy + size * math.sin(a)))
        return out

    def edge_angle(self, edge: int) -> float:
        """Screen angle in degrees (y down, clockwise) from the centre to the middle of ``edge``."""
        return (self._edge0 + 60.0 * edge) % 360.0

    def edge_midpoint(self, h: Hex, edge: int, size: float) -> tuple[float, float]:
        """Middle of ``edge`` in pixels: where track leaves the hex."""
        cx, cy = self.pixel_center(h, size)
        a = math.radians(self._edge0 + 60.0 * edge)
        r = size * _SQRT3 / 2
        return (cx + r * math.cos(a), cy + r * math.sin(a))
