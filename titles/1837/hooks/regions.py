"""Italy and Bosnia (rule XII; map.yaml regions).

With the first "4" Italy is off limits: every tile laid there goes back to the supply, the
tokens there come off the board (back to their charters), and Bozen gets the green tile 426.
The engine refuses track in a closed region (``closes_on_phase``) and in Bosnia before
phase 3 (``opens_on_phase``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from railyard.framework.board import BoardError
from railyard.framework.eighteen.primitives import return_token
from railyard.framework.eighteen.state import G18State

if TYPE_CHECKING:
    from railyard.framework.eighteen.context import Context

ITALY = "italy"
BOZEN = "K5"
BOZEN_TILE = "426"


def region_hexes(rules: Context, region: str) -> tuple[str, ...]:
    regions = getattr(getattr(rules.spec.title, "map", None), "regions", None) or {}
    return tuple(regions[region].hexes) if region in regions else ()


def close_italy(rules: Context, state: G18State) -> list[str]:
    """XII "4": "Italy is now off limits. All tiles on Italian soil are removed.\""""
    board = state.board
    if board is None:
        return []
    lines = []
    for coord in region_hexes(rules, ITALY):
        for (c, stop), comps in list(board.token_map().items()):
            if c != coord:
                continue
            for comp in comps:
                return_token(state, comp, c, stop)
                lines.append(f"{comp}'s token on {coord} is removed (Italy is closed)")
        removed = board.clear(coord)
        if removed is not None:
            lines.append(f"tile {removed} on {coord} goes back to the supply")
    return lines


def lay_bozen_tile(rules: Context, state: G18State) -> list[str]:
    """XII "4": the green station tile 426 is placed on Bozen (its tokens stay)."""
    board = state.board
    if board is None:
        return []
    tile = board.tile_def(BOZEN_TILE)
    for rotation in range(6):
        try:
            board.lay(BOZEN, tile, rotation)
        except BoardError:
            continue
        return [f"tile {BOZEN_TILE} is placed on Bozen ({BOZEN})"]
    board.lay(BOZEN, tile, board.rotation(BOZEN), check=False)
    return [f"tile {BOZEN_TILE} is placed on Bozen ({BOZEN})"]


def on_first_4(rules: Context, state: G18State) -> list[str]:
    return close_italy(rules, state) + lay_bozen_tile(rules, state)
