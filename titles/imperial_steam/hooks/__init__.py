"""Imperial Steam's rules: the title's own Ruleset on the shared core."""

from .bots import BOTS
from .ruleset import ImperialSteamRuleset

RULESET = ImperialSteamRuleset

__all__ = ["BOTS", "RULESET", "ImperialSteamRuleset"]
