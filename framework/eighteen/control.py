"""Who acts for a company in the operating round: its director or owner, or, when the
director's certificate lies in the bank pool after a bankruptcy, the player given control."""

from __future__ import annotations

from railyard.framework.eighteen.state import G18State

CONTROL_KEY = "controller"  # Company.extra key: the player in control without the certificate


def controller_of(state: G18State, company_id: str) -> str | None:
    director = state.director(company_id)
    if director is not None and not state.player(director).bankrupt:
        return director
    held = state.companies[company_id].extra.get(CONTROL_KEY)
    if held is not None and state.is_player(held) and not state.player(held).bankrupt:
        return held
    return None
