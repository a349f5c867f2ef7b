"""Border crossing costs (``map.yaml`` ``borders[].cost``): a river or lake drawn along an edge
is paid for once, by the company whose lay first joins track across it from both sides.

The cost is due when the new tile has track on the edge, its old tile had none there, and the
hex across has track facing back (a lay towards a blank neighbour pays nothing yet; the
neighbour's later lay pays). Track once joined stays joined through upgrades, so the crossing
is never paid twice and no state is kept. Either side may carry the cost (the site writes it on
both); the larger counts.
"""

from __future__ import annotations

from typing import Any

from railyard.framework.eighteen.context import Context
from railyard.framework.eighteen.state import G18State
from railyard.framework.hexgrid import opposite
from railyard.framework.tiles import Placed

# id(map) -> (the map, (coord, edge) -> (cost, kind)): a map is frozen, so worked out once per title
_COSTS: dict[int, tuple[Any, dict[tuple[str, int], tuple[int, str]]]] = {}


def _costs(map_def: Any) -> dict[tuple[str, int], tuple[int, str]]:
    found = _COSTS.get(id(map_def))
    if found is not None and found[0] is map_def:
        return found[1]
    out: dict[tuple[str, int], tuple[int, str]] = {}
    for coord, hexdef in map_def.hexes.items():
        for border in hexdef.borders:
            if border.cost:
                out[(coord, border.edge)] = max(out.get((coord, border.edge), (0, "")), (border.cost, border.kind))
    _COSTS[id(map_def)] = (map_def, out)
    return out


def has_costs(ctx: Context) -> bool:
    """Whether the title's map has any border with a cost (most have none: no work per lay)."""
    return bool(_costs(ctx.spec.title.map))


def crossings(ctx: Context, state: G18State, coord: str, tile: Any, rotation: int) -> list[tuple[int, str]]:
    """The borders laying ``tile`` at ``rotation`` on ``coord`` pays for, as (cost, kind): the
    kind matters to whoever earns from crossings (``tile_income``)."""
    costs = _costs(ctx.spec.title.map)
    if not costs:
        return []
    board = state.board
    assert board is not None
    old = board.placed(coord).exits
    new = Placed(tile, rotation).exits
    row = board.neighbours(coord)
    found: list[tuple[int, str]] = []
    for edge in new - old:
        there = row[edge]
        if there is None:
            continue
        back = opposite(edge)
        cost = max(costs.get((coord, edge), (0, "")), costs.get((there, back), (0, "")))
        if cost[0] and back in board.placed(there).exits:
            found.append(cost)
    return found


def crossing_cost(ctx: Context, state: G18State, coord: str, tile: Any, rotation: int) -> int:
    """What laying ``tile`` at ``rotation`` on ``coord`` costs in border crossings."""
    return sum(cost for cost, _ in crossings(ctx, state, coord, tile, rotation))
