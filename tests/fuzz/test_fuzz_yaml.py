"""Fuzzing title YAML (issue 19, defect 1): whatever a title file holds, loading ends in a
located error or the right data, within a time limit; never another exception or a hang."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any

import yaml
from hypothesis import given
from hypothesis import strategies as st

from railyard.framework.loader import TitleErrors, load_title
from railyard.framework.loader.yamlio import LIMITS, load_yaml, parse_yaml
from tests.framework.tinyrail import EXAMPLE
from tests.fuzz.helpers import fuzz, run_command, within

TOKENS = [
    "a:", "b: ", " ", "  ", "\n", "- ", "[", "]", "{", "}", ",", ": ", "&x ", "&y ", "*x", "*y",
    "!!str ", "!!int ", "!!binary ", "!!set ", "!!timestamp ", "!!python/object:os.system ",
    "!!python/object/apply:os.system ", "!foo ", "!<tag:x> ", "'", '"', "#", "\t", "---", "...",
    "? ", "|", ">", "\x00", "\ufeff", "\x85", "\u2028", "1", "-1.5e3", "0x1F", "null", "~",
    "<<: *x", "%YAML 1.1\n", "%TAG ! tag:x,2000:\n", "yes", ".inf", "2001-12-14", "é", "😀",
]


def check_parse(text: str) -> Any:
    """Parse; a TitleErrors must name a file, a line and a message."""
    try:
        return parse_yaml(text, "f.yaml").data
    except TitleErrors as errors:
        assert len(errors) >= 1
        for error in errors:
            assert error.file == "f.yaml" and error.line >= 0 and error.message
        return errors


@fuzz(200)
@given(st.lists(st.sampled_from(TOKENS), max_size=120).map("".join))
def test_yaml_made_of_tricky_tokens_ends_in_data_or_a_located_error(text: str) -> None:
    with within(name="yaml: tokens"):
        check_parse(text)


@fuzz(300)
@given(st.text(max_size=400))
def test_any_text_ends_in_data_or_a_located_error(text: str) -> None:
    with within(name="yaml: any text"):
        check_parse(text)


KEYS = st.text(st.characters(min_codepoint=0x20, max_codepoint=0x2FF, blacklist_characters="\x7f\x85"),
               min_size=1, max_size=8)
# PyYAML writes NEL and the Unicode line separators unquoted, then reads them as line breaks:
# its emitter's quirk, not the loader's, so the round trip leaves them out
TEXT = st.text(st.characters(blacklist_categories=["Cs"], blacklist_characters="\x85\u2028\u2029"),
               max_size=20)
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-10**12, 10**12),
    st.floats(allow_nan=False, allow_infinity=False, width=32), TEXT,
)
DOCUMENTS = st.recursive(
    SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(KEYS, inner, max_size=5)),
    max_leaves=40,
)


@fuzz(120)
@given(DOCUMENTS)
def test_any_document_written_out_reads_back_the_same(doc: Any) -> None:
    """A correct result, not only no crash: what PyYAML writes, the loader reads back."""
    with within(name="yaml: round trip"):
        text = yaml.safe_dump(doc, allow_unicode=True)
        assert parse_yaml(text, "f.yaml").data == doc


@fuzz(150)
@given(st.integers(1, 12), st.integers(1, 12))
def test_nested_aliases_are_accepted_exactly_up_to_the_value_limit(levels: int, width: int) -> None:
    lines = ["a0: &a0 [" + ", ".join(["lol"] * width) + "]"]
    for i in range(1, levels):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * width) + "]")
    # values once expanded: the root map, each key, and each level's list
    sizes = [1 + width]
    for _ in range(1, levels):
        sizes.append(1 + width * sizes[-1])
    expanded = 1 + levels + sum(sizes)
    with within(name="yaml: alias bombs"):
        result = check_parse("\n".join(lines) + "\n")
    if expanded <= LIMITS.max_values:
        assert isinstance(result, dict) and len(result) == levels
    else:
        assert isinstance(result, TitleErrors) and "too many values" in str(result)


@fuzz(100)
@given(st.integers(1, 3000), st.sampled_from(["[", "{a: ", "- "]))
def test_nesting_is_accepted_exactly_up_to_the_depth_limit(depth: int, opener: str) -> None:
    closer = {"[": "]", "{a: ": "}", "- ": ""}[opener]
    if opener == "- ":
        text = "".join("  " * i + "-\n" for i in range(depth))
    else:
        text = opener * depth + "1" + closer * depth
    with within(name="yaml: nesting"):
        result = check_parse(text)
    if depth <= LIMITS.max_depth:
        assert not isinstance(result, TitleErrors), result
    else:
        # a located error; past PyYAML's own limit (6.0.4 and later) it words it itself
        assert isinstance(result, TitleErrors)
        [error] = result.errors
        assert error.file == "f.yaml" and error.path == "(yaml)"
        assert "nest" in error.message or "file too large" in error.message


ENCODINGS = ["utf-8", "utf-16", "utf-16-le", "utf-32", "latin-1", "cp1252", "shift_jis"]


@fuzz(150)
@given(st.text(max_size=200), st.sampled_from(ENCODINGS), st.binary(max_size=8))
def test_a_file_in_any_encoding_is_read_or_refused_with_its_line(text: str, encoding: str, junk: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "f.yaml"
        try:
            raw = text.encode(encoding)
        except UnicodeEncodeError:
            raw = text.encode("utf-8")
        path.write_bytes(raw + junk)
        with within(name="yaml: encodings"):
            try:
                load_yaml(path)
            except TitleErrors as errors:
                assert all(e.line >= 0 and e.message for e in errors)


TITLE_FILES = ["trains.yaml", "map.yaml", "setup.yaml", "phases.yaml", "title.yaml", "variants/short_game.yaml"]


@fuzz(60)
@given(st.sampled_from(TITLE_FILES), st.integers(0, 10_000), st.lists(st.sampled_from(TOKENS), max_size=12).map("".join))
def test_a_title_file_damaged_anywhere_loads_or_gives_title_errors(file: str, at: int, insert: str) -> None:
    """Insert junk at any place of any file of a real title: load_title and validate end in
    title errors (each naming a file and a line) or in a loaded title."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "tinyrail"
        shutil.copytree(EXAMPLE, folder)
        target = folder / file
        text = target.read_text(encoding="utf-8")
        at %= len(text) + 1
        target.write_text(text[:at] + insert + text[at:], encoding="utf-8")
        with within(name="yaml: damaged title files"):
            try:
                load_title(folder, variant="short_game")
            except TitleErrors as errors:
                assert all(e.file and e.message for e in errors)
            code, _, err = run_command(["validate", str(folder)])
        assert code in (0, 1), err
