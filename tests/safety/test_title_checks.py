"""Validation catches what games trip on (issue 19, defect 6): a title family's own
cross-checks run in ``validate``, the title's code must import, and data that every schema
accepts but no game can play is a located error."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from railyard.framework.cli import main
from railyard.framework.loader import TitleErrors, load_title

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def line_of(title: str, file: str, text: str) -> int:
    """The line of ``text`` in a title's file, so that an edit to the file above it does not
    break a test of where an error is reported."""
    lines = (REPO / "titles" / title / file).read_text(encoding="utf-8").split("\n")
    return next(i for i, line in enumerate(lines, 1) if text in line)


def broken(tmp_path: Path, title: str, file: str, old: str, new: str) -> Path:
    folder = tmp_path / title
    if not folder.exists():
        shutil.copytree(REPO / "titles" / title, folder, ignore=shutil.ignore_patterns("__pycache__"))
    target = folder / file
    text = target.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {file}"
    target.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


def errors(folder: Path, variant: str | None = None) -> list[str]:
    with pytest.raises(TitleErrors) as caught:
        load_title(folder, variant)
    return [str(e) for e in caught.value]


# ------------------------------------------------------------------ Imperial Steam's own checks
DANGLING = [
    ("map.yaml", "BAD: {name: Baden, region: lower_austria", "BAD: {name: Baden, region: nowhere",
     "imperial_steam/map.yaml:{line}: sites.BAD.region: unknown region 'nowhere'"),
    ("map.yaml", "WIE-BAD: {a: WIE, b: BAD}", "WIE-BAD: {a: WIE, b: XXX}",
     "imperial_steam/map.yaml:{line}: connections.WIE-BAD.b: unknown site 'XXX'"),
    ("trains.yaml", "start_engine: IS-3", "start_engine: IS-9",
     "imperial_steam/trains.yaml:{line}: start_engine: unknown engine 'IS-9'"),
    ("cities.yaml", "fixed_site: BAD", "fixed_site: WIE",
     "imperial_steam/cities.yaml:{line}: tiles.",  # the first tile's fixed_site (its id varies)
     ),
    ("setup.yaml", "state_railways: [GRA-MAR,", "state_railways: [GRA-XXX,",
     "imperial_steam/setup.yaml:{line}: fixed.state_railways[0]: 'GRA-XXX' is not a crownable connection"),
    ("setup.yaml", "hubs: {bronze: WNS,", "hubs: {bronze: GRA,",
     "imperial_steam/setup.yaml:{line}: fixed.hubs.bronze: differs from the hub tile's fixed_site"),
    ("setup.yaml", "growth: {bronze: G1,", "growth: {bronze: G9,",
     "imperial_steam/setup.yaml:{line}: fixed.growth.bronze: unknown growth tile 'G9'"),
    ("components.yaml", '"S01": {connection: WIE-WNS,', '"S01": {connection: WIE-NOPE,',
     "imperial_steam/components.yaml:{line}: state_railway_cards.S01.connection: 'WIE-NOPE' is not a crownable connection"),
]


@pytest.mark.parametrize(("file", "old", "new", "expected"), DANGLING, ids=[d[3].split(": ")[1] for d in DANGLING])
def test_imperial_steam_validate_names_each_dangling_reference_at_its_line(
    tmp_path: Path, file: str, old: str, new: str, expected: str
) -> None:
    folder = broken(tmp_path, "imperial_steam", file, old, new)
    expected = expected.format(line=line_of("imperial_steam", file, old))
    found = errors(folder)
    assert any(e.startswith(expected) for e in found), found


def test_the_validate_command_runs_the_titles_own_checks(tmp_path: Path, capsys) -> None:
    folder = broken(tmp_path, "imperial_steam", "setup.yaml", "growth: {bronze: G1,", "growth: {bronze: G9,")
    assert main(["validate", str(folder)]) == 1
    assert "fixed.growth.bronze: unknown growth tile 'G9'" in capsys.readouterr().out
    assert main(["validate", "imperial_steam"]) == 0


def test_imperial_steam_needs_hands_for_every_round(tmp_path: Path) -> None:
    folder = broken(tmp_path, "imperial_steam", "rules.yaml", 'hands: {"1": 2,', 'hands: {')
    assert errors(folder) == ["imperial_steam/rules.yaml:4: hands: no hands for round(s) 1"]


def test_imperial_steam_start_cash_has_a_bound(tmp_path: Path) -> None:
    folder = broken(tmp_path, "imperial_steam", "setup.yaml", '"2": {cash: 120,', '"2": {cash: 10000000000000000000000000000000000000000,')
    (error,) = errors(folder)
    line = line_of("imperial_steam", "setup.yaml", '"2": {cash: 120,')
    assert error.startswith(f"imperial_steam/setup.yaml:{line}: players.2.cash: expected at most 100000")


# ------------------------------------------------------------------ the title's code
def test_a_hooks_file_with_a_syntax_error_is_a_title_error(tmp_path: Path) -> None:
    folder = broken(tmp_path, "1837", "title.yaml", "hooks: hooks", "hooks: hooks")
    regions = folder / "hooks" / "regions.py"
    lines = regions.read_text().count("\n")
    regions.write_text(regions.read_text() + "def broken(:\n")
    (error,) = errors(folder)
    assert error == f"1837/title.yaml:19: hooks: cannot import: hooks/regions.py:{lines + 1}: SyntaxError: invalid syntax"


def test_a_title_naming_a_renderer_module_is_refused(tmp_path: Path) -> None:
    """The client is found by the engine's registry, never by a module a title names: an old
    ``view:`` line is an unknown key of title.yaml, reported at its line."""
    folder = broken(tmp_path, "imperial_steam", "title.yaml", "rules: RULES.md", "rules: RULES.md\nview: no.such.module")
    (error,) = errors(folder)
    assert error.startswith("imperial_steam/title.yaml:22: ") and "view" in error



# ------------------------------------------------------------------ 18xx data that cannot play
def test_a_misspelt_train_event_is_refused_naming_the_events_the_hooks_handle(tmp_path: Path) -> None:
    folder = broken(tmp_path, "1837", "trains.yaml", "events: [open_mountain_passes]", "events: [open_mountain_pases]")
    (error,) = errors(folder)
    assert "events[0]: no hook handles event 'open_mountain_pases'" in error


def test_a_company_sold_in_two_packet_items_is_refused(tmp_path: Path) -> None:
    folder = broken(tmp_path, "1837", "setup.yaml", "KK2: {companies: [KK2]", "KK2: {companies: [KK1]")
    (error,) = errors(folder)
    assert error.endswith("items.KK2.companies[0]: KK1 is already sold in item 'KK1'")


def test_a_path_to_a_missing_stop_on_the_map_is_refused(tmp_path: Path) -> None:
    from tests.framework.tinyrail import broken_copy

    folder = broken_copy(tmp_path, "map.yaml", "paths: [[", "paths: [[s7, 0], [")
    found = [str(e) for e in pytest.raises(TitleErrors, load_title, folder).value]
    assert any("names stop 7, but the hex has" in e for e in found), found


def test_a_negative_revenue_is_refused(tmp_path: Path) -> None:
    from tests.framework.tinyrail import broken_copy

    folder = broken_copy(tmp_path, "tiles.yaml", "revenue: 30,", "revenue: -30,")
    found = [str(e) for e in pytest.raises(TitleErrors, load_title, folder).value]
    assert any("a revenue cannot be negative" in e for e in found), found


def test_two_majors_homed_on_a_one_slot_city_are_refused(tmp_path: Path) -> None:
    from tests.framework.tinyrail import broken_copy

    folder = broken_copy(tmp_path, "companies.yaml", "home: C3,", "home: A3,")
    assert [str(e) for e in pytest.raises(TitleErrors, load_title, folder).value] == [
        "tinyrail/companies.yaml:4: ER.home: AR, ER are all homed on A3 city 0, which has 1 slot(s)"
    ]


@pytest.mark.parametrize(
    ("file", "old", "new", "message"),
    [
        ("setup.yaml", "bank: 4000", "bank: 0", "bank: expected at least 1, got 0"),
        ("setup.yaml", "certificate_limit: 16", "certificate_limit: 0", "players.2.certificate_limit: expected at least 1, got 0"),
        ("trains.yaml", "price: 180", "price: 10000000000000000000000000000000000000000", "3.price: expected at most 100000000"),
        ("phases.yaml", "tiles: [yellow]", "tiles: []", "2.tiles: expected at least 1 item(s), got 0"),
    ],
)
def test_numbers_with_no_sane_value_are_refused_by_the_schema(
    tmp_path: Path, file: str, old: str, new: str, message: str
) -> None:
    from tests.framework.tinyrail import broken_copy

    folder = broken_copy(tmp_path, file, old, new)
    found = [str(e) for e in pytest.raises(TitleErrors, load_title, folder).value]
    assert any(message in e for e in found), found


def test_an_empty_start_packet_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "packetrail"
    shutil.copytree(REPO / "tests" / "fixtures" / "packetrail", folder)
    setup = folder / "setup.yaml"
    text = setup.read_text()
    start = text.index("  items:")
    end = text.index("\n  ", text.index("\n", start) + 1)
    lines = text[start:].split("\n")
    body = [line for line in lines[1:] if line.startswith("    ")]
    setup.write_text(text.replace("\n".join(["  items:", *body]), "  items: {}", 1))
    found = [str(e) for e in pytest.raises(TitleErrors, load_title, folder).value]
    assert found == ["packetrail/setup.yaml:11: start_packet.items: expected at least 1 entry, got 0"], end


def test_info_counts_the_data_of_a_title_whose_code_fails_and_validate_refuses_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``info`` reads the title's data only (its code would import the whole engine); the
    title's code is checked by ``validate`` and by every game."""
    monkeypatch.setenv("RAILYARD_CACHE_DIR", str(tmp_path / "cache"))
    folder = broken(tmp_path, "1837", "title.yaml", "hooks: hooks", "hooks: hooks")
    regions = folder / "hooks" / "regions.py"
    regions.write_text(regions.read_text() + "def broken(:\n")
    assert main(["info", str(folder)]) == 0
    assert capsys.readouterr().out.startswith("1837")
    assert main(["validate", str(folder)]) == 1
    assert "hooks: cannot import: hooks/regions.py" in capsys.readouterr().out
