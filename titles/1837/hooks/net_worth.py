"""Net worth (XV): shares at the market price; an exchange share of a major whose director's
certificate has not been sold is worth nothing; minors, coal companies and mountain railways
are worth nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from railyard.framework.eighteen.shares import market_price, share_value
from railyard.framework.eighteen.state import Certificate, G18State

if TYPE_CHECKING:
    from railyard.framework.eighteen.context import Context


def certificate_value(rules: Context, state: G18State, cert: Certificate) -> int:
    company = state.companies[cert.company]
    if company.kind != "corporation" or company.closed:
        return 0
    if state.director(cert.company) is None:
        return 0
    price = market_price(rules, state, cert.company)
    return 0 if price is None else share_value(rules, price, cert.percent)
