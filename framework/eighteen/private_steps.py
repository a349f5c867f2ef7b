"""Operating-round steps of the 1830-family privates: buying them, and their special lays.

They are *beside* steps (``Step.beside``): their actions are offered to the operating company
next to those of the current turn step and may be taken at any moment of its turn, without
moving the turn on. A title names them in ``setup.operating_round.steps``:

- ``buy_privates``: the operating corporation buys a private from its player owner, in a
  phase with ``corporations_buy_privates``, for a price within
  ``setup.operating_round.private_price`` of its face value (``min_bid``); never a ``no_buy``
  private. A bought ``close: bought`` private closes; a ``tile_lay`` with ``when: [on_sale]``
  lets the seller lay at once (``on_sale_lay``).
- ``ability_lays``: ``tile_lay`` abilities usable now (``own_turn``; ``tile_step`` and
  ``director_tile_step`` in the tile step) and ``teleport`` (in the tile step: its lay is the
  turn's lay; then its token, ``AbilityToken``).
- ``exchange``: a holder's ``exchange`` ability, taken out of turn at any moment;
- ``before_turn_lay``: a player's ``tile_lay`` with ``when: [before_turn]``, out of turn at
  the start of any company's turn before it acts (he pays, for no company);
- ``on_sale_lay`` (an interrupt): the seller of a private with an ``on_sale`` lay lays (or
  passes) before the corporation goes on.
Uses of abilities are counted in ``state.extra["ability_uses"]`` (``abilities/lays.py``).
"""

from __future__ import annotations

from typing import Any

from railyard.framework.core.actions import Action
from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen import phases
from railyard.framework.eighteen.abilities import (
    close,
    exchange,
    holder,
    holder_kind,
    lays,
    owner_ok,
)
from railyard.framework.eighteen.abilities.lays import apply_lay, check_lay, lost, uses
from railyard.framework.eighteen.actions import Pass
from railyard.framework.eighteen.context import Context
from railyard.framework.eighteen.control import controller_of
from railyard.framework.eighteen.or_options import options
from railyard.framework.eighteen.or_steps import next_step, tile_step_done
from railyard.framework.eighteen.private_actions import (
    AbilityLay,
    AbilityToken,
    BuyPrivate,
    ExchangePrivate,
)
from railyard.framework.eighteen.state import G18State
from railyard.framework.eighteen.steps import Step, register_step
from railyard.framework.model.abilities import NoBuy, Teleport, TileLay

ON_SALE = "on_sale_lay"  # state.extra: [private, seller, corporation] awaiting the seller's lay
TOGETHER = "together_lays"  # state.extra: [company, private] whose other lays must follow now
TELEPORTED = "teleport_token"  # state.extra: [corporation, private, hex] awaiting the token


def _rs(state: G18State) -> Any:
    return state.round


def face_value(ctx: Context, company_id: str) -> int:
    return ctx.spec.companies[company_id].min_bid or 0


def price_range(ctx: Context, company_id: str) -> tuple[int, int] | None:
    """(lowest, highest) a corporation may pay for the private; None when never."""
    rule = ctx.spec.setup.operating_round.private_price
    return None if rule is None else rule.bounds(face_value(ctx, company_id))


# ---------------------------------------------------------------------- buying privates
@register_step
class BuyPrivatesStep(Step):
    name = "buy_privates"
    turn = False
    beside = True
    holds_turn_end = True
    handles = (BuyPrivate,)

    def active_entities(self, ctx: Context, state: G18State) -> tuple[str, ...]:
        cid = getattr(state.round, "current", None)
        if cid is None or state.companies[cid].kind != "corporation":
            return ()
        if ctx.spec.setup.operating_round.private_price is None:
            return ()
        return (cid,) if phases.current(ctx, state).corporations_buy_privates else ()

    def _for_sale(self, ctx: Context, state: G18State) -> list[str]:
        return [cid for cid, c in state.companies.items()
                if c.kind == "private" and holder_kind(state, cid) == "player"
                and not ctx.spec.companies[cid].abilities_of(NoBuy)]

    def actions(self, ctx: Context, state: G18State, entity: str) -> list[Action]:
        cash = state.companies[entity].cash
        out: list[Action] = []
        for cid in self._for_sale(ctx, state):
            bounds = price_range(ctx, cid)
            assert bounds is not None
            for price in sorted({bounds[0], face_value(ctx, cid), bounds[1]}):
                if bounds[0] <= price <= min(cash, bounds[1]):
                    out.append(BuyPrivate(entity, cid, price))
        return out

    def check(self, ctx: Context, state: G18State, action: Action) -> Any:
        assert isinstance(action, BuyPrivate)
        buyer, cid = action.entity, action.company
        if not phases.current(ctx, state).corporations_buy_privates:
            raise IllegalAction("rule:privates.phase", f"corporations may not buy privates in phase {state.phase}")
        if buyer != getattr(state.round, "current", None) or state.companies[buyer].kind != "corporation":
            raise IllegalAction("rule:privates.buyer", "only the operating corporation may buy a private")
        if cid not in state.companies or state.companies[cid].kind != "private":
            raise IllegalAction("rule:privates.unknown", f"{cid} is not a private company")
        if ctx.spec.companies[cid].abilities_of(NoBuy):
            raise IllegalAction("rule:privates.no_buy", f"{cid} can never be sold")
        seller = holder(state, cid)
        if seller is None or not state.is_player(seller):
            raise IllegalAction("rule:privates.owner", f"{cid} is not held by a player")
        bounds = price_range(ctx, cid)
        if bounds is None:
            raise IllegalAction("rule:privates.price", "corporations do not buy privates in this title")
        low, high = bounds
        if not low <= action.price <= high:
            raise IllegalAction("rule:privates.price", f"{cid} sells for {low} to {high}, not {action.price}")
        if action.price > state.companies[buyer].cash:
            raise IllegalAction("rule:privates.cash", f"{buyer} has {state.companies[buyer].cash}, not {action.price}")
        return seller

    def apply(self, ctx: Context, state: G18State, action: Action, plan: Any) -> list[str]:
        assert isinstance(action, BuyPrivate)
        seller: str = plan
        cert = next(c for c in state.companies[action.company].certificates if c.director)
        state.pay(action.entity, seller, action.price)
        cert.owner = action.entity
        lines = [f"{action.entity} buys {action.company} from {seller} for {action.price}"]
        lines += close.on_bought(ctx, state, action.company)
        for ability in ctx.spec.companies[action.company].abilities_of(TileLay):
            if "on_sale" in ability.when and not state.companies[action.company].closed:
                state.extra[ON_SALE] = [action.company, seller, action.entity]
        return lines


# ---------------------------------------------------------------------- ability lays
def _usable(ctx: Context, state: G18State, entity: str, *, on_sale: bool = False) -> list[tuple[str, int, Any]]:
    """(private, ability index, ability) of lays ``entity`` may make now."""
    rs = _rs(state)
    current = getattr(rs, "current", None)
    in_tile_step = getattr(rs, "step", "") == "tile"
    out: list[tuple[str, int, Any]] = []
    for cid, cdef in ctx.spec.companies.items():
        if state.companies[cid].closed:
            continue
        for index, ability in enumerate(cdef.ability_defs):
            if not isinstance(ability, TileLay | Teleport):
                continue
            if isinstance(ability, TileLay) and ability.count is not None and uses(state, cid, index) >= ability.count:
                continue
            if isinstance(ability, TileLay) and lost(ctx, state, cid, index, ability):
                continue
            if isinstance(ability, Teleport) and uses(state, cid, index) >= 1:
                continue
            if not owner_ok(ability.owner, state, cid):
                continue
            who = holder(state, cid)
            if on_sale:
                if isinstance(ability, TileLay) and "on_sale" in ability.when:
                    out.append((cid, index, ability))
                continue
            if entity != current:
                continue
            if isinstance(ability, Teleport):
                if who == entity and in_tile_step:
                    out.append((cid, index, ability))
                continue
            when = ability.when
            if who == entity and ("own_turn" in when or ("tile_step" in when and in_tile_step)) or (state.is_player(who or "") and who == controller_of(state, entity)
                  and "director_tile_step" in when and in_tile_step):
                out.append((cid, index, ability))
    return out


def _choices(ctx: Context, state: G18State, company_id: str, entity: str, on_sale: bool) -> list[Action]:
    out: list[Action] = []
    board = state.board
    if board is None:
        return out
    colors = phases.tile_colors(ctx, state)
    payer = entity
    for private, _index, ability in _usable(ctx, state, entity if not on_sale else company_id, on_sale=on_sale):
        for coord in ability.hexes or ctx.spec.companies[private].hexes:
            for tile, upgrade in board.lay_choices(coord):
                if tile.color not in colors or (ability.tiles and tile.id not in ability.tiles):
                    continue
                action = AbilityLay(entity, private, coord, tile.id, upgrade.rotation)
                try:
                    check_lay(ctx, state, company_id, private, ability, action, payer)
                except IllegalAction:
                    continue
                out.append(action)
    return out


@register_step
class AbilityLaysStep(Step):
    name = "ability_lays"
    turn = False
    beside = True
    handles = (AbilityLay, AbilityToken)

    def active_entities(self, ctx: Context, state: G18State) -> tuple[str, ...]:
        cid = getattr(state.round, "current", None)
        if cid is None or state.board is None:
            return ()
        pending = state.extra.get(TELEPORTED)
        if (pending and pending[0] == cid) or _usable(ctx, state, cid):
            return (cid,)
        return ()

    def actions(self, ctx: Context, state: G18State, entity: str) -> list[Action]:
        pending = state.extra.get(TELEPORTED)
        if pending and pending[0] == entity:
            coord = pending[2]
            stops = state.board.placed(coord).tile.stops
            if state.companies[entity].tokens_left <= 0:
                return []  # its last token went elsewhere since the lay
            if any(c == coord for c, _ in state.board.tokens_of(entity)):
                return []  # it placed a token there by itself since the lay
            return [AbilityToken(entity, pending[1], coord, i) for i in range(len(stops))
                    if state.board.free_slots(coord, i, entity) > 0]
        return _choices(ctx, state, entity, entity, on_sale=False)

    def check(self, ctx: Context, state: G18State, action: Action) -> Any:
        if isinstance(action, AbilityToken):
            pending = state.extra.get(TELEPORTED)
            if not pending or pending[0] != action.entity or pending[1] != action.company or pending[2] != action.hex:
                raise IllegalAction("rule:ability.teleport", f"{action.entity} has no token to place by {action.company}")
            if state.companies[action.entity].tokens_left <= 0:
                raise IllegalAction("rule:tokens.none", f"{action.entity} has no token left")
            if any(c == action.hex for c, _ in state.board.tokens_of(action.entity)):
                raise IllegalAction("rule:tokens.hex", f"{action.entity} already has a token on {action.hex}")
            if state.board.free_slots(action.hex, action.city, action.entity) <= 0:
                raise IllegalAction("rule:tokens.full", f"no free slot on {action.hex}")
            return None
        assert isinstance(action, AbilityLay)
        found = [(i, a) for p, i, a in _usable(ctx, state, action.entity) if p == action.company]
        if not found:
            raise IllegalAction("rule:ability.unusable", f"{action.entity} cannot use {action.company}'s lay now")
        problems = []
        for index, ability in found:
            try:
                upgrade, cost = check_lay(ctx, state, action.entity, action.company, ability, action, action.entity)
            except IllegalAction as error:
                problems.append(error)
                continue
            return index, cost
        raise problems[0]

    def apply(self, ctx: Context, state: G18State, action: Action, plan: Any) -> list[str]:
        if isinstance(action, AbilityToken):
            state.extra.pop(TELEPORTED, None)
            state.board.place_token(action.hex, action.city, action.entity)
            state.companies[action.entity].tokens_left -= 1
            # the charter's next token, its price waived: the one after costs the next price
            state.companies[action.entity].tokens_bought += 1
            return [f"{action.entity} places a token on {action.hex} with {action.company}"]
        assert isinstance(action, AbilityLay)
        index, cost = plan
        lines = apply_lay(ctx, state, action.entity, action.company, index, action, cost, action.entity)
        ability = ctx.spec.companies[action.company].ability_defs[index]
        state.extra.pop(TOGETHER, None)
        if (getattr(ability, "together", False) and ability.count is not None
                and uses(state, action.company, index) < ability.count
                and not state.companies[action.company].closed):
            state.extra[TOGETHER] = [action.entity, action.company]
        if isinstance(ability, Teleport) or getattr(ability, "consumes_lay", False):
            rs = _rs(state)
            rs.tiles_laid += 1
            if isinstance(ability, Teleport) and state.companies[action.entity].tokens_left > 0:
                # the token follows (a company with no token left has none to place)
                state.extra[TELEPORTED] = [action.entity, action.company, action.hex]
            if rs.step == "tile" and rs.tiles_laid >= options(ctx).tiles_per_turn:
                next_step(ctx, state)
        elif _rs(state).step == "tile" and _rs(state).tiles_laid and options(ctx).tile_step_waits_for_private_lays \
                and tile_step_done(ctx, state):
            next_step(ctx, state)  # the step held open for this lay after the company's own
        return lines


@register_step
class TeleportTokenStep(Step):
    """After a ``teleport`` lay the company places the token it brings or declines it (a
    pass) before anything else, while it has a slot for it: the reference's blocking Place
    teleport token step. The steps list gets it whenever a private has a teleport
    (``or_steps.build_steps``)."""

    name = "teleport_token"
    turn = False
    holds = True
    handles = (AbilityToken, Pass)

    def active_entities(self, ctx: Context, state: G18State) -> tuple[str, ...]:
        pending = state.extra.get(TELEPORTED)
        if not pending or getattr(state.round, "current", None) != pending[0]:
            return ()
        return (pending[0],) if AbilityLaysStep().actions(ctx, state, pending[0]) else ()

    def actions(self, ctx: Context, state: G18State, entity: str) -> list[Action]:
        return [*AbilityLaysStep().actions(ctx, state, entity), Pass(entity)]

    def check(self, ctx: Context, state: G18State, action: Action) -> Any:
        if isinstance(action, Pass):
            return None
        if not isinstance(action, AbilityToken):
            raise IllegalAction("rule:ability.teleport", f"{action.entity} first places its teleport token or passes")
        return AbilityLaysStep().check(ctx, state, action)

    def apply(self, ctx: Context, state: G18State, action: Action, plan: Any) -> list[str]:
        if isinstance(action, Pass):
            _, private, coord = state.extra.pop(TELEPORTED)
            return [f"{action.entity} places no token on {coord} with {private}"]
        return AbilityLaysStep().apply(ctx, state, action, plan)


@register_step
class TogetherLaysStep(Step):
    """A ``tile_lay`` with ``together``: after its first lay the company makes the others at
    once; this interrupt holds the round (no pass, no other action) until they are made. The
    steps list gets it whenever a company has such a lay (``or_steps.build_steps``)."""

    name = "together_lays"
    turn = False
    holds = True
    handles = (AbilityLay,)

    def active_entities(self, ctx: Context, state: G18State) -> tuple[str, ...]:
        pending = state.extra.get(TOGETHER)
        if not pending:
            return ()
        # no lay left to make (a hex taken meanwhile): the round is not held on nothing
        return (pending[0],) if self.actions(ctx, state, pending[0]) else ()

    def actions(self, ctx: Context, state: G18State, entity: str) -> list[Action]:
        private = state.extra[TOGETHER][1]
        return [a for a in _choices(ctx, state, entity, entity, on_sale=False)
                if isinstance(a, AbilityLay) and a.company == private]

    def check(self, ctx: Context, state: G18State, action: Action) -> Any:
        private = state.extra[TOGETHER][1]
        if not isinstance(action, AbilityLay) or action.company != private:
            raise IllegalAction("rule:ability.together", f"{action.entity} first makes {private}'s other lays")
        return AbilityLaysStep().check(ctx, state, action)

    def apply(self, ctx: Context, state: G18State, action: Action, plan: Any) -> list[str]:
        return AbilityLaysStep().apply(ctx, state, action, plan)


@register_step
class OnSaleLayStep(Step):
    """The seller of a private with an ``on_sale`` lay lays for the buyer (or passes)."""

    name = "on_sale_lay"
    turn = False
    holds = True
    handles = (AbilityLay, Pass)

    def active_entities(self, ctx: Context, state: G18State) -> tuple[str, ...]:
        pending = state.extra.get(ON_SALE)
        return (pending[1],) if pending else ()

    def actions(self, ctx: Context, state: G18State, entity: str) -> list[Action]:
        private, seller, corp = state.extra[ON_SALE]
        return [*_choices(ctx, state, corp, seller, on_sale=True), Pass(seller)]

    def check(self, ctx: Context, state: G18State, action: Action) -> Any:
        private, seller, corp = state.extra[ON_SALE]
        if isinstance(action, Pass):
            return None
        if not isinstance(action, AbilityLay) or action.company != private:
            raise IllegalAction("rule:ability.on_sale", f"{seller} first lays with {private} or passes")
        for p, index, ability in _usable(ctx, state, corp, on_sale=True):
            if p == private:
                upgrade, cost = check_lay(ctx, state, corp, private, ability, action, seller)
                return index, cost
        raise IllegalAction("rule:ability.on_sale", f"{private} has no lay left")

    def apply(self, ctx: Context, state: G18State, action: Action, plan: Any) -> list[str]:
        private, seller, corp = state.extra.pop(ON_SALE)
        if isinstance(action, Pass):
            return [f"{seller} does not lay a tile with {private}"]
        assert isinstance(action, AbilityLay)
        index, cost = plan
        return apply_lay(ctx, state, corp, private, index, action, cost, seller)


@register_step
class ExchangeStep(Step):
    """``exchange`` abilities (``when: any`` or ``operating_round``) in an operating round: the
    holding player may swap his private at any moment, out of turn (``out_of_turn``)."""

    name = "exchange"
    turn = False
    beside = True
    out_of_turn = True
    handles = (ExchangePrivate,)

    def active_entities(self, ctx: Context, state: G18State) -> tuple[str, ...]:
        return ()  # never waits for anyone; taken when a holder asks

    def check(self, ctx: Context, state: G18State, action: Action) -> Any:
        assert isinstance(action, ExchangePrivate)
        return exchange.check(ctx, state, action, "operating_round")

    def apply(self, ctx: Context, state: G18State, action: Action, plan: Any) -> list[str]:
        assert isinstance(action, ExchangePrivate)
        return exchange.apply(ctx, state, action, plan)


@register_step
class BeforeTurnLayStep(Step):
    """``tile_lay`` abilities with ``when: [before_turn]``: the holding player lays (for no
    company, paying himself) at the start of any company's operating turn before it acts,
    out of turn."""

    name = "before_turn_lay"
    turn = False
    beside = True
    out_of_turn = True
    handles = (AbilityLay,)

    def active_entities(self, ctx: Context, state: G18State) -> tuple[str, ...]:
        return ()

    def check(self, ctx: Context, state: G18State, action: Action) -> Any:
        assert isinstance(action, AbilityLay)
        return lays.check_before_turn_lay(ctx, state, action)

    def apply(self, ctx: Context, state: G18State, action: Action, plan: Any) -> list[str]:
        assert isinstance(action, AbilityLay)
        index, cost = plan
        return apply_lay(ctx, state, action.entity, action.company, index, action, cost, action.entity)
