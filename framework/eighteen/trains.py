"""Buying, surrendering and discarding trains.

New trains come from each depot stack in file order: the first unsold name is on sale, and
so is any later name whose ``available_on`` train has been bought; a name with
``available_on`` is never on sale before that train is bought, even at the top of its stack. Pool trains sell at full
price. From the phase with ``buy_from_companies`` a company may buy from another company with
the same controller, for any price of at least ``operating_round.company_train_min_price``
(default 1; 0 where the price is "freely negotiable"). A company must keep within its train limit,
may surrender a train for half its price when at the limit, and discards (without
compensation) when a phase change leaves it over the limit.

A company whose type must own a train and owns none may take its director's money for one
train: it pays all its cash and the director the rest (a purchase "with help"). Which trains
qualify is the ``forced_choice`` option: any train on offer (the director "is free to decide
which to buy", never above the printed price from a company), or only the cheapest.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

import attrs

from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen import holdings, phases
from railyard.framework.eighteen.abilities import close
from railyard.framework.eighteen.control import controller_of
from railyard.framework.eighteen.homes import home_stations
from railyard.framework.eighteen.hooks import Hooks
from railyard.framework.eighteen.or_actions import BuyTrain, DiscardTrain, SurrenderTrain
from railyard.framework.eighteen.or_options import options
from railyard.framework.eighteen.primitives import move_train
from railyard.framework.eighteen.private_actions import BuyTrainTradeIn
from railyard.framework.eighteen.reach import stations, walk
from railyard.framework.eighteen.state import BANK, DEPOT, TRAIN_POOL, G18State, Train
from railyard.framework.memo import IdMemo
from railyard.framework.records import Record

if TYPE_CHECKING:
    from railyard.framework.eighteen.context import Context


@attrs.frozen(repr=False)
class Purchase(Record):
    train: str
    source: str  # DEPOT, TRAIN_POOL or the selling company
    price: int
    help: int  # paid by the director


def face_price(rules: Context, state: G18State, train_id: str) -> int:
    return rules.spec.trains[state.trains[train_id].name].price


def depot_offers(rules: Context, state: G18State) -> list[str]:
    """The new trains on sale now: one train id per buyable name."""
    out = []
    trains = state.trains
    specs = rules.spec.trains
    for stack in state.depot.stacks.values():
        for train_id, name, first in _firsts_of(trains, stack):
            if (first or specs[name].available_on) and released(rules, state, name):
                out.append(train_id)
    return out


# trains, (id(trains), the stack's train ids) -> (train id, name, first name of the stack?)
# for the first train of each name in the stack: a stack changes only when a train is sold
# from it, and the buy step's automatic moves ask for the offers on every action. The trains
# dict may gain trains, but a train id's name never changes: the entry stands for the dict's
# identity (held, so its id is not reused) and the stack's ids
_FIRSTS: IdMemo[tuple[tuple[str, str, bool], ...]] = IdMemo(256, identity_only=True)


def _firsts_of(trains: Mapping[str, Train], stack: list[str]) -> tuple[tuple[str, str, bool], ...]:
    key = (id(trains), tuple(stack))
    found = _FIRSTS.get(key)
    if found is None or found[0] is not trains:
        names: set[str] = set()
        firsts = []
        for train_id in stack:
            name = trains[train_id].name
            if name in names:
                continue
            firsts.append((train_id, name, not names))
            names.add(name)
        return _FIRSTS.put(trains, key, tuple(firsts))
    return found[1]


def released(rules: Context, state: G18State, name: str) -> bool:
    """Whether new trains of ``name`` may be sold at all: one with ``available_on`` waits for
    the first purchase of that train, even when it is the first unsold name of its stack."""
    available_on = rules.spec.trains[name].available_on
    return available_on is None or available_on in state.depot.sold_names


def pool_offers(state: G18State) -> list[str]:
    seen: dict[str, str] = {}
    for train_id in state.depot.pool:
        seen.setdefault(state.trains[train_id].name, train_id)
    return list(seen.values())


def sellers(rules: Context, state: G18State, buyer: str) -> list[str]:
    """Companies the buyer may buy trains from now (another player's only with consent, by
    option)."""
    if not phases.buy_from_companies(rules, state):
        return []
    me = controller_of(state, buyer)
    others = options(rules).trains_between_players != "never"
    out = []
    for cid, c in state.companies.items():
        if cid == buyer or c.closed or not c.trains or me is None:
            continue
        them = controller_of(state, cid)
        if them == me or (others and them is not None):
            out.append(cid)
    return out


def needs_consent(state: G18State, buyer: str, seller: str) -> bool:
    """A sale between companies of different players needs the seller's director to agree."""
    return seller in state.companies and controller_of(state, seller) != controller_of(state, buyer)


def may_own(rules: Context, state: G18State, company_id: str, train_id: str) -> str | None:
    kinds = rules.spec.type_of(company_id).train_kinds
    name = state.trains[train_id].name
    if kinds is not None and rules.spec.trains[name].kind not in kinds:
        return f"{company_id} may not own {rules.spec.trains[name].kind} trains ({name})"
    return rules.hooks.can_buy_train(state, company_id, train_id)


def room(rules: Context, state: G18State, company_id: str) -> int | None:
    limit = phases.train_limit(rules, state, company_id)
    return None if limit is None else limit - len(state.companies[company_id].trains)


def needs_train(rules: Context, state: G18State, company_id: str) -> bool:
    """Whether the company must buy a train (with its director's money if need be): its type
    must own one and it owns none, and, under ``must_buy_train: route``, a train of it could
    run (a company whose track reaches no second stop is left to lay track first)."""
    if not rules.spec.type_of(company_id).must_own_train or state.companies[company_id].trains:
        return False
    return options(rules).must_buy_train != "route" or has_route(rules, state, company_id)


def has_route(rules: Context, state: G18State, company_id: str) -> bool:
    """A route of two stops starts at one of the company's stations: walked from each
    station alone, the track reaches some other stop (another station of its own counts)."""
    board = state.board
    if board is None:
        return True
    for start in stations(board, company_id, home_stations(rules, state, company_id)):
        if len(walk(board, company_id, (start,)).stops) > 1:
            return True
    return False


def offers(rules: Context, state: G18State, company_id: str) -> list[tuple[str, int]]:
    """(train id, face price) of every train the company may own that is on offer to it."""
    return list(iter_offers(rules, state, company_id))


def iter_offers(rules: Context, state: G18State, company_id: str) -> Iterator[tuple[str, int]]:
    """:func:`offers` one by one: the bank's first, other companies' trains only when asked
    for (whether there is any buy at all mostly stops at the depot)."""
    space = room(rules, state, company_id)
    if space is not None and space <= 0:
        return
    for t in depot_offers(rules, state) + pool_offers(state):
        if may_own(rules, state, company_id, t) is None:
            yield t, face_price(rules, state, t)
    # never from a company whose presidency this turn's emergency sales handed over (check_buy
    # refuses it: an offer it refuses would stall a bot)
    handed = getattr(state.round, "presidency_sold", ())
    for s in sellers(rules, state, company_id):
        if s in handed:
            continue
        for t in state.companies[s].trains:
            if may_own(rules, state, company_id, t) is None:
                yield t, face_price(rules, state, t)


def help_prices(rules: Context, state: G18State, company_id: str) -> list[int]:
    """Prices of the trains a forced purchase with help may take (empty: no help now)."""
    if not needs_train(rules, state, company_id):
        return []
    found = offers(rules, state, company_id)
    if rules.spec.setup.operating_round.forced_train_from == "depot":
        found = [(t, p) for t, p in found if source_of(state, t) in (DEPOT, TRAIN_POOL)]
    prices = [p for _, p in found]
    if not prices:
        return []
    if options(rules).forced_choice == "cheapest":
        return [min(prices)]
    return sorted(set(prices))


def min_price(rules: Context) -> int:
    return rules.spec.setup.operating_round.company_train_min_price


def source_of(state: G18State, train_id: str) -> str:
    return state.trains[train_id].owner


def sale_floor(rules: Context, state: G18State, buyer: str, source: str, face: int) -> int:
    """``emergency_sale_floor``: the least a train from another company may cost once the
    director sold a share for it, so that the sale was needed (0: no floor)."""
    last = getattr(state.round, "last_sale_share_price", None)
    cash = state.companies[buyer].cash
    if last is None or source not in state.companies or cash >= face \
            or not rules.spec.setup.operating_round.emergency_sale_floor:
        return 0
    director = controller_of(state, buyer)
    return cash + (state.player(director).cash if director else 0) - last + 1


def check_buy(rules: Context, state: G18State, action: BuyTrain) -> Purchase:
    buyer = action.entity
    if action.train not in state.trains:
        raise IllegalAction("rule:trains.unknown", f"no train {action.train}")
    source = source_of(state, action.train)
    face = face_price(rules, state, action.train)
    if source == DEPOT:
        name = state.trains[action.train].name
        if not released(rules, state, name):
            available_on = rules.spec.trains[name].available_on
            raise IllegalAction(
                "rule:trains.available_on",
                f"{name} trains go on sale with the first {available_on} train",
            )
        if action.train not in depot_offers(rules, state):
            raise IllegalAction("rule:trains.order", f"train {action.train} is not on sale yet (trains are sold in order)")
    elif source == TRAIN_POOL:
        pass
    elif source in state.companies:
        if source == buyer:
            raise IllegalAction("rule:trains.own", f"{buyer} already owns {action.train}")
        if not phases.buy_from_companies(rules, state):
            raise IllegalAction("rule:trains.from_companies", f"no trains may be bought from companies in phase {state.phase}")
        if source not in sellers(rules, state, buyer):
            raise IllegalAction("rule:trains.from_companies", f"{buyer} may not buy trains from {source}")
        if source in getattr(state.round, "presidency_sold", ()):
            raise IllegalAction(
                "rule:emergency.directorship",
                f"the sales that raised this money handed the presidency of {source} to another player",
            )
    else:
        raise IllegalAction("rule:trains.unknown", f"train {action.train} is out of play")
    if source in (DEPOT, TRAIN_POOL) and action.price != face:
        raise IllegalAction("rule:trains.price", f"train {action.train} costs {face}")
    least = max(min_price(rules), sale_floor(rules, state, buyer, source, face))
    if action.price < least:
        raise IllegalAction("rule:trains.price", f"a train costs at least {least}")
    why = may_own(rules, state, buyer, action.train)
    if why is not None:
        raise IllegalAction("rule:trains.kind", why)
    space = room(rules, state, buyer)
    if space is not None and space <= 0:
        raise IllegalAction("rule:trains.limit", f"{buyer} is at its train limit")
    cash = state.companies[buyer].cash
    if action.price <= cash:
        return Purchase(action.train, source, action.price, 0)
    allowed = help_prices(rules, state, buyer)
    if not allowed:
        raise IllegalAction("rule:trains.cash", f"{buyer} has {cash}, the train costs {action.price}")
    if source in state.companies and rules.spec.setup.operating_round.forced_train_from == "depot":
        raise IllegalAction("rule:trains.forced_source",
                            f"{buyer} may buy a train from another company only with its own cash")
    if action.price > face or face not in allowed:
        raise IllegalAction(
            "rule:trains.forced_choice", f"a purchase with the director's help may not take train {action.train} at {action.price}"
        )
    director = controller_of(state, buyer)
    have = state.player(director).cash if director else 0
    if cash + have < action.price:
        raise IllegalAction(
            "rule:trains.director_cash",
            f"{director} must first raise {action.price - cash - have} by selling shares",
        )
    return Purchase(action.train, source, action.price, action.price - cash)


def _mint_if_unlimited(rules: Context, state: G18State, name: str) -> None:
    tdef = rules.spec.trains[name]
    if tdef.count is None:
        stack = state.depot.stacks.get(tdef.depot, [])
        if not any(state.trains[t].name == name for t in stack):
            rules.mint_train(state, name)


def transfer(rules: Context, state: G18State, train_id: str, buyer: str) -> list[str]:
    """Move a train to ``buyer`` from wherever it is; a first sale of a name from the depot
    starts phases, scraps trains and raises events."""
    train = state.trains[train_id]
    source = train.owner
    if source == DEPOT:
        for stack in state.depot.stacks.values():
            if train_id in stack:
                stack.remove(train_id)
    elif source == TRAIN_POOL:
        state.depot.pool.remove(train_id)
    else:
        state.companies[source].trains.remove(train_id)
    train.owner = buyer
    state.companies[buyer].trains.append(train_id)
    holdings.changed(state)
    if source != DEPOT:
        return []
    _mint_if_unlimited(rules, state, train.name)
    return phases.on_first_purchase(rules, state, train.name)


def give_free_trains(rules: Context, state: G18State) -> None:
    """Hand each company its ``free_trains`` at setup, the first of each name in the depot,
    in company order: a gift, so no phase starts and nothing is paid."""
    for cid, cdef in rules.spec.companies.items():
        if state.companies[cid].closed:
            continue
        for name in cdef.free_trains:
            stack = state.depot.stacks.get(rules.spec.trains[name].depot, [])
            train_id = next(t for t in stack if state.trains[t].name == name)
            stack.remove(train_id)
            state.trains[train_id].owner = cid
            state.companies[cid].trains.append(train_id)
    holdings.changed(state)


def apply_buy(rules: Context, state: G18State, action: BuyTrain, plan: Purchase) -> list[str]:
    buyer = action.entity
    payee = plan.source if plan.source in state.companies else BANK
    where = {DEPOT: "the depot", TRAIN_POOL: "the bank pool"}.get(plan.source, plan.source)
    lines = [f"{buyer} buys a {state.trains[plan.train].name} train from {where} for {plan.price}"]
    if plan.help:
        director = controller_of(state, buyer)
        assert director is not None
        state.pay(buyer, payee, plan.price - plan.help)
        state.pay(director, payee, plan.help)
        lines.append(f"{director} contributes {plan.help}")
    else:
        state.pay(buyer, payee, plan.price)
    lines += transfer(rules, state, plan.train, buyer)
    return lines + close.on_train_bought(rules, state, buyer)


def check_trade_in(rules: Context, state: G18State, action: BuyTrainTradeIn) -> Purchase:
    """A depot train bought for its price less the ``trade_in`` discount, handing in one of
    the buyer's trains of a listed name (it goes to the pool, or is scrapped if the purchase
    rusts it)."""
    if action.train not in state.trains:
        raise IllegalAction("rule:trains.unknown", f"no train {action.train}")
    rule = rules.spec.trains[state.trains[action.train].name].trade_in
    if rule is None:
        raise IllegalAction("rule:trains.trade_in", f"no train may be traded in for {action.train}")
    if action.trade_in not in state.companies[action.entity].trains:
        raise IllegalAction("rule:trains.trade_in", f"{action.entity} does not own train {action.trade_in}")
    if state.trains[action.trade_in].name not in rule.trains:
        raise IllegalAction("rule:trains.trade_in",
                            f"only {', '.join(rule.trains)} trains may be traded in for {action.train}")
    if source_of(state, action.train) != DEPOT:
        raise IllegalAction("rule:trains.trade_in", "a trade-in buys a new train from the depot")
    price = face_price(rules, state, action.train) - rule.discount
    if action.price != price:
        raise IllegalAction("rule:trains.price", f"train {action.train} costs {price} with a trade-in")
    if action.train not in depot_offers(rules, state):
        raise IllegalAction("rule:trains.order", f"train {action.train} is not on sale yet")
    why = may_own(rules, state, action.entity, action.train)
    if why is not None:
        raise IllegalAction("rule:trains.kind", why)
    cash = state.companies[action.entity].cash
    if price > cash:
        raise IllegalAction("rule:trains.cash", f"{action.entity} has {cash}, the train costs {price}")
    return Purchase(action.train, DEPOT, price, 0)


def apply_trade_in(rules: Context, state: G18State, action: BuyTrainTradeIn, plan: Purchase) -> list[str]:
    to_pool(state, action.trade_in)
    lines = [f"{action.entity} trades in train {action.trade_in}"]
    return lines + apply_buy(rules, state, BuyTrain(action.entity, action.train, action.price), plan)


def trade_in_choices(rules: Context, state: G18State, company_id: str) -> list[BuyTrainTradeIn]:
    out: list[BuyTrainTradeIn] = []
    if not _trade_in_names(rules):  # no train of the title takes a trade-in: none on offer
        return out
    own = state.companies[company_id].trains
    for train_id in depot_offers(rules, state):
        rule = rules.spec.trains[state.trains[train_id].name].trade_in
        if rule is None:
            continue
        seen: set[str] = set()
        for traded in own:
            name = state.trains[traded].name
            if name in rule.trains and name not in seen:
                seen.add(name)
                action = BuyTrainTradeIn(company_id, train_id, traded,
                                         face_price(rules, state, train_id) - rule.discount)
                try:
                    check_trade_in(rules, state, action)
                except IllegalAction:
                    continue
                out.append(action)
    return out


# spec -> the names of its trains with a trade_in rule: the buy step asks for trade-ins
# whenever it looks for a purchase
_TRADE_INS: IdMemo[frozenset[str]] = IdMemo(64)


def _trade_in_names(rules: Context) -> frozenset[str]:
    """The names of the title's trains that may be bought with a trade-in."""
    return _TRADE_INS.cached(rules.spec, _with_trade_in, rules.spec.trains)


def _with_trade_in(specs: Mapping[str, Any]) -> frozenset[str]:
    return frozenset(name for name, tdef in specs.items() if tdef.trade_in is not None)


def to_pool(state: G18State, train_id: str) -> None:
    move_train(state, train_id, TRAIN_POOL)


def check_surrender(rules: Context, state: G18State, action: SurrenderTrain) -> int:
    company = action.entity
    if options(rules).surrender_train == "never":
        raise IllegalAction("rule:trains.surrender", f"{company} may not surrender a train in this title")
    if action.train not in state.companies[company].trains:
        raise IllegalAction("rule:trains.surrender", f"{company} does not own train {action.train}")
    space = room(rules, state, company)
    if space is None or space > 0:
        raise IllegalAction("rule:trains.surrender", f"{company} may surrender a train only at its train limit")
    fee = face_price(rules, state, action.train) // 2
    if fee > state.companies[company].cash:
        raise IllegalAction("rule:trains.surrender", f"{company} cannot pay {fee} to surrender {action.train}")
    return fee


def apply_surrender(state: G18State, action: SurrenderTrain, fee: int) -> list[str]:
    state.pay(action.entity, BANK, fee)
    to_pool(state, action.train)
    return [f"{action.entity} surrenders train {action.train}, paying {fee}"]


def over_limit(rules: Context, state: G18State) -> list[str]:
    """Companies holding more trains than their limit, in title order. Asked after every
    operating-round action: the answer is kept until a train moves
    (:mod:`holdings`) when the title keeps the base limit (its hook could read anything)."""
    limits = phases.current(rules, state).train_limits  # phases.train_limit, looked up once
    # a title that keeps the base hook (it returns the phase's limit) is not asked per company
    hook = None if _base_train_limit(rules.hooks) else rules.hooks.train_limit
    if hook is None:
        found = holdings.kept(state, limits)  # the limits are the title's phase's own
        if found is not None:
            return list(found)
    table = _limit_table(rules, limits)  # each company's limit in this phase, made once
    out = []
    for cid, company in state.companies.items():
        held = company.trains
        if not held or company.closed:
            continue
        limit = table[cid] if cid in table else _limit_of(rules, limits, cid)
        if hook is not None:
            limit = hook(state, cid, limit)
        if limit is not None and len(held) > limit:
            out.append(cid)
    if hook is None:
        holdings.keep(state, limits, tuple(out))
    return out


def _limit_of(rules: Context, limits: Any, cid: str) -> int | None:
    """The company's limit in a phase of these ``limits`` (before the title's hook)."""
    groups = _limit_groups(rules)
    group = groups[cid] if cid in groups else rules.spec.type_of(cid).limit_group
    return limits.get(group) if group is not None else None


# (spec, limits), (id(spec), id(limits)) -> company -> its limit in that phase (the phase's
# limits are read-only, so the table cannot go stale)
_LIMITS: IdMemo[dict[str, int | None]] = IdMemo(64)


def _limit_table(rules: Context, limits: Any) -> dict[str, int | None]:
    spec = rules.spec
    key = (id(spec), id(limits))
    found = _LIMITS.get(key)
    if found is None or found[0][0] is not spec or found[0][1] is not limits:
        return _LIMITS.put((spec, limits), key,
                           {cid: _limit_of(rules, limits, cid) for cid in spec.companies})
    return found[1]


def _base_train_limit(hooks: Any) -> bool:
    """Whether ``hooks`` keeps the base ``train_limit`` (the default limit unchanged)."""
    return getattr(type(hooks), "train_limit", None) is Hooks.train_limit


# spec -> company -> its type's limit group: asked for every company on every action of an
# operating round
_GROUPS: IdMemo[dict[str, str | None]] = IdMemo(64)


def _limit_groups(rules: Context) -> dict[str, str | None]:
    spec = rules.spec
    found = _GROUPS.get(id(spec))
    if found is None or found[0] is not spec:
        return _GROUPS.put(spec, id(spec), {cid: spec.type_of(cid).limit_group
                                            for cid in spec.companies})
    return found[1]


def check_discard(rules: Context, state: G18State, action: DiscardTrain) -> None:
    if action.train not in state.companies[action.entity].trains:
        raise IllegalAction("rule:trains.discard", f"{action.entity} does not own train {action.train}")
    space = room(rules, state, action.entity)
    if space is None or space >= 0:
        raise IllegalAction("rule:trains.discard", f"{action.entity} is within its train limit")


def apply_discard(state: G18State, action: DiscardTrain) -> list[str]:
    to_pool(state, action.train)
    return [f"{action.entity} discards train {action.train} to the bank pool"]


def buy_choices(rules: Context, state: G18State, company_id: str) -> list[BuyTrain]:
    """Each buyable train once per name and source; from companies at the lowest price, the
    printed price and all the buyer's cash (any other price is legal too)."""
    return list(iter_buy_choices(rules, state, company_id))


def iter_buy_choices(rules: Context, state: G18State, company_id: str) -> Iterator[BuyTrain]:
    """:func:`buy_choices` one by one (whether there is any buy at all stops at the first);
    the prices that help may pay are worked out only for a price above the buyer's cash."""
    cash = state.companies[company_id].cash
    extra: int | None = None
    helped: set[int] | None = None
    seen: set[tuple[str, str]] = set()
    least = min_price(rules)
    for train_id, face in iter_offers(rules, state, company_id):
        source = source_of(state, train_id)
        key = (source, state.trains[train_id].name)
        if key in seen:
            continue
        seen.add(key)
        floor = max(least, sale_floor(rules, state, company_id, source, face))
        prices = [face] if source in (DEPOT, TRAIN_POOL) else sorted(p for p in {floor, face, cash} if p >= floor)
        for price in prices:
            if price <= cash:
                yield BuyTrain(company_id, train_id, price)
                continue
            if price > face:
                continue
            if helped is None:
                helped = set(help_prices(rules, state, company_id))
            # help goes only where the title lets it (forced_train_from depot: bank trains only)
            may_help = face in helped and (
                source in (DEPOT, TRAIN_POOL) or rules.spec.setup.operating_round.forced_train_from != "depot")
            if not may_help:
                continue
            if extra is None:
                director = controller_of(state, company_id)
                extra = state.player(director).cash if director else 0
            if price <= cash + extra:
                yield BuyTrain(company_id, train_id, price)
