"""The turn's tile lays one by one (``setup.operating_round.tile_lays``): some titles allow a
second yellow lay for a fee but not after an upgrade (1882: two lays or one upgrade, the
second lay $20). Without a schedule a turn has ``tiles_per_turn`` lays, each may upgrade, at
no extra cost: the engine's behaviour before the schedule existed.

An upgrade is a lay on a hex whose current tile is not blank land (a white hex): a preprinted
yellow city counts as one, as the site counts it.
"""

from __future__ import annotations

from typing import Any

from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen import border_costs, tile_lay
from railyard.framework.eighteen.context import Context
from railyard.framework.eighteen.or_actions import LayTile
from railyard.framework.eighteen.or_options import options
from railyard.framework.eighteen.state import G18State
from railyard.framework.model.setup import TileLaySlot


def _slot(ctx: Context, state: G18State) -> TileLaySlot | None:
    schedule = options(ctx).tile_lays
    laid: int = getattr(state.round, "tiles_laid", 0)
    return schedule[laid] if schedule and laid < len(schedule) else None


def is_upgrade(state: G18State, coord: str) -> bool:
    """Whether a lay on ``coord`` now replaces a tile (rather than fills blank land)."""
    board = state.board
    assert board is not None
    return bool(board.placed(coord).tile.color != "white")


def _refusal(ctx: Context, state: G18State, coord: str) -> tuple[str, str] | None:
    slot = _slot(ctx, state)
    if slot is None:
        return None
    if not slot.upgrade and is_upgrade(state, coord):
        return "rule:tile_lay.schedule", f"lay {state.round.tiles_laid + 1} of the turn may not upgrade"  # type: ignore[attr-defined]
    return None


def allowed(ctx: Context, state: G18State, company_id: str, lays: list[LayTile]) -> list[LayTile]:
    """``lays`` (every legal lay otherwise) that this lay of the turn allows and the company
    can pay with the lay's fee."""
    slot = _slot(ctx, state)
    if slot is None:
        return lays
    cash = state.companies[company_id].cash
    out = []
    for lay in lays:
        if _refusal(ctx, state, lay.hex) is not None:
            continue
        if slot.cost:
            tile = state.board.tile_def(lay.tile) if state.board is not None else None
            cost = tile_lay.lay_cost(ctx, state, company_id, lay.hex) + slot.cost
            cost += border_costs.crossing_cost(ctx, state, lay.hex, tile, lay.rotation)
            if cost > cash:
                continue
        out.append(lay)
    return out


def check(ctx: Context, state: G18State, action: LayTile, cost: int) -> int:
    """The lay's whole cost (``cost`` plus this lay's fee); refuses what the schedule does not
    allow."""
    why = _refusal(ctx, state, action.hex)
    if why is not None:
        raise IllegalAction(*why)
    slot = _slot(ctx, state)
    if slot is None or not slot.cost:
        return cost
    cash = state.companies[action.entity].cash
    if cost + slot.cost > cash:
        raise IllegalAction("rule:tile_lay.cost", f"{action.entity} has {cash}, the lay costs {cost + slot.cost}")
    return cost + slot.cost


def turn_done(ctx: Context, state: G18State) -> bool:
    """After a lay: whether the tile step is over (no lay left, or the next may not follow
    the upgrade just made)."""
    rs: Any = state.round
    schedule = options(ctx).tile_lays
    if not schedule:
        return bool(rs.tiles_laid >= options(ctx).tiles_per_turn)
    if rs.tiles_laid >= len(schedule):
        return True
    return bool(rs.tiles_upgraded and not schedule[rs.tiles_laid].after_upgrade)
