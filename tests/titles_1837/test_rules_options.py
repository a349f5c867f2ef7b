"""1837's edition and site differences are named options (setup.yaml ``options``) that the
variants set: the hooks never ask which variant is played, and an option set on its own
changes its rule."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from railyard.framework.core.game import Game
from railyard.framework.eighteen.state import RoundState
from railyard.framework.loader import load_title

from .rules_helpers import PLAYERS, SEATED_AS_GIVEN

HOOKS = Path(__file__).resolve().parents[2] / "titles" / "1837" / "hooks"
VARIANTS = ("first_edition", "rails_mines", "18xx_games")


def game_with(*overrides: str, variant: str | None = None) -> Game:
    return Game(load_title("1837", variant, overrides), PLAYERS, 1, variant, SEATED_AS_GIVEN)


def test_the_hooks_never_branch_on_a_variant_name():
    found = []
    for path in sorted(HOOKS.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr == "variant":
                found.append(f"{path.name}:{node.lineno} .variant")
            if isinstance(node, ast.Constant) and node.value in VARIANTS:
                found.append(f"{path.name}:{node.lineno} {node.value!r}")
    assert found == []


def test_I_the_first_operating_round_follows_the_packet_unless_the_option_says_otherwise():
    auction = RoundState(kind="auction", number=1)
    second = game_with()
    assert second.ruleset.hooks.next_round(second.state, auction) == "operating"
    waits = game_with("setup.options.operating_round_after_packet=false")
    assert waits.ruleset.hooks.next_round(waits.state, auction) == "stock"


def test_the_first_edition_variant_sets_its_options():
    options = load_title("1837", "first_edition").setup.options
    assert options["minors_sold_in_stages"] is True and options["fold_in_order"] == "minor_number"
    assert load_title("1837").setup.options["minors_sold_in_stages"] is False


def test_a_misspelt_option_is_refused_when_the_game_is_built():
    with pytest.raises(ValueError, match="unknown"):
        game_with("setup.options.fold_in_ordr=minor_number")
