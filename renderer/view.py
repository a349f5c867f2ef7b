"""What the panels show, read from a game: plain rows of display values.

The client holds no rules: every number here is read from the state or from the engine's own
answers (``game.standings()`` for net worth, the market chart for prices). Reading is
duck-typed on the 18xx family's state so a panel shows what a state has and skips the rest.
"""

from __future__ import annotations

from typing import Any

import attrs

from railyard.framework.records import Record

BANK_IDS = {"@ipo": "IPO", "@pool": "pool", "@reserved": "reserved", "@closed": "closed"}


@attrs.frozen(repr=False)
class PlayerRow(Record):
    id: str
    cash: int
    certificates: int
    worth: int | None
    priority: bool
    active: bool
    holdings: str
    bankrupt: bool = False


@attrs.frozen(repr=False)
class CompanyRow(Record):
    id: str
    label: str
    name: str
    type: str
    kind: str
    owner: str
    cash: int
    trains: tuple[str, ...]
    tokens_left: int
    price: int | None
    par: int | None
    ipo: int
    pool: int
    floated: bool
    closed: bool
    active: bool


@attrs.frozen(repr=False)
class TrainRow(Record):
    name: str
    price: int
    left: str  # "3", "unlimited" or "0"
    available: bool
    rusts_on: str | None
    locked_until: str | None = None  # "available after the first <train>" not yet met
    events: tuple[str, ...] = ()


@attrs.frozen(repr=False)
class DepotView(Record):
    stacks: dict[str, tuple[TrainRow, ...]]
    pool: tuple[str, ...]
    phase: str
    next_phase: str | None
    next_trigger: str | None  # the train whose first purchase starts the next phase
    next_effects: tuple[str, ...]


def _state(game: Any) -> Any:
    return game.state


def worth_by_player(game: Any) -> dict[str, int]:
    try:
        return dict(game.standings())
    except Exception:  # a ruleset mid-build may not score yet: show no worth
        return {}


def active(game: Any) -> tuple[str, ...]:
    try:
        return tuple(game.active_entities())
    except Exception:
        return ()


def acting_player(game: Any) -> str | None:
    """The player who acts now (for a company: its director)."""
    state = _state(game)
    for entity in active(game):
        if state.is_player(entity):
            return entity
        controller = getattr(state, "controller", None)
        if callable(controller) and entity in state.companies:
            return controller(entity)
    return None


def price_of(game: Any, company: Any) -> int | None:
    cell = getattr(company, "market", None)
    if cell is None:
        return None
    c = game.title.market.cell(*cell)
    return c.price if c is not None else None


def counted(game: Any, player: str, default: int) -> int:
    """Certificates counting toward the limit, as the engine counts them."""
    try:
        from railyard.framework.eighteen.stock_round import certificate_count

        return int(certificate_count(game.ruleset, game.state, player))
    except Exception:  # another ruleset, or no such count: every certificate
        return default


def players(game: Any) -> list[PlayerRow]:
    state = _state(game)
    worth = worth_by_player(game)
    now = set(active(game))
    acting = acting_player(game)
    rows = []
    for i, p in enumerate(state.players):
        certs = state.certs_held(p.id)
        held: dict[str, int] = {}
        for c in certs:
            held[c.company] = held.get(c.company, 0) + c.percent
        parts = []
        directs = {c.company for c in certs if c.director}
        for cid, pct in held.items():
            company = state.companies[cid]
            label = game.title.companies[cid].label if cid in game.title.companies else cid
            if company.kind == "corporation":
                parts.append(f"{label} {pct}%")
            elif len(company.certificates) > 1:  # a shared minor (1837's Ug 1 and 3): whose is whose
                parts.append(f"{label} {pct}%" + (" owner" if cid in directs else ""))
            else:
                parts.append(label)
        rows.append(PlayerRow(
            p.id, p.cash, counted(game, p.id, len(certs)), worth.get(p.id), i == state.priority,
            p.id in now or p.id == acting, ", ".join(parts), getattr(p, "bankrupt", False),
        ))
    return rows


def companies(game: Any, *, only_started: bool = True) -> list[CompanyRow]:
    """Companies worth showing: those owned by someone or floated (all when not
    ``only_started``), in title order."""
    state = _state(game)
    now = set(active(game))
    rows = []
    kinds = {"corporation": 0, "minor": 1, "private": 2}
    ordered = sorted(state.companies.items(), key=lambda kv: kinds.get(kv[1].kind, 3))
    for cid, company in ordered:
        cdef = game.title.companies[cid]
        if only_started and company.closed:
            continue
        owner = state.director(cid)
        started = owner is not None or company.floated or company.par_price is not None
        if only_started and not started:
            continue
        ipo = sum(c.percent for c in company.certificates if c.owner == "@ipo")
        pool = sum(c.percent for c in company.certificates if c.owner == "@pool")
        trains = tuple(state.trains[t].name for t in company.trains if t in state.trains)
        rows.append(CompanyRow(
            cid, cdef.label, cdef.name, company.type, company.kind, owner or "-", company.cash,
            trains, company.tokens_left, price_of(game, company), company.par_price, ipo, pool,
            company.floated, company.closed, cid in now,
        ))
    return rows


def depot(game: Any) -> DepotView:
    state = _state(game)
    title = game.title
    stacks: dict[str, list[TrainRow]] = {}
    first_available: dict[str, bool] = {}
    for depot_name, ids in state.depot.stacks.items():
        counts: dict[str, int] = {}
        for tid in ids:
            if state.trains[tid].owner == "@depot":
                name = state.trains[tid].name
                counts[name] = counts.get(name, 0) + 1
        rows = []
        for name, tdef in title.trains.items():
            if tdef.depot != depot_name:
                continue
            n = counts.get(name, 0)
            left = "unlimited" if tdef.count is None and n else str(n)
            sold = set(getattr(state.depot, "sold_names", ()) or ())
            locked = tdef.available_on if tdef.available_on and tdef.available_on not in sold else None
            avail = n > 0 and locked is None and not first_available.get(depot_name, False)
            if avail:
                first_available[depot_name] = True
            rows.append(TrainRow(name, tdef.price, left, avail, tdef.rusts_on, locked,
                                 tuple(tdef.events)))
        stacks[depot_name] = rows
    pool = tuple(state.trains[t].name for t in state.depot.pool if t in state.trains)
    order = list(title.phase_order)
    phase = state.phase
    next_phase = next_trigger = None
    effects: list[str] = []
    if phase in order and order.index(phase) + 1 < len(order):
        next_phase = order[order.index(phase) + 1]
        pdef = title.phases[next_phase]
        next_trigger = pdef.starts_on
        if pdef.tiles:
            effects.append("tiles " + "/".join(pdef.tiles))
        effects.append(f"{pdef.operating_rounds} OR per set")
        if next_trigger:
            rusting = [n for n, t in title.trains.items() if t.rusts_on == next_trigger]
            if rusting:
                effects.append("rusts " + ", ".join(rusting))
            if next_trigger in title.trains:
                effects += [e.replace("_", " ") for e in title.trains[next_trigger].events]
        effects += list(pdef.events)
        for rid, region in title.map.regions.items():
            if region.closes_on_phase == next_phase:
                effects.append(f"{rid} closes")
            if region.opens_on_phase == next_phase:
                effects.append(f"{rid} opens")
    return DepotView({k: tuple(v) for k, v in stacks.items()}, pool, phase, next_phase,
                     next_trigger, tuple(effects))


def market(game: Any) -> dict[tuple[int, int], list[str]]:
    return {cell: list(ids) for cell, ids in _state(game).market_stacks.items()}


def round_text(game: Any) -> str:
    state = _state(game)
    rnd = getattr(state, "round", None)
    if rnd is None or not hasattr(rnd, "kind"):
        return f"round {rnd}" if rnd is not None else "the game"
    kind = {"auction": "Start packet auction", "stock": "Stock round",
            "operating": "Operating round"}.get(rnd.kind, rnd.kind.replace("_", " ").capitalize())
    number = f" {rnd.number}" if getattr(rnd, "number", 0) else ""
    if rnd.kind == "operating" and getattr(state, "operating_rounds_in_set", 1) > 1:
        number += f".{state.operating_round_in_set}"
    return kind + number


def status_line(game: Any) -> str:
    state = _state(game)
    if game.is_over():
        return f"Game over: {getattr(state, 'end_reason', '') or 'finished'}"
    who = ", ".join(active(game)) or "nobody"
    cur = game.title.manifest.currency
    return f"{round_text(game)}  |  phase {state.phase}  |  bank {state.bank}{cur}  |  to act: {who}"


def auction_text(game: Any) -> str | None:
    rnd = _state(game).round
    item = getattr(rnd, "item", None)
    if item is None:
        return None
    return (f"Auction of {item}: high bid {rnd.high_bid} by {rnd.high_bidder or '-'}; "
            f"still in: {', '.join(rnd.bidders)}")


@attrs.frozen(repr=False)
class PacketRow(Record):
    id: str
    price: int  # the minimum bid (an auction) or the price (a sale), from the engine's spec
    what: str  # the companies the item gives, in words ("SD1 (sd minor) + Semmering (mountain)")
    bidding: str  # "high bid 145 by Carl" while this item is under the hammer, else ""


def packet(game: Any) -> list[PacketRow]:
    """What is left of the start packet, in the packet's order (the item under the hammer
    first): empty once it is sold."""
    state = _state(game)
    left = list(getattr(state, "packet_remaining", ()) or ())
    spec = getattr(game.ruleset, "spec", None)
    start = getattr(getattr(game.title, "setup", None), "start_packet", None)
    if not left or spec is None or start is None:
        return []
    rnd = getattr(state, "round", None)
    rows = []
    for item_id in left:
        item = start.items[item_id]
        parts = []
        for cid in item.companies:
            cdef = game.title.companies[cid]
            income = f", revenue {cdef.income.first}" if cdef.income is not None else ""
            name = cdef.name if cdef.name and cdef.label in cdef.name else f"{cdef.label} {cdef.name}"
            parts.append(f"{name.strip()} ({cdef.type.replace('_', ' ')}{income})")
        bidding = ""
        if rnd is not None and getattr(rnd, "item", None) == item_id and getattr(rnd, "high_bidder", None):
            bidding = f"high bid {rnd.high_bid} by {rnd.high_bidder}"
        rows.append(PacketRow(item_id, spec.item_price(item), " + ".join(parts), bidding))
    return sorted(rows, key=lambda row: not row.bidding)  # the item under the hammer first
