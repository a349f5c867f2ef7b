"""``greedy``: placeholder (filled in below)."""
from __future__ import annotations

from framework.bots.base import register_bot
from framework.bots.random_bot import RandomBot


class GreedyBot(RandomBot):
    name = "greedy"

    @classmethod
    def supports(cls, ruleset):
        return hasattr(ruleset, "spec")


register_bot("greedy", GreedyBot)
