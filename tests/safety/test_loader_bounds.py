"""Reading a title file is bounded: a hostile or broken YAML file ends in one located error,
in well under a second, whatever it holds (issue 19, defects 1 and 6)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from railyard.framework.loader import TitleErrors, load_title
from railyard.framework.loader.yamlio import LIMITS, load_yaml, parse_yaml
from tests.framework.tinyrail import broken_copy, errors_of


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def laughs(levels: int) -> str:
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, levels):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def only_error(text: str) -> str:
    with pytest.raises(TitleErrors) as caught:
        parse_yaml(text, "f.yaml")
    assert len(caught.value) == 1
    return str(caught.value.errors[0])


def test_billion_laughs_is_refused_at_once_at_the_line_that_passes_the_limit() -> None:
    start = time.perf_counter()
    assert only_error(laughs(9)) == (
        "f.yaml:6: (yaml): too many values: more than 500000 with every alias expanded"
    )
    assert time.perf_counter() - start < 1.0


def test_a_shared_alias_is_read_once_and_mapped_to_its_own_lines() -> None:
    located = parse_yaml("base: &b {price: 1}\nother: *b\n", "f.yaml")
    assert located.data == {"base": {"price": 1}, "other": {"price": 1}}
    assert located.source.line(("base", "price")) == 1
    assert located.source.line(("other", "price")) == 2  # the alias's line


def test_five_levels_of_aliases_within_the_limit_still_load() -> None:
    located = parse_yaml(laughs(5), "f.yaml")
    assert len(located.data["a4"]) == 9


def test_an_alias_inside_its_own_anchor_is_refused() -> None:
    assert only_error("a: 1\nb: &x [1, *x]\n") == (
        "f.yaml:2: (yaml): alias *x refers to a value that contains it"
    )


def test_nesting_deeper_than_the_limit_is_refused_before_the_parser_recurses() -> None:
    """What the user gets is one error at the file's first line, at once and without a crash;
    whether our depth check or PyYAML's own (6.0.4 and later) words it is not the rule."""
    deep = "[" * 100_000 + "]" * 100_000
    start = time.perf_counter()
    with pytest.raises(TitleErrors) as caught:
        parse_yaml(deep, "f.yaml")
    assert time.perf_counter() - start < 2.0
    [error] = caught.value.errors
    assert (error.file, error.line, error.path) == ("f.yaml", 1, "(yaml)")
    assert "nest" in error.message


def test_nesting_just_past_the_limit_is_refused_by_our_own_check() -> None:
    deep = "[" * (LIMITS.max_depth + 1) + "]" * (LIMITS.max_depth + 1)
    assert only_error(deep) == f"f.yaml:1: (yaml): nested too deeply: more than {LIMITS.max_depth} levels"


def test_a_file_over_the_size_limit_is_refused_unread(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_text("- 1\n" * (LIMITS.max_bytes // 4 + 1))
    with pytest.raises(TitleErrors) as caught:
        load_yaml(big)
    assert "file too large" in str(caught.value)


def test_many_values_under_the_size_limit_are_refused_in_well_under_a_second() -> None:
    start = time.perf_counter()
    assert "too many values" in only_error("- 1\n" * 600_000)
    assert time.perf_counter() - start < 3.0


def test_a_nul_byte_is_reported_on_its_own_line() -> None:
    text = "a: 1\n" * 11 + "b: \x00\n"
    assert only_error(text) == "f.yaml:12: (yaml): character 0x0000 is not allowed in YAML"


def test_a_file_that_is_not_utf8_names_the_line_of_the_bad_byte(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "trains.yaml", "# Sold", "# Sold")
    raw = (folder / "trains.yaml").read_bytes().replace(b'"3": {', b'"3\xff": {')
    (folder / "trains.yaml").write_bytes(raw)
    assert errors_of(folder) == ["tinyrail/trains.yaml:4: (yaml): not UTF-8 text: byte 0xff cannot be read"]


def test_python_tags_never_construct_objects() -> None:
    assert "could not determine a constructor" in only_error("a: !!python/object/apply:os.system [echo]\n")


def test_a_schema_outside_the_schemas_folder_is_a_located_error(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "title.yaml", "  map: map.yaml", "  map: {path: map.yaml, schema: ../../etc/passwd}")
    (errors,) = errors_of(folder)
    assert errors.startswith("tinyrail/title.yaml:10: files.map.schema: expected a schema file under schemas/")


def test_an_overlay_delete_of_a_required_key_names_the_overlay_line(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "variants/short_game.yaml", '"2": {price: 60}', '"2": {price: {$delete: true}}')
    assert errors_of(folder, variant="short_game") == [
        "tinyrail/variants/short_game.yaml:3: trains.2.price: missing required field"
    ]


def test_the_shipped_titles_still_load() -> None:
    assert load_title("1837").manifest.id == "1837"
