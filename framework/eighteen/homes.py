"""A company's homes, and what its network reaches from its stations and home stops.

Both the tile-lay rules and the token rules start from here (where a company may build, where
it may place a token), so it is a module of its own rather than a part of either: the token
rules import it directly instead of going through the tile-lay module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from railyard.framework.eighteen.reach import Reach, stations, walk
from railyard.framework.eighteen.state import G18State

if TYPE_CHECKING:
    from railyard.framework.eighteen.context import Context


def home_hexes(rules: Context, state: G18State, company_id: str) -> list[str]:
    chosen = state.companies[company_id].home
    if chosen is not None:
        return [chosen.split(".")[0]]
    return [h.hex for h in rules.spec.companies[company_id].home]


def home_stations(rules: Context, state: G18State, company_id: str) -> list[tuple[str, int]]:
    """Home stops that are the company's station without a token (``home_stop_kinds``)."""
    board = state.board
    title = rules.spec.title
    kinds = dict(getattr(getattr(title, "routes", None), "home_stop_kinds", {}) or {})
    if not kinds:
        return []
    ctype = state.companies[company_id].type
    out = []
    for home in rules.spec.companies[company_id].home:
        if not board.on_map(home.hex):
            continue
        for i, stop in enumerate(board.placed(home.hex).tile.stops):
            if kinds.get(stop.kind) == ctype and home.city in (None, i):
                out.append((home.hex, i))
    return out


def company_reach(rules: Context, state: G18State, company_id: str, *, backtrack: bool = False) -> Reach:
    board = state.board
    starts = stations(board, company_id, home_stations(rules, state, company_id))
    return walk(board, company_id, starts, backtrack=backtrack)
