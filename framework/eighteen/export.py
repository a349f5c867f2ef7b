"""Train export (``setup.operating_round.export_trains``): at the end of every operating-round
set the next train on sale in the bank leaves the game if its name is listed, as if it had been
bought: its first "purchase" starts phases, rusts trains and raises events.

Why a rule of its own: in 18Chesapeake the early trains run out even when nobody buys, so the
game moves on. The site also ends its waterfall auction's everyone-passed branch with the same
end-of-set step, so an export follows the privates' income there too (FACTS.md).
"""

from __future__ import annotations

from railyard.framework.eighteen import phases
from railyard.framework.eighteen.context import Context
from railyard.framework.eighteen.or_options import options
from railyard.framework.eighteen.state import G18State


def next_bank_train(state: G18State) -> str | None:
    """The first unsold train of the depot, in order of sale."""
    for stack in state.depot.stacks.values():
        if stack:
            return stack[0]
    return None


def export(ctx: Context, state: G18State) -> list[str]:
    """Export the next bank train if its name is listed (nothing otherwise)."""
    names = options(ctx).export_trains
    train_id = next_bank_train(state) if names else None
    if train_id is None:
        return []
    name = state.trains[train_id].name
    if name not in names:
        return []
    phases.scrap(state, train_id)
    tdef = ctx.spec.trains[name]
    if tdef.count is None:  # an unlimited name keeps one on sale
        ctx.mint_train(state, name)
    return [f"a {name} train is exported"] + phases.on_first_purchase(ctx, state, name)


def at_round_end(ctx: Context, state: G18State) -> list[str]:
    """After a finished round: an export if it was the last operating round of its set."""
    if not options(ctx).export_trains or state.round.kind != "operating":
        return []
    if state.operating_round_in_set < state.operating_rounds_in_set:
        return []
    return export(ctx, state)
