"""``uniform``: every legal action equally likely, so that conformance runs reach odd lines.

The random bot weighs action types and always runs its best routes; this one draws from all of
``game.legal_actions()`` alike (a worse route, a fire sale, a lone share). Drawing so, a game
may wander for long: each seat makes at most :data:`UNIFORM_DECISIONS` uniform decisions, after
which it plays as the random bot (whose sense ends games), and the bot loop's own caps (actions,
passes in a row) still apply.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from railyard.framework.bots.random_bot import RandomBot
from railyard.framework.core.actions import Action
from railyard.framework.core.ruleset import Ruleset

#: decisions per seat and game drawn uniformly before the seat plays as the random bot
UNIFORM_DECISIONS = 600


class UniformBot(RandomBot):
    name = "uniform"

    def __init__(self, ruleset: Ruleset, decisions: int = UNIFORM_DECISIONS) -> None:
        super().__init__(ruleset)
        self.decisions = decisions
        self.made = 0

    def choose(self, view: Any, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        self.made += 1
        if self.made > self.decisions:
            return super().choose(view, legal_actions, rng)
        return rng.choice(list(legal_actions))

