"""``blocks_hexes``: no tile on the hexes while a player holds the private (``until:
bought``: a corporation buying it lifts the block) or while it is open (``until: closed``)."""

from __future__ import annotations

from railyard.framework.eighteen.abilities import hexes_of, holder, holder_kind, open_abilities
from railyard.framework.eighteen.context import Context
from railyard.framework.eighteen.state import G18State
from railyard.framework.model.abilities import BlocksHexes


def blocker(ctx: Context, state: G18State, coord: str) -> str | None:
    """The company whose block keeps tiles off ``coord`` now, or None."""
    for cid, ability in open_abilities(ctx, state, BlocksHexes):
        if coord not in hexes_of(ctx, cid, ability):
            continue
        if ability.until == "closed" or holder(state, cid) is None or holder_kind(state, cid) == "player":
            return cid
    return None
