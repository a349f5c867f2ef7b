"""Moving certificates and what follows from it: director changes, starting and floating.

Shared by the start-packet rounds, the stock round and title hooks (exchanges), so that every
way a certificate changes hands applies the same director and float rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from railyard.framework.eighteen.certificates import pick_certificates, swap_director
from railyard.framework.eighteen.state import BANK, IPO, POOL, RESERVED, Certificate, G18State
from railyard.framework.eighteen.tokens import place_home_token

if TYPE_CHECKING:
    from railyard.framework.eighteen.context import Context


def share_value(rules: Context, price: int, percent: int) -> int:
    """The money for ``percent`` of a company at ``price`` per share unit."""
    return price * percent // rules.spec.stock.share_percent


def market_price(rules: Context, state: G18State, company_id: str) -> int | None:
    company = state.companies[company_id]
    if company.market is None:
        return None
    return rules.spec.cell(company.market).price


def holders_by_percent(state: G18State, company_id: str) -> dict[str, int]:
    """Percent held by each player (players only, in seat order)."""
    return {p.id: state.percent_held(p.id, company_id) for p in state.players}


def update_director(state: G18State, company_id: str) -> str | None:
    """Pass the presidency on if another player now holds more than the director; ties stay,
    and among tied challengers the first to the left of the old director takes over.
    Returns the new director if it changed."""
    director = state.director(company_id)
    if director is None:
        return None
    held = holders_by_percent(state, company_id)
    best = max(held[p] for p in held if p != director) if len(held) > 1 else 0
    if best <= held[director]:
        return None
    for candidate in state.seats_from(director)[1:]:
        if held[candidate] == best:
            swap_director(state, company_id, candidate)
            return candidate
    return None


def start_company(rules: Context, state: G18State, company_id: str) -> list[str]:
    """A private or minor whose owner's certificate was just bought starts: it floats and the
    bank pays its printed capital."""
    company = state.companies[company_id]
    if company.floated or company.kind == "corporation":
        return []
    company.floated = True
    capital = rules.spec.companies[company_id].capital or 0
    lines = []
    if capital:
        state.pay(BANK, company_id, capital)
        lines.append(f"{company_id} receives {capital} starting capital")
    lines += rules.hooks.on_float(state, company_id)
    return lines


def bought_from_offering(state: G18State, company_id: str) -> int:
    """Percent bought out of the initial offering so far."""
    company = state.companies[company_id]
    return company.ipo_percent_at_start - state.percent_held(IPO, company_id)


def maybe_float(rules: Context, state: G18State, company_id: str) -> list[str]:
    """Float a corporation once its type's float percent has been bought from the offering."""
    company = state.companies[company_id]
    ctype = rules.spec.types[company.type]
    if company.floated or company.kind != "corporation":
        return []
    if not rules.hooks.may_float(state, company_id):
        return []
    threshold = ctype.float_percent if ctype.float_percent is not None else 60
    if bought_from_offering(state, company_id) < threshold:
        return []
    company.floated = True
    lines = [f"{company_id} floats"]
    if ctype.capitalization == "full" and company.par_price is not None:
        capital = share_value(rules, company.par_price, company.ipo_percent_at_start)
        state.pay(BANK, company_id, capital)
        lines.append(f"{company_id} receives {capital} capital")
    if rules.spec.player_setup(len(state.players)).float_offering_to_pool:
        unsold = [c for c in company.certificates if c.owner == IPO]
        for cert in unsold:
            cert.owner = POOL
        if unsold:
            lines.append(f"{company_id}'s {sum(c.percent for c in unsold)}% left in the offering goes to the bank pool")
    if rules.spec.stock.marker_on == "float" and company.par_cell is not None:
        state.place_marker(company_id, company.par_cell)
    if rules.spec.stock.home_token_on == "float":
        lines += place_home_token(rules, state, company_id)
    lines += rules.hooks.on_float(state, company_id)
    return lines


def offering_payee(rules: Context, state: G18State, company_id: str) -> str:
    """Who receives the price of a certificate bought from the initial offering."""
    company = state.companies[company_id]
    if company.kind == "corporation":
        capitalization = rules.spec.types[company.type].capitalization
        if capitalization == "incremental":
            return company_id
    return BANK


def give_certificate(
    rules: Context, state: G18State, cert: Certificate, player: str, price: int, payee: str
) -> list[str]:
    """Sell one certificate to ``player`` for ``price`` paid to ``payee``; applies director
    change and starting/floating."""
    source = cert.owner
    state.pay(player, payee, price)
    cert.owner = player
    lines: list[str] = []
    company = state.companies[cert.company]
    if cert.director and company.kind != "corporation":
        lines += start_company(rules, state, cert.company)
    elif company.kind == "corporation":
        new = update_director(state, cert.company)
        if new is not None:
            lines.append(f"{new} becomes director of {cert.company}")
        if source == IPO:
            lines += maybe_float(rules, state, cert.company)
    return lines


def next_offering_certificate(state: G18State, company_id: str) -> Certificate | None:
    """The certificate a buyer from the initial offering gets: the director's first."""
    certs = [c for c in state.companies[company_id].certificates if c.owner == IPO]
    if not certs:
        return None
    directors = [c for c in certs if c.director]
    return directors[0] if directors else certs[0]


__all__ = [
    "IPO",
    "POOL",
    "RESERVED",
    "bought_from_offering",
    "give_certificate",
    "holders_by_percent",
    "market_price",
    "maybe_float",
    "next_offering_certificate",
    "offering_payee",
    "pick_certificates",
    "share_value",
    "start_company",
    "swap_director",
    "update_director",
]
