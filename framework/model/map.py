"""The board (``map.yaml``): grid geometry, hexes with their preprinted content, regions."""

from __future__ import annotations

import attrs

from railyard.framework.hexgrid import Grid
from railyard.framework.model.keys import key_field
from railyard.framework.records import Record
from railyard.framework.tiles import End, Stop, TileDef


@attrs.frozen(repr=False)
class Terrain(Record):
    """Terrain on a hex; ``cost`` is paid on the first tile lay there."""

    kind: str
    cost: int = 0
    every_lay: bool = False  # paid on every lay and upgrade, not only the first


@attrs.frozen(repr=False)
class Border(Record):
    """A drawn border along one edge; kind ``impassable`` also blocks track; ``cost`` is paid
    once, by the lay that first joins track across it (framework/eighteen/border_costs.py)."""

    edge: int
    kind: str = "province"
    cost: int = 0


@attrs.frozen(repr=False)
class FutureLabel(Record):
    """A label a hex gains from a phase on (it changes which tiles may be laid)."""

    label: str
    phase: str


@attrs.frozen(repr=False)
class PassThrough(Record):
    """Only ``companies`` may run trains *through* the stops of a hex; every other company may
    still start or end a route there. ``rule`` names the rule in refusals (e.g. its section)."""

    companies: tuple[str, ...]
    rule: str = ""


@attrs.frozen(repr=False)
class HexDef(Record):
    """One map hex. A hex is a tile too: see :meth:`as_tile`."""

    coord: str = key_field()
    name: str | None = None
    color: str = "white"
    terrain: tuple[Terrain, ...] = ()
    stops: tuple[Stop, ...] = ()
    labels: tuple[str, ...] = ()
    paths: tuple[tuple[End, End], ...] = ()
    borders: tuple[Border, ...] = ()
    upgrades: tuple[str, ...] | None = None
    future_label: FutureLabel | None = None
    rotation: int = 0
    pass_through: PassThrough | None = None
    """Kept whatever tile lies on the hex (it belongs to the place, not to the tile)."""

    @property
    def tile_id(self) -> str:
        return f"@{self.coord}"

    @property
    def terrain_cost(self) -> int:
        return sum(t.cost for t in self.terrain)

    @property
    def every_lay_cost(self) -> int:
        """Terrain paid again on every later lay (upgrades) of this hex."""
        return sum(t.cost for t in self.terrain if t.every_lay)

    def as_tile(self) -> TileDef:
        """The preprinted tile of this hex (id ``@<coord>``, one copy)."""
        return TileDef(
            id=self.tile_id,
            color=self.color,
            count=1,
            stops=self.stops,
            paths=self.paths,
            labels=self.labels,
            upgrades_to=self.upgrades,
        )


@attrs.frozen(repr=False)
class Region(Record):
    """A named group of hexes that opens or closes with a phase (hooks say what that means)."""

    id: str = key_field()
    hexes: tuple[str, ...] = ()
    opens_on_phase: str | None = None
    closes_on_phase: str | None = None
    description: str = ""


@attrs.frozen(repr=False)
class MapDef(Record):
    layout: str
    axes: str
    hexes: dict[str, HexDef] = attrs.field(factory=dict)
    regions: dict[str, Region] = attrs.field(factory=dict)

    def hex(self, coord: str) -> HexDef:
        return self.hexes[coord]

    def grid(self) -> Grid:
        """The grid these coordinates live on (raises ValueError for a bad first coordinate)."""
        return Grid.for_coords(self.layout, self.axes, self.hexes)  # type: ignore[arg-type]
