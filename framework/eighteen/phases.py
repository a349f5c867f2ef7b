"""Phases: which phase the game is in, what follows from a train name's first purchase
(new phase, scrapped trains, events) and the per-phase rules the operating round reads
(tile colours, train limits, buying from companies, open regions).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from railyard.framework.eighteen import holdings
from railyard.framework.eighteen.abilities import close
from railyard.framework.eighteen.drawn import drawn_events
from railyard.framework.eighteen.primitives import close_company
from railyard.framework.eighteen.state import DEPOT, SCRAPPED, TRAIN_POOL, G18State

if TYPE_CHECKING:
    from railyard.framework.eighteen.context import Context


def phase_index(rules: Context, name: str) -> int:
    return rules.spec.phase_order.index(name)


def reached(rules: Context, state: G18State, name: str | None) -> bool:
    """Whether the game has reached phase ``name`` (None: never)."""
    if name is None or name not in rules.spec.phases:
        return False
    return phase_index(rules, state.phase) >= phase_index(rules, name)


def current(rules: Context, state: G18State):  # -> PhaseDef
    return rules.spec.phases[state.phase]


def tile_colors(rules: Context, state: G18State) -> tuple[str, ...]:
    return tuple(current(rules, state).tiles)


def buy_from_companies(rules: Context, state: G18State) -> bool:
    return bool(current(rules, state).buy_from_companies)


def train_limit(rules: Context, state: G18State, company_id: str) -> int | None:
    """The company's train limit now (None: no limit); the title's ``train_limit`` hook has the
    last word."""
    ctype = rules.spec.type_of(company_id)
    limits = current(rules, state).train_limits
    default = limits.get(ctype.limit_group) if ctype.limit_group is not None else None
    return rules.hooks.train_limit(state, company_id, default)


def region_closed(rules: Context, state: G18State, coord: str) -> str | None:
    """The id of a region that keeps ``coord`` closed to track now, or None."""
    title = rules.spec.title
    regions = getattr(getattr(title, "map", None), "regions", None) or {}
    for region in regions.values():
        if coord not in region.hexes:
            continue
        if region.opens_on_phase is not None and not reached(rules, state, region.opens_on_phase):
            return region.id
        if region.closes_on_phase is not None and reached(rules, state, region.closes_on_phase):
            return region.id
    return None


def scrap(state: G18State, train_id: str) -> None:
    """Take a train out of play, wherever it is."""
    train = state.trains[train_id]
    if train.owner == DEPOT:
        for stack in state.depot.stacks.values():
            if train_id in stack:
                stack.remove(train_id)
    elif train.owner == TRAIN_POOL:
        state.depot.pool.remove(train_id)
    elif train.owner == SCRAPPED:
        return
    else:
        state.companies[train.owner].trains.remove(train_id)
    train.owner = SCRAPPED
    state.depot.scrapped.append(train_id)
    holdings.changed(state)


def start_phase(rules: Context, state: G18State, name: str) -> list[str]:
    """Enter phase ``name``: operating rounds per set, privates closing, then the title's
    ``on_phase_change`` and the phase's events."""
    phase = rules.spec.phases[name]
    state.phase = name
    lines = [f"-- phase {name} begins --"]
    if phase.operating_rounds_from == "now" and state.round.kind == "operating":
        state.operating_rounds_in_set = max(state.operating_round_in_set, phase.operating_rounds)
    for cid, cdef in rules.spec.companies.items():
        company = state.companies[cid]
        if company.kind == "private" and not company.closed and reached(rules, state, cdef.closes_on_phase):
            if close.stays_open(rules, state, cid):
                lines.append(f"{cid} stays open (its holder keeps it open)")
                continue
            close_company(rules, state, cid)
            lines.append(f"{cid} closes")
    lines += close.on_phase(rules, state, name)
    lines += rules.hooks.on_phase_change(state, name)
    for event in phase.events:
        lines += rules.hooks.on_event(event, state)
    return lines


def on_first_purchase(rules: Context, state: G18State, name: str) -> list[str]:
    """The first train of ``name`` was bought: later phases it starts begin, the trains it
    rusts are scrapped, and its events are raised (in that order)."""
    if name in state.depot.sold_names:
        return []
    state.depot.sold_names.append(name)
    lines: list[str] = []
    order = rules.spec.phase_order
    now = order.index(state.phase) if state.phase in order else -1
    for i, (pname, phase) in enumerate(rules.spec.phases.items()):
        if i > now and phase.starts_on == name:
            lines += start_phase(rules, state, pname)
            now = i
    for tname, tdef in rules.spec.trains.items():
        if tdef.rusts_on == name:
            doomed = [t.id for t in state.trains.values() if t.name == tname and t.owner != SCRAPPED]
            for train_id in doomed:
                scrap(state, train_id)
            if doomed:
                lines.append(f"every {tname} train is scrapped ({len(doomed)})")
    for event in rules.spec.trains[name].events + drawn_events(state, name):
        lines += rules.hooks.on_event(event, state)
    return lines
