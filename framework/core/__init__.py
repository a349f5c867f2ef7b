"""The ruleset-independent game machinery: actions, errors, the seeded RNG and the Game driver.

Every ruleset family (the 18xx family, or a title's own ruleset) codes against these names.
"""

from typing import Any

from railyard.framework.core.actions import Action, action_type, from_json, to_json
from railyard.framework.core.errors import IllegalAction
from railyard.framework.core.rng import GameRng
from railyard.framework.core.ruleset import Ruleset, register_family_ruleset, ruleset_for

__all__ = [
    "Action",
    "GameRng",
    "IllegalAction",
    "Ruleset",
    "action_type",
    "converter",
    "from_json",
    "register_family_ruleset",
    "ruleset_for",
    "to_json",
]


def __getattr__(name: str) -> Any:
    """``converter`` (:mod:`framework.core.actions`), made when first asked for."""
    if name == "converter":
        from railyard.framework.core import actions

        return actions.converter
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
