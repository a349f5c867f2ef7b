"""Tile lays by ability (``tile_lay``, ``teleport``): the checks and effects the operating
round's steps (``private_steps.py``) and the stock round share. Uses are counted in
``state.extra["ability_uses"]`` (key ``company:index``); a ``tile_lay`` used up closes its
company if it has ``close: used``.
"""

from __future__ import annotations

from typing import Any

from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen import phases, tile_lay
from railyard.framework.eighteen.abilities import close, holder, owner_ok, terrain
from railyard.framework.eighteen.context import Context
from railyard.framework.eighteen.control import controller_of
from railyard.framework.eighteen.private_actions import AbilityLay
from railyard.framework.eighteen.reach import Reach
from railyard.framework.eighteen.state import BANK, G18State
from railyard.framework.model.abilities import TileLay

NOWHERE = Reach(frozenset(), frozenset(), frozenset(), frozenset())
USES = "ability_uses"


def uses(state: G18State, company_id: str, index: int) -> int:
    return int(state.extra.get(USES, {}).get(f"{company_id}:{index}", 0))


def _use(state: G18State, company_id: str, index: int) -> None:
    table = state.extra.setdefault(USES, {})
    key = f"{company_id}:{index}"
    table[key] = table.get(key, 0) + 1


def check_lay(ctx: Context, state: G18State, company_id: str, private: str, ability: Any,
             action: AbilityLay, payer: str) -> tuple[Any, int]:
    """Check one ability lay for ``company_id``; (upgrade, cost)."""
    board = state.board
    hexes = ability.hexes or ctx.spec.companies[private].hexes
    if action.hex not in hexes:
        raise IllegalAction("rule:ability.hex", f"{private} may lay only on {', '.join(hexes)}")
    if ability.tiles and action.tile not in ability.tiles:
        raise IllegalAction("rule:ability.tile", f"{private} may lay only tiles {', '.join(ability.tiles)}")
    tile, upgrade = tile_lay.fitting_upgrade(board, action.hex, action.tile, action.rotation)
    connect = bool(getattr(ability, "connect", False))
    by_company = company_id in state.companies
    reach = tile_lay.company_reach(ctx, state, company_id) if by_company else NOWHERE
    why = tile_lay.refusal(ctx, state, company_id, action.hex, tile, upgrade, reach, ability_of=private,
                           connect=connect and by_company)
    if why is not None:
        raise IllegalAction(*why)
    if by_company:
        cost = tile_lay.lay_cost(ctx, state, company_id, action.hex)
    else:  # a player lays for no company (a stock-round lay): the printed terrain
        cost = terrain.printed_cost(ctx, state, action.hex)
    if getattr(ability, "free", False):
        cost = 0
    cost = max(0, cost - getattr(ability, "discount", 0))
    if cost > state.cash_of(payer):
        raise IllegalAction("rule:tile_lay.cost", f"{payer} has {state.cash_of(payer)}, the lay costs {cost}")
    return upgrade, cost


def apply_lay(ctx: Context, state: G18State, company_id: str, private: str, index: int, action: AbilityLay,
               cost: int, payer: str) -> list[str]:
    result = state.board.lay(action.hex, action.tile, action.rotation)
    state.pay(payer, BANK, cost)
    _use(state, private, index)
    lines = [f"{action.entity} lays tile {action.tile} on {action.hex} (rot {action.rotation}) with {private}, "
             f"pays {cost}"]
    for cid, _ in result.removed:
        state.companies[cid].tokens_left += 1
    ability = ctx.spec.companies[private].ability_defs[index]
    if isinstance(ability, TileLay) and ability.count is not None and uses(state, private, index) >= ability.count:
        lines += close.on_used(ctx, state, private)
    return lines


def _stock_abilities(ctx: Context, state: G18State, player: str) -> list[tuple[str, int, Any]]:
    return _held_lays(ctx, state, player, "stock_round")


def stock_round_lays(ctx: Context, state: G18State, player: str) -> list[AbilityLay]:
    """Lays the player's privates allow on his stock-round turn (``when: [stock_round]``)."""
    out: list[AbilityLay] = []
    if state.board is None:
        return out
    colors = phases.tile_colors(ctx, state)
    for private, _index, ability in _stock_abilities(ctx, state, player):
        for coord in ability.hexes or ctx.spec.companies[private].hexes:
            for tile, upgrade in state.board.lay_choices(coord):
                if tile.color not in colors or (ability.tiles and tile.id not in ability.tiles):
                    continue
                action = AbilityLay(player, private, coord, tile.id, upgrade.rotation)
                try:
                    check_lay(ctx, state, player, private, ability, action, player)
                except IllegalAction:
                    continue
                out.append(action)
    return out


def check_stock_round_lay(ctx: Context, state: G18State, action: AbilityLay) -> tuple[int, int]:
    found = [(i, a) for p, i, a in _stock_abilities(ctx, state, action.entity) if p == action.company]
    if not found:
        raise IllegalAction("rule:ability.unusable", f"{action.entity} cannot use {action.company}'s lay now")
    index, ability = found[0]
    _, cost = check_lay(ctx, state, action.entity, action.company, ability, action, action.entity)
    return index, cost


def apply_stock_round_lay(ctx: Context, state: G18State, action: AbilityLay, plan: tuple[int, int]) -> list[str]:
    index, cost = plan
    return apply_lay(ctx, state, action.entity, action.company, index, action, cost, action.entity)


# ---------------------------------------------------------------------- between turns
def turn_untouched(state: G18State) -> bool:
    """Whether the operating company's turn has begun but nothing was done in it yet."""
    rs = state.round
    current = getattr(rs, "current", None)
    return (current is not None and getattr(rs, "tiles_laid", 0) == 0 and getattr(rs, "tokens_placed", 0) == 0
            and not getattr(rs, "routes", None) and getattr(rs, "step", "") in ("home", "tile", "token"))


def check_before_turn_lay(ctx: Context, state: G18State, action: AbilityLay) -> tuple[int, int]:
    """A ``before_turn`` lay: the player holding the private lays for no company, at the
    start of a company's operating turn, before it acts."""
    if not turn_untouched(state):
        raise IllegalAction("rule:ability.when", f"{action.company} lays only before a company acts in its turn")
    for cid, index, ability in _held_lays(ctx, state, action.entity, "before_turn"):
        if cid == action.company:
            _, cost = check_lay(ctx, state, action.entity, cid, ability, action, action.entity)
            return index, cost
    raise IllegalAction("rule:ability.unusable", f"{action.entity} cannot use {action.company}'s lay now")


def _held_lays(ctx: Context, state: G18State, player: str, moment: str) -> list[tuple[str, int, Any]]:
    out = []
    for cid, cdef in ctx.spec.companies.items():
        if state.companies[cid].closed or holder(state, cid) != player:
            continue
        for index, ability in enumerate(cdef.ability_defs):
            if (isinstance(ability, TileLay) and moment in ability.when and owner_ok(ability.owner, state, cid)
                    and (ability.count is None or uses(state, cid, index) < ability.count)):
                out.append((cid, index, ability))
    return out


def tile_step_lay_pending(ctx: Context, state: G18State, company_id: str) -> bool:
    """Whether a private's lay that the company's tile step offers besides its own lays is
    still to be had: the company's own (``tile_step``) or its director's
    (``director_tile_step``), not taking the company's lay, with a use left. Such a lay keeps
    the step open after the company's last lay when ``tile_step_waits_for_private_lays``
    says so (18xx.games' track step blocks while it exists)."""
    director = controller_of(state, company_id)
    for cid, cdef in ctx.spec.companies.items():
        if state.companies[cid].closed:
            continue
        who = holder(state, cid)
        for index, ability in enumerate(cdef.ability_defs):
            if not isinstance(ability, TileLay) or ability.consumes_lay:
                continue
            if ability.count is not None and uses(state, cid, index) >= ability.count:
                continue
            if not owner_ok(ability.owner, state, cid):
                continue
            if ("tile_step" in ability.when and who == company_id) or (
                    "director_tile_step" in ability.when and who is not None and who == director
                    and state.is_player(who)):
                return True
    return False
