"""titles/1889/RULES.md and titles/1830/RULES.md: every row is complete, every test a row
names exists, and neither title folder holds Python."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def rows(title: str) -> list[list[str]]:
    out, in_trace = [], False
    for line in (ROOT / "titles" / title / "RULES.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            in_trace = line.startswith("## Trace")
        if in_trace and line.startswith("| ") and not line.startswith("| rule") and "---" not in line:
            out.append([c.strip() for c in line.strip().strip("|").split("|")])
    return out


def known_tests(title: str) -> set[str]:
    names = set()
    for folder in ("titles_1889", "titles_1830"):
        for path in (ROOT / "tests" / folder).glob("test_*.py"):
            module = path.stem.removeprefix("test_").replace("_18xxgames", "")
            for node in ast.parse(path.read_text(encoding="utf-8")).body:
                if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                    names.add(f"{module}::{node.name}")
    return names


@pytest.mark.parametrize("title", ["1889", "1830"])
def test_every_row_has_a_place_a_test_column_and_a_known_status(title: str) -> None:
    table = rows(title)
    assert len(table) > 30
    for row in table:
        assert len(row) == 4, row
        assert row[3].startswith(("data", "engine", "missing")), row


@pytest.mark.parametrize("title", ["1889", "1830"])
def test_every_named_test_exists(title: str) -> None:
    known = known_tests(title)
    for rule, _, tests, status in rows(title):
        for name in re.findall(r"[a-z0-9_]+::test_\w+", tests + " " + status):
            assert name in known, f"{rule}: {name}"


@pytest.mark.parametrize("title", ["1889", "1830"])
def test_the_title_is_data_alone(title: str) -> None:
    assert list((ROOT / "titles" / title).rglob("*.py")) == []
