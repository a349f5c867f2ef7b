"""``exchange``: the player owner swaps the private for one share of a named corporation,
from the first of the ability's sources (``ipo``, ``pool``) that has one; the private closes.
Taken in the owner's stock-round turn (``when: any`` or ``stock_round``) as an action beside
his purchase, undoing no pass; ``any`` also out of turn in an operating round. The
certificate limit does not apply to the exchange; the share limit does (outside a zone that
lifts it).
"""

from __future__ import annotations

from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen import market_zones
from railyard.framework.eighteen.abilities import holder, owner_ok
from railyard.framework.eighteen.context import Context
from railyard.framework.eighteen.primitives import close_company
from railyard.framework.eighteen.private_actions import ExchangePrivate
from railyard.framework.eighteen.shares import give_certificate
from railyard.framework.eighteen.state import BANK, IPO, POOL, Certificate, G18State
from railyard.framework.model.abilities import Exchange

PLACES = {"ipo": IPO, "pool": POOL}


def _ability(ctx: Context, company_id: str) -> Exchange | None:
    found = ctx.spec.companies[company_id].abilities_of(Exchange) if company_id in ctx.spec.companies else ()
    return found[0] if found else None


def check(ctx: Context, state: G18State, action: ExchangePrivate, round_kind: str) -> Certificate:
    ability = _ability(ctx, action.company)
    if ability is None:
        raise IllegalAction("rule:exchange.none", f"{action.company} has no exchange")
    if holder(state, action.company) != action.entity or not owner_ok(ability.owner, state, action.company):
        raise IllegalAction("rule:exchange.owner", f"{action.entity} does not hold {action.company}")
    if ability.when not in ("any", round_kind):
        raise IllegalAction("rule:exchange.when", f"{action.company} is exchanged only in a {ability.when}")
    if action.source not in ability.source:
        raise IllegalAction("rule:exchange.source", f"{action.company}'s share comes from {', '.join(ability.source)}")
    target = ability.company
    cert = next((c for c in state.companies[target].certificates
                 if c.owner == PLACES[action.source] and not c.director), None)
    if cert is None:
        raise IllegalAction("rule:exchange.source", f"no {target} share in the {action.source}")
    limit = ctx.spec.setup.stock_round.player_share_limit
    held = state.percent_held(action.entity, target)
    if held + cert.percent > limit and not market_zones.in_zone(ctx, state, target, "over_share_limit"):
        raise IllegalAction("rule:stock_round.player_share_limit",
                            f"{action.entity} would hold {held + cert.percent}% of {target}")
    return cert


def apply(ctx: Context, state: G18State, action: ExchangePrivate, cert: Certificate) -> list[str]:
    lines = [f"{action.entity} exchanges {action.company} for {cert.percent}% of {cert.company}"]
    lines += give_certificate(ctx, state, cert, action.entity, 0, BANK)
    close_company(ctx, state, action.company)
    return lines + [f"{action.company} closes"]


def choices(ctx: Context, state: G18State, player: str, round_kind: str) -> list[ExchangePrivate]:
    out = []
    for cid in ctx.spec.companies:
        ability = _ability(ctx, cid)
        if ability is None or holder(state, cid) != player:
            continue
        for source in ability.source:
            action = ExchangePrivate(player, cid, source)
            try:
                check(ctx, state, action, round_kind)
            except IllegalAction:
                continue
            out.append(action)
            break
    return out
