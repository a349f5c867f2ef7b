"""``shares``: the first buyer of the company also receives the listed certificates (1830's
Camden & Amboy brings a PRR share). A director's certificate (``<company>.0``) makes its
receiver set that corporation's par price at once: ``state.extra["must_par"]`` holds
``[corporation, player]`` until the start-packet round takes the ``Par``.
"""

from __future__ import annotations

from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen.context import Context
from railyard.framework.eighteen.drawn import drawn_for
from railyard.framework.eighteen.shares import give_certificate
from railyard.framework.eighteen.state import BANK, IPO, G18State
from railyard.framework.model.abilities import Shares

MUST_PAR = "must_par"


def on_acquired(ctx: Context, state: G18State, company_id: str, player: str) -> list[str]:
    lines: list[str] = []
    for ability in ctx.spec.companies[company_id].abilities_of(Shares):
        drawn = drawn_for(state, company_id) if ability.random_director or ability.random_share else None
        for cert_id in ability.certificates + _drawn_certificate(state, ability, drawn):
            cert = state.cert(cert_id)
            if cert.owner != IPO:
                continue
            lines.append(f"{player} receives {cert_id} with {company_id}")
            if cert.director and state.companies[cert.company].par_price is None:
                cert.owner = player
                state.extra[MUST_PAR] = [cert.company, player]
                lines.append(f"{player} must set the par price of {cert.company}")
            else:
                lines += give_certificate(ctx, state, cert, player, 0, BANK)
    return lines


def _drawn_certificate(state: G18State, ability: Shares, drawn: str | None) -> tuple[str, ...]:
    """The drawn corporation's director's certificate, or its first 10% one still in the IPO
    (``random_share``: the site hands over the lowest-numbered share)."""
    if drawn is None:
        return ()
    if ability.random_director:
        return (f"{drawn}.0",)
    plain = [c.id for c in state.companies[drawn].certificates if not c.director and c.owner == IPO]
    return tuple(plain[:1])


def pending(state: G18State) -> tuple[str, str] | None:
    found = state.extra.get(MUST_PAR)
    return (found[0], found[1]) if found else None


def par_prices(ctx: Context, state: G18State, company_id: str) -> list[int]:
    return list(ctx.hooks.par_prices(state, company_id))


def set_par(ctx: Context, state: G18State, player: str, company_id: str, price: int) -> list[str]:
    """The receiver of a director's certificate sets its par price (and marker, by option)."""
    want = pending(state)
    if want != (company_id, player):
        raise IllegalAction("rule:shares.par", f"{player} has no par price to set for {company_id}")
    if price not in par_prices(ctx, state, company_id):
        raise IllegalAction("rule:shares.par", f"{price} is not a par price")
    company = state.companies[company_id]
    company.par_price = price
    cells = [c for c in ctx.spec.market.par_cells() if c.price == price]
    company.par_cell = (cells[0].row, cells[0].column) if cells else None
    if ctx.spec.stock.marker_on == "par" and company.par_cell is not None:
        state.place_marker(company_id, company.par_cell)
    state.extra.pop(MUST_PAR, None)
    return [f"{player} sets the par price of {company_id} at {price}"]
