"""What the coloured zones of the stock market mean (``market.yaml`` ``zones``).

A flag letter of a cell may carry meanings: ``outside_certificate_limit`` (shares of a
company whose marker is there do not count toward the certificate limit),
``over_share_limit`` (a player may hold more than the share limit of it),
``multiple_buy`` (a player may buy several of its shares from the pool in one turn) and
``closes`` (a company whose marker reaches the cell closes). Without a ``zones`` entry for
``y``, ``y`` means outside_certificate_limit, as it always did.
"""

from __future__ import annotations

from railyard.framework.eighteen import primitives
from railyard.framework.eighteen.context import Context
from railyard.framework.eighteen.state import G18State


def in_zone(ctx: Context, state: G18State, company_id: str, meaning: str) -> bool:
    """Whether the company's price marker is on a cell whose zone has ``meaning``."""
    company = state.companies[company_id]
    if company.market is None:
        return False
    cell = ctx.spec.market.cell(*company.market)
    return cell is not None and ctx.spec.market.zone_has(cell, meaning)


def close_company(ctx: Context, state: G18State, company_id: str) -> list[str]:
    """A company whose marker reached a closing cell leaves play (``primitives.close_company``:
    certificates out of play, trains to the pool, tokens off the board, cash to the bank)."""
    primitives.close_company(ctx, state, company_id)
    return [f"{company_id} closes: its price reached a closing cell"]
