"""Station tokens: the free home token, and one token per turn beyond it.

A token beyond the home one needs a type with ``extra_tokens``, a token left, a free slot on a
city the company reaches (traced as a train runs, or turning back at hex edges too under
``token_connection: backtrack``; never through a city full of others' tokens),
no token of the company on that hex already, and must leave a slot for every other company
whose home the city is and which has not placed its home token yet (a home city keeps its
reservation when an upgrade renumbers the cities; a home still to choose among a hex's cities
keeps a slot on the hex, or the whole hex under ``home_hex_blocks: hex``). Its cost comes from the
type's ``token_cost``: ``fixed``, or ``per_hex`` times the hexes from home, counted over the
hexes the company reaches or straight across the map (``distance``); the price steps with the
extra stations already bought or with the stations on the map (``steps_with``). The title's
``token_cost`` hook has the last word.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any

from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen.homes import company_reach, home_hexes
from railyard.framework.eighteen.or_actions import PlaceToken
from railyard.framework.eighteen.or_options import options
from railyard.framework.eighteen.reach import Reach
from railyard.framework.eighteen.state import BANK, G18State

if TYPE_CHECKING:
    from railyard.framework.eighteen.context import Context

TOKEN_KINDS = ("city",)


def home_stop(rules: Context, state: G18State, company_id: str) -> tuple[str, int] | None:
    """Where the home token goes: the chosen (or only) home, on its city (None: no token home,
    e.g. a home mine, or a choice still to make)."""
    board = state.board
    company = state.companies[company_id]
    homes = rules.spec.companies[company_id].home
    if company.home is not None:
        coord, _, city = company.home.partition(".")
        wanted: int | None = int(city) if city else None
        if wanted is None:
            wanted = next((h.city for h in homes if h.hex == coord), None)
    elif len(homes) == 1:
        coord, wanted = homes[0].hex, homes[0].city
        if board is not None and wanted is not None and board.on_map(coord):
            # a reservation on the map moves with its city on the board itself
            held = [i for i in range(len(board.placed(coord).tile.stops))
                    if company_id in board.reserved_at(coord, i)]
            wanted = held[0] if held else printed_city_now(board, coord, wanted)
    else:
        return None
    if board is None or not board.on_map(coord):
        return None
    stops = board.placed(coord).tile.stops
    for i, stop in enumerate(stops):
        if stop.kind in TOKEN_KINDS and stop.slots > 0 and wanted in (None, i):
            return coord, i
    return None


def printed_city_now(board: Any, coord: str, printed: int) -> int:
    """The city of the hex's tile now that was city ``printed`` of the map: a home given as
    a printed city keeps it when an upgrade renumbers the cities (18xx.games moves the
    reservation with its city), and an upgrade keeps each city's track, so it is the one city
    whose edges hold the printed city's (the same number when the printed city had none)."""
    if board.is_printed(coord):
        return printed
    old = board.printed(coord)
    if not 0 <= printed < len(old.stops):
        return printed
    edges = old.stop_edges(printed)
    if not edges:
        return printed
    now = board.placed(coord)
    found = [i for i in range(len(now.stops)) if edges <= now.stop_edges(i)]
    return found[0] if len(found) == 1 else printed


def home_hex_choosers(rules: Context, state: G18State, coord: str, company_id: str) -> list[str]:
    """Other companies whose home is their choice among ``coord``'s cities and whose home
    token is not down yet: the hex is reserved for them (home_hex_blocks)."""
    board = state.board
    out = []
    for cid, cdef in rules.spec.companies.items():
        if cid == company_id or len(cdef.home) < 2 or any(h.hex != coord for h in cdef.home):
            continue
        company = state.companies[cid]
        if company.closed or company.operated or board.tokens_of(cid):
            continue
        if rules.spec.types[cdef.type].kind == "private":
            continue
        out.append(cid)
    return out


def place_home_token(rules: Context, state: G18State, company_id: str) -> list[str]:
    """Put the company's home token down if it has none on the board yet."""
    board = state.board
    company = state.companies[company_id]
    if board is None or board.tokens_of(company_id) or company.tokens_left <= 0:
        return []
    where = home_stop(rules, state, company_id)
    if where is None:
        return []
    coord, stop = where
    if board.free_slots(coord, stop, company_id) <= 0:
        return [f"{company_id} finds no free slot for its home token on {coord}"]
    board.place_token(coord, stop, company_id)
    company.tokens_left -= 1
    return [f"{company_id} places its home token on {coord}"]


def waiting_homes(rules: Context, state: G18State, coord: str, stop: int, company_id: str) -> int:
    """Slots to keep free on this stop for other companies' home tokens not yet placed."""
    board = state.board
    held = board.reserved_at(coord, stop)
    count = 0
    for cid, cdef in rules.spec.companies.items():
        if cid == company_id or state.companies[cid].closed or state.companies[cid].operated:
            continue
        if board.tokens_of(cid) or cid in held:
            continue
        if not cdef.home or rules.spec.types[cdef.type].kind == "private":
            continue
        where = home_stop(rules, state, cid) if len(cdef.home) == 1 else None
        if where == (coord, stop):
            count += 1
    return count


def reach_distance(board: Any, reach: Reach, start: str, goal: str) -> int:
    """Hexes from ``start`` to ``goal`` moving only over hexes the company reaches (as the
    crow flies inside that set); the map distance if the set does not join them."""
    allowed = set(reach.hexes) | {start, goal}
    dist = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == goal:
            return dist[here]
        for there in board.neighbours(here):
            if there is not None and there in allowed and there not in dist:
                dist[there] = dist[here] + 1
                queue.append(there)
    return board.distances_from(start).get(goal, 0)


def cost(rules: Context, state: G18State, company_id: str, coord: str, reach: Reach) -> int:
    board = state.board
    ctype = rules.spec.type_of(company_id)
    # VII: the price steps with the extra stations the company has placed, not with the
    # tokens it holds (a national's stations taken over from its minors are not extra ones)
    index = state.companies[company_id].tokens_bought
    price = 0
    spec = ctype.token_cost
    if spec is None:
        return rules.hooks.token_cost(state, company_id, coord, price)
    mine = board.tokens_of(company_id) if spec.per_hex or spec.steps_with == "on_map" else []
    if spec.steps_with == "on_map":  # the stations on the map, taken-over ones too
        index = max(len(mine) - 1, 0)
    if spec.fixed:
        price = spec.fixed[min(index, len(spec.fixed) - 1)]
    elif spec.per_hex:
        homes = home_hexes(rules, state, company_id)
        start = homes[0] if homes else coord
        if mine and not any(c == start for c, _ in mine):
            start = mine[0][0]
        rate = spec.per_hex[min(index, len(spec.per_hex) - 1)]
        if spec.distance == "map":
            hexes = board.distances_from(start).get(coord, 0)
        else:
            hexes = reach_distance(board, reach, start, coord)
        price = rate * hexes
    return rules.hooks.token_cost(state, company_id, coord, price)


def refusal(
    rules: Context, state: G18State, company_id: str, coord: str, stop: int, reach: Reach
) -> tuple[str, str] | None:
    board = state.board
    company = state.companies[company_id]
    if not rules.spec.type_of(company_id).extra_tokens:
        return "rule:tokens.extra", f"{company_id} may place no tokens beyond its home token"
    if company.tokens_left <= 0:
        return "rule:tokens.none_left", f"{company_id} has no tokens left"
    if not board.on_map(coord):
        return "rule:tokens.hex", f"{coord} is not a hex of this map"
    stops = board.placed(coord).tile.stops
    if not 0 <= stop < len(stops) or stops[stop].kind not in TOKEN_KINDS or stops[stop].slots <= 0:
        return "rule:tokens.city", f"{coord} has no city {stop} to take a token"
    if board.has_token(coord, company_id):
        return "rule:tokens.one_per_hex", f"{company_id} already has a token on {coord}"
    free = board.free_slots(coord, stop, company_id) - waiting_homes(rules, state, coord, stop, company_id)
    if free <= 0:
        return "rule:tokens.free_slot", f"{coord} has no free slot for {company_id}"
    choosers = home_hex_choosers(rules, state, coord, company_id)
    if choosers:
        if options(rules).home_hex_blocks == "hex":
            return "rule:tokens.home_hex", f"{coord} is kept for {', '.join(choosers)}'s home token"
        hex_free = sum(
            board.free_slots(coord, i) - waiting_homes(rules, state, coord, i, company_id)
            for i, s in enumerate(stops)
            if s.kind in TOKEN_KINDS and s.slots > 0
        )
        if hex_free <= len(choosers):
            return "rule:tokens.home_hex", f"{coord} keeps its last free slots for {', '.join(choosers)}'s home token"
    if (coord, stop) not in reach.stops:
        return "rule:tokens.connection", f"{coord} is not connected to {company_id}'s stations"
    return None


def token_reach(rules: Context, state: G18State, company_id: str) -> Reach:
    """What a token's connection reaches: the title's ``token_connection`` says whether it
    may turn back at a hex edge ("backtracking is allowed for this purpose only")."""
    return company_reach(rules, state, company_id, backtrack=options(rules).token_connection == "backtrack")


def check(rules: Context, state: G18State, action: PlaceToken) -> int:
    if state.board is None:
        raise IllegalAction("rule:tokens.board", "this title has no board")
    reach = token_reach(rules, state, action.entity)
    why = refusal(rules, state, action.entity, action.hex, action.city, reach)
    if why is not None:
        raise IllegalAction(*why)
    price = cost(rules, state, action.entity, action.hex, reach)
    cash = state.companies[action.entity].cash
    if price > cash:
        raise IllegalAction("rule:tokens.cost", f"{action.entity} has {cash}, the token costs {price}")
    return price


def apply(rules: Context, state: G18State, action: PlaceToken, price: int) -> list[str]:
    state.board.place_token(action.hex, action.city, action.entity)
    state.companies[action.entity].tokens_left -= 1
    state.companies[action.entity].tokens_bought += 1
    state.pay(action.entity, BANK, price)
    return [f"{action.entity} places a token on {action.hex} for {price}"]


def choices(rules: Context, state: G18State, company_id: str) -> list[PlaceToken]:
    board = state.board
    company = state.companies[company_id]
    if board is None or company.tokens_left <= 0 or not rules.spec.type_of(company_id).extra_tokens:
        return []
    reach = token_reach(rules, state, company_id)
    out = []
    for coord, stop in sorted(reach.stops):
        if refusal(rules, state, company_id, coord, stop, reach) is not None:
            continue
        if cost(rules, state, company_id, coord, reach) <= company.cash:
            out.append(PlaceToken(company_id, coord, stop))
    return out


def supply(rules: Context, company_id: str) -> int:
    """The tokens a company owns: its charter's count, or one (its home) for a minor."""
    cdef = rules.spec.companies[company_id]
    if cdef.tokens is not None:
        return cdef.tokens
    return 1 if rules.spec.type_of(company_id).kind == "minor" else 0
