"""Privates sold between players in a stock round (1830's phases 2-4, from the second stock
round): a player buys another player's private as his turn's purchase, for any price of at
least 1 that he can pay; never a ``no_buy`` private. A phase allows it with
``players_buy_privates``. A ``shares`` ability with ``on_player_sale: again`` goes with every
such sale (18xx.games grants it on each purchase by a player): the buyer receives its
certificates again, free from wherever they are, and the sale is refused while a player holds
one (the engine never takes a share from a player)."""

from __future__ import annotations

from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen import phases
from railyard.framework.eighteen.abilities import holder
from railyard.framework.eighteen.context import Context
from railyard.framework.eighteen.private_actions import BuyPrivate
from railyard.framework.eighteen.shares import give_certificate
from railyard.framework.eighteen.state import BANK, Certificate, G18State
from railyard.framework.model.abilities import NoBuy, Shares


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
    for cert_id in regranted(ctx, action.company):
        held_by = state.cert(cert_id).owner
        if state.is_player(held_by):
            raise IllegalAction(
                "rule:privates.shares_held",
                f"{action.company} brings {cert_id}, which {held_by} holds: it cannot change hands",
            )
    cert = next(c for c in state.companies[action.company].certificates if c.director)
    return cert, seller


def regranted(ctx: Context, company_id: str) -> list[str]:
    """The certificates a sale between players hands to the buyer again."""
    return [cert_id for ability in ctx.spec.companies[company_id].abilities_of(Shares)
            if ability.on_player_sale == "again" for cert_id in ability.certificates]


def apply(ctx: Context, state: G18State, action: BuyPrivate, cert: Certificate, seller: str) -> list[str]:
    state.pay(action.entity, seller, action.price)
    cert.owner = action.entity
    lines = [f"{action.entity} buys {action.company} from {seller} for {action.price}"]
    for cert_id in regranted(ctx, action.company):
        lines.append(f"{action.entity} receives {cert_id} with {action.company}")
        lines += give_certificate(ctx, state, state.cert(cert_id), action.entity, 0, BANK)
    return lines


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
