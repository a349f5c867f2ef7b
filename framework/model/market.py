"""The stock market (``market.yaml``): a chart of cells whose moves are looked up, not computed.

Hex-shaped and grid-shaped markets differ only in the data: each direction is a (row, column)
delta, and a move off the chart tries the listed fallbacks before staying put.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

import attrs

from railyard.framework.records import Record

CELL = re.compile(r"^(\d+)([a-z]*)$")


@attrs.frozen(repr=False)
class MarketCell(Record):
    row: int
    column: int
    price: int
    flags: frozenset[str] = frozenset()

    @property
    def par(self) -> bool:
        return "p" in self.flags

    def has(self, flag: str) -> bool:
        return flag in self.flags


def parse_cell(raw: object, row: int, column: int) -> MarketCell | None:
    """A cell from its YAML form (``104p``, ``95``); None or "" is a gap in the chart."""
    if raw is None or raw == "":
        return None
    match = CELL.match(str(raw))
    if not match:
        raise ValueError(f"bad market cell {raw!r}: expected a price followed by flag letters")
    return MarketCell(row, column, int(match.group(1)), frozenset(match.group(2)))


Rows = tuple[tuple[MarketCell | None, ...], ...]


def parse_rows(raw: object) -> Rows:
    """The chart from its YAML form: a list of rows, each a list of cells."""
    if not isinstance(raw, (list, tuple)):
        raise TypeError(f"expected a list of rows, got {raw!r}")
    rows = []
    for r, row in enumerate(raw):
        if not isinstance(row, (list, tuple)):
            raise TypeError(f"row {r}: expected a list of cells, got {row!r}")
        rows.append(
            tuple(c if isinstance(c, MarketCell) else parse_cell(c, r, i) for i, c in enumerate(row))
        )
    return tuple(rows)


@attrs.frozen(repr=False)
class MarketDef(Record):
    layout: str
    rows: Rows = attrs.field(converter=parse_rows)
    moves: dict[str, tuple[int, int]] = attrs.field(factory=dict)
    fallbacks: dict[str, tuple[str, ...]] = attrs.field(factory=dict)
    par_slots: int | None = None
    legend: dict[str, str] = attrs.field(factory=dict)
    zones: dict[str, tuple[str, ...]] = attrs.field(factory=dict)

    def zone_has(self, cell: MarketCell, meaning: str) -> bool:
        """Whether ``cell`` carries a flag with ``meaning`` (``zones``; without an entry for
        ``y``, ``y`` means outside_certificate_limit)."""
        for flag in cell.flags:
            meanings = self.zones.get(flag)
            if meanings is None and flag == "y":
                meanings = ("outside_certificate_limit",)
            if meanings and meaning in meanings:
                return True
        return False

    def cell(self, row: int, column: int) -> MarketCell | None:
        """The cell at (row, column), or None off the chart or in a gap."""
        if 0 <= row < len(self.rows) and 0 <= column < len(self.rows[row]):
            return self.rows[row][column]
        return None

    def cells(self) -> Iterator[MarketCell]:
        for row in self.rows:
            yield from (c for c in row if c is not None)

    def par_cells(self) -> tuple[MarketCell, ...]:
        return self._par_cells

    @functools.cached_property
    def _par_cells(self) -> tuple[MarketCell, ...]:
        """Asked for every time a stock round lists its legal actions: worked out once."""
        return tuple(c for c in self.cells() if c.par)

    def find(self, price: int) -> tuple[MarketCell, ...]:
        """Every cell showing ``price``."""
        return tuple(c for c in self.cells() if c.price == price)

    def _step(self, cell: MarketCell, direction: str) -> MarketCell | None:
        dr, dc = self.moves[direction]
        return self.cell(cell.row + dr, cell.column + dc)

    def move(self, cell: MarketCell, direction: str) -> MarketCell:
        """The cell one ``direction`` step away; off the chart, the first fallback that lands,
        else ``cell`` itself."""
        if direction not in self.moves:
            raise KeyError(f"unknown market direction {direction!r}")
        target = self._step(cell, direction)
        if target is not None:
            return target
        for fallback in self.fallbacks.get(direction, ()):
            target = self._step(cell, fallback)
            if target is not None:
                return target
        return cell
