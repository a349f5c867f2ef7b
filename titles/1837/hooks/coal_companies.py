"""Coal companies (rules II, XIII): each is exchanged for a reserved 10% share of its major.

Optional at the start of each stock or operating round once half of the major's initial
offering is sold; forced at the start of an operating round once the initial offering is
sold out; forced for every coal company with the first "5". The major receives the coal
company's treasury and trains (it never gives up its own trains for them: coal trains over
the limit go to the bank pool, and which ones is its director's choice, forced exchanges
included); the exchange ignores the 60% holding limit.

Forced exchanges wait in a queue (``state.extra[FORCED_KEY]``, in exchange order): each is
made at once unless the major's director has trains to choose, and the queue stops there
until the director has chosen (``choices`` asks, at the start of a round or in the middle of
the operating round that bought the first "5")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen.phases import train_limit
from railyard.framework.eighteen.primitives import close_company, exchange_certificate, move_cash
from railyard.framework.eighteen.shares import bought_from_offering, update_director
from railyard.framework.eighteen.state import IPO, RESERVED, TRAIN_POOL, G18State

from .common import (
    companies_of_type,
    mark_unpaid,
    move_train,
    operated_this_round,
    train_price,
)

if TYPE_CHECKING:
    from railyard.framework.eighteen.context import Context

#: "at least 50 percent of the corresponding major corporation's shares" bought (II)
OPTION_PERCENT = 50
#: state.extra key: the forced exchanges still to make, in exchange order
FORCED_KEY = "1837_forced_coal"


def coal_companies(rules: Context) -> tuple[str, ...]:
    return companies_of_type(rules, "coal")


def target(rules: Context, coal: str) -> str:
    major = rules.spec.companies[coal].exchanges_into
    if major is None:  # the loader's cross-check gives every coal company its major
        raise ValueError(f"coal company {coal} exchanges into no major")
    return major


def running(state: G18State, coal: str) -> bool:
    company = state.companies[coal]
    return company.floated and not company.closed and state.director(coal) is not None


def may_exchange(rules: Context, state: G18State, coal: str) -> bool:
    """II: the option exists once half of the major's shares were bought from the offering."""
    if not running(state, coal):
        return False
    return bought_from_offering(state, target(rules, coal)) >= OPTION_PERCENT


def must_exchange(rules: Context, state: G18State, coal: str) -> bool:
    """II, XIII: at the start of an operating round, the major's initial offering is empty."""
    major = target(rules, coal)
    return running(state, coal) and state.percent_held(IPO, major) == 0 and (
        state.companies[major].par_price is not None
    )


def operating_rank(rules: Context, state: G18State, company_id: str) -> tuple:
    """IV: majors by share price, highest first; ties: furthest right, then the uppermost
    marker; majors without a price after, in companies.yaml order."""
    company = state.companies[company_id]
    listed = list(rules.spec.companies).index(company_id)
    if company.market is None:
        return (1, 0, 0, 0, listed)
    price = rules.spec.cell(company.market).price
    stack = state.stack_at(company.market)
    depth = stack.index(company_id) if company_id in stack else 0
    return (0, -price, -company.market[1], depth, listed)


def exchange_order(rules: Context, state: G18State, coals: list[str]) -> list[str]:
    """XIII: by the majors' operating order; for each major from its director clockwise
    (no director yet: from the priority deal)."""

    def key(coal: str) -> tuple:
        major = target(rules, coal)
        start = state.director(major) or state.priority_player
        seats = state.seats_from(start)
        owner = state.director(coal)
        seat = seats.index(owner) if owner is not None else len(seats)
        return (operating_rank(rules, state, major), seat, coal)

    return sorted(coals, key=key)


def default_keep(rules: Context, state: G18State, coal: str) -> list[str]:
    """The coal trains the major takes when there is no choice or nobody to make it (no
    director, or a bankrupt one): the dearest ones that fit under the train limit."""
    major = target(rules, coal)
    limit = train_limit(rules, state, major)
    trains = sorted(
        state.companies[coal].trains, key=lambda t: -train_price(rules, state, t)
    )
    if limit is None:
        return trains
    room = max(0, limit - len(state.companies[major].trains))
    return trains[:room]


def exchange(
    rules: Context, state: G18State, coal: str, keep: list[str] | None = None
) -> list[str]:
    """Exchange one coal company for its exchange share (II, XIII)."""
    if not running(state, coal):
        raise IllegalAction("II", f"{coal} is not running")
    major = target(rules, coal)
    owner = state.director(coal)
    assert owner is not None
    cert = next(
        (c for c in state.companies[major].certificates if c.owner == RESERVED and not c.director),
        None,
    )
    if cert is None:
        raise IllegalAction("II", f"no exchange share of {major} is left for {coal}")
    company = state.companies[coal]
    lines = [f"{owner} exchanges {coal} for a 10% exchange share of {major}"]
    if company.cash:
        lines.append(f"{coal}'s treasury of {company.cash} passes to {major}")
        move_cash(state, coal, major, company.cash)
    keep = default_keep(rules, state, coal) if keep is None else keep
    limit = train_limit(rules, state, major)
    room = None if limit is None else max(0, limit - len(state.companies[major].trains))
    if room is not None and len(keep) > room:
        raise IllegalAction("XIII", f"{major} may take only {room} of {coal}'s trains")
    for train_id in list(company.trains):
        name = state.trains[train_id].name
        if train_id in keep:
            move_train(state, train_id, major)
            lines.append(f"{coal}'s {name} train passes to {major}")
        else:
            move_train(state, train_id, TRAIN_POOL)
            lines.append(f"{coal}'s {name} train goes to the bank pool ({major}'s train limit)")
    exchange_certificate(state, cert.id, owner)
    if operated_this_round(state, coal):
        mark_unpaid(state, major, cert.id)
    close_company(rules, state, coal)
    new = update_director(state, major)
    if new is not None:
        lines.append(f"{new} becomes director of {major}")
    return lines


def director_chooses(rules: Context, state: G18State, coal: str) -> bool:
    """XIII: "the director of that corporation decides which of the trains the corporation
    will take over" when they do not all fit; a major with no director (not started, or a
    bankrupt one) takes the dearest that fit."""
    director = state.director(target(rules, coal))
    if director is None or state.player(director).bankrupt:
        return False
    return keep_choices(rules, state, coal) is not None


def queue_forced(rules: Context, state: G18State, coals: list[str]) -> list[str]:
    """Forced exchanges of ``coals`` (in exchange order, after any already waiting): each is
    made now, until one waits for its major's director to choose trains."""
    queue: list[str] = state.extra.setdefault(FORCED_KEY, [])
    queue += [c for c in exchange_order(rules, state, coals) if c not in queue]
    return run_forced(rules, state)


def run_forced(rules: Context, state: G18State) -> list[str]:
    """Make the waiting forced exchanges in order, stopping at one whose major's director
    has coal trains to choose (``awaiting_keep``)."""
    queue: list[str] = state.extra.get(FORCED_KEY, [])
    lines: list[str] = []
    while queue:
        coal = queue[0]
        if running(state, coal) and director_chooses(rules, state, coal):
            break
        queue.pop(0)
        if running(state, coal):
            lines += exchange(rules, state, coal)
    if not queue:
        state.extra.pop(FORCED_KEY, None)
    return lines


def awaiting_keep(rules: Context, state: G18State) -> str | None:
    """The coal company whose forced exchange waits for its major's director's choice."""
    queue = state.extra.get(FORCED_KEY) or []
    if queue and running(state, queue[0]) and director_chooses(rules, state, queue[0]):
        return queue[0]
    return None


def exchange_all(rules: Context, state: G18State) -> list[str]:
    """II, XII "5": every remaining coal company is exchanged now."""
    return queue_forced(rules, state, [c for c in coal_companies(rules) if running(state, c)])


def exchange_sold_out(rules: Context, state: G18State) -> list[str]:
    """II, XIII: at the start of an operating round, coal companies whose major's initial
    offering is sold out are exchanged."""
    due = [c for c in coal_companies(rules) if must_exchange(rules, state, c)]
    return queue_forced(rules, state, due)


def optional(rules: Context, state: G18State, declined: set[str]) -> list[str]:
    """Coal companies whose owners may choose now, in exchange order, without those that
    have already answered in this round."""
    open_ = [c for c in coal_companies(rules) if may_exchange(rules, state, c) and c not in declined]
    return exchange_order(rules, state, open_)


def keep_choices(rules: Context, state: G18State, coal: str) -> list[tuple[str, ...]] | None:
    """XIII: the sets of coal trains the major may take when not all of them fit (one per
    distinct set of train names), or None when there is nothing to choose."""
    from itertools import combinations

    major = target(rules, coal)
    limit = train_limit(rules, state, major)
    trains = state.companies[coal].trains
    if limit is None:
        return None
    room = max(0, limit - len(state.companies[major].trains))
    if room == 0 or len(trains) <= room:
        return None
    by_names: dict[tuple[str, ...], tuple[str, ...]] = {}
    for combo in combinations(trains, room):
        names = tuple(sorted(state.trains[t].name for t in combo))
        by_names.setdefault(names, combo)
    return list(by_names.values()) if len(by_names) > 1 else None
