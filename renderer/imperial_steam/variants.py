"""Other choices of goods to return: the legal list names one legal set of cubes to send back
when storage overflows (after producing, buying, a contract's reserved cars, ordered goods
landing); the player may prefer another. Likewise a share value may go down several rows
at once where the list offers one, goods produced at some of the sites only, and which
worker (area and level) runs a new factory. Each alternative is tried by the engine on a copy of
the state and offered only if it is accepted."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from itertools import combinations_with_replacement
from typing import Any

from railyard.framework.core.actions import Action
from railyard.framework.core.errors import IllegalAction


def with_returns(game: Any, actions: Sequence[Action]) -> list[Action]:
    """``actions`` with, after each one that returns cubes, its accepted alternatives."""
    goods = tuple(game.state.supply)
    out: list[Action] = []
    for action in actions:
        out.append(action)
        steps = getattr(action, "steps", 0)
        if isinstance(steps, int) and steps < 0:  # share value: down any number of rows
            out += [o for o in (action.evolve(steps=steps - k) for k in range(1, 6)) if _accepted(game, o)]
        if hasattr(action, "area") and hasattr(action, "level"):  # which worker runs a factory
            out += [o for o in (action.evolve(area=area, level=level)
                                for area in ("training", "working") for level in (1, 2, 3))
                    if o != action and o not in out and _accepted(game, o)]
        factories = getattr(action, "factories", ())
        if isinstance(factories, tuple) and len(factories) > 2:  # produce from some sites only
            out += _subsets(game, action, goods)
        listed = getattr(action, "discard", None)
        if not listed:
            continue
        for combo in combinations_with_replacement(goods, len(listed)):
            if sorted(combo) == sorted(listed):
                continue
            other = action.evolve(discard=tuple(combo))
            if _accepted(game, other):
                out.append(other)
    return out


def _subsets(game: Any, action: Action, goods: tuple[str, ...]) -> list[Action]:
    """Producing from two or more of the ready sites (not all, not one: those are listed),
    each with the fewest cubes returned that the engine accepts."""
    from itertools import combinations

    out: list[Action] = []
    sites = action.factories  # type: ignore[attr-defined]
    for size in range(2, len(sites)):
        for chosen in combinations(sites, size):
            for back in range(size + 1):
                found = next((o for o in (action.evolve(factories=chosen, discard=combo)
                                          for combo in combinations_with_replacement(goods, back))
                              if _accepted(game, o)), None)
                if found is not None:
                    out.append(found)
                    break
    return out


def _accepted(game: Any, action: Action) -> bool:
    try:
        game.ruleset.apply(copy.deepcopy(game.state), action)
    except IllegalAction:
        return False
    return True
