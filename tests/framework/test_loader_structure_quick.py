"""Structuring (framework/loader/structure.py) runs valid data through a converter without
detailed validation and falls back to the detailed one on any failure: every title and
variant must load equal either way, and a model error must still name its path."""

from __future__ import annotations

import pytest

from railyard.framework import loader
from railyard.framework.loader import load_manifest, structure
from railyard.framework.model.trains import TrainDef
from railyard.framework.resources import titles_folder

TITLES = [
    (folder.name, variant)
    for folder in sorted(titles_folder().iterdir())
    if (folder / "title.yaml").is_file()
    for variant in (None, *load_manifest(folder)[0].variants)
]


@pytest.mark.parametrize(("title", "variant"), TITLES)
def test_a_title_structures_equal_through_the_quick_and_the_detailed_converter(
    title: str, variant: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RAILYARD_CACHE_DIR", "off")
    loader._CACHE.clear()
    quick = loader.load_title(title, variant)
    loader._CACHE.clear()
    monkeypatch.setattr(structure, "structure",
                        lambda raw, cls: structure.converter.structure(raw, cls))
    detailed = loader.load_title(title, variant)
    loader._CACHE.clear()
    assert quick == detailed
    assert repr(quick) == repr(detailed)


def test_a_value_the_quick_converter_refuses_is_reported_with_its_path() -> None:
    with pytest.raises(Exception) as failure:
        structure.structure({"name": "2", "distance": "far"}, TrainDef)
    assert list(structure.structure_failures(failure.value)) == [
        (("distance",), "expected integer, got 'far'")
    ]
