"""Terrain costs of a lay and the abilities that lower them.

The printed terrain is paid on the first lay on a hex; terrain marked ``every_lay`` is paid
again on every upgrade. ``terrain_discount`` (a company the laying company holds, ``owner:
corporation``) takes ``amount`` off (all of it when None) on hexes with its ``terrain``
(``exact``: only where every terrain of the hex is that kind). ``free_tile_lay`` waives the
cost on its hexes for every company its holder directs.
"""

from __future__ import annotations

from railyard.framework.eighteen.abilities import hexes_of, holder, open_abilities, owner_ok
from railyard.framework.eighteen.context import Context
from railyard.framework.eighteen.control import controller_of
from railyard.framework.eighteen.state import G18State
from railyard.framework.model.abilities import FreeTileLay, TerrainDiscount


def printed_cost(ctx: Context, state: G18State, coord: str) -> int:
    """Terrain due for a lay on ``coord`` now: all of it on the first lay, the ``every_lay``
    part on later ones."""
    hexdef = ctx.spec.title.map.hexes[coord]
    return hexdef.terrain_cost if state.board.is_printed(coord) else hexdef.every_lay_cost


def discounted(ctx: Context, state: G18State, company_id: str, coord: str, cost: int) -> int:
    """``cost`` after the discounts of the companies ``company_id`` holds."""
    if cost <= 0:
        return cost
    kinds = [t.kind for t in ctx.spec.title.map.hexes[coord].terrain]
    for cid, ability in open_abilities(ctx, state, TerrainDiscount):
        if holder(state, cid) != company_id or not owner_ok(ability.owner, state, cid):
            continue
        if ability.hexes and coord not in ability.hexes:
            continue
        if ability.terrain is not None:
            fits = all(k == ability.terrain for k in kinds) if ability.exact else ability.terrain in kinds
            if not kinds or not fits:
                continue
        cost = 0 if ability.amount is None else max(0, cost - ability.amount)
    return cost


def waived(ctx: Context, state: G18State, company_id: str, coord: str) -> bool:
    """Whether a ``free_tile_lay`` private of the laying company's director covers ``coord``."""
    me = controller_of(state, company_id)
    if me is None:
        return False
    for cid, ability in open_abilities(ctx, state, FreeTileLay):
        if coord in hexes_of(ctx, cid, ability) and state.director(cid) == me:
            return True
    return False


def lay_terrain(ctx: Context, state: G18State, company_id: str, coord: str) -> int:
    """What the company pays in terrain for a lay on ``coord`` (before the title's hook)."""
    cost = printed_cost(ctx, state, coord)
    if cost == 0:
        return 0  # nothing to waive or discount (most hexes: asked for every hex a lay may go on)
    if waived(ctx, state, company_id, coord):
        return 0
    return discounted(ctx, state, company_id, coord, cost)
