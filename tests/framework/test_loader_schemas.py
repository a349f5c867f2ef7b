"""The schemas are the field reference: valid 2020-12, fully described, and in step with the
model classes the loader builds."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
import pytest
from jsonschema import Draft202012Validator

from railyard.framework.model.abilities import KINDS
from railyard.framework.model.companies import CompanyDef, CompanyType
from railyard.framework.model.map import HexDef, MapDef, Region
from railyard.framework.model.phases import PhaseDef
from railyard.framework.model.routes import RouteRules, TrainKind
from railyard.framework.model.setup import SetupDef, StartPacket, StockRoundRules
from railyard.framework.model.title import TitleManifest
from railyard.framework.model.trains import TrainDef
from railyard.framework.tiles import Stop, TileDef

SCHEMAS = Path(__file__).resolve().parents[2] / "schemas"
OURS = sorted((SCHEMAS / "18xx").glob("*.schema.json")) + [
    SCHEMAS / "title.schema.json",
    SCHEMAS / "overlay.schema.json",
]


def load(name: str) -> dict[str, Any]:
    return json.loads((SCHEMAS / name).read_text(encoding="utf-8"))


def objects(node: Any, path: str = "") -> list[tuple[str, dict[str, Any]]]:
    """Every schema object with ``properties`` inside ``node``."""
    found = []
    if isinstance(node, dict):
        if isinstance(node.get("properties"), dict):
            found.append((path, node))
        for key, value in node.items():
            found.extend(objects(value, f"{path}/{key}"))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found.extend(objects(value, f"{path}[{i}]"))
    return found


@pytest.mark.parametrize("path", OURS, ids=lambda p: p.name)
def test_schema_is_valid_draft_2020_12(path: Path) -> None:
    schema = json.loads(path.read_text(encoding="utf-8"))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("path", OURS, ids=lambda p: p.name)
def test_every_property_is_described_and_optional_ones_state_a_default(path: Path) -> None:
    undescribed, no_default = [], []
    for where, node in objects(json.loads(path.read_text(encoding="utf-8"))):
        required = set(node.get("required", ()))
        # a property one of the alternatives requires (anyOf/oneOf) has no default to state
        for alternative in [*node.get("anyOf", ()), *node.get("oneOf", ())]:
            required |= set(alternative.get("required", ()))
        for name, prop in node["properties"].items():
            if "description" not in prop:
                undescribed.append(f"{where}.{name}")
            if name not in required and "default" not in prop and name != "operates":
                no_default.append(f"{where}.{name}")
    assert (undescribed, no_default) == ([], [])


def fields(cls: type, *skip: str) -> set[str]:
    return {f.name for f in attrs.fields(cls) if f.init} - set(skip)


@pytest.mark.parametrize(
    ("schema", "pointer", "cls", "key"),
    [
        ("title.schema.json", (), TitleManifest, None),
        ("18xx/map.schema.json", (), MapDef, None),
        ("18xx/map.schema.json", ("properties", "hexes", "additionalProperties"), HexDef, "coord"),
        ("18xx/map.schema.json", ("properties", "regions", "additionalProperties"), Region, "id"),
        ("18xx/tiles.schema.json", ("additionalProperties",), TileDef, "id"),
        ("18xx/trains.schema.json", ("additionalProperties",), TrainDef, "name"),
        ("18xx/routes.schema.json", (), RouteRules, None),
        ("18xx/routes.schema.json", ("properties", "train_kinds", "additionalProperties"), TrainKind, "name"),
        ("18xx/phases.schema.json", ("additionalProperties",), PhaseDef, "name"),
        ("18xx/company_types.schema.json", ("additionalProperties",), CompanyType, "id"),
        ("18xx/companies.schema.json", ("additionalProperties",), CompanyDef, "id"),
        ("18xx/setup.schema.json", (), SetupDef, None),
        ("18xx/setup.schema.json", ("properties", "stock_round"), StockRoundRules, None),
        ("18xx/setup.schema.json", ("properties", "start_packet"), StartPacket, None),
        ("18xx/common.schema.json", ("$defs", "stop"), Stop, "reserved"),
    ],
)
def test_schema_properties_are_the_model_fields(schema: str, pointer: tuple[str, ...], cls: type, key: str | None) -> None:
    node = load(schema)
    for step in pointer:
        node = node[step]
    skip = (key,) if key else ()
    assert set(node["properties"]) == fields(cls, *skip)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_each_ability_kind_schema_has_the_model_fields(kind: str) -> None:
    node = load("18xx/abilities.schema.json")["$defs"][kind]
    names = {"source" if n == "from" else n for n in node["properties"]} - {"kind"}
    assert names == fields(KINDS[kind])
    assert kind in load("18xx/abilities.schema.json")["$defs"]["ability"]["properties"]["kind"]["enum"]
