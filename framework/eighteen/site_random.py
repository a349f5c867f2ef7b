"""The setup's random draws (``setup.draws``): the game's own generator, or the 18xx.games
site's sequence (framework/eighteen/drawn.py) so that a recorded game's draft deals and
removals repeat here for the same seed.

The site shuffles by giving each item the next number of its sequence and sorting by those
numbers; the sequence's position lives in ``state.extra`` so it goes on where the previous
draw stopped (the draft's deck, then the removals, then every hand put back).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from railyard.framework.eighteen.context import Context
from railyard.framework.eighteen.drawn import site_lcg_next, site_lcg_start
from railyard.framework.eighteen.state import G18State

T = TypeVar("T")
SITE_LCG = "site_lcg"  # state.extra key: the site sequence's last number


def _next(state: G18State) -> int:
    value = state.extra.get(SITE_LCG)
    if not isinstance(value, int):
        value = site_lcg_start(state.rng.seed)
    value = site_lcg_next(value)
    state.extra[SITE_LCG] = value
    return value


def shuffled(ctx: Context, state: G18State, items: Sequence[T]) -> list[T]:
    """``items`` in a new random order drawn as ``setup.draws`` says."""
    if ctx.spec.setup.draws == "site_lcg":
        keys = [_next(state) for _ in items]
        return [items[i] for i in sorted(range(len(items)), key=lambda i: keys[i])]
    out = list(items)
    state.rng.shuffle(out)
    return out
