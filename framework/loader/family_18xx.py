"""Registers the 18xx family: its nine concerns, their models, and its cross-file checks."""

from __future__ import annotations

import attrs

from railyard.framework.loader import crossref, playable, warnings
from railyard.framework.loader.errors import TitleError
from railyard.framework.loader.families import Parts, Problem, register_family
from railyard.framework.model.companies import CompanyDef, CompanyType
from railyard.framework.model.loaded import LoadedTitle
from railyard.framework.model.map import MapDef
from railyard.framework.model.market import MarketDef
from railyard.framework.model.phases import PhaseDef
from railyard.framework.model.routes import RouteRules
from railyard.framework.model.setup import SetupDef
from railyard.framework.model.trains import TrainDef
from railyard.framework.tiles import TileDef

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
    title = LoadedTitle(
        manifest=parts.manifest,
        path=parts.path,
        variant=parts.variant,
        documents=dict(parts.documents),
        **parts.models,
    )
    found = []
    for path, message in warnings.problems(title):
        found.append(TitleError(*parts.source.place(path), f"warning: {message}"))
    return attrs.evolve(title, warnings=tuple(found))


def check(parts: Parts) -> list[Problem]:
    """Names that resolve (crossref), then data that fits together in play (playable)."""
    problems = crossref.check(parts)
    return problems if problems else playable.check(parts)


FAMILY = register_family("18xx", CONCERNS, build=build, check=check)
