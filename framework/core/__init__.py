"""The ruleset-independent game machinery: actions, errors, the seeded RNG and the Game driver.

Every ruleset family (the 18xx family, or a title's own ruleset) codes against these names.
"""

from framework.core.actions import Action, action_type, converter, from_json, to_json
from framework.core.errors import IllegalAction
from framework.core.rng import GameRng
from framework.core.ruleset import Ruleset, register_family_ruleset, ruleset_for

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
