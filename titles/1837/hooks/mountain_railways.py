"""Mountain railways (rules II, V): a fixed income at the start of each operating round; the
owner's companies lay a tile on the railway's hex free as their normal lay; from phase 3 any
other company may lay there for the printed 110K. They close with the first "5" (the
engine closes privates on their ``closes_on_phase``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.eighteen.state import BANK, G18State

from .common import companies_of_type, phase_reached

if TYPE_CHECKING:
    from framework.eighteen.ruleset import G18Ruleset

#: V: the phase from which others may lay on a pass hex for its printed cost
OPEN_TO_ALL = "3"


def mountain_railways(rules: G18Ruleset) -> list[str]:
    return companies_of_type(rules, "mountain")


def pay_income(rules: G18Ruleset, state: G18State) -> list[str]:
    """II, IV: the bank pays each owner the railway's fixed income."""
    lines = []
    for cid in mountain_railways(rules):
        company = state.companies[cid]
        owner = state.director(cid)
        if company.closed or owner is None:
            continue
        income = rules.spec.companies[cid].income
        amount = income.at(state.phase, rules.spec.phase_order) if hasattr(income, "at") else int(income or 0)
        if amount:
            state.pay(BANK, owner, amount)
            lines.append(f"{cid} pays {owner} {amount}")
    return lines


def railway_on(rules: G18Ruleset, state: G18State, coord: str) -> str | None:
    """The open mountain railway whose hex ``coord`` is."""
    for cid in mountain_railways(rules):
        if coord in (rules.spec.companies[cid].hexes or ()) and not state.companies[cid].closed:
            return cid
    return None


def lay_cost(rules: G18Ruleset, state: G18State, company_id: str, coord: str, cost: int) -> int | None:
    """V: the cost of a lay on a pass hex: 0 for a company of the railway's owner; the
    printed cost for others from phase 3; None = not allowed. Other hexes: ``cost``."""
    railway = railway_on(rules, state, coord)
    if railway is None:
        return cost
    if state.director(railway) is not None and state.director(railway) == state.controller(company_id):
        return 0
    if phase_reached(rules, state, OPEN_TO_ALL) or state.companies[railway].closed:
        return cost
    return None
