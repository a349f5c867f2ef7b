"""Ability kinds and parameters are a closed vocabulary: a misspelt kind, an unknown parameter
or a name that does not exist is an error naming file, line and path (issue 15, point 1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from railyard.framework.loader import load_title
from railyard.framework.model.abilities import BlocksHexes, Exchange, TileLay
from tests.framework.tinyrail import broken_copy, errors_of

AR = 'AR: {type: major, name: Alton Railway, color: "#c0392b", home: A3, tokens: 3'


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def _with(tmp_path: Path, abilities: str) -> Path:
    return broken_copy(tmp_path, "companies.yaml", AR, f"{AR}, abilities: {abilities}")


def test_a_misspelt_ability_kind_is_an_error_listing_the_kinds(tmp_path: Path) -> None:
    (error,) = errors_of(_with(tmp_path, "[{kind: blocks_hex, hexes: [A5]}]"))
    assert error.startswith("tinyrail/companies.yaml:2: AR.abilities[0].kind: expected one of blocks_hexes, ")


def test_a_misspelt_ability_parameter_is_an_error_naming_the_allowed_ones(tmp_path: Path) -> None:
    assert errors_of(_with(tmp_path, "[{kind: blocks_hexes, hexs: [A5]}]")) == [
        "tinyrail/companies.yaml:2: AR.abilities[0].hexs: unknown key (allowed: hexes, kind, until)"
    ]


def test_a_parameter_of_another_kind_is_an_error(tmp_path: Path) -> None:
    (error,) = errors_of(_with(tmp_path, "[{kind: exchange, company: CR, tiles: ['57']}]"))
    assert error.startswith("tinyrail/companies.yaml:2: AR.abilities[0].tiles: unknown key (allowed: company,")


def test_a_bad_moment_is_an_error(tmp_path: Path) -> None:
    (error,) = errors_of(_with(tmp_path, "[{kind: tile_lay, hexes: [A5], when: [sold]}]"))
    assert error.startswith("tinyrail/companies.yaml:2: AR.abilities[0].when[0]: expected one of own_turn,")


def test_an_ability_naming_a_missing_hex_tile_or_company_is_an_error(tmp_path: Path) -> None:
    folder = _with(tmp_path, "[{kind: tile_lay, hexes: [A9], tiles: ['99']}, {kind: exchange, company: XX}]")
    assert errors_of(folder) == [
        "tinyrail/companies.yaml:2: AR.abilities[0].hexes[0]: no hex 'A9' on the map",
        "tinyrail/companies.yaml:2: AR.abilities[0].tiles[0]: unknown tile '99' (known: 3, 7, 8, 9, 57, 14, 15, 63)",
        "tinyrail/companies.yaml:2: AR.abilities[1].company: unknown company 'XX' (known: AR, CR, ER)",
    ]


def test_a_certificate_the_company_does_not_have_is_an_error(tmp_path: Path) -> None:
    assert errors_of(_with(tmp_path, "[{kind: shares, certificates: [CR.12]}]")) == [
        "tinyrail/companies.yaml:2: AR.abilities[0].certificates[0]: CR has 9 certificate(s): no 'CR.12'"
    ]


def test_abilities_load_typed_with_their_defaults(tmp_path: Path) -> None:
    folder = _with(tmp_path, "[{kind: blocks_hexes, hexes: [A5]}, {kind: tile_lay, hexes: [A5], tiles: ['57']},"
                             " {kind: exchange, company: CR, from: [ipo, pool]}]")
    company = load_title(folder).companies["AR"]
    assert company.ability_defs == (
        BlocksHexes(hexes=("A5",)),
        TileLay(hexes=("A5",), tiles=("57",)),
        Exchange(company="CR", source=("ipo", "pool")),
    )
    assert company.abilities_of(TileLay)[0].count == 1
