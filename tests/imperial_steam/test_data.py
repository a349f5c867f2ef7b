"""The title's data: every file passes its schema, cross-references hold, published counts kept."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator

from railyard.framework.loader import load_title
from railyard.titles.imperial_steam.hooks.data import (
    GOODS,
    build,
    check,
    default_data,
    read_documents,
)

ROOT = Path(__file__).resolve().parents[2]
TITLE = ROOT / "titles" / "imperial_steam"


def test_every_file_validates_against_its_schema_through_the_framework_loader():
    title = load_title("imperial_steam")
    assert set(title.documents) == {
        "map", "cities", "influence", "shares", "workers", "factories", "market", "trains",
        "contracts", "components", "setup", "rules",
    }


@pytest.mark.parametrize("variant", ["normal", "random"])
def test_variants_switch_the_setup_option(variant):
    assert load_title("imperial_steam", variant).documents["setup"]["option"] == variant


def test_every_schema_property_has_a_description():
    def walk(node, path):
        if isinstance(node, dict):
            for name, sub in node.get("properties", {}).items():
                assert "description" in sub or "$ref" in sub, f"{path}.{name}"
            for key, sub in node.items():
                walk(sub, f"{path}.{key}")
        elif isinstance(node, list):
            for i, sub in enumerate(node):
                walk(sub, f"{path}[{i}]")

    files = sorted((ROOT / "schemas" / "imperial_steam").glob("*.schema.json"))
    assert len(files) == 12
    for file in files:
        walk(json.loads(file.read_text()), file.name)


def test_a_bad_value_is_refused_with_file_and_path():
    docs = read_documents()
    docs["trains"]["engines"]["IS-4"]["price"] = "forty"
    schema = json.loads((ROOT / "schemas/imperial_steam/trains.schema.json").read_text())
    errors = list(Draft202012Validator(schema).iter_errors(docs["trains"]))
    assert [list(e.absolute_path) for e in errors] == [["engines", "IS-4", "price"]]


def test_cross_references_hold_and_a_broken_one_is_named():
    assert check(default_data()) == []
    docs = read_documents()
    docs["map"]["connections"]["WIE-BAD"]["b"] = "XXX"
    problems = check(build(docs))
    assert (("map", "connections", "WIE-BAD", "b"), "unknown site 'XXX'") in problems


def test_published_component_counts():
    data = default_data()
    assert Counter(t.players for t in data.tiles.values()) == {2: 23, 3: 23, 4: 23}
    assert sorted(data.components["shipment_tiles"]) == [2, 2, 3, 3, 3, 4, 4, 5, 5]
    tokens = data.components["business_tokens"]
    assert {int(k): v for k, v in tokens.items()} == {1: 13, 2: 8, 3: 3}
    assert data.components["reserved_tokens"] == 35
    assert data.components["investors"] == 34
    assert len(data.contracts) == 28
    assert data.components["goods"] == dict.fromkeys(GOODS, 40)
    assert data.components["engineers"] == {"bridge": 4, "tunnel": 4}
    assert sum(e.count for e in data.engines.values()) == 24
    assert sorted({e.level for e in data.engines.values()}) == [3, 4, 5, 6, 7, 8]
    assert data.car_tiles == 70
    assert len(data.growth_tiles) == 4
    assert len(data.state_cards) == 35
    assert len(data.normal_cards) == 15
    assert len(data.hubs) == 4


def test_player_count_table_quotes_the_game_help():
    data = default_data()
    table = {n: (c.cash, c.contract_display, c.engines_per_space, c.shipment_goods,
                 c.factories_per_row, c.engineers, c.outside_demands) for n, c in data.counts.items()}
    assert table == {
        2: (120, 3, 2, 1, 6, 2, False),
        3: (130, 4, 3, 2, 9, 3, True),
        4: (140, 5, 4, 3, 12, 4, True),
    }


def test_steam_engine_and_share_tables_quote_the_game_help():
    data = default_data()
    engines = {e.id: (e.price, e.cars, e.influence) for e in data.engines.values()}
    assert engines == {"IS-3": (30, 3, 0), "IS-4": (40, 4, 0), "IS-5": (50, 5, 0),
                       "IS-6": (60, 6, 1), "IS-7": (70, 7, 2), "IS-8": (80, 8, 3)}
    assert [(r.value, r.influence) for r in data.share_rows] == [
        (40, 0), (60, 1), (90, 2), (130, 3), (180, 4), (240, 5)]


def test_two_player_tiles_have_no_demands_outside_hubs():
    data = default_data()
    assert all(not t.content.demands for t in data.tiles.values() if t.players == 2)
    assert any(t.content.demands for t in data.tiles.values() if t.players == 3)


def test_the_board_has_about_thirty_sites_four_hubs_and_crownable_connections():
    data = default_data()
    assert len(data.sites) == 29
    assert {c.kind for c in data.connections.values()} == {"plain", "bridge", "tunnel"}
    assert sum(c.state_railway for c in data.connections.values()) >= 3
    semmering = [c for c in data.connections.values() if c.semmering]
    assert [(data.sites[c.a].name, data.sites[c.b].name) for c in semmering] == [("Gloggnitz", "Mürzzuschlag")]
    assert len(data.fixed["state_railways"]) == 3
    raw = yaml.safe_load((TITLE / "map.yaml").read_text())
    assert raw["sites"]["WIE"]["x"] > raw["sites"]["TRI"]["x"] and raw["sites"]["WIE"]["y"] < raw["sites"]["TRI"]["y"]


def test_railyard_validate_accepts_the_title():
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-m", "railyard.framework.cli", "validate", "titles/imperial_steam"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_an_override_changes_the_rules_through_data_only():
    from railyard.framework.core.game import Game

    game = Game("imperial_steam", ["A", "B"], 1, overrides=["rules.fundraise=20"])
    assert game.ruleset.data.rules["fundraise"] == 20
