"""Sold-out price movement at the end of a stock round (second edition XIII; first edition
XIII.4): which way the marker rises depends on how much the director holds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from railyard.framework.eighteen.state import G18State

from .common import option

if TYPE_CHECKING:
    from railyard.framework.eighteen.context import Context


def sold_out_move(rules: Context, state: G18State, company_id: str) -> str:
    """Second edition: up-right if the director holds 40% or less, else up-left. First
    edition: up-left if one player holds 50% or 60%, else up-right. A move off the chart
    leaves the marker where it is (the market's fallbacks)."""
    if option(rules, "sold_out_rise") == "holder_50_or_more":
        top = max((state.percent_held(p.id, company_id) for p in state.players), default=0)
        return "up_left" if top >= 50 else "up_right"
    director = state.director(company_id)
    held = state.percent_held(director, company_id) if director is not None else 0
    return "up_right" if held <= 40 else "up_left"
