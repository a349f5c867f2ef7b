"""``close``: when a company closes besides its ``closes_on_phase``.

- ``never`` (with ``owner``): the closing by phase passes it by while such a holder has it
  (1889's ferry stays open while a player owns it; bought by a corporation it closes);
- ``phase``: it closes when ``phase`` starts;
- ``bought_train``: it closes when ``company`` buys a train;
- ``drawn_bought_train``: it closes when the corporation drawn for it at setup buys a train
  (framework/eighteen/drawn.py);
- ``bought``: it closes when a corporation buys it;
- ``used``: it closes when its limited tile lays are used up.
Closing is the company's ``closed`` flag; what a closed company still means for its holder
(certificate limit, net worth) is the engine's general rule.
"""

from __future__ import annotations

from railyard.framework.eighteen.abilities import open_abilities, owner_ok
from railyard.framework.eighteen.context import Context
from railyard.framework.eighteen.drawn import drawn_for
from railyard.framework.eighteen.primitives import close_company
from railyard.framework.eighteen.state import G18State
from railyard.framework.model.abilities import Close


def _close(ctx: Context, state: G18State, company_id: str, why: str) -> list[str]:
    close_company(ctx, state, company_id)
    return [f"{company_id} closes ({why})"]


def stays_open(ctx: Context, state: G18State, company_id: str) -> bool:
    """Whether a ``close: never`` ability keeps the company open through closing by phase."""
    return any(
        a.when == "never" and owner_ok(a.owner, state, company_id)
        for a in ctx.spec.companies[company_id].abilities_of(Close)
    )


def _matching(ctx: Context, state: G18State, when: str) -> list[tuple[str, Close]]:
    return [(cid, a) for cid, a in open_abilities(ctx, state, Close)
            if a.when == when and owner_ok(a.owner, state, cid)]


def on_phase(ctx: Context, state: G18State, phase: str) -> list[str]:
    lines: list[str] = []
    for cid, ability in _matching(ctx, state, "phase"):
        if ability.phase == phase:
            lines += _close(ctx, state, cid, f"phase {phase}")
    return lines


def on_train_bought(ctx: Context, state: G18State, buyer: str) -> list[str]:
    lines: list[str] = []
    for cid, ability in _matching(ctx, state, "bought_train"):
        if ability.company == buyer and not state.companies[cid].closed:
            lines += _close(ctx, state, cid, f"{buyer} bought a train")
    for cid, _ in _matching(ctx, state, "drawn_bought_train"):
        if drawn_for(state, cid) == buyer and not state.companies[cid].closed:
            lines += _close(ctx, state, cid, f"{buyer}, drawn for it, bought a train")
    return lines


def on_bought(ctx: Context, state: G18State, company_id: str) -> list[str]:
    if any(a.when == "bought" for a in ctx.spec.companies[company_id].abilities_of(Close)):
        return _close(ctx, state, company_id, "bought by a corporation")
    return []


def on_used(ctx: Context, state: G18State, company_id: str) -> list[str]:
    if any(a.when == "used" for a in ctx.spec.companies[company_id].abilities_of(Close)):
        return _close(ctx, state, company_id, "its ability is used up")
    return []
