"""The quick schema check (framework/loader/quickcheck.py) passes a title file only when
jsonschema passes it too: the loader then skips jsonschema, so a document the quick check
passed wrongly would load unchecked. Every title file of every title is checked as it is and
in damaged copies (a value swapped for one of another kind or at a bound, a key dropped, an
unknown key added), each against jsonschema itself."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from railyard.framework.loader import load_manifest
from railyard.framework.loader.quickcheck import equal, quick_check
from railyard.framework.loader.schema import validator_for
from railyard.framework.loader.yamlio import load_yaml
from railyard.framework.resources import schemas_folder, titles_folder

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def _title_files() -> list[tuple[str, Path, Path]]:
    folders = [f for f in sorted(titles_folder().iterdir()) if (f / "title.yaml").is_file()]
    folders += [f for f in sorted(FIXTURES.iterdir()) if (f / "title.yaml").is_file()]
    out = []
    for folder in folders:
        try:
            manifest, _ = load_manifest(folder)
        except Exception:  # noqa: BLE001 - a fixture meant to fail elsewhere
            continue
        for concern, ref in manifest.files.items():
            if (folder / ref.path).is_file() and (schemas_folder() / ref.schema).is_file():
                out.append((f"{folder.name}/{concern}", folder / ref.path,
                            schemas_folder() / ref.schema))
    return out


FILES = _title_files()

#: replacement values: other kinds, bounds, empties
ODD = [None, True, False, 0, -1, 1, 1.5, 2.0, 10**9, "", "x", "Z99", [], [1], {}, {"k": 1}]


def _places(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _places(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _places(value, (*path, i))


def _damaged(data: Any, rng: random.Random, count: int) -> Iterator[Any]:
    places = list(_places(data))[1:]
    for _ in range(count):
        path = rng.choice(places)
        out = copy.deepcopy(data)
        parent = out
        for key in path[:-1]:
            parent = parent[key]
        what = rng.randrange(3)
        if what == 0:
            parent[path[-1]] = rng.choice(ODD)
        elif what == 1 and isinstance(parent, dict):
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent["unknown_key_x"] = rng.choice(ODD)
        else:
            parent.append(rng.choice(ODD))
        yield out


def _jsonschema_passes(schema: Path, data: Any) -> bool:
    return next(iter(validator_for(schema).iter_errors(data)), None) is None


@pytest.mark.parametrize(("name", "file", "schema"), FILES, ids=[f[0] for f in FILES])
def test_quick_check_passes_a_title_file_only_if_jsonschema_does(
    name: str, file: Path, schema: Path
) -> None:
    check = quick_check(schema)
    assert check is not None, f"{schema.name} uses a keyword the quick check does not know"
    data = load_yaml(file).data
    assert check(data) == _jsonschema_passes(schema, data)
    rng = random.Random(name)
    refused = 0
    for damaged in _damaged(data, rng, 25):
        quick = check(damaged)
        assert not quick or _jsonschema_passes(schema, damaged), name
        refused += not quick
    assert refused > 0  # the damage reaches checked values


def test_quick_check_equality_keeps_booleans_apart_from_numbers() -> None:
    assert equal(1, 1.0) and equal([1, "a"], [1.0, "a"]) and equal({"a": [1]}, {"a": [1.0]})
    assert not equal(True, 1) and not equal(False, 0) and not equal([True], [1])
    assert not equal("1", 1) and not equal({"a": 1}, {"a": 1, "b": 2})
