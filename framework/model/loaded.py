"""A whole 18xx-family title as loaded: every definition, plus lookups the engine needs."""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import Any

import attrs

from railyard.framework.model.companies import CompanyDef, CompanyType
from railyard.framework.model.map import MapDef
from railyard.framework.model.market import MarketDef
from railyard.framework.model.phases import PhaseDef
from railyard.framework.model.routes import RouteRules
from railyard.framework.model.setup import SetupDef
from railyard.framework.model.title import TitleManifest
from railyard.framework.model.trains import TrainDef
from railyard.framework.records import Record
from railyard.framework.tiles import TileDef


@attrs.frozen(repr=False)
class LoadedTitle(Record):
    """Everything a title defines, typed; ``documents`` keeps the merged YAML for inspection."""

    manifest: TitleManifest
    path: Path
    variant: str | None
    map: MapDef
    tiles: dict[str, TileDef]
    trains: dict[str, TrainDef]
    routes: RouteRules
    phases: dict[str, PhaseDef]
    company_types: dict[str, CompanyType]
    companies: dict[str, CompanyDef]
    market: MarketDef
    setup: SetupDef
    documents: dict[str, Any] = attrs.field(factory=dict, eq=False, repr=False)
    # likely mistakes that do not stop loading (loader TitleError records: file, line, path)
    warnings: tuple[Any, ...] = attrs.field(default=(), eq=False, repr=False)

    @property
    def id(self) -> str:
        return self.manifest.id

    @property
    def name(self) -> str:
        return self.manifest.name

    @property
    def phase_order(self) -> tuple[str, ...]:
        """Phase names in game order."""
        return tuple(self.phases)

    @property
    def hooks_path(self) -> Path | None:
        """The title's hooks module (``hooks.py`` or a ``hooks/`` package), if it names one."""
        if not self.manifest.hooks:
            return None
        base = self.path / self.manifest.hooks
        return base if base.is_dir() else base.with_suffix(".py")

    @cached_property
    def _map_tiles(self) -> dict[str, TileDef]:
        return {h.tile_id: h.as_tile() for h in self.map.hexes.values()}

    def tile(self, tile_id: str) -> TileDef:
        """A tile from the manifest, or a hex's preprinted tile (``@G17``)."""
        if tile_id in self.tiles:
            return self.tiles[tile_id]
        return self._map_tiles[tile_id]

    def train(self, name: str) -> TrainDef:
        return self.trains[name]

    def company(self, company_id: str) -> CompanyDef:
        return self.companies[company_id]

    def company_type(self, company_id: str) -> CompanyType:
        """The type of company ``company_id``."""
        return self.company_types[self.companies[company_id].type]

    def companies_of(self, type_id: str) -> tuple[CompanyDef, ...]:
        return tuple(c for c in self.companies.values() if c.type == type_id)

    def phase(self, name: str) -> PhaseDef:
        return self.phases[name]


Title = LoadedTitle
"""The usual name for a loaded title in engine code."""
