"""The 1837 title loads and validates, in the base rules and in every variant.

Other test_data_* modules read the title through :func:`title`, so each variant is loaded
once per test session.
"""

from __future__ import annotations

import functools
import subprocess
import sys
from pathlib import Path

import pytest

from railyard.framework.loader import load_title
from railyard.framework.model.loaded import LoadedTitle

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = ("first_edition", "rails_mines", "18xx_games", "fixed_packet")


@functools.cache
def title(variant: str | None = None) -> LoadedTitle:
    """The 1837 title, loaded once per variant."""
    return load_title("1837", variant=variant) if variant else load_title("1837")


def test_base_rules_are_the_second_edition_and_list_both_variants():
    t = title()
    assert t.id == "1837"
    assert t.manifest.currency == "K"
    assert (t.manifest.players.min, t.manifest.players.max) == (3, 7)
    assert sorted(t.manifest.variants) == sorted(VARIANTS)


@pytest.mark.parametrize("variant", [None, *VARIANTS])
def test_every_variant_loads(variant):
    t = title(variant)
    assert len(t.map.hexes) == 181
    assert len(t.companies) == 38


@pytest.mark.parametrize("variant", [None, "first_edition"])
def test_railyard_validate_exits_0(variant):
    args = [sys.executable, "-m", "railyard.framework.cli", "validate", "titles/1837"]
    if variant:
        args += ["--variant", variant]
    done = subprocess.run(args, capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "ok" in done.stdout
