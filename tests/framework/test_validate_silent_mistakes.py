"""Silent mistakes ``railyard validate`` now names (issue 30, point 3): data that loads and
plays, yet a rule it names never happens (an event nothing handles, a tile no upgrade reaches,
an ability naming a terrain, hex, tile, company or share the title does not have)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from railyard.framework.loader import TitleErrors, load_title
from tests.framework.tinyrail import broken_copy, errors_of

TITLES = Path(__file__).resolve().parents[2] / "titles"


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def title_copy(tmp_path: Path, name: str, file: str, old: str, new: str) -> Path:
    """A copy of ``titles/<name>`` with ``old`` replaced once in ``file``."""
    folder = tmp_path / name
    if not folder.exists():
        shutil.copytree(TITLES / name, folder)
    target = folder / file
    text = target.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {file}"
    target.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


def located(folder: Path) -> list[str]:
    with pytest.raises(TitleErrors) as caught:
        load_title(folder)
    return [str(e) for e in caught.value]


# ------------------------------------------------------------------ events without hooks
def test_an_event_in_a_title_without_hooks_is_an_error_at_its_line(tmp_path: Path) -> None:
    """The engine handles no event by itself: in a title without hooks an event is a rule
    that silently never happens."""
    folder = broken_copy(tmp_path, "trains.yaml", '"3": {distance: 3, price: 180, count: 3}',
                         '"3": {distance: 3, price: 180, count: 3, events: [close_privates]}')
    assert errors_of(folder) == [
        "tinyrail/trains.yaml:4: 3.events[0]: no hook handles event 'close_privates' (the title "
        "has no hooks, and the engine handles no event by itself)"
    ]


# ------------------------------------------------------------------ tiles no upgrade reaches
def test_a_tile_no_sequence_of_upgrades_reaches_is_a_warning_naming_the_fix(tmp_path: Path) -> None:
    """18Chesapeake's brown X7 (two OO cities become one) replaces no green tile by the
    general rule, so without the explicit upgrades of X3-X5 neither it nor the gray X9 after
    it could ever be laid."""
    for _ in range(3):
        folder = title_copy(tmp_path, "18chesapeake", "tiles.yaml", "  upgrades_to: [X7]", "")
    found = [str(w) for w in load_title(folder).warnings]
    x7 = [w for w in found if " X7: warning" in w]
    x9 = [w for w in found if " X9: warning" in w]
    assert len(found) == 2 and x7 and x9, found
    assert x7[0].startswith("18chesapeake/tiles.yaml:")
    assert "warning: tile X7 can never be laid" in x7[0]
    assert "upgrades_to: [X7]" in x7[0] and "X3, X4 or X5" in x7[0]
    assert "warning: tile X9 can never be laid: it replaces only X7, which can never be laid itself" in x9[0]


@pytest.mark.parametrize("name", ["1830", "1889", "18chesapeake", "1837"])
def test_every_tile_of_the_shipped_titles_can_be_reached(name: str) -> None:
    assert [w for w in load_title(name).warnings if "can never be laid" in str(w)] == []


# ------------------------------------------------------------------ what an ability names
def test_a_misspelt_terrain_in_an_ability_is_an_error_at_its_line(tmp_path: Path) -> None:
    """A discount on a terrain no hex has loads, plays, and never discounts anything."""
    folder = title_copy(tmp_path, "1889", "companies.yaml", "terrain: mountain", "terrain: mountian")
    (error,) = located(folder)
    assert error.startswith("1889/companies.yaml:39: ")
    assert "abilities[0].terrain: unknown terrain kind 'mountian'" in error and "mountain" in error


def test_a_drawn_corporation_the_title_lacks_is_an_error_at_its_line(tmp_path: Path) -> None:
    folder = title_copy(tmp_path, "18chesapeake", "companies.yaml", '"C&A", "N&W"]', '"C&A", "N&V"]')
    (error,) = located(folder)
    assert error.startswith("18chesapeake/companies.yaml:")
    assert "CV.abilities[0].random_director[7]: unknown corporation 'N&V'" in error


def test_a_private_drawn_as_a_corporation_is_an_error(tmp_path: Path) -> None:
    folder = title_copy(tmp_path, "18chesapeake", "companies.yaml", '"C&A", "N&W"]', '"C&A", "D&R"]')
    (error,) = located(folder)
    assert "random_director[7]: 'D&R' is a private, not a corporation" in error



@pytest.mark.parametrize("name", sorted(p.name for p in TITLES.iterdir() if (p / "title.yaml").exists()))
def test_every_shipped_title_names_only_what_it_has(name: str) -> None:
    # an ability's terrain may be a border's kind (1882's Trestle Bridge is paid per river
    # border crossed): the reference check reads both, so every shipped title loads clean
    load_title(TITLES / name)


def test_an_ability_may_name_a_border_kind_as_its_terrain(tmp_path: Path) -> None:
    folder = title_copy(tmp_path, "1882", "companies.yaml", "terrain: water}", "terrain: waterr}")
    assert any("unknown terrain kind 'waterr'" in e for e in located(folder))
