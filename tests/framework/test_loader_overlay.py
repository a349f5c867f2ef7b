"""Variant overlays and --set overrides (docs/data-model.md, "Variant overlays and overrides")."""

from __future__ import annotations

from pathlib import Path

from railyard.framework.loader import load_title
from railyard.framework.loader.errors import ErrorList
from railyard.framework.loader.overlay import merge
from railyard.framework.loader.yamlio import parse_yaml
from tests.framework.tinyrail import EXAMPLE, broken_copy


def merged(base_text: str, overlay_text: str) -> tuple[object, list[str], dict]:
    base = parse_yaml(base_text, "base.yaml", prefix=("doc",))
    over = parse_yaml(overlay_text, "over.yaml")
    errors = ErrorList()
    result = merge(base.data, over.data["doc"], ("doc",), ("doc",), base.source, over.source, errors)
    return result, [str(e) for e in errors.items], base.source.entries


def test_maps_merge_key_by_key_and_scalars_replace() -> None:
    result, errors, _ = merged("a: {x: 1, y: 2}\nb: 3\n", "doc: {a: {y: 20, z: 30}}\n")
    assert errors == []
    assert result == {"a": {"x": 1, "y": 20, "z": 30}, "b": 3}


def test_a_list_replaces_the_base_list() -> None:
    result, _, _ = merged("l: [1, 2, 3]\n", "doc: {l: [9]}\n")
    assert result == {"l": [9]}


def test_append_extends_a_list() -> None:
    result, errors, source = merged("l: [1, 2]\n", "doc:\n  l: {$append: [3, 4]}\n")
    assert errors == []
    assert result == {"l": [1, 2, 3, 4]}
    assert source[("doc", "l", 0)] == ("base.yaml", 1)
    assert source[("doc", "l", 3)] == ("over.yaml", 2)


def test_replace_swaps_a_whole_map() -> None:
    result, _, _ = merged("m: {x: 1, y: 2}\n", "doc: {m: {$replace: {z: 3}}}\n")
    assert result == {"m": {"z": 3}}


def test_delete_removes_a_key() -> None:
    result, errors, source = merged("m: {x: 1, y: 2}\n", "doc: {m: {x: {$delete: true}}}\n")
    assert errors == []
    assert result == {"m": {"y": 2}}
    assert ("doc", "m", "x") not in source


def test_delete_of_a_missing_key_is_an_error() -> None:
    _, errors, _ = merged("m: {x: 1}\n", "doc:\n  m: {q: {$delete: true}}\n")
    assert errors == ["over.yaml:2: doc.m.q: $delete: no key 'q' to delete"]


def test_base_is_not_modified() -> None:
    base = parse_yaml("m: {x: [1]}\n", "base.yaml", prefix=("doc",))
    over = parse_yaml("doc: {m: {x: {$append: [2]}}}\n", "over.yaml")
    merge(base.data, over.data["doc"], ("doc",), ("doc",), base.source, over.source, ErrorList())
    assert base.data == {"m": {"x": [1]}}


def test_variant_overlay_changes_the_loaded_title() -> None:
    plain = load_title(EXAMPLE)
    short = load_title(EXAMPLE, variant="short_game")
    assert (plain.trains["2"].price, short.trains["2"].price) == (80, 60)
    assert (plain.trains["4"].count, short.trains["4"].count) == (2, 3)
    assert plain.phases["4"].tiles == ("yellow", "green", "brown")
    assert short.phases["4"].tiles == ("yellow", "green", "brown", "gray")
    assert short.variant == "short_game"


def test_set_override_changes_a_train_price() -> None:
    title = load_title(EXAMPLE, overrides=["trains.2.price=100"])
    assert title.trains["2"].price == 100
    assert title.trains["3"].price == 180


def test_set_override_applies_after_the_variant() -> None:
    title = load_title(EXAMPLE, variant="short_game", overrides=["trains.2.price=100"])
    assert title.trains["2"].price == 100


def test_set_override_values_are_yaml() -> None:
    title = load_title(EXAMPLE, overrides=['phases.2.tiles=[yellow, green]', "trains.5E.count=4"])
    assert title.phases["2"].tiles == ("yellow", "green")
    assert title.trains["5E"].count == 4


def test_overlay_can_add_and_delete_records(tmp_path: Path) -> None:
    folder = broken_copy(
        tmp_path,
        "variants/short_game.yaml",
        'trains:\n  "2": {price: 60}',
        'trains:\n  "6": {distance: 6, price: 600, count: 1}\n  "5E": {$delete: true}',
    )
    title = load_title(folder, variant="short_game")
    assert list(title.trains) == ["2", "3", "4", "6"]
    assert title.trains["6"].price == 600
