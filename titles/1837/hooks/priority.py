"""The priority deal after a stock round in the first edition (XIII.2): it goes to the left of
the last player to *buy* (the second edition, the engine's rule: to buy or sell); with no
purchase it stays where it was."""

from __future__ import annotations

from typing import TYPE_CHECKING

from railyard.framework.eighteen.primitives import set_priority
from railyard.framework.eighteen.state import G18State

from .common import option

if TYPE_CHECKING:
    from railyard.framework.eighteen.context import Context

START_KEY = "priority_at_stock_round_start"


def on_round_start(rules: Context, state: G18State) -> None:
    if state.round.kind == "stock" and option(rules, "priority_to_last_buyer"):
        state.extra[START_KEY] = state.priority


def on_round_end(rules: Context, state: G18State) -> list[str]:
    if state.round.kind != "stock" or not option(rules, "priority_to_last_buyer"):
        return []
    buyer = getattr(state.round, "last_buyer", None)
    before = state.priority
    if buyer is not None:
        set_priority(state, (state.player_index(buyer) + 1) % len(state.players))
    else:
        set_priority(state, state.extra.get(START_KEY, state.priority))
    if state.priority == before:
        return []
    return [f"XIII.2: {state.priority_player} has the priority deal (left of the last buyer)"]
