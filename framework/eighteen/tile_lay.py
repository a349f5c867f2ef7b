"""One tile lay or upgrade in a company's operating turn: what may go where, and what it costs.

A lay must fit the board (the general upgrade rule, tiles left in the supply: the board's
job), be a colour the phase allows, lie outside closed regions and hexes blocked by open
privates, send no track off the map or into a hex that can never carry track there, and add
track the company's network reaches. An upgrade qualifies without new reachable track when it
changes the value of a city the company reaches, or merges stops it reaches into one it may
run through (two separate towns becoming one junction town join their lines: track newly on
its routes though no edge is new), unless ``operating_round.upgrade_needs`` is
``new_track``: then only new track the company's trains could run on qualifies (track leaving a
city full of other companies' tokens does not, unless the new tile frees a slot there; stations
merged into one the company may run through join separate track into one line, and qualify).
Terrain is paid on the first lay on a hex; a private's ``free_tile_lay`` ability waives it
for its owner's companies on its hexes; the title's ``may_lay_tile`` hook has the last word
on the cost (or refuses).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen import border_costs, phases
from railyard.framework.eighteen.abilities import (
    abilities_by_class,
    blocks_hexes,
    terrain,
    tile_income,
)
from railyard.framework.eighteen.homes import company_reach, home_hexes, home_stations
from railyard.framework.eighteen.or_actions import LayTile
from railyard.framework.eighteen.reach import Reach, stations, walk_sealed, walk_until
from railyard.framework.eighteen.state import BANK, G18State
from railyard.framework.memo import IdMemo
from railyard.framework.model.abilities import ExclusiveTiles
from railyard.framework.tiles import Placed, TileDef, Upgrade, new_track, stop_index, upgrade_in

if TYPE_CHECKING:
    from railyard.framework.board import Board
    from railyard.framework.eighteen.context import Context

NEVER_REPLACED = ("gray", "red")
#: (side, the side across it) of a hex
_SIDES = tuple((edge, (edge + 3) % 6) for edge in range(6))

#: sides (a bit each) -> (the hex's reached stops, the sides track arrives at) of a walk that
#: never leaves the hex by those sides (:func:`_resealer`)
Resealed = Callable[[int], tuple[tuple[int, ...], int]]


def _stop_value(rules: Context, state: G18State, stop: Any) -> int:
    return stop.revenue.at(state.phase, rules.spec.phase_order)


def blocking_private(rules: Context, state: G18State, coord: str) -> str | None:
    """A private whose ``blocks_hexes`` ability keeps tiles off ``coord`` now."""
    return blocks_hexes.blocker(rules, state, coord)


def exclusive_owner(rules: Context, tile_id: str) -> str | None:
    """The company whose ``exclusive_tiles`` ability reserves ``tile_id``, or None."""
    for cid, ability in abilities_by_class(rules, ExclusiveTiles):
        if tile_id in ability.tiles:
            return cid
    return None


def base_cost(rules: Context, state: G18State, company_id: str, coord: str) -> int:
    """Terrain for this lay, after abilities (``abilities/terrain.py``)."""
    return terrain.lay_terrain(rules, state, company_id, coord)


def _dead_end(board: Any, coord: str, placed: Placed, old: Placed) -> int | None:
    """An exit of the new tile that runs off the map, across an impassable border, or into a
    hex that can never carry track on that side."""
    for edge in sorted(placed.exits - old.exits):
        there = board.neighbour_across(coord, edge)
        if there is None:
            return edge
        other = board.placed(there)
        if other.tile.color in NEVER_REPLACED and (edge + 3) % 6 not in other.exits:
            return edge
    return None


def _passable_after(board: Any, coord: str, old: Placed, tile: TileDef, upgrade: Upgrade, company_id: str,
                    new_stop: int) -> bool:
    """Whether the company's trains may run through ``new_stop`` once the new tile is down:
    tokens and reservations follow their stops, and the new stop may have more slots."""
    stop = tile.stops[new_stop]
    if stop.kind == "offboard":
        return False
    if stop.slots <= 0:
        return True
    held: set[str] = set()
    reserved: set[str] = set()
    for i in range(len(old.tile.stops)):
        if i < len(upgrade.stop_map) and upgrade.stop_map[i] == new_stop:
            held.update(board.tokens_at(coord, i))
            reserved.update(board.reserved_at(coord, i))
    if company_id in held or company_id in reserved:
        return True
    return len(held) + len(reserved) < stop.slots


def _reached_stops(coord: str, upgrade: Upgrade, reach: Reach) -> set[int]:
    """The new tile's stops that the stops of ``coord`` the company reaches become."""
    out: set[int] = set()
    stop_map = upgrade.stop_map
    for i in reach.stops_on(coord):
        j = stop_map[i] if i < len(stop_map) else None
        if j is not None:
            out.add(j)
    return out


def _connected(
    board: Any, coord: str, old: Placed, placed: Placed, upgrade: Upgrade, reach: Reach, no_station: bool,
    company_id: str, runnable: str | None = None,
) -> bool:
    """Whether some new track joins the company's network; with ``runnable`` (the company id)
    track leaving a stop counts only if that company's trains may pass the stop after the lay."""
    return _joins(board, coord, old, placed, upgrade, reach.stops_on(coord),
                  _arriving_sides(board, coord, reach), no_station, runnable,
                  _left_sides(coord, old, reach.out_edges), _resealer(board, company_id, reach.stations, coord))


def _left_sides(coord: str, old: Placed, out_edges: Any) -> int:
    """The sides of ``coord`` (a bit each) the company's routes leave it by on its old track:
    new track ending there is reached only by a route that has not left by them already."""
    left = 0
    for edge in old.exits:
        if (coord, edge) in out_edges:
            left |= 1 << edge
    return left


def _resealer(board: Any, company_id: str, starts: frozenset[Any], coord: str) -> Resealed:
    """What a walk from ``starts`` that never leaves ``coord`` by given sides reaches there:
    the stops of ``coord`` and the sides its track arrives at (see :data:`Resealed`)."""
    row = board.neighbours(coord)

    def resealed(sides: int) -> tuple[tuple[int, ...], int]:
        reach = walk_sealed(board, company_id, starts, coord, sides)
        arriving = 0
        for edge, back in _SIDES:
            there = row[edge]
            if there is not None and (there, back) in reach.out_edges:
                arriving |= 1 << edge
        return reach.stops_on(coord), arriving
    return resealed


def _arriving_sides(board: Any, coord: str, reach: Reach) -> int:
    """The sides of ``coord`` the company's track arrives at from the neighbour (a bit per
    side): new track leaving by such a side joins the network. Arriving by this hex's own old
    track and leaving on the new would turn back at the edge, so the neighbour's counts only."""
    arriving = 0
    for edge, there in enumerate(board.neighbours(coord)):
        if there is not None and (there, (edge + 3) % 6) in reach.out_edges:
            arriving |= 1 << edge
    return arriving


def _value_changes(rules: Context, state: G18State, coord: str, old: Placed, tile: TileDef,
                   upgrade: Upgrade, reach: Reach) -> bool:
    for i in reach.stops_on(coord):
        j = upgrade.stop_map[i] if i < len(upgrade.stop_map) else None
        if j is None:
            continue
        if _stop_value(rules, state, old.tile.stops[i]) != _stop_value(rules, state, tile.stops[j]):
            return True
    return False


def _merges_passable_stops(board: Any, coord: str, old: Placed, tile: TileDef, upgrade: Upgrade,
                           reach: Reach, company_id: str) -> bool:
    """Whether the upgrade joins stops the company reaches into one it may run through: the
    old stops' track, separate until now, becomes one line a train can follow (new track in
    use though no path is new, as when two stations merge on a brown tile)."""
    merged: dict[int, int] = {}
    for j in upgrade.stop_map:
        if j is not None:
            merged[j] = merged.get(j, 0) + 1
    reached = _reached_stops(coord, upgrade, reach)
    return any(merged[j] > 1 and _passable_after(board, coord, old, tile, upgrade, company_id, j)
               for j in reached)


def _token_overflow(board: Any, coord: str, old: Placed, tile: TileDef, upgrade: Upgrade) -> int | None:
    """A stop of the new tile that could not hold the tokens moving onto it (tokens follow
    their stops; one company's tokens meeting on a stop count once), or -1 when tokens
    would lose their stop."""
    held: dict[int, set[str]] = {}
    for i in range(len(old.tile.stops)):
        here = board.tokens_at(coord, i)
        if not here:
            continue
        j = upgrade.stop_map[i] if i < len(upgrade.stop_map) else None
        if j is None:
            return -1
        held.setdefault(j, set()).update(here)
    for j, companies in held.items():
        if len(companies) > tile.stops[j].slots:
            return j
    return None


def refusal(
    rules: Context, state: G18State, company_id: str, coord: str, tile: TileDef, upgrade: Upgrade,
    reach: Reach, *, ability_of: str | None = None, connect: bool = True,
) -> tuple[str, str] | None:
    """(rule, reason) when this lay is illegal for the company, else None (cost not checked).
    ``ability_of``: the lay is the ability of that company (it may use the tiles only it may
    lay); ``connect`` False: no connection to the company's network needed."""
    why = _fixed_refusal(rules, state, company_id, coord, tile, upgrade, ability_of)
    if why is not None or not connect:
        return why
    return _connection_refusal(rules, state, company_id, coord, tile, upgrade, reach)


def _fixed_refusal(
    rules: Context, state: G18State, company_id: str, coord: str, tile: TileDef, upgrade: Upgrade,
    ability_of: str | None,
) -> tuple[str, str] | None:
    """The checks of :func:`refusal` that do not read the company's reach (they come first)."""
    # exclusive_owner names an owner exactly for the tiles of _exclusive_tiles (the title's
    # abilities, listed once): most tiles are none of them
    owner = exclusive_owner(rules, tile.id) if tile.id in _exclusive_tiles(rules) else None
    if owner is not None and owner != ability_of:
        return "rule:tile_lay.exclusive", f"only {owner}'s ability may lay tile {tile.id}"
    if tile.color not in phases.current(rules, state).tiles:  # phases.tile_colors, not copied
        return "rule:tile_lay.phase", f"{tile.color} tiles are not available in phase {state.phase}"
    why = hex_refusal(rules, state, coord)
    if why is not None:
        return why
    board = state.board
    old = board.placed(coord)
    placed = _placed(tile, upgrade.rotation)
    edge = _dead_end(board, coord, placed, old)
    if edge is not None:
        return "rule:tile_lay.dead_end", f"track on {coord} would run off the map or into a blank side (edge {edge})"
    overflow = _token_overflow(board, coord, old, tile, upgrade)
    if overflow is not None:
        return "rule:tile_lay.tokens", f"the tokens on {coord} would not fit on tile {tile.id} in this rotation"
    return rules.hooks.lay_refusal(state, company_id, coord, tile.id, upgrade.rotation, upgrade.stop_map)


def hex_refusal(rules: Context, state: G18State, coord: str) -> tuple[str, str] | None:
    """(rule, reason) when no tile may be laid on ``coord`` now (a closed region, a blocking
    private), whatever the tile."""
    region = phases.region_closed(rules, state, coord)
    if region is not None:
        return "rule:tile_lay.region", f"{coord} lies in {region}, closed to track in phase {state.phase}"
    blocker = blocking_private(rules, state, coord)
    if blocker is not None:
        return "rule:tile_lay.blocked", f"{coord} is blocked while {blocker} is open"
    return None


def _connection_refusal(
    rules: Context, state: G18State, company_id: str, coord: str, tile: TileDef, upgrade: Upgrade,
    reach: Reach,
) -> tuple[str, str] | None:
    """The connection check of :func:`refusal`: the lay joins the company's network."""
    board = state.board
    old = board.placed(coord)
    placed = _placed(tile, upgrade.rotation)
    no_station = not reach.stations and coord in home_hexes(rules, state, company_id)
    track_only = rules.spec.setup.operating_round.upgrade_needs == "new_track"
    if _connected(board, coord, old, placed, upgrade, reach, no_station, company_id,
                  company_id if track_only else None):
        return None
    return _unjoined_refusal(rules, state, company_id, coord, tile, upgrade, reach, old, placed, track_only)


def _unjoined_refusal(
    rules: Context, state: G18State, company_id: str, coord: str, tile: TileDef, upgrade: Upgrade,
    reach: Reach, old: Placed, placed: Placed, track_only: bool,
) -> tuple[str, str] | None:
    """The rest of :func:`_connection_refusal` for a lay whose new track joins nothing the
    company reaches: an upgrade may qualify all the same."""
    board = state.board
    if track_only:
        if old.tile.paths and _merges_passable_stops(board, coord, old, placed.tile, upgrade, reach, company_id):
            return None
        if old.tile.paths and reach.stops_on(coord):
            return "rule:tile_lay.upgrade_track", (
                f"no new track of tile {tile.id} on {coord} could be used by {company_id}'s trains")
    elif old.tile.paths and (
        _value_changes(rules, state, coord, old, tile, upgrade, reach)
        or _merges_passable_stops(board, coord, old, placed.tile, upgrade, reach, company_id)
    ):
        return None
    needs = rules.spec.setup.operating_round.upgrade_needs
    if needs == "reachable" and old.tile.paths and coord in reach.hexes:
        return None  # permissive: an upgrade of track the company reaches needs nothing new
    return "rule:tile_lay.connection", f"no new track on {coord} connects to {company_id}'s network"


def lay_cost(rules: Context, state: G18State, company_id: str, coord: str) -> int:
    return rules.hooks.may_lay_tile(state, company_id, coord, base_cost(rules, state, company_id, coord))


def fitting_upgrade(board: Board, coord: str, tile_id: str, rotation: int) -> tuple[TileDef, Upgrade]:
    """The tile an action names and how it fits its hex: a tile of the title, one left in
    the supply, in a rotation the upgrade rules allow there (whoever lays it)."""
    try:
        tile = board.tile_def(tile_id)
    except ValueError as error:
        raise IllegalAction("rule:tile_lay.tile", str(error)) from None
    if board.available(tile.id) == 0:
        raise IllegalAction("rule:tile_lay.supply", f"no tile {tile.id} is left")
    upgrade = upgrade_in(board.placed(coord), tile, rotation)
    if upgrade is None:
        raise IllegalAction("rule:tile_lay.fit", f"tile {tile.id} in rotation {rotation} does not fit on {coord}")
    return tile, upgrade


def lay_refusal(rules: Context, state: G18State, company_id: str, coord: str, tile: TileDef,
                upgrade: Upgrade) -> tuple[str, str] | None:
    """:func:`refusal` against the company's reach, walked only as far as it takes to see the
    lay joins the network: more of the network never takes a lay's connection away (the
    reach reads only the hex's reached stops, the sides track arrives at and whether the walk
    touched it, and a lay qualifies when some of them do), so a partial walk's yes is the
    whole walk's; a no comes from the whole walk, with its reason."""

    why = _fixed_refusal(rules, state, company_id, coord, tile, upgrade, None)
    if why is not None:  # what refusal() says first, whatever the reach: no walk
        return why

    board = state.board
    starts = stations(board, company_id, home_stations(rules, state, company_id))
    # what _connection_refusal reads that stays the same over the walk, worked out once: the
    # hex's tiles, the rule's setting, whether the company lacks a station there (every part
    # of the walk has the walk's starts as its stations)
    old = board.placed(coord)
    placed = _placed(tile, upgrade.rotation)
    track_only = rules.spec.setup.operating_round.upgrade_needs == "new_track"
    runnable = company_id if track_only else None
    no_station = not starts and coord in home_hexes(rules, state, company_id)
    row = board.neighbours(coord)
    resealed = _resealer(board, company_id, starts, coord)

    def joined(part: Reach) -> bool:
        # _connection_refusal(...) is None, its inputs given: _connected, then the rest
        out_edges = part.out_edges
        arriving = 0
        for edge, back in _SIDES:  # _arriving_sides
            there = row[edge]
            if there is not None and (there, back) in out_edges:
                arriving |= 1 << edge
        if _joins(board, coord, old, placed, upgrade, part.stops_on(coord), arriving, no_station, runnable,
                  _left_sides(coord, old, out_edges), resealed):
            return True
        return _unjoined_refusal(rules, state, company_id, coord, tile, upgrade, part, old, placed,
                                 track_only) is None

    # every walk from the stations reaches first the stations and the edges their own track
    # runs to: a lay next to a station (a third of a game's lays) is seen to join the network
    # there, without the walk; a yes of a part stays a yes of the whole (see above)
    if not starts or any(c == coord or coord in board.neighbours(c) for c, _ in starts):
        placed_at = board.placed
        first = Reach(starts, frozenset([(c, e) for c, i in starts for e in placed_at(c).conn.stop_edges[i]]),
                      frozenset([c for c, _ in starts]), starts, whole=False)
        if joined(first):
            return None
    reach = walk_until(board, company_id, starts, coord, joined)
    if not reach.whole:
        return None
    return _connection_refusal(rules, state, company_id, coord, tile, upgrade, reach)


def check(rules: Context, state: G18State, action: LayTile) -> tuple[TileDef, Upgrade, int]:
    board = state.board
    company_id = action.entity
    if board is None or not board.on_map(action.hex):
        raise IllegalAction("rule:tile_lay.hex", f"{action.hex} is not a hex of this map")
    tile, upgrade = fitting_upgrade(board, action.hex, action.tile, action.rotation)
    why = lay_refusal(rules, state, company_id, action.hex, tile, upgrade)
    if why is not None:
        raise IllegalAction(*why)
    cost = lay_cost(rules, state, company_id, action.hex)
    cost += border_costs.crossing_cost(rules, state, action.hex, tile, action.rotation)
    cash = state.companies[company_id].cash
    if cost > cash:
        raise IllegalAction("rule:tile_lay.cost", f"{company_id} has {cash}, the lay costs {cost}")
    return tile, upgrade, cost


def apply(rules: Context, state: G18State, action: LayTile, cost: int, upgrade: Upgrade | None = None) -> list[str]:
    """Lay the tile and pay; ``upgrade``: how it fits, as :func:`check` found it at this
    position (the board then takes it as it is rather than work it out again)."""
    board = state.board
    crossed = (
        [kind for _, kind in border_costs.crossings(rules, state, action.hex, board.tile_def(action.tile), action.rotation)]
        if border_costs.has_costs(rules) else []
    )
    if upgrade is not None and upgrade.rotation == action.rotation:
        result = board.lay(action.hex, action.tile, action.rotation, check=False, stop_map=upgrade.stop_map)
    else:
        result = board.lay(action.hex, action.tile, action.rotation)
    state.pay(action.entity, BANK, cost)
    lines = [f"{action.entity} lays tile {action.tile} on {action.hex} (rot {action.rotation}), pays {cost}"]
    lines += tile_income.on_crossings(rules, state, crossed)
    for company_id, _ in result.removed:
        state.companies[company_id].tokens_left += 1
        lines.append(f"{company_id} gets a token back ({action.hex} merged its stations)")
    return lines


def candidate_hexes(rules: Context, state: G18State, company_id: str, reach: Reach) -> list[str]:
    """The hexes a lay of the company may go on, in map order: those its network reaches or
    leaves by, the hexes across, and its homes while it has no station."""
    board = state.board
    table = board.neighbour_table()
    near: set[str] = {c for c, _ in reach.stops}
    for coord, edge in reach.out_edges:
        near.add(coord)
        there = table[coord][edge]
        if there is not None:
            near.add(there)
    if not reach.stations:
        near.update(h for h in home_hexes(rules, state, company_id) if board.on_map(h))
    index = _map_order(board)
    return sorted([c for c in near if c in index], key=index.__getitem__)


# a board's printed map, shared by its copies -> hex -> its place in map order
_MAP_ORDER: IdMemo[dict[str, int]] = IdMemo(16)


def _map_order(board: Any) -> dict[str, int]:
    """Each map hex's place in map order (``board.coords()``), once per map."""
    printed = board.printed_map()
    found = _MAP_ORDER.get(id(printed))
    if found is None or found[0] is not printed:
        return _MAP_ORDER.put(printed, id(printed), {c: i for i, c in enumerate(board.coords())})
    return found[1]


def choices(rules: Context, state: G18State, company_id: str) -> list[LayTile]:
    """Every legal (hex, tile, rotation) for the company now, cost included.

    The same lays, in the same order, as :func:`refusal` and :func:`lay_cost` passing each
    option the board allows (hex by hex in map order, the board's order of options within a
    hex). What depends on the hex alone (its neighbours' blank sides, its tokens, the edges
    and stops the company reaches there, the colours, the exclusive tiles) is worked out once
    per hex, and which options pass every check but the title's ``lay_refusal`` is remembered
    for that context (:func:`_hex_verdicts`): a company asks about the same hexes turn after
    turn, mostly unchanged.
    """
    board = state.board
    if board is None:
        return []
    reach = company_reach(rules, state, company_id)
    cash = state.companies[company_id].cash
    colors = phases.tile_colors(rules, state)
    lay_hook = rules.hooks.lay_refusal
    crossing = border_costs.crossing_cost if border_costs.has_costs(rules) else None
    homes: list[str] | None = None
    out_edges = reach.out_edges
    table = board.neighbour_table()
    placed_at = board.placed
    tokens_at = board.tokens_at
    reserved_at = board.reserved_at
    out: list[LayTile] = []
    for coord in candidate_hexes(rules, state, company_id, reach):
        fits = board.lay_choices(coord)
        if not any(t.color in colors for t, _ in fits):
            continue
        try:
            cost = lay_cost(rules, state, company_id, coord)
        except IllegalAction:
            continue
        if cost > cash or hex_refusal(rules, state, coord) is not None:
            continue
        old = placed_at(coord)
        row = table[coord]
        # the hex's sides new track may not use (off the map, an impassable border, a side a
        # gray or red neighbour never has track on): :func:`_dead_end` per side; and the
        # sides the company's track arrives at from the neighbour (:func:`_connected`)
        # and the sides its routes leave it by on the old track (:func:`_left_sides`)
        dead = arriving = left = 0
        old_exits = old.exits
        for edge, back in _SIDES:
            if edge in old_exits and (coord, edge) in out_edges:
                left |= 1 << edge
            there = row[edge]
            if there is None:
                dead |= 1 << edge
                continue
            other = placed_at(there)
            if other.tile.color in NEVER_REPLACED and back not in other.exits:
                dead |= 1 << edge
            if (there, back) in out_edges:
                arriving |= 1 << edge
        no_station = False
        if not reach.stations:
            if homes is None:
                homes = home_hexes(rules, state, company_id)
            no_station = coord in homes
        stops = range(len(old.tile.stops))
        key = (id(rules), coord, _upgrade_ids(fits), colors, id(old.tile), old.rotation, dead, arriving, left,
               reach.stops_on(coord), no_station, coord in reach.hexes, company_id, state.phase,
               tuple([tokens_at(coord, i) for i in stops]), tuple([reserved_at(coord, i) for i in stops]))
        found = _VERDICTS.get(key)
        if found is None or found[0][0] is not rules or found[0][1] is not old.tile:
            # a verdict that needed a walk kept off the hex's sides (:func:`_joins`) reads the
            # whole board, not only the key: it is not remembered
            walked: list[int] = []
            reseal = _resealer(board, company_id, reach.stations, coord)

            def resealed(sides: int, reseal: Resealed = reseal, walked: list[int] = walked
                         ) -> tuple[tuple[int, ...], int]:
                walked.append(sides)
                return reseal(sides)
            verdicts = _hex_verdicts(
                rules, state, company_id, coord, old, fits, colors, dead, arriving, no_station, reach,
                left, resealed)
            if not walked:
                _VERDICTS.put((rules, old.tile, fits), key, verdicts)
        else:
            verdicts = found[1]
        for tile, upgrade, lay in verdicts:
            if lay_hook(state, company_id, coord, tile.id, upgrade.rotation, upgrade.stop_map) is None:
                if crossing and cost + crossing(rules, state, coord, tile, upgrade.rotation) > cash:
                    continue
                out.append(lay)
    return out


_VERDICTS_SIZE = 4096
# tile, (id(tile), rotation) -> it placed so: a Placed is immutable
_PLACED: IdMemo[Placed] = IdMemo(_VERDICTS_SIZE)


def _placed(tile: TileDef, rotation: int) -> Placed:
    """``Placed(tile, rotation)``, made once (a hex's options are weighed turn after turn)."""
    found = _PLACED.get((id(tile), rotation))
    if found is None or found[0] is not tile:
        return _PLACED.put(tile, (id(tile), rotation), Placed(tile, rotation))
    return found[1]


# a board's choices for a hex -> the ids of their upgrades
_UPGRADE_IDS: IdMemo[tuple[int, ...]] = IdMemo(_VERDICTS_SIZE)


def _upgrade_ids(fits: tuple[tuple[TileDef, Upgrade], ...]) -> tuple[int, ...]:
    """The ids of the upgrades of a hex's choices (the part of a verdict key naming them)."""
    found = _UPGRADE_IDS.get(id(fits))
    if found is None or found[0] is not fits:
        return _UPGRADE_IDS.put(fits, id(fits), tuple([id(u) for _, u in fits]))
    return found[1]


# (id(rules), hex, ids of its choices' upgrades, colours, id(old tile), rotation, blank sides,
# arriving sides, sides left by, reached stops, no station, reached hex, company, phase, tokens, reservations)
# -> (rules, the old tile, the choices), the options passing every check but the title's hook,
# each with its action:
# every input of those checks is in the key, and the objects named by id are kept (the
# choices by their upgrades, each of one tile: a board lists a hex's choices anew whenever
# some tile runs out or comes back, in new pairs of the same objects, so only rules and old
# tile are checked on a lookup)
_VERDICTS: IdMemo[tuple[tuple[TileDef, Upgrade, LayTile], ...]] = IdMemo(_VERDICTS_SIZE,
                                                                        per_game=True)


def _hex_verdicts(
    rules: Context, state: G18State, company_id: str, coord: str, old: Placed,
    fits: tuple[tuple[TileDef, Upgrade], ...], colors: tuple[str, ...], dead: int, arriving: int,
    no_station: bool, reach: Reach, left: int, resealed: Resealed,
) -> tuple[tuple[TileDef, Upgrade, LayTile], ...]:
    """The options of one hex that :func:`refusal` would pass, the title's ``lay_refusal``
    aside (colour, exclusive tiles, blank sides, tokens, connection or upgrade grounds), each
    with the company's action laying it."""
    board = state.board
    exclusive = _exclusive_tiles(rules)
    needs = rules.spec.setup.operating_round.upgrade_needs
    track_only = needs == "new_track"
    runnable = company_id if track_only else None
    old_exits = old.exits
    tokened = any(board.tokens_at(coord, i) for i in range(len(old.tile.stops)))
    reached = reach.stops_on(coord)
    passing = []
    for tile, upgrade in fits:
        if tile.color not in colors or tile.id in exclusive:
            continue
        placed = _placed(tile, upgrade.rotation)
        if dead and any(dead >> e & 1 for e in placed.exits - old_exits):
            continue
        if tokened and _token_overflow(board, coord, old, tile, upgrade) is not None:
            continue
        if _joins(board, coord, old, placed, upgrade, reached, arriving, no_station, runnable, left, resealed) \
                or _upgrade_qualifies(rules, state, company_id, coord, old, placed, upgrade, reach,
                                      track_only, needs):
            passing.append((tile, upgrade, LayTile(company_id, coord, tile.id, upgrade.rotation)))
    return tuple(passing)


def _joins(board: Any, coord: str, old: Placed, placed: Placed, upgrade: Upgrade, reached: tuple[int, ...],
           arriving: int, no_station: bool, runnable: str | None, left: int, resealed: Resealed) -> bool:
    """:func:`_connected` with the hex's reached stops, arriving sides and sides left by (a
    bit per side) given.

    A new path is reached by a route arriving at one of its ends; a route uses a hex side
    once, so when the company's routes also leave the hex by a side the path ends at, the
    arrival counts only if a walk that never leaves by those sides still makes it (a line that
    loops back to the hex it left does not reach a branch off the side it left by:
    18xx.games' ``check_track_restrictions!``)."""
    fresh = new_track(old, placed, upgrade.stop_map)
    if not fresh:
        return False
    reached_new = _reached_new(board, coord, old, placed, upgrade, reached, runnable)
    ends = _ends_of(fresh)
    for k in range(0, len(ends), 2):
        path = ends[k:k + 2]
        if not _path_joins(path, reached_new, arriving, no_station):
            continue
        sides = left & _path_sides(path)
        if not sides:
            return True
        stops_then, arriving_then = resealed(sides)
        if _path_joins(path, _reached_new(board, coord, old, placed, upgrade, stops_then, runnable),
                       arriving_then, no_station):
            return True
    return False


def _reached_new(board: Any, coord: str, old: Placed, placed: Placed, upgrade: Upgrade,
                 reached: tuple[int, ...], runnable: str | None) -> set[int]:
    """The new tile's stops that reached old stops become (with ``runnable``: those its
    trains may pass after the lay)."""
    stop_map = upgrade.stop_map
    reached_new: set[int] = set()
    for i in reached:
        j = stop_map[i] if i < len(stop_map) else None
        if j is not None:
            reached_new.add(j)
    if runnable is not None and reached_new:
        reached_new = {j for j in reached_new
                       if _passable_after(board, coord, old, placed.tile, upgrade, runnable, j)}
    return reached_new


def _path_joins(path: tuple[tuple[int | None, int], ...], reached_new: set[int], arriving: int,
                no_station: bool) -> bool:
    """Whether a route gets onto the path by one of its ends: a reached stop, or a side track
    arrives at (anywhere on a home hex without a station)."""
    for s, edge in path:
        if s is not None:
            if s in reached_new:
                return True
        elif no_station or arriving >> edge & 1:
            return True
    return False


def _path_sides(path: tuple[tuple[int | None, int], ...]) -> int:
    """The sides (a bit each) a path ends at."""
    sides = 0
    for s, edge in path:
        if s is None:
            sides |= 1 << edge
    return sides


# new track -> its paths' ends as (stop index, None) or (None, edge): the new track of a tile
# pair is one object (tiles.new_track keeps it)
_ENDS: IdMemo[tuple[tuple[int | None, int], ...]] = IdMemo(_VERDICTS_SIZE)


def _ends_of(fresh: frozenset[Any]) -> tuple[tuple[int | None, int], ...]:
    """The ends of the paths of ``fresh``, in its order: a stop's index or an edge."""
    found = _ENDS.get(id(fresh))
    if found is None or found[0] is not fresh:
        ends: list[tuple[int | None, int]] = []
        for a, b in fresh:
            for end in (a, b):
                s = stop_index(end)
                ends.append((s, 0) if s is not None else (None, int(end)))
        return _ENDS.put(fresh, id(fresh), tuple(ends))
    return found[1]


def _upgrade_qualifies(rules: Context, state: G18State, company_id: str, coord: str, old: Placed,
                       placed: Placed, upgrade: Upgrade, reach: Reach, track_only: bool, needs: str) -> bool:
    """The end of :func:`_connection_refusal` for a lay that joins no new track to the network: an
    upgrade may qualify all the same."""
    if not old.tile.paths:
        return False
    if track_only:
        return _merges_passable_stops(state.board, coord, old, placed.tile, upgrade, reach, company_id)
    if _value_changes(rules, state, coord, old, placed.tile, upgrade, reach) \
            or _merges_passable_stops(state.board, coord, old, placed.tile, upgrade, reach, company_id):
        return True
    return needs == "reachable" and coord in reach.hexes


# spec -> the ids of tiles some company's ability reserves
_EXCLUSIVE: IdMemo[frozenset[str]] = IdMemo(64)


def _exclusive_tiles(rules: Context) -> frozenset[str]:
    """Every tile id :func:`exclusive_owner` names an owner for (the title's abilities never
    change)."""
    spec = rules.spec
    found = _EXCLUSIVE.get(id(spec))
    if found is None or found[0] is not spec:
        return _EXCLUSIVE.put(spec, id(spec), frozenset(
            t for _, ability in abilities_by_class(rules, ExclusiveTiles) for t in ability.tiles))
    return found[1]
