"""Tile definitions: stops, track paths, labels, and the colour a tile belongs to.

A tile (and a preprinted map hex, which is a tile too) is a set of *stops* (cities, towns,
mines, off-board areas) and *paths*. A path joins two *ends*; an end is an edge number 0-5
(see :mod:`framework.hexgrid` for the numbering) or a stop reference ``"s<i>"`` (the i-th stop
of the tile). This is exactly the YAML shape of ``tiles.yaml``: ``paths: [[0, s0], [3, s0]]``.

Conventions:
- Towns have ``slots = 0``: nothing can be tokened there, and the YAML may omit ``slots``
  for a town (the converter turns the default 1 into 0 for towns). Cities, mines and
  off-board areas keep the slot count written (default 1).
- Revenue is always a :class:`~framework.model.values.PhaseValue`; a plain int is accepted
  and wrapped, so hand-written definitions in tests stay short.

For cattrs: ``End`` is the union ``int | str``, which cattrs cannot structure on its own;
register :func:`structure_end` for it (``converter.register_structure_hook(End, structure_end)``
also works via ``register_structure_hook_func(lambda t: t == End, structure_end)``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from framework.model.values import PhaseValue

End = int | str
"""One end of a path: an edge 0-5 (int) or a stop reference ``"s<i>"`` (str)."""

STOP_KINDS = ("city", "town", "mine", "offboard")
TILE_COLORS = ("white", "yellow", "green", "brown", "gray", "red")
UPGRADE_ORDER = ("white", "yellow", "green", "brown", "gray")
"""Colours in upgrade order; a tile is replaced only by one of the next colour. Red (off-board)
and gray (last in the order) hexes are never replaced."""


def structure_end(raw: Any, _type: Any = None) -> End:
    """Validate one path end from its YAML form (``3`` or ``"s0"``); usable as a cattrs hook."""
    if isinstance(raw, bool):
        raise ValueError(f"bad path end {raw!r}: expected an edge 0-5 or 's<i>'")
    if isinstance(raw, int):
        if not 0 <= raw <= 5:
            raise ValueError(f"bad path end {raw!r}: an edge is 0-5")
        return raw
    if isinstance(raw, str):
        if raw.isdigit():
            return structure_end(int(raw))
        if len(raw) >= 2 and raw[0] == "s" and raw[1:].isdigit():
            return raw
    raise ValueError(f"bad path end {raw!r}: expected an edge 0-5 or 's<i>'")


def stop_index(end: End) -> int | None:
    """The stop index of a stop reference, or None for an edge."""
    return int(end[1:]) if isinstance(end, str) else None


def _to_paths(raw: Iterable[Iterable[Any]]) -> tuple[tuple[End, End], ...]:
    out = []
    for path in raw:
        ends = tuple(structure_end(e) for e in path)
        if len(ends) != 2:
            raise ValueError(f"a path has exactly two ends, got {list(path)!r}")
        out.append((ends[0], ends[1]))
    return tuple(out)


def _to_tuple(raw: Iterable[Any]) -> tuple[Any, ...]:
    return tuple(raw)


def _to_optional_tuple(raw: Iterable[Any] | None) -> tuple[Any, ...] | None:
    return None if raw is None else tuple(str(x) for x in raw)


def _to_reserved(raw: Mapping[Any, str] | None) -> Mapping[int, str]:
    return {} if not raw else {int(k): str(v) for k, v in raw.items()}


@attrs.frozen
class Stop:
    """A place on a tile a route can visit: a city, town, mine or off-board area.

    ``group``: stops of one tile with the same group count as one stop for a route.
    ``reserved``: slot index -> company id (map hexes only); not part of equality or hash,
    since it describes the board's starting state rather than the tile's shape.
    """

    kind: str = attrs.field(validator=attrs.validators.in_(STOP_KINDS))
    revenue: PhaseValue = attrs.field(converter=PhaseValue.of)
    slots: int = 1
    group: str | None = None
    reserved: Mapping[int, str] = attrs.field(
        factory=dict, converter=_to_reserved, eq=False, hash=False
    )

    def __attrs_post_init__(self) -> None:
        if self.kind == "town" and self.slots == 1:
            object.__setattr__(self, "slots", 0)
        if self.slots < 0:
            raise ValueError(f"a stop cannot have {self.slots} slots")


@attrs.frozen(cache_hash=True)
class TileDef:
    """A tile as printed: its colour, stops, paths and labels (no rotation, no position).

    ``count`` is the number of copies in the box (None = unlimited; preprinted hexes: 1).
    ``upgrades_to`` replaces the general upgrade rule by an explicit list of tile ids when
    given (see :func:`upgrade_rotations`).
    """

    id: str = attrs.field(converter=str)
    color: str = attrs.field(validator=attrs.validators.in_(TILE_COLORS))
    count: int | None = None
    stops: tuple[Stop, ...] = attrs.field(default=(), converter=_to_tuple)
    paths: tuple[tuple[End, End], ...] = attrs.field(default=(), converter=_to_paths)
    labels: tuple[str, ...] = attrs.field(default=(), converter=_to_tuple)
    upgrades_to: tuple[str, ...] | None = attrs.field(default=None, converter=_to_optional_tuple)

    def __attrs_post_init__(self) -> None:
        for a, b in self.paths:
            if a == b:
                raise ValueError(f"tile {self.id}: path [{a}, {b}] joins an end to itself")
            for end in (a, b):
                i = stop_index(end)
                if i is not None and i >= len(self.stops):
                    raise ValueError(
                        f"tile {self.id}: path end {end!r} refers to stop {i}, "
                        f"but the tile has {len(self.stops)} stop(s)"
                    )
