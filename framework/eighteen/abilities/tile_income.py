"""``tile_income``: a private whose owner profits from everyone else's river crossings (1882's
Trestle Bridge). Each border of the ability's ``terrain`` a lay pays to cross earns the
company's holder ``income`` from the bank, whoever laid the tile; an unsold or closed company
earns nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from railyard.framework.eighteen.abilities import holder
from railyard.framework.eighteen.context import Context
from railyard.framework.eighteen.state import BANK, G18State
from railyard.framework.model.abilities import TileIncome


def on_crossings(ctx: Context, state: G18State, kinds: Sequence[str]) -> list[str]:
    """Pay every ``tile_income`` holder for the borders of its terrain just crossed."""
    lines: list[str] = []
    if not kinds:
        return lines
    for cid, cdef in ctx.spec.companies.items():
        for ability in cdef.abilities_of(TileIncome):
            who = holder(state, cid)
            earned = ability.income * sum(1 for kind in kinds if kind == ability.terrain)
            if who is None or earned <= 0:
                continue
            state.pay(BANK, who, earned)
            lines.append(f"{who} earns {earned} from {cid} for the {ability.terrain} crossed")
    return lines
