"""Raising money for a forced train purchase: the director's emergency share sales, and
bankruptcy when even those cannot pay for the cheapest train.

Emergency sales follow every rule of a stock-round sale (with ``sell_in_blocks`` each
corporation is sold once per turn) and may not hand the stricken company's directorship (with
``emergency_director_change: never``, any directorship) to someone else. A bankrupt director
pays all their cash, the company all its cash, and the bank finances the rest of the cheapest
train from the depot or pool (the company then withholds until it has repaid); with
``setup.game_end.bankrupt_train: none`` no train changes hands, the company keeps its cash and
the director's goes to the bank. Then, per ``setup.game_end.bankruptcy``, the game ends or
the player leaves: their shares go to the bank pool (by ``setup.game_end.bankrupt_shares``, only
up to the pool's limit, the rest back to the initial offering), their privates and minors
close, and each company whose director's certificate went to the pool is run by the player
holding most of it (ties: the priority deal holder, then clockwise from them; nobody: the
priority deal holder).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen import end, trains
from railyard.framework.eighteen.actions import SellShares
from railyard.framework.eighteen.certificates import swap_director
from railyard.framework.eighteen.control import CONTROL_KEY, controller_of
from railyard.framework.eighteen.dividends import DEBT_KEY
from railyard.framework.eighteen.or_actions import DeclareBankruptcy
from railyard.framework.eighteen.primitives import close_company
from railyard.framework.eighteen.shares import share_value
from railyard.framework.eighteen.state import BANK, CLOSED, DEPOT, IPO, POOL, TRAIN_POOL, G18State
from railyard.framework.eighteen.stock_round import SalePlan, check_sell, move_price

if TYPE_CHECKING:
    from railyard.framework.eighteen.context import Context
    from railyard.framework.eighteen.state import Certificate


def shortfall(rules: Context, state: G18State, company_id: str) -> int:
    """What the director still has to raise to afford the dearest train a helped purchase may
    take (0: nothing to raise, or no helped purchase)."""
    prices = trains.help_prices(rules, state, company_id)
    director = controller_of(state, company_id)
    if not prices or director is None:
        return 0
    have = state.companies[company_id].cash + state.player(director).cash
    return max(0, max(prices) - have)


def director_must_act(rules: Context, state: G18State, company_id: str) -> bool:
    """Whether the director has to raise money (or go bankrupt) for the company's train."""
    return shortfall(rules, state, company_id) > 0


def check_sale(rules: Context, state: G18State, company_id: str, action: SellShares) -> SalePlan:
    if controller_of(state, company_id) != action.entity:
        raise IllegalAction("rule:emergency.director", f"only {company_id}'s director may sell to raise money")
    if shortfall(rules, state, company_id) <= 0:
        raise IllegalAction("rule:emergency.not_needed", f"{action.entity} needs no money for {company_id}'s train")
    if rules.spec.setup.stock_round.sell_in_blocks and action.company in getattr(
            state.round, "emergency_sold", ()):
        raise IllegalAction(
            "rule:stock_round.sell_in_blocks",
            f"{action.entity} has sold {action.company} for this train: its shares go in one block",
        )
    plan = check_sell(rules, state, action)
    protected = action.company == company_id or (
        rules.spec.setup.operating_round.emergency_director_change == "never")
    if protected and plan.new_director is not None:
        raise IllegalAction(
            "rule:emergency.directorship",
            f"the sale would hand the directorship of {action.company} to {plan.new_director}",
        )
    return plan


def apply_sale(rules: Context, state: G18State, action: SellShares, plan: SalePlan) -> list[str]:
    lines = []
    if plan.new_director is not None:
        swap_director(state, action.company, plan.new_director)
        lines.append(f"{plan.new_director} becomes director of {action.company}")
        sold = getattr(state.round, "presidency_sold", None)
        if sold is not None:
            sold.append(action.company)
    for cert_id in plan.certificates:
        state.cert(cert_id).owner = POOL
    for cert_id in plan.returned:
        state.cert(cert_id).owner = action.entity
    sold_now = getattr(state.round, "emergency_sold", None)
    if sold_now is not None:
        sold_now.append(action.company)
    if hasattr(state.round, "last_sale_share_price"):
        state.round.last_sale_share_price = plan.price
    money = share_value(rules, plan.price, action.percent)
    state.pay(BANK, action.entity, money)
    opts = rules.spec.stock
    times = 1
    if rules.spec.setup.stock_round.price_drop == "per_share":
        times = action.percent // opts.share_percent
    move_price(rules, state, action.company, opts.sale_move, times)
    return [f"{action.entity} sells {action.percent}% of {action.company} for {money} (emergency)"] + lines


def sale_choices(rules: Context, state: G18State, company_id: str) -> list[SellShares]:
    director = controller_of(state, company_id)
    if director is None or shortfall(rules, state, company_id) <= 0:
        return []
    unit = rules.spec.stock.share_percent
    out = []
    for cid, company in state.companies.items():
        if company.kind != "corporation":
            continue
        held = state.percent_held(director, cid)
        for percent in range(unit, held + 1, unit):
            action = SellShares(director, cid, percent)
            try:
                check_sale(rules, state, company_id, action)
            except IllegalAction:
                continue
            out.append(action)
    return out


def check_bankruptcy(rules: Context, state: G18State, company_id: str, action: DeclareBankruptcy) -> None:
    if controller_of(state, company_id) != action.entity:
        raise IllegalAction("rule:bankruptcy.director", f"{action.entity} does not run {company_id}")
    prices = trains.help_prices(rules, state, company_id)
    if not prices:
        raise IllegalAction("rule:bankruptcy.not_needed", f"{company_id} has no forced train purchase to make")
    # what the director must be able to pay is the bank's cheapest train: another company's
    # train is no way out unless its owner agrees (a company of his own counts)
    own_help = rules.spec.setup.operating_round.forced_train_from != "depot"
    bank = [p for t, p in trains.offers(rules, state, company_id)
            if trains.source_of(state, t) in (DEPOT, TRAIN_POOL)
            or (own_help and controller_of(state, trains.source_of(state, t)) == action.entity)]
    if bank:
        prices = bank
    have = state.companies[company_id].cash + state.player(action.entity).cash
    if have >= min(prices):
        raise IllegalAction("rule:bankruptcy.can_pay", f"{action.entity} can pay for a train ({have} >= {min(prices)})")
    if sale_choices(rules, state, company_id):
        raise IllegalAction("rule:bankruptcy.can_sell", f"{action.entity} can still sell shares")


def _new_controller(state: G18State, company_id: str) -> str | None:
    alive = [p for p in state.seats_from(state.priority_player) if not state.player(p).bankrupt]
    if not alive:
        return None
    best = max(state.percent_held(p, company_id) for p in alive)
    return next(p for p in alive if state.percent_held(p, company_id) == best)


def _to_bank(rules: Context, state: G18State, company_id: str, certs: list[Certificate]) -> list[str]:
    """A bankrupt player's certificates of one corporation go to the bank: all to the pool, or
    (``bankrupt_shares: pool_up_to_limit``) the director's certificate to the pool, the others
    while the pool stays within its limit, the rest back to the initial offering."""
    if rules.spec.setup.game_end.bankrupt_shares != "pool_up_to_limit":
        for cert in certs:
            cert.owner = POOL
        return []
    limit = rules.spec.setup.stock_round.pool_share_limit
    back = 0
    for cert in sorted(certs, key=lambda c: not c.director):
        if cert.director or state.percent_held(POOL, company_id) + cert.percent <= limit:
            cert.owner = POOL
        else:
            cert.owner = IPO
            back += cert.percent
    if not back:
        return []
    return [f"{back}% of {company_id} goes back to the initial offering (the pool holds {limit}% at most)"]


def leave(rules: Context, state: G18State, player: str) -> list[str]:
    """A bankrupt player leaves play: shares to the pool, own companies closed, control passed
    (after the title's ``before_player_leaves``)."""
    lines = rules.hooks.before_player_leaves(state, player)
    stranded = []
    for cid, company in state.companies.items():
        mine = [c for c in company.certificates if c.owner == player]
        if not mine:
            continue
        if company.kind == "corporation":
            lines += _to_bank(rules, state, cid, mine)
            if any(cert.director for cert in mine):
                stranded.append(cid)
            continue
        for cert in company.certificates:
            if cert.owner == player:
                cert.owner = CLOSED
        if state.director(cid) is None and not company.closed:
            close_company(rules, state, cid)
            lines.append(f"{cid} closes")
    for cid in stranded:
        who = _new_controller(state, cid)
        state.companies[cid].extra[CONTROL_KEY] = who
        lines.append(f"{who} takes control of {cid} (its director's certificate is in the bank pool)")
    if state.player(player).cash > 0:
        state.pay(player, BANK, state.player(player).cash)
    return lines


def apply_bankruptcy(rules: Context, state: G18State, company_id: str, action: DeclareBankruptcy) -> list[str]:
    player = action.entity
    company = state.companies[company_id]
    lines = [f"{player} cannot raise the money for {company_id}'s train"]
    if rules.spec.setup.game_end.bankrupt_train == "none":
        # the train sale, and the phase and rusting it could bring, never happen
        bank_trains = []
        state.pay(player, BANK, state.player(player).cash)
    else:
        bank_trains = [(t, p) for t, p in trains.offers(rules, state, company_id)
                       if state.trains[t].owner in (DEPOT, TRAIN_POOL)]
    if bank_trains:
        train_id, price = min(bank_trains, key=lambda tp: tp[1])
        paid = company.cash + state.player(player).cash
        state.pay(company_id, BANK, company.cash)
        state.pay(player, BANK, state.player(player).cash)
        debt = price - paid
        company.extra[DEBT_KEY] = company.extra.get(DEBT_KEY, 0) + debt
        lines.append(f"{company_id} takes train {train_id}; the bank finances {debt}")
        lines += trains.transfer(rules, state, train_id, company_id)
    lines += end.declare_bankruptcy(rules, state, player)
    if not state.game_over:
        lines += leave(rules, state, player)
    return lines
