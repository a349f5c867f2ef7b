"""Imperial Steam's rules: the title's own Ruleset on the shared core."""

from .bots import BOTS
from .ruleset import ImperialSteamRuleset

RULESET = ImperialSteamRuleset

__all__ = ["BOTS", "RULESET", "ImperialSteamRuleset"]


def check_title(documents):
    """validate's cross-checks of this title's files (run by the framework loader)."""
    from .data import build, check

    return check(build(documents))
