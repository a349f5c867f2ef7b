"""``revenue_change``: from ``phase`` on, the company's income is ``revenue`` while ``owner``
holds it (else its ``income`` as written)."""

from __future__ import annotations

from railyard.framework.eighteen import phases
from railyard.framework.eighteen.abilities import owner_ok
from railyard.framework.eighteen.context import Context
from railyard.framework.eighteen.state import G18State
from railyard.framework.model.abilities import RevenueChange


def income(ctx: Context, state: G18State, company_id: str) -> int:
    """What the company pays its holder at the start of an operating round now."""
    cdef = ctx.spec.companies[company_id]
    amount = cdef.income.at(state.phase, ctx.spec.phase_order) if cdef.income is not None else 0
    for ability in cdef.abilities_of(RevenueChange):
        if phases.reached(ctx, state, ability.phase) and owner_ok(ability.owner, state, company_id):
            amount = ability.revenue
    return amount
