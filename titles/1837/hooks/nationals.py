"""The three national railways (rules III, VII, XII): Sd forms at the first "4" from all five
Sd minors; kk may open at the first "4" and must at the first "4+1"; Ug may open at the first
"4E" and must at the first "5". Minors not folded in when a national opens may fold in at
the start of a later round, and must when their national is forced.

A formation is one state transition: exchange shares to the minors' holders, the director
found by most shares (ties: the lowest minor, then clockwise from minor #1's owner), capital
from the bank plus the minors' treasuries, trains and home tokens taken over."""

from __future__ import annotations

from typing import TYPE_CHECKING

from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen.phases import train_limit
from railyard.framework.eighteen.primitives import (
    absorb,
    change_director,
    close_company,
    float_company,
    move_cash,
    move_certificate,
    set_charter_tokens,
)
from railyard.framework.eighteen.shares import update_director
from railyard.framework.eighteen.state import BANK, IPO, RESERVED, TRAIN_POOL, Certificate, G18State

from .common import (
    cdef,
    mark_unpaid,
    move_train,
    operated_this_round,
    option,
    sync_tokens,
    train_price,
)

if TYPE_CHECKING:
    from railyard.framework.eighteen.context import Context

#: national -> (the train whose first purchase lets it open, the train that forces it)
OPENING = {"SD": ("4", "4"), "KK": ("4", "4+1"), "UG": ("4E", "5")}
#: national -> the hex whose brown tile merges its home tokens (VII)
MERGE_HEX = {"KK": "G17", "UG": "H22"}


def minors_of(rules: Context, national: str) -> list[str]:
    """The national's minors in number order (companies.yaml order)."""
    return [cid for cid, c in rules.spec.companies.items() if c.merges_into == national]


def first_minor(rules: Context, national: str) -> str:
    return minors_of(rules, national)[0]


def is_formed(state: G18State, national: str) -> bool:
    return bool(state.companies[national].extra.get("formed"))


def may_open(state: G18State, national: str) -> bool:
    return OPENING[national][0] in state.depot.sold_names and not is_formed(state, national)


def must_open(state: G18State, national: str) -> bool:
    return OPENING[national][1] in state.depot.sold_names


def open_minors(state: G18State, rules: Context, national: str) -> list[str]:
    """Minors of ``national`` still operating on their own (started, not closed)."""
    return [
        m for m in minors_of(rules, national)
        if state.companies[m].floated and not state.companies[m].closed
    ]


def seniority(rules: Context, state: G18State, national: str) -> dict[str, int]:
    """Player -> rank of the best minor certificate they held (lower is better): minors by
    number, a director's certificate before the other one (Ug#1-d, Ug#1, Ug#2, Ug#3-d, Ug#3)."""
    rank: dict[str, int] = {}
    order = 0
    for minor in minors_of(rules, national):
        for cert in sorted(state.companies[minor].certificates, key=lambda c: not c.director):
            holder = state.companies[minor].extra.get("holders", {}).get(cert.id, cert.owner)
            if state.is_player(holder) and holder not in rank:
                rank[holder] = order
            order += 1
    return rank


def choose_director(
    rules: Context, state: G18State, national: str, rank: dict[str, int], anchor: str | None
) -> str | None:
    """XII: the player with the most shares; ties: who had the lowest minor, else the first
    clockwise from ``anchor`` (minor #1's former owner)."""
    held = {p.id: state.percent_held(p.id, national) for p in state.players}
    best = max(held.values(), default=0)
    if best == 0:
        return None
    tied = [p for p, v in held.items() if v == best]
    ranked = [p for p in tied if p in rank]
    if ranked:
        return min(ranked, key=lambda p: rank[p])
    start = anchor if anchor is not None else state.priority_player
    return next(p for p in state.seats_from(start) if p in tied)


def setup_national(state: G18State, national: str) -> None:
    """Setup: the director's certificate of a national is kept for its director (it is never
    sold from the initial offering); one exchange share takes its place in the offering."""
    company = state.companies[national]
    director = next(c for c in company.certificates if c.director)
    if director.owner != IPO:
        return
    spare = next((c for c in company.certificates if c.owner == RESERVED and not c.director), None)
    move_certificate(state, director.id, RESERVED)
    if spare is not None:
        move_certificate(state, spare.id, IPO)


def _exchange_certificate(state: G18State, national: str) -> str:
    """An exchange share of the national: a reserved 10% share, and once those are gone the
    reserved director's certificate (handed to the right player once the director is known)."""
    company = state.companies[national]
    for want_director in (False, True):
        for cert in company.certificates:
            if cert.owner == RESERVED and cert.director == want_director:
                return cert.id
    raise IllegalAction("XII", f"no exchange share of {national} is left")


def _absorb(rules: Context, state: G18State, national: str, minor: str) -> list[str]:
    """One minor folds in: its holders get one exchange share per certificate of 25% or more
    (Ug #1/#3: one each), its treasury, trains and home token pass to the national."""
    # an unsold second certificate goes out of play with the minor (close_company)
    token_lines: list[str] = []

    def exchange_for(cert: Certificate) -> str:
        return _exchange_certificate(state, national)

    def take_token(coord: str, stop: int) -> bool:
        # VII, XII: the minor's home token becomes the national's; a second national token
        # on the same tile is removed (but kk's stay in Vienna and Ug's in Budapest until
        # the tile there is brown); Sd #5's Italian token goes back to the Sd charter.
        assert state.board is not None
        if minor == last_sd_minor(rules) and national == "SD":
            token_lines.append(f"{minor}'s token on {coord} is removed")
            return False
        tile_has = any(c == coord for c, _ in state.board.tokens_of(national))
        if tile_has and coord != MERGE_HEX.get(national):
            token_lines.append(f"{minor}'s token on {coord} is removed ({national} is already there)")
            return False
        token_lines.append(f"{national} takes over {minor}'s token on {coord}")
        return True

    company = state.companies[minor]
    percents = {c.id: c.percent for c in company.certificates}
    unpaid = operated_this_round(state, minor)
    done = absorb(rules, state, minor, national, exchange_for=exchange_for, take_token=take_token)
    lines = []
    for holder, handed, received in done.exchanged:
        if unpaid:
            mark_unpaid(state, national, received)
        lines.append(f"{holder} exchanges {minor} ({percents[handed]}%) for 10% of {national}")
    company.extra["holders"] = {handed: holder for holder, handed, _ in done.exchanged}
    if done.cash:
        lines.append(f"{minor}'s treasury of {done.cash} passes to {national}")
    for train_id in done.trains:
        lines.append(f"{minor}'s {state.trains[train_id].name} train passes to {national}")
    return lines + token_lines


def last_sd_minor(rules: Context) -> str:
    """Sd #5, the minor whose home is a choice in Italy."""
    return minors_of(rules, "SD")[-1]


def refresh_tokens_left(rules: Context, state: G18State, national: str) -> None:
    """VII: kk keeps its tokens in Vienna and Ug in Budapest until that tile is brown (no
    token to place); then, as Sd always, the charter holds what is not on the board."""
    if not is_formed(state, national):
        return
    total = cdef(rules, national).tokens or 0
    placed = len(state.board.tokens_of(national)) if state.board is not None else 0
    hex_ = MERGE_HEX.get(national)
    if hex_ is not None and state.board is not None and state.board.tile(hex_).color != "brown":
        set_charter_tokens(state, national, 0)
    else:
        set_charter_tokens(state, national, max(0, total - placed))


def _trim_trains(rules: Context, state: G18State, national: str) -> list[str]:
    """XI: over the train limit after taking over the minors' trains, the national surrenders
    trains to the pool "as after a phase change": its director chooses which (a ``trim:``
    choice at the start of a round, the operating round's discard step during one). With no
    director to ask, the cheapest go."""
    limit = train_limit(rules, state, national)
    company = state.companies[national]
    director = state.director(national)
    if limit is not None and len(company.trains) > limit and director is not None and (
        not state.player(director).bankrupt
    ):
        return [f"{national} is over its train limit ({len(company.trains)}/{limit}): {director} picks the trains to surrender"]
    lines = []
    while limit is not None and len(company.trains) > limit:
        cheapest = min(company.trains, key=lambda t: train_price(rules, state, t))
        move_train(state, cheapest, TRAIN_POOL)
        lines.append(f"{national} is over its train limit: {state.trains[cheapest].name} goes to the pool")
    return lines


def form(rules: Context, state: G18State, national: str, minors: list[str]) -> list[str]:
    """Open ``national`` with ``minors`` folding in (all of them at once; the director is
    fixed after every exchange)."""
    company = state.companies[national]
    if is_formed(state, national):
        raise IllegalAction("XII", f"{national} has already formed")
    anchor = state.director(first_minor(rules, national))
    lines = [f"-- {national} forms --"]
    for minor in minors:
        lines += _absorb(rules, state, national, minor)
    rank = seniority(rules, state, national)
    director = choose_director(rules, state, national, rank, anchor)
    if director is not None:
        _hand_director_certificate(state, national, director)
        lines.append(f"{director} is the director of {national}")
    else:
        # nobody holds a share: the first buyer from the initial offering becomes director
        move_certificate(state, next(c for c in company.certificates if c.director).id, IPO)
    company.extra["formed"] = True
    company.extra["formed_in"] = [state.round.kind, state.round.number]
    float_company(state, national)
    capital = cdef(rules, national).capital or 0
    move_cash(state, BANK, national, capital)
    lines.append(f"{national} receives {capital} capital")
    if company.par_cell is not None:
        state.place_marker(national, company.par_cell)
    lines += _trim_trains(rules, state, national)
    refresh_tokens_left(rules, state, national)
    return lines


def _hand_director_certificate(state: G18State, national: str, director: str) -> None:
    """The director's certificate goes to the director; whoever held it (a placeholder
    exchange, or the reserve) gets one of the director's 10% shares for it."""
    company = state.companies[national]
    cert = next(c for c in company.certificates if c.director)
    if cert.owner == director:
        return
    if state.is_player(cert.owner):
        change_director(state, national, director)
        return
    ordinary = next(c for c in company.certificates if c.owner == director and not c.director)
    change_director(state, national, director, give_back=[ordinary.id])


def fold_in(rules: Context, state: G18State, national: str, minors: list[str]) -> list[str]:
    """Minors fold into an open national (simultaneously; the directorship may shift only
    after all of them, and only to a player holding more)."""
    lines = []
    for minor in minors:
        lines += _absorb(rules, state, national, minor)
    new = update_director(state, national)
    if new is not None:
        lines.append(f"{new} becomes director of {national}")
    lines += _trim_trains(rules, state, national)
    refresh_tokens_left(rules, state, national)
    return lines


# ---------------------------------------------------------------------- events
def form_sd(rules: Context, state: G18State) -> list[str]:
    """XII "4": the Sd minors close and the Southern National Railway forms, compulsorily;
    exchange shares of Sd minors nobody bought join the initial offering."""
    if is_formed(state, "SD"):
        return []
    lines = form(rules, state, "SD", open_minors(state, rules, "SD"))
    return lines + retire_unsold(rules, state, "SD")


def retire_unsold(rules: Context, state: G18State, national: str) -> list[str]:
    """Once every minor of a national must have converted, minors nobody bought leave the
    game (with the packet item or offer they were sold in) and their exchange shares join
    the initial offering."""
    lines = []
    for minor in minors_of(rules, national):
        if state.companies[minor].closed:
            continue
        close_company(rules, state, minor)  # with the packet item or offer it was sold in
        lines.append(f"{minor} was never bought and leaves the game")
    for cert in state.companies[national].certificates:
        if cert.owner == RESERVED:
            move_certificate(state, cert.id, IPO)
    return lines


def force(rules: Context, state: G18State, national: str) -> list[str]:
    """XII "4+1" (kk) / "5" (Ug): the national forms if it has not, and every unconverted
    minor converts, all at once."""
    minors = open_minors(state, rules, national)
    if not is_formed(state, national):
        lines = form(rules, state, national, minors)
    else:
        lines = fold_in(rules, state, national, minors) if minors else []
    return lines + retire_unsold(rules, state, national)


def open_national(rules: Context, state: G18State, national: str) -> list[str]:
    """The owner of minor #1 opens the national: minor #1 folds in (with the other half of a
    split minor); the other minors decide later, one by one."""
    first = first_minor(rules, national)
    if not may_open(state, national):
        raise IllegalAction("XII", f"{national} may not open now")
    if state.companies[first].closed or not state.companies[first].floated:
        raise IllegalAction("XII", f"{first} is not running")
    return form(rules, state, national, [first])


def fold_in_candidates(rules: Context, state: G18State, national: str) -> list[str]:
    """Minors whose owners may now fold in, in decision order: from the national's director
    clockwise (second edition), minors of one owner in number order."""
    if not is_formed(state, national):
        return []
    minors = open_minors(state, rules, national)
    director = state.director(national) or state.priority_player
    seats = state.seats_from(director)
    if option(rules, "fold_in_order") == "minor_number":
        return minors
    rank = {player: i for i, player in enumerate(seats)}
    return sorted(minors, key=lambda m: rank.get(state.director(m) or "", 99))


def on_tile_change(rules: Context, state: G18State) -> None:
    """After tile lays: a brown Vienna/Budapest frees kk's/Ug's other tokens (VII)."""
    for national in MERGE_HEX:
        if is_formed(state, national):
            sync_tokens(state, national)
            refresh_tokens_left(rules, state, national)


#: VI: "When the Vienna tile is upgraded to brown, it must be placed such that the three home
#: stations of the k.k. National Railway are merged together"
ORIENTED_MERGE = {"G17": "KK"}


def lay_refusal(
    rules: Context, state: G18State, coord: str, tile_id: str, stop_map: tuple[int | None, ...]
) -> tuple[str, str] | None:
    """VI: a tile that merges stations on Vienna must merge the stations holding kk's (or its
    minors') tokens into one."""
    national = ORIENTED_MERGE.get(coord)
    board = state.board
    if national is None or board is None:
        return None
    old_stops = len(board.tile(coord).stops)
    if len(board.tile_def(tile_id).stops) >= old_stops:
        return None
    family = {national, *minors_of(rules, national)}
    held = [
        i for i in range(old_stops) if any(c in family for c in board.tokens_at(coord, i))
    ]
    targets = {stop_map[i] if i < len(stop_map) else None for i in held}
    if len(targets) > 1:
        return "VI", f"tile {tile_id} must be placed so that {national}'s home stations on {coord} merge"
    return None
