"""Privates sold between players in a stock round (1830's phases 2-4, from the second stock
round): a player buys another player's private as his turn's purchase, for any price of at
least 1 that he can pay; never a ``no_buy`` private. A phase allows it with
``players_buy_privates``."""

from __future__ import annotations

from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen import phases
from railyard.framework.eighteen.abilities import holder
from railyard.framework.eighteen.context import Context
from railyard.framework.eighteen.private_actions import BuyPrivate
from railyard.framework.eighteen.state import Certificate, G18State
from railyard.framework.model.abilities import NoBuy


def check(ctx: Context, state: G18State, action: BuyPrivate) -> tuple[Certificate, str]:
    if not phases.current(ctx, state).players_buy_privates:
        raise IllegalAction("rule:privates.between_players", f"players may not buy privates in phase {state.phase}")
    if state.round.number < 2:
        raise IllegalAction("rule:privates.between_players", "privates change hands from the second stock round on")
    if action.company not in state.companies or state.companies[action.company].kind != "private":
        raise IllegalAction("rule:privates.unknown", f"{action.company} is not a private company")
    if ctx.spec.companies[action.company].abilities_of(NoBuy):
        raise IllegalAction("rule:privates.no_buy", f"{action.company} can never be sold")
    seller = holder(state, action.company)
    if seller is None or not state.is_player(seller) or seller == action.entity:
        raise IllegalAction("rule:privates.owner", f"{action.company} is not another player's")
    if action.price < 1 or action.price > state.player(action.entity).cash:
        raise IllegalAction("rule:privates.price", f"{action.entity} cannot pay {action.price}")
    cert = next(c for c in state.companies[action.company].certificates if c.director)
    return cert, seller


def apply(state: G18State, action: BuyPrivate, cert: Certificate, seller: str) -> list[str]:
    state.pay(action.entity, seller, action.price)
    cert.owner = action.entity
    return [f"{action.entity} buys {action.company} from {seller} for {action.price}"]


def choices(ctx: Context, state: G18State, player: str) -> list[BuyPrivate]:
    out = []
    for cid, company in state.companies.items():
        if company.kind != "private":
            continue
        action = BuyPrivate(player, cid, ctx.spec.companies[cid].min_bid or 1)
        try:
            check(ctx, state, action)
        except IllegalAction:
            continue
        out.append(action)
    return out
