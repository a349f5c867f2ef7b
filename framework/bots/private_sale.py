"""Selling one's own private to a company one directs: cash out of a treasury into a pocket.

Where corporations may buy privates from players (a phase flag and a price range in the
ruleset), the director of the operating corporation can have it buy a private the director
owns. Net worth counts the player's cash and a private at face value, never a treasury, so a
sale at the top of the range (twice face at the 18xx standard) raises the director's worth by
the price less face, and a private that closes with a later phase is worth nothing then. The
greedy bot never does it (it passes on the step). The company gives up cash it might need for
a train, so the sale waits until the treasury keeps what its next train costs
(``reserve``); and the director loses the private's income from then on (the company earns
it), so a private is sold only when the gain beats that income over the rounds it has left
before its closing phase (:data:`ROUNDS_PER_PHASE` a phase still to come, half a phase for the
current one): late in the last phase before the close, any sale above face pays.

Only the director's own privates are bought: buying a rival's private needs the owner's
consent at the table, which the engine does not ask for.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from railyard.framework.core.actions import tag_of
from railyard.framework.eighteen.abilities import holder

#: operating rounds a phase lasts, for the income a private still brings (bot games of the
#: standard titles: phase 3 about 5 rounds, phase 4 one or two)
ROUNDS_PER_PHASE = 3.0
#: rounds of income a private that no phase closes is credited with
NEVER_CLOSES = 8.0


def income_left(spec: Any, state: Any, private: str) -> float:
    """The income the private should still pay its owner before it closes (a private that
    never closes by phase: its income over :data:`NEVER_CLOSES` rounds)."""
    cdef = spec.companies[private]
    order = list(spec.phase_order)
    income = cdef.income.at(state.phase, order) if cdef.income is not None else 0
    here = order.index(state.phase) if state.phase in order else 0
    if cdef.closes_on_phase in order:
        phases_left = order.index(cdef.closes_on_phase) - here
        rounds = max(0.0, (phases_left - 0.5) * ROUNDS_PER_PHASE)
    else:
        rounds = NEVER_CLOSES
    return income * rounds



def own_private_sale(spec: Any, state: Any, actions: Sequence[Any], reserve: int) -> Any | None:
    """The dearest ``buy_private`` among ``actions`` that buys a private from the operating
    corporation's own director for more than its face value plus the income it has left,
    leaving at least ``reserve`` in the treasury (else None)."""
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
        face = spec.companies[action.company].min_bid or 0
        if action.price - face <= income_left(spec, state, action.company):
            continue
        if best is None or (action.price, action.company) > (best.price, best.company):
            best = action
    return best
