"""Distributing a run's revenue, and the share price move that follows.

Corporations pay out in full, half, or withhold. Each holder's part is computed exactly from
the percent it holds and rounded down, the fractions staying with the bank (so "rounding in
favour of the bank" on half payouts: 50 earned, half paid, 30% holds 7, the company 25).
Pool shares pay the company (or the bank, by option); shares in the initial offering,
reserved or closed pay nobody. Minors with a ``revenue_split`` share the owners' part among
their certificates by percent. A company the bank financed withholds until it has repaid.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen.or_options import options
from railyard.framework.eighteen.state import BANK, POOL, G18State
from railyard.framework.eighteen.stock_round import move_price

if TYPE_CHECKING:
    from railyard.framework.eighteen.context import Context

DEBT_KEY = "bank_debt"  # Company.extra: money the bank financed in a forced train purchase
SPLIT = "split"


def choices(rules: Context, state: G18State, company_id: str, revenue: int) -> tuple[str, ...]:
    ctype = rules.spec.type_of(company_id)
    if ctype.revenue_split is not None:
        base: tuple[str, ...] = (SPLIT,)
    elif ctype.dividends:
        base = tuple(ctype.dividends)
    else:
        base = ("withhold",)
    if revenue <= 0 or state.companies[company_id].extra.get(DEBT_KEY, 0) > 0:
        base = ("withhold",) if "withhold" in base or ctype.revenue_split is None else (SPLIT,)
    return tuple(rules.hooks.dividend_options(state, company_id, base))


def _payee(state: G18State, owner: str, company_id: str, pool_to: str) -> str | None:
    if state.is_player(owner):
        return None if state.player(owner).bankrupt else owner
    if owner in state.companies:
        return owner
    if owner == POOL:
        return company_id if pool_to == "treasury" else None
    return None  # initial offering, reserved, closed: lost


def _share_out(
    rules: Context, state: G18State, company_id: str, amount: int, divisor: int
) -> tuple[list[str], int]:
    """Pay each holder ``amount * percent / divisor`` rounded down; returns the lines and the
    total paid."""
    pool_to = options(rules).pool_dividends
    held: dict[str, int] = {}
    for cert in state.companies[company_id].certificates:
        payee = rules.hooks.dividend_payee(state, company_id, cert, _payee(state, cert.owner, company_id, pool_to))
        if payee is not None:
            held[payee] = held.get(payee, 0) + cert.percent
    lines = []
    paid = 0
    for payee, percent in held.items():
        money = amount * percent // divisor
        if money:
            state.pay(BANK, payee, money)
            paid += money
            lines.append(f"{payee} receives {money}")
    return lines, paid


def _move(rules: Context, state: G18State, company_id: str, direction: str) -> list[str]:
    company = state.companies[company_id]
    if company.market is None:
        return []
    before = company.market
    move_price(rules, state, company_id, direction)
    if company.market == before:
        return []
    if company.market is None:  # it reached a closing cell
        return [f"{company_id}'s share price moves {direction.replace('_', ' ')} to a closing cell: it closes"]
    price = rules.spec.cell(company.market).price
    return [f"{company_id}'s share price moves {direction.replace('_', ' ')} to {price}"]


def repay(state: G18State, company_id: str) -> list[str]:
    company = state.companies[company_id]
    debt = company.extra.get(DEBT_KEY, 0)
    paid = min(debt, company.cash)
    if paid <= 0:
        return []
    state.pay(company_id, BANK, paid)
    company.extra[DEBT_KEY] = debt - paid
    return [f"{company_id} repays {paid} to the bank ({debt - paid} still owed)"]


def distribute(rules: Context, state: G18State, company_id: str, revenue: int, kind: str) -> list[str]:
    allowed = choices(rules, state, company_id, revenue)
    if kind not in allowed:
        raise IllegalAction("rule:dividends.kind", f"{company_id} may choose {', '.join(allowed)}, not {kind}")
    ctype = rules.spec.type_of(company_id)
    opts = options(rules)
    lines: list[str] = []
    if kind == SPLIT:
        split = ctype.revenue_split or {"owners": 100, "treasury": 0}
        owners, treasury = split.get("owners", 0), split.get("treasury", 0)
        certs = state.companies[company_id].certificates
        total = sum(c.percent for c in certs) or 100
        owners_lines, paid_owners = _share_out(rules, state, company_id, revenue * owners, 100 * total)
        kept = revenue * treasury // 100 if ctype.rounding == "bank" else revenue - paid_owners
        if kept:
            state.pay(BANK, company_id, kept)
        lines += [f"{company_id} splits {revenue}: {kept} to the treasury"] + owners_lines
    elif kind == "withhold":
        if revenue:
            state.pay(BANK, company_id, revenue)
        lines.append(f"{company_id} withholds {revenue}")
        lines += repay(state, company_id)
        if ctype.kind == "corporation":
            lines += _move(rules, state, company_id, opts.withhold_move)
    elif kind == "payout":
        lines.append(f"{company_id} pays out {revenue}")
        lines += _share_out(rules, state, company_id, revenue, 100)[0]
        if ctype.kind == "corporation":
            lines += _move(rules, state, company_id, opts.payout_move)
    elif kind == "half":
        kept = revenue // 2
        if kept:
            state.pay(BANK, company_id, kept)
        lines.append(f"{company_id} pays half of {revenue}, keeping {kept}")
        lines += _share_out(rules, state, company_id, revenue, 200)[0]
        if ctype.kind == "corporation":
            lines += _move(rules, state, company_id, opts.half_move)
    else:
        raise IllegalAction("rule:dividends.kind", f"unknown dividend choice {kind!r}")
    return lines
