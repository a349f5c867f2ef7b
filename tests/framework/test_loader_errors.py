"""Bad title files are reported as ``file:line: path: message``, every one of them at once.

Each test breaks one thing in a copy of the example title (run from the copy's parent folder,
so file names print as ``tinyrail/<file>``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from railyard.framework.loader import TitleError, TitleErrors, find_title
from tests.framework.tinyrail import broken_copy, errors_of


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def test_wrong_type_names_file_line_and_path(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "trains.yaml", '"3": {distance: 3, price: 180', '"3": {distance: 3, price: cheap')
    assert errors_of(folder) == ["tinyrail/trains.yaml:4: 3.price: expected integer, got 'cheap'"]


def test_wrong_type_deep_inside_a_tile(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "tiles.yaml", "revenue: 30, slots: 2}]\n  paths: [[0, s0], [1, s0], [3", "revenue: 30, slots: x}]\n  paths: [[0, s0], [1, s0], [3")
    assert errors_of(folder) == ["tinyrail/tiles.yaml:27: 14.stops[0].slots: expected integer, got 'x'"]


def test_unknown_key_lists_the_allowed_keys(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "trains.yaml", '"4": {distance: 4,', '"4": {distance: 4, colour: red,')
    assert errors_of(folder) == [
        "tinyrail/trains.yaml:5: 4.colour: unknown key (allowed: available_on, cards, count, count_by_players, "
        "depot, distance, events, kind, plus, price, rusts_on, trade_in)"
    ]


def test_bad_map_key_is_reported_at_the_key(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "map.yaml", "  C7: {}", "  c7: {}")
    assert errors_of(folder) == ["tinyrail/map.yaml:43: hexes.c7: bad key: expected a hex coordinate such as G17"]


def test_one_of_several_forms_says_which_forms(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "tiles.yaml", "paths: [[0, 1]]", "paths: [[0, x1]]")
    assert errors_of(folder) == [
        "tinyrail/tiles.yaml:10: 7.paths[0][1]: expected an edge 0-5 or a stop reference such as s0, got 'x1'"
    ]


def test_a_map_form_with_a_typo_names_the_key(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "companies.yaml", "home: {hex: B4, city: 0}", "home: {hex: B4, cty: 0}")
    assert errors_of(folder) == ["tinyrail/companies.yaml:3: CR.home.cty: unknown key (allowed: city, hex)"]


def test_missing_required_field_is_named_in_the_path(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "trains.yaml", '"3": {distance: 3, price: 180, count: 3}', '"3": {distance: 3, count: 3}')
    assert errors_of(folder) == ["tinyrail/trains.yaml:4: 3.price: missing required field"]


def test_missing_file_points_at_the_manifest_entry(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "title.yaml", "  routes: routes.yaml", "  routes: route.yaml")
    assert errors_of(folder) == ["tinyrail/title.yaml:13: files.routes: file not found: route.yaml"]


def test_a_path_to_a_missing_stop_is_refused_by_the_tile_model(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "tiles.yaml", "paths: [[0, s0], [3, s0]]", "paths: [[0, s0], [3, s1]]")
    assert errors_of(folder) == [
        "tinyrail/tiles.yaml:19: 57: tile 57: path end 's1' refers to stop 1, but the tile has 1 stop(s)"
    ]


def test_missing_hooks_module(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "title.yaml", "currency:", "hooks: hooks\ncurrency:")
    assert errors_of(folder) == ["tinyrail/title.yaml:7: hooks: not found: hooks (expected hooks.py or a package)"]


def test_bad_yaml_syntax_reports_the_line(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "phases.yaml", "train_limits: {major: 3}", "train_limits: {major: 3")
    (error,) = errors_of(folder)
    # The wording comes from the YAML parser (libyaml or pure Python); the place is ours.
    assert error.startswith("tinyrail/phases.yaml:16: (yaml): ")
    assert "expected ',' or '}'" in error
    assert error.endswith("(while parsing a flow mapping started on line 15)")


def test_duplicate_key_is_a_syntax_error(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "trains.yaml", '"4": {distance: 4', '"2": {distance: 4')
    assert errors_of(folder) == ["tinyrail/trains.yaml:5: (yaml): duplicate key '2'"]


def test_dangling_tile_id_in_upgrades_to(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "tiles.yaml", '"57":\n  color: yellow\n  count: 3\n', '"57":\n  color: yellow\n  count: 3\n  upgrades_to: ["14", "99"]\n')
    assert errors_of(folder) == [
        "tinyrail/tiles.yaml:22: 57.upgrades_to[1]: unknown tile '99' "
        "(known: 3, 7, 8, 9, 57, 14, 15, 63)"
    ]


def test_dangling_train_name_in_rusts_on(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "trains.yaml", 'rusts_on: "4"', 'rusts_on: "6"')
    assert errors_of(folder) == ["tinyrail/trains.yaml:3: 2.rusts_on: unknown train '6' (known: 2, 3, 4, 5E)"]


def test_coordinate_of_the_wrong_parity(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "map.yaml", "east: {hexes: [A7, B8]", "east: {hexes: [A7, B7]")
    (error,) = errors_of(folder)
    assert error.startswith("tinyrail/map.yaml:7: regions.east.hexes[1]: bad hex coordinate 'B7'")


def test_malformed_coordinate_in_a_home(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "companies.yaml", "home: C3", "home: c3")
    assert errors_of(folder) == ["tinyrail/companies.yaml:4: ER.home: expected a hex coordinate, {hex, city}, or a list of them, got 'c3'"]


def test_home_on_a_hex_the_map_lacks(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "companies.yaml", "home: C3", "home: C9")
    assert errors_of(folder) == ["tinyrail/companies.yaml:4: ER.home: no hex 'C9' on the map"]


def test_unknown_phase_name(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "map.yaml", 'opens_on_phase: "3"', 'opens_on_phase: "6"')
    assert errors_of(folder) == ["tinyrail/map.yaml:7: regions.east.opens_on_phase: unknown phase '6' (known: 2, 3, 4)"]


def test_unknown_phase_in_a_phase_dependent_revenue(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "map.yaml", '{"2": 20, "4": 40}', '{"2": 20, "5": 40}')
    assert errors_of(folder) == ["tinyrail/map.yaml:12: hexes.A1.stops[0].revenue.5: unknown phase '5' (known: 2, 3, 4)"]


def test_unknown_company_type(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "companies.yaml", "ER: {type: major", "ER: {type: mayor")
    assert errors_of(folder) == ["tinyrail/companies.yaml:4: ER.type: unknown company type 'mayor' (known: major)"]


def test_unknown_limit_group_and_train_kind(tmp_path: Path) -> None:
    broken_copy(tmp_path, "phases.yaml", "train_limits: {major: 3}", "train_limits: {majors: 3}")
    folder = broken_copy(tmp_path, "trains.yaml", "kind: express", "kind: expres")
    assert errors_of(folder) == [
        "tinyrail/trains.yaml:6: 5E.kind: unknown train kind 'expres' (known: plain, express)",
        "tinyrail/phases.yaml:15: 4.train_limits.majors: unknown limit group 'majors' (known: major)",
    ]


def test_certificates_over_100_percent_or_without_one_director(tmp_path: Path) -> None:
    broken_copy(tmp_path, "company_types.yaml", "{percent: 10, count: 8}", "{percent: 10, count: 9}")
    folder = broken_copy(tmp_path, "companies.yaml", "tokens: 2}", "tokens: 2, certificates: [{percent: 50}, {percent: 50}]}")
    assert errors_of(folder) == [
        "tinyrail/company_types.yaml:14: major.certificates: certificates add up to 110%, more than 100%",
        "tinyrail/companies.yaml:4: ER.certificates: 0 director's certificates; expected exactly 1",
    ]


def test_two_phases_started_by_one_train(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "phases.yaml", 'starts_on: "4"', 'starts_on: "3"')
    assert errors_of(folder) == ["tinyrail/phases.yaml:12: 4.starts_on: train '3' already starts phase '3'"]


def test_player_range_upside_down(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "title.yaml", "players: {min: 2, max: 4}", "players: {min: 5, max: 4}")
    assert errors_of(folder) == ["tinyrail/title.yaml:6: players: min 5 is more than max 4"]


def test_every_error_of_a_stage_is_listed(tmp_path: Path) -> None:
    broken_copy(tmp_path, "trains.yaml", "price: 180", "price: cheap")
    folder = broken_copy(tmp_path, "companies.yaml", "tokens: 2", "tokens: two")
    assert errors_of(folder) == [
        "tinyrail/trains.yaml:4: 3.price: expected integer, got 'cheap'",
        "tinyrail/companies.yaml:4: ER.tokens: expected integer or null, got 'two'",
    ]


def test_cross_references_are_not_checked_while_schema_errors_remain(tmp_path: Path) -> None:
    broken_copy(tmp_path, "trains.yaml", "price: 180", "price: cheap")
    folder = broken_copy(tmp_path, "trains.yaml", 'rusts_on: "4"', 'rusts_on: "6"')
    assert errors_of(folder) == ["tinyrail/trains.yaml:4: 3.price: expected integer, got 'cheap'"]


def test_overlay_error_names_the_overlay_file_and_line(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "variants/short_game.yaml", '"4": {count: 3}', '"4": {count: many}')
    assert errors_of(folder, variant="short_game") == [
        "tinyrail/variants/short_game.yaml:4: trains.4.count: expected integer or null, got 'many'"
    ]


def test_overlay_append_onto_a_scalar(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "variants/short_game.yaml", '"2": {price: 60}', '"2": {price: {$append: [1]}}')
    assert errors_of(folder, variant="short_game") == [
        "tinyrail/variants/short_game.yaml:3: trains.2.price: $append needs a list in the base document"
    ]


def test_overlay_of_an_unknown_concern(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "variants/short_game.yaml", "phases:", "phase:")
    (error,) = errors_of(folder, variant="short_game")
    assert error.startswith("tinyrail/variants/short_game.yaml:5: phase: no such file concern (known: map, ")


def test_unknown_variant(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "title.yaml", "short_game:", "short_game:")
    assert errors_of(folder, variant="long_game") == [
        "tinyrail/title.yaml:19: variants: no variant 'long_game' (known: short_game)"
    ]


@pytest.mark.parametrize(
    ("override", "expected"),
    [
        ("trains.9.price=1", "--set:1: trains.9: no key '9' in trains"),
        ("train.2.price=1", "--set:1: train: no such file concern (known: map, tiles, trains, "
         "routes, phases, company_types, companies, market, setup)"),
        ("trains.2.price", "--set:1: trains.2.price: expected path=value"),
        ("phases.4.tiles.5=brown", "--set:1: phases.4.tiles.5: no item 5 in phases.4.tiles (it has 3)"),
        ("trains.2.price=x", "--set:1: trains.2.price: expected integer, got 'x'"),
    ],
)
def test_bad_set_override(tmp_path: Path, override: str, expected: str) -> None:
    folder = broken_copy(tmp_path, "title.yaml", "id: tinyrail", "id: tinyrail")
    assert errors_of(folder, overrides=[override]) == [expected]


def test_unknown_title_is_an_error_not_a_traceback(tmp_path: Path) -> None:
    with pytest.raises(TitleErrors) as caught:
        find_title(tmp_path / "nowhere")
    assert caught.value.errors[0].path == "(title)"


def test_title_error_str_form() -> None:
    error = TitleError("titles/x/map.yaml", 123, "hexes.G17.stops[0].slots", "expected integer, got 'x'")
    assert str(error) == "titles/x/map.yaml:123: hexes.G17.stops[0].slots: expected integer, got 'x'"
