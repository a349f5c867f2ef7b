"""Variant ``18xx_games``: the rules as the 18xx.games site plays them, where it departs from
the second-edition rulebook (RULES.md, "Variant 18xx_games", quotes each rule). It exists to
replay games recorded there (framework/importers). variants/18xx_games.yaml sets what data
can say and the named options (setup.yaml ``options``) that make the hooks call these."""

from __future__ import annotations

from typing import TYPE_CHECKING

from railyard.framework.eighteen.state import Certificate, G18State
from railyard.framework.eighteen.tile_lay import home_hexes

if TYPE_CHECKING:
    from railyard.framework.eighteen.ruleset import G18Ruleset

def counts_toward_certificate_limit(rules: G18Ruleset, state: G18State, cert: Certificate) -> bool:
    """XIII: the site leaves the mountain railways out of the certificate limit."""
    return state.companies[cert.company].kind != "private"


def token_cost(rules: G18Ruleset, state: G18State, company_id: str, coord: str, cost: int) -> int:
    """VII: the site counts the hexes from the home station straight across the map, over
    any hexes, not only over hexes the company reaches."""
    per_hex = getattr(rules.spec.type_of(company_id).token_cost, "per_hex", None)
    board = state.board
    if not per_hex or board is None:
        return cost
    mine = board.tokens_of(company_id)
    homes = home_hexes(rules, state, company_id)
    start = homes[0] if homes else coord
    if mine and not any(c == start for c, _ in mine):
        start = mine[0][0]
    rate = per_hex[min(max(len(mine) - 1, 0), len(per_hex) - 1)]
    return rate * board.distances_from(start).get(coord, 0)
