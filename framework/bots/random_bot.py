"""``random``: a uniform player with just enough sense that games end.

It first draws an action type (weighted by tag, so that rare kinds such as laying track are
tried as often as common ones), then one action of that type. Three exceptions keep games
moving: it always runs its trains on the best routes offered, buys a train when it may not end
its turn without one, and declares bankruptcy only when nothing else is left.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from railyard.framework.bots.base import Bot
from railyard.framework.core.actions import Action, tag_of

#: relative weights of action types (tag -> weight); unlisted tags weigh 1
TAG_WEIGHTS: dict[str, float] = {
    "sell_shares": 0.3,  # selling at random mostly crashes prices and prolongs the game
    "surrender_train": 0.05,
    "declare_bankruptcy": 0.0,  # only when it is the sole choice
}


def group_by_tag(actions: Sequence[Action]) -> dict[str, list[Action]]:
    """Actions grouped by type tag, in first-seen order."""
    groups: dict[str, list[Action]] = {}
    last: type | None = None
    bucket: list[Action] = []
    for action in actions:
        cls = type(action)
        if cls is not last:  # legal actions come in runs of one class: its tag looked up once
            last = cls
            tag = tag_of(cls)
            found = groups.get(tag)
            if found is None:
                found = groups[tag] = []
            bucket = found
        bucket.append(action)
    return groups


def weighted_tag(groups: dict[str, list[Action]], weights: dict[str, float], rng: random.Random) -> str:
    """A tag drawn by weight (uniform among zero-weight tags if every weight is zero)."""
    tags = list(groups)
    w = [weights.get(t, 1.0) for t in tags]
    total = sum(w)
    if total <= 0:
        return rng.choice(tags)
    pick = rng.random() * total
    for tag, weight in zip(tags, w, strict=True):
        pick -= weight
        if pick < 0 and weight > 0:
            return tag
    return next(t for t, weight in zip(tags, w, strict=True) if weight > 0)


def sensible_move(groups: dict[str, list[Action]]) -> Action | None:
    """The moves no player would skip: run the best routes; buy a train when there is no way to
    end the turn without one."""
    runs = groups.get("run_routes")
    if runs:
        return max(runs, key=lambda a: len(getattr(a, "runs", ())))
    buys = groups.get("buy_train")
    if buys and "pass" not in groups:
        return min(buys, key=lambda a: getattr(a, "price", 0))
    return None


class RandomBot(Bot):
    name = "random"
    weights: dict[str, float] = TAG_WEIGHTS

    def choose(self, view: Any, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        groups = group_by_tag(legal_actions)
        forced = sensible_move(groups)
        if forced is not None:
            return forced
        tag = weighted_tag(groups, self.weights, rng)
        return rng.choice(groups[tag])

