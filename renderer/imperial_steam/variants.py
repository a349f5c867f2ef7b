"""Other choices of goods to return: the legal list names one legal set of cubes to send back
when storage overflows (after producing, buying, a contract's reserved cars, ordered goods
landing); the player may prefer another. Each alternative is tried by the engine on a copy of
the state and offered only if it is accepted."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from itertools import combinations_with_replacement
from typing import Any

import attrs

from framework.core.actions import Action
from framework.core.errors import IllegalAction


def with_returns(game: Any, actions: Sequence[Action]) -> list[Action]:
    """``actions`` with, after each one that returns cubes, its accepted alternatives."""
    goods = tuple(game.state.supply)
    out: list[Action] = []
    for action in actions:
        out.append(action)
        listed = getattr(action, "discard", None)
        if not listed:
            continue
        for combo in combinations_with_replacement(goods, len(listed)):
            if sorted(combo) == sorted(listed):
                continue
            other = attrs.evolve(action, discard=tuple(combo))
            try:
                game.ruleset.apply(copy.deepcopy(game.state), other)
            except IllegalAction:
                continue
            out.append(other)
    return out
