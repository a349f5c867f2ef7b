"""The 18xx family ruleset: start packets, stock rounds, operating rounds, game end.

Importing the package registers the family ruleset and every round type it ships with.
"""

import importlib.util

from railyard.framework.core.ruleset import register_family_ruleset
from railyard.framework.eighteen import auction, stock_round, waterfall  # noqa: F401  (register round types)
from railyard.framework.eighteen.hooks import Hooks
from railyard.framework.eighteen.ruleset import G18Ruleset
from railyard.framework.eighteen.state import G18State

if importlib.util.find_spec("railyard.framework.eighteen.operating_round") is not None:
    importlib.import_module("railyard.framework.eighteen.operating_round")

register_family_ruleset("18xx", G18Ruleset)

__all__ = ["G18Ruleset", "G18State", "Hooks"]
