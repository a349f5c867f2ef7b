"""RULES.md traces the game help: every test it names exists, and every test file is traced."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_test_named_in_rules_md_exists():
    text = (ROOT / "titles/imperial_steam/RULES.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`(test_\w+)::(test_\w+)`", text))
    assert len(named) > 60
    for module, test in named:
        source = (ROOT / "tests/imperial_steam" / f"{module}.py").read_text(encoding="utf-8")
        assert f"def {test}(" in source, f"{module}::{test}"


def test_every_section_of_the_game_help_appears_in_rules_md():
    text = (ROOT / "titles/imperial_steam/RULES.md").read_text(encoding="utf-8")
    for heading in ("Setup essentials", "Setup option", "Opening blind bid", "Round structure",
                    "Repeat penalty", "Main actions", "Free actions", "Game end and final scoring",
                    "Reference tables", "Implementation notes"):
        assert heading in text, heading
