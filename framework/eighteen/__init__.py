"""The 18xx family ruleset: start packets, stock rounds, operating rounds, game end.

Importing the package registers the family ruleset and every round type it ships with.
"""

from railyard.framework.core.ruleset import register_family_ruleset
from railyard.framework.eighteen import (  # noqa: F401  (each registers its round types)
    auction,
    draft,
    operating_round,
    stock_round,
    waterfall,
)
from railyard.framework.eighteen.hooks import Hooks
from railyard.framework.eighteen.ruleset import G18Ruleset
from railyard.framework.eighteen.state import G18State

register_family_ruleset("18xx", G18Ruleset)

__all__ = ["G18Ruleset", "G18State", "Hooks"]
