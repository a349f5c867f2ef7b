"""Imperial Steam's rules: the title's own Ruleset on the shared core."""

from .ruleset import ImperialSteamRuleset

RULESET = ImperialSteamRuleset

__all__ = ["RULESET", "ImperialSteamRuleset"]
