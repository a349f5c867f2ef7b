"""Registers the 18xx family: its nine concerns, their models, and its cross-file checks."""

from __future__ import annotations

from framework.loader import crossref
from framework.loader.families import Parts, register_family
from framework.model.companies import CompanyDef, CompanyType
from framework.model.loaded import LoadedTitle
from framework.model.map import MapDef
from framework.model.market import MarketDef
from framework.model.phases import PhaseDef
from framework.model.routes import RouteRules
from framework.model.setup import SetupDef
from framework.model.trains import TrainDef
from framework.tiles import TileDef

CONCERNS = {
    "map": MapDef,
    "tiles": dict[str, TileDef],
    "trains": dict[str, TrainDef],
    "routes": RouteRules,
    "phases": dict[str, PhaseDef],
    "company_types": dict[str, CompanyType],
    "companies": dict[str, CompanyDef],
    "market": MarketDef,
    "setup": SetupDef,
}


def build(parts: Parts) -> LoadedTitle:
    return LoadedTitle(
        manifest=parts.manifest,
        path=parts.path,
        variant=parts.variant,
        documents=dict(parts.documents),
        **parts.models,
    )


FAMILY = register_family("18xx", CONCERNS, build=build, check=crossref.check)
