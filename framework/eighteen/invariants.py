"""What must hold after every action: nothing is created or lost except by the rules."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from railyard.framework.eighteen import drawn
from railyard.framework.eighteen.operating_round import invariants as operating_invariants
from railyard.framework.eighteen.state import (
    CLOSED,
    DEPOT,
    IPO,
    POOL,
    RESERVED,
    SCRAPPED,
    TRAIN_POOL,
    G18State,
)

if TYPE_CHECKING:
    from railyard.framework.eighteen.context import Context

BANK_PLACES = {IPO, POOL, RESERVED, CLOSED}


def money(state: G18State) -> list[str]:
    total = (
        state.bank
        + sum(p.cash for p in state.players)
        + sum(c.cash for c in state.companies.values())
        + state.in_transit
    )
    problems = []
    if total != state.money_total:
        problems.append(f"money: {total} in play, expected {state.money_total}")
    for p in state.players:
        if p.cash < 0 and not p.bankrupt:
            problems.append(f"money: {p.id} has {p.cash}")
    for c in state.companies.values():
        if c.cash < 0:
            problems.append(f"money: {c.id} has {c.cash}")
    return problems


def certificates(state: G18State, printed: dict[str, int] | None = None) -> list[str]:
    """``printed``: each company's total percent as its certificate definitions print it
    (default 100; a minor's certificates may print revenue shares that sum to less)."""
    problems = []
    holders = set(state.player_ids) | set(state.companies) | BANK_PLACES
    count = 0
    for cid, company in state.companies.items():
        total = sum(c.percent for c in company.certificates)
        expected = printed.get(cid, 100) if printed else 100
        if total != expected:
            problems.append(f"certificates: {cid} adds up to {total}%, expected {expected}%")
        directors = [c for c in company.certificates if c.director]
        if len(directors) > 1:
            problems.append(f"certificates: {cid} has {len(directors)} director's certificates")
        for cert in company.certificates:
            count += 1
            if cert.company != cid:
                problems.append(f"certificates: {cert.id} filed under {cid}")
            if cert.owner not in holders:
                problems.append(f"certificates: {cert.id} held by unknown {cert.owner!r}")
    if count != state.certificates_total:
        problems.append(f"certificates: {count} exist, expected {state.certificates_total}")
    return problems


def trains(state: G18State) -> list[str]:
    problems = []
    seen: Counter[str] = Counter()
    places: dict[str, str] = {}
    for stack in state.depot.stacks.values():
        for t in stack:
            seen[t] += 1
            places[t] = DEPOT
    for t in state.depot.pool:
        seen[t] += 1
        places[t] = TRAIN_POOL
    for t in state.depot.scrapped:
        seen[t] += 1
        places[t] = SCRAPPED
    for cid, company in state.companies.items():
        for t in company.trains:
            seen[t] += 1
            places[t] = cid
    for t, n in seen.items():
        if n != 1:
            problems.append(f"trains: {t} is in {n} places")
        if t not in state.trains:
            problems.append(f"trains: {t} is unknown")
        elif state.trains[t].owner != places[t]:
            problems.append(f"trains: {t} says it is at {state.trains[t].owner}, found at {places[t]}")
    if len(seen) != state.trains_created or len(state.trains) != state.trains_created:
        problems.append(
            f"trains: {len(seen)} placed, {len(state.trains)} known, {state.trains_created} created"
        )
    return problems


def market(state: G18State) -> list[str]:
    problems = []
    for cell, stack in state.market_stacks.items():
        if not stack:
            problems.append(f"market: empty stack kept at {cell}")
        for cid in stack:
            if state.companies[cid].market != cell:
                problems.append(f"market: {cid} stacked at {cell} but marked at {state.companies[cid].market}")
    for cid, company in state.companies.items():
        if company.market is not None and cid not in state.market_stacks.get(company.market, []):
            problems.append(f"market: {cid} at {company.market} is missing from its stack")
    return problems


def tiles(rules: Context, state: G18State) -> list[str]:
    """Tiles on the board plus tiles in the supply equal the manifest (when there is a board)."""
    board: Any = state.board
    if board is None:
        return []
    check = getattr(board, "tile_conservation_problems", None)
    if callable(check):
        return list(check())
    return []


def all_invariants(rules: Context, state: G18State) -> list[str]:
    drawn_ones = drawn.drawn_corporations(state)
    players = len(state.players)
    printed = {
        cid: sum(c.percent * c.count for c in rules.spec.certificates_at(cid, players, drawn_ones))
        for cid in state.companies
        if cid in rules.spec.companies
    }
    return (
        money(state) + certificates(state, printed) + trains(state) + market(state) + tiles(rules, state)
        + operating_invariants(rules, state)
    )
