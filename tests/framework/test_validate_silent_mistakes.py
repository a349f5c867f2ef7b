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
