"""Selling one's own private to a company one directs: cash out of a treasury into a pocket.

Where corporations may buy privates from players (a phase flag and a price range in the
ruleset), the director of the operating corporation can have it buy a private the director
owns. Net worth counts the player's cash and a private at face value, never a treasury, so a
sale at the top of the range (twice face at the 18xx standard) raises the director's worth by
the price less face, and a private that closes with a later phase is worth nothing then. The
greedy bot never does it (it passes on the step). The company gives up cash it might need for
a train, so the sale waits until the treasury keeps what its next train costs
(``reserve``); the director loses the private's income from then on (the company earns it).

Only the director's own privates are bought: buying a rival's private needs the owner's
consent at the table, which the engine does not ask for.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from railyard.framework.core.actions import tag_of
from railyard.framework.eighteen.abilities import holder


def own_private_sale(state: Any, actions: Sequence[Any], reserve: int) -> Any | None:
    """The dearest ``buy_private`` among ``actions`` that buys a private from the operating
    corporation's own director and leaves at least ``reserve`` in the treasury (else None)."""
    best = None
    for action in actions:
        if tag_of(action) != "buy_private":
            continue
        buyer = action.entity
        director = state.director(buyer)
        if director is None or holder(state, action.company) != director:
            continue
        if state.companies[buyer].cash - action.price < reserve:
            continue
        if best is None or (action.price, action.company) > (best.price, best.company):
            best = action
    return best
