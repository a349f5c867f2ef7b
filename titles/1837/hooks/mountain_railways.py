"""Mountain railways (rule V): the owner's companies lay a tile on the railway's hex free as
their normal lay; from phase 3 any other company may lay there for the printed 110K. (The
income at the start of each operating round and the closing with the first "5" are the
engine's private-company rules with companies.yaml's ``income`` and ``closes_on_phase``.)"""

from __future__ import annotations

from typing import TYPE_CHECKING

from railyard.framework.eighteen.state import G18State
from railyard.framework.memo import IdMemo

from .common import companies_of_type, phase_reached

if TYPE_CHECKING:
    from railyard.framework.eighteen.context import Context

#: V: the phase from which others may lay on a pass hex for its printed cost
OPEN_TO_ALL = "3"


def mountain_railways(rules: Context) -> tuple[str, ...]:
    return companies_of_type(rules, "mountain")


def railway_on(rules: Context, state: G18State, coord: str) -> str | None:
    """The open mountain railway whose hex ``coord`` is."""
    for cid in _railways_on(rules).get(coord, ()):
        if not state.companies[cid].closed:
            return cid
    return None


def _railways_on(rules: Context) -> dict[str, tuple[str, ...]]:
    """Hex -> the mountain railways on it, in companies.yaml order (every lay asks)."""
    found = _ON_HEX.get(id(rules.spec))  # inline: every lay asks
    if found is None or found[0] is not rules.spec:
        return _ON_HEX.put(rules.spec, id(rules.spec), _railways_by_hex(rules))
    return found[1]


def _railways_by_hex(rules: Context) -> dict[str, tuple[str, ...]]:
    on: dict[str, tuple[str, ...]] = {}
    for cid in mountain_railways(rules):
        for coord in rules.spec.companies[cid].hexes or ():
            on[coord] = (*on.get(coord, ()), cid)
    return on


# spec -> hex -> railways (a long run of titles empties it)
_ON_HEX: IdMemo[dict[str, tuple[str, ...]]] = IdMemo(64)


def lay_cost(rules: Context, state: G18State, company_id: str, coord: str, cost: int) -> int | None:
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
