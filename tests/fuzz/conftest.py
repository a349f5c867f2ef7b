"""Prints how many generated cases each fuzz test ran (the suite's case counts)."""

from __future__ import annotations

from typing import Any

from tests.fuzz.helpers import CASES


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not CASES:
        return
    total = sum(CASES.values())
    terminalreporter.write_sep("-", f"fuzz cases run: {total}")
    for name, count in sorted(CASES.items()):
        terminalreporter.write_line(f"  {name}: {count}")
