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


EXPORTED = "exported"  # state.extra: [round number, OR of the set] whose export was made


def at_set_end(ctx: Context, state: G18State) -> list[str]:
    """Once the last company of the last operating round of a set is done: the export, made
    inside the round, so that a company the new phase puts over its train limit discards
    before the next round begins (the site's stock round starts with those discards)."""
    if not options(ctx).export_trains or state.round.kind != "operating":
        return []
    if state.operating_round_in_set < state.operating_rounds_in_set:
        return []
    here = [state.round.number, state.operating_round_in_set]
    if state.extra.get(EXPORTED) == here:
        return []
    state.extra[EXPORTED] = here
    return export(ctx, state)


def at_round_end(ctx: Context, state: G18State) -> list[str]:
    """After a finished round: the set's export, unless the round made it already."""
    return at_set_end(ctx, state)
