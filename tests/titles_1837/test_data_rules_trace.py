"""titles/1837/RULES.md: every row is complete, and every test it names exists."""

from __future__ import annotations

import ast
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
RULES = HERE.parents[1] / "titles" / "1837" / "RULES.md"


def rows() -> list[list[str]]:
    out = []
    in_trace = False
    for line in RULES.read_text(encoding="utf-8").splitlines():
        if line.startswith("## Second edition"):
            in_trace = True
        if in_trace and line.startswith("| ") and not line.startswith("| clause") and "---" not in line:
            out.append([c.strip() for c in line.strip().strip("|").split("|")])
    return out


def known_tests() -> set[str]:
    names = set()
    for path in [*HERE.glob("test_data_*.py"), *HERE.glob("test_rules_*.py"),
                 *HERE.glob("test_engine_rules_*.py"), *HERE.glob("test_conformance_*.py")]:
        module = path.stem.removeprefix("test_data_").removeprefix("test_")
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                names.add(f"{module}::{node.name}")
    return names


def test_trace_has_four_columns_and_a_known_status():
    table = rows()
    assert len(table) > 250
    for row in table:
        assert len(row) == 4, row
        assert row[3] == "data" or row[3].startswith(("missing", "hook", "engine")), row


def test_every_named_test_exists():
    known = known_tests()
    for clause, _, tests, _ in rows():
        for name in re.findall(r"[A-Za-z_0-9]+::test_\w+", tests):
            assert name in known, f"{clause}: {name}"


def test_data_rows_name_a_test():
    for clause, _, tests, status in rows():
        if status == "data" or status.startswith(("hook", "engine")):
            assert "::test_" in tests, clause


def test_every_section_of_the_rulebook_has_rows():
    text = RULES.read_text(encoding="utf-8")
    for section in ("Game components", "Preparation", "I. First Stock Round", "II.", "III.",
                    "IV.", "V. Laying", "VI.", "VII.", "VIII.", "IX.", "X. Share", "XI.",
                    "XII.", "XIII.", "XIV.", "XV.", "Start Packet Auction (First Edition)",
                    "First edition (variant `first_edition`)"):
        assert f"# {section}" in text or f"## {section}" in text or f"### {section}" in text, section


DATA_MODULES = {p.stem.removeprefix("test_data_") for p in HERE.glob("test_data_*.py")}


def cited(tests: str) -> list[str]:
    return re.findall(r"([A-Za-z_0-9]+)::test_\w+", tests)


def test_no_row_traces_behaviour_to_a_data_test_alone():
    """A row whose behaviour is data (status ``data``) or that cites a test reading a data file
    back (``test_data_*``) must also cite a test that plays the rule through the engine (an
    action accepted or refused, money or shares moving): reading the YAML back does not show
    that the engine does what it says (issue 16: BH's ``opens_on_phase`` was read by nothing).
    A row without one says so: status ``missing (behaviour test)``."""
    bare = []
    for clause, _, tests, status in rows():
        modules = cited(tests)
        if status.startswith("missing"):
            continue
        data_only = not any(m not in DATA_MODULES for m in modules)
        if (status == "data" or any(m in DATA_MODULES for m in modules)) and data_only:
            bare.append(clause)
    assert bare == []
