"""The operating round: each operating company takes one turn, in operating order.

Order: by the type's ``order`` group, then companies.yaml order, or for ``order_by:
share_price`` by share price (highest first; ties: the marker further right, then the upper
marker of a stack). The order is dynamic: after every turn the next company is the first of
the companies still to operate in the order of that moment, so a price change during the
round reorders those still to come. Companies that float during the round wait for the next
one unless the ``operates_this_round`` hook says otherwise.

A turn is a fixed sequence of steps (rule IV of the common 18xx rules):
``home`` (choose a home when there is a choice; the home token is placed at the start of the
first turn) -> ``tile`` -> ``token`` -> ``run`` -> ``dividend`` -> ``trains``. ``Pass`` (the
company as entity) skips a step; in the trains step it ends the turn. Steps with no decision
(no trains to run, a zero or fixed split) resolve themselves. Phase changes that leave a
company over its train limit interrupt the turn until that company discards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from railyard.framework.core.actions import Action
from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen import dividends, emergency, running, tile_lay, tokens, trains
from railyard.framework.eighteen.actions import Pass, SellShares
from railyard.framework.eighteen.control import controller_of
from railyard.framework.eighteen.or_actions import (
    AnswerTrainOffer,
    BuyTrain,
    ChooseHome,
    DeclareBankruptcy,
    DiscardTrain,
    Dividend,
    LayTile,
    PlaceToken,
    RunRoutes,
    SurrenderTrain,
)
from railyard.framework.eighteen.or_options import options
from railyard.framework.eighteen.rounds import RoundType, register_round_type, require_active
from railyard.framework.eighteen.state import BANK, G18State, RoundState

if TYPE_CHECKING:
    from railyard.framework.eighteen.ruleset import G18Ruleset

STEPS = ("home", "tile", "token", "run", "dividend", "trains")


@attrs.define
class OperatingState(RoundState):
    floated_at_start: list[str] = attrs.Factory(list)
    done: list[str] = attrs.Factory(list)  # companies that have had their turn
    current: str | None = None
    step: str = ""
    tiles_laid: int = 0
    tokens_placed: int = 0
    revenue: int = 0  # the run's revenue, waiting for the dividend decision
    routes: list[tuple[str, tuple[str, ...]]] = attrs.Factory(list)  # (train, stops) of the run
    ran: list[str] = attrs.Factory(list)  # trains that have run this round
    discards: list[str] = attrs.Factory(list)  # companies that must discard down to the limit
    offer: tuple[str, str, int] | None = None  # (buyer, train, price) awaiting the seller's answer
    declined: list[str] = attrs.Factory(list)  # trains whose sale was declined this turn
    # corporations whose presidency this turn's emergency sales handed to another player: the
    # company may not then buy a train from them (no sale may transfer "either" presidency)
    presidency_sold: list[str] = attrs.Factory(list)


def _rs(state: G18State) -> OperatingState:
    return state.round  # type: ignore[return-value]


# ---------------------------------------------------------------------- order
def may_operate(rules: G18Ruleset, state: G18State, company_id: str) -> bool:
    company = state.companies[company_id]
    ctype = rules.spec.types[company.type]
    if not ctype.operates or company.closed or not company.floated:
        return False
    if controller_of(state, company_id) is None:
        return False
    if company_id not in _rs(state).floated_at_start:
        return bool(rules.hooks.operates_this_round(state, company_id))
    return True


def order_key(rules: G18Ruleset, state: G18State, company_id: str, listed: int) -> tuple[int, ...]:
    company = state.companies[company_id]
    ctype = rules.spec.types[company.type]
    if ctype.order_by != "share_price":
        return (ctype.order, 0, listed, 0, 0)
    if company.market is None:
        return (ctype.order, 1, 0, 0, listed)
    price = rules.spec.cell(company.market).price
    row, column = company.market
    stack = state.stack_at(company.market)
    depth = stack.index(company_id) if company_id in stack else 0
    return (ctype.order, 1, -price, -column, depth * 1000 + row)


def operating_order(rules: G18Ruleset, state: G18State) -> list[str]:
    """Every company that operates this round, in the order of this moment."""
    ids = [cid for cid in state.companies if may_operate(rules, state, cid)]
    listed = {cid: i for i, cid in enumerate(state.companies)}
    return sorted(ids, key=lambda cid: order_key(rules, state, cid, listed[cid]))


def next_company(rules: G18Ruleset, state: G18State) -> str | None:
    done = _rs(state).done
    return next((cid for cid in operating_order(rules, state) if cid not in done), None)


# ---------------------------------------------------------------------- the round
@register_round_type
class OperatingRound(RoundType):
    kind = "operating"

    def new_state(self, rules: G18Ruleset, state: G18State) -> OperatingState:
        return OperatingState(floated_at_start=[cid for cid, c in state.companies.items() if c.floated])

    def start(self, rules: G18Ruleset, state: G18State) -> list[str]:
        lines = private_income(rules, state)
        return lines + proceed(rules, state)

    def active_entities(self, rules: G18Ruleset, state: G18State) -> tuple[str, ...]:
        rs = _rs(state)
        if rs.discards:
            return (rs.discards[0],)
        if rs.offer is not None:
            seller = state.trains[rs.offer[1]].owner
            who = controller_of(state, seller)
            return (who,) if who is not None else ()
        if rs.current is None:
            return ()
        if rs.step == "trains" and emergency.director_must_act(rules, state, rs.current):
            director = controller_of(state, rs.current)
            if director is not None:
                return (rs.current, director)
        return (rs.current,)

    def legal_actions(self, rules: G18Ruleset, state: G18State, entity: str) -> list[Action]:
        rs = _rs(state)
        if rs.discards:
            over = rs.discards[0]
            return [DiscardTrain(over, t) for t in state.companies[over].trains] if entity == over else []
        if rs.offer is not None:
            return [AnswerTrainOffer(entity, True), AnswerTrainOffer(entity, False)]
        cid = rs.current
        if cid is None:
            return []
        if entity != cid:
            if rs.step == "trains" and entity == controller_of(state, cid):
                out: list[Action] = list(emergency.sale_choices(rules, state, cid))
                if not out and _bankrupt_ok(rules, state, cid, entity):
                    out.append(DeclareBankruptcy(entity))
                return out
            return []
        if rs.step == "home":
            return [ChooseHome(cid, h) for h in home_choices(rules, state, cid)]
        if rs.step == "tile":
            return [*tile_lay.choices(rules, state, cid), Pass(cid)]
        if rs.step == "token":
            return [*tokens.choices(rules, state, cid), Pass(cid)]
        if rs.step == "run":
            best = running.best(rules, state, cid, rs.ran)
            return [best, RunRoutes(cid, ())] if best.runs else [best]
        if rs.step == "dividend":
            return [Dividend(cid, k) for k in dividends.choices(rules, state, cid, rs.revenue)]
        if rs.step == "trains":
            found: list[Action] = [b for b in trains.buy_choices(rules, state, cid) if b.train not in rs.declined]
            found += [SurrenderTrain(cid, t) for t in state.companies[cid].trains if _ok_surrender(rules, state, cid, t)]
            if may_end_turn(rules, state, cid):
                found.append(Pass(cid))
            return found
        return []

    def apply(self, rules: G18Ruleset, state: G18State, action: Action) -> list[str]:
        require_active(rules, state, action.entity)
        rs = _rs(state)
        if rs.discards:
            if not isinstance(action, DiscardTrain):
                raise IllegalAction("rule:trains.discard", f"{rs.discards[0]} must first discard down to its train limit")
            trains.check_discard(rules, state, action)
            lines = trains.apply_discard(state, action)
            space = trains.room(rules, state, action.entity)
            if space is None or space >= 0:
                rs.discards.pop(0)
            return lines + proceed(rules, state)
        cid = rs.current
        assert cid is not None
        if rs.offer is not None:
            return self._answer(rules, state, action) + proceed(rules, state)
        if action.entity != cid:
            return self._director_action(rules, state, cid, action) + proceed(rules, state)
        lines = self._company_action(rules, state, cid, action)
        return lines + proceed(rules, state)

    def _answer(self, rules: G18Ruleset, state: G18State, action: Action) -> list[str]:
        rs = _rs(state)
        assert rs.offer is not None
        buyer, train_id, price = rs.offer
        if not isinstance(action, AnswerTrainOffer):
            raise IllegalAction("rule:trains.offer", f"{buyer}'s offer for train {train_id} awaits an answer")
        rs.offer = None
        seller = state.trains[train_id].owner
        if not action.accept:
            rs.declined.append(train_id)
            return [f"{action.entity} declines to sell train {train_id} of {seller}"]
        offer = BuyTrain(buyer, train_id, price)
        plan = trains.check_buy(rules, state, offer)
        lines = [f"{action.entity} agrees to sell train {train_id} of {seller}"]
        lines += trains.apply_buy(rules, state, offer, plan)
        _queue_discards(rules, state)
        return lines

    def _director_action(self, rules: G18Ruleset, state: G18State, cid: str, action: Action) -> list[str]:
        if _rs(state).step != "trains":
            raise IllegalAction("rule:operating_round.step", "the director acts only to raise money for a train")
        if isinstance(action, SellShares):
            plan = emergency.check_sale(rules, state, cid, action)
            return emergency.apply_sale(rules, state, action, plan)
        if isinstance(action, DeclareBankruptcy):
            emergency.check_bankruptcy(rules, state, cid, action)
            lines = emergency.apply_bankruptcy(rules, state, cid, action)
            _queue_discards(rules, state)
            return lines
        raise IllegalAction("rule:operating_round.action", f"{type(action).__name__} is not a director's action here")

    def _company_action(self, rules: G18Ruleset, state: G18State, cid: str, action: Action) -> list[str]:
        rs = _rs(state)
        step = rs.step
        opts = options(rules)
        if isinstance(action, Pass):
            if step == "trains":
                if not may_end_turn(rules, state, cid):
                    raise IllegalAction("rule:trains.must_own", f"{cid} must own a train at the end of its turn")
                return end_turn(rules, state)
            if step == "home":
                raise IllegalAction("rule:operating_round.home", f"{cid} must choose its home")
            if step == "run":
                raise IllegalAction("rule:running.decide", f"{cid} must run its trains or declare no run")
            if step == "dividend":
                raise IllegalAction("rule:dividends.decide", f"{cid} must pay out or withhold its revenue")
            _next_step(rules, state)
            return [f"{cid} passes ({step})"]
        if isinstance(action, ChooseHome):
            _require(step, "home", action)
            if action.home not in home_choices(rules, state, cid):
                raise IllegalAction("rule:operating_round.home", f"{action.home} is not a home of {cid}")
            state.companies[cid].home = action.home
            lines = [f"{cid} chooses {action.home} as its home"] + tokens.place_home_token(rules, state, cid)
            _next_step(rules, state)
            return lines
        if isinstance(action, LayTile):
            _require(step, "tile", action)
            tile, upgrade, cost = tile_lay.check(rules, state, action)
            lines = tile_lay.apply(rules, state, action, cost)
            rs.tiles_laid += 1
            if rs.tiles_laid >= opts.tiles_per_turn:
                _next_step(rules, state)
            return lines
        if isinstance(action, PlaceToken):
            _require(step, "token", action)
            price = tokens.check(rules, state, action)
            lines = tokens.apply(rules, state, action, price)
            rs.tokens_placed += 1
            if rs.tokens_placed >= opts.tokens_per_turn:
                _next_step(rules, state)
            return lines
        if isinstance(action, RunRoutes):
            _require(step, "run", action)
            result = running.check(rules, state, action, rs.ran)
            return _run(rules, state, cid, result)
        if isinstance(action, Dividend):
            _require(step, "dividend", action)
            lines = dividends.distribute(rules, state, cid, rs.revenue, action.kind)
            rs.revenue = 0
            _next_step(rules, state)
            return lines
        if isinstance(action, BuyTrain):
            _require(step, "trains", action)
            if action.train in rs.declined:
                raise IllegalAction("rule:trains.offer", f"the sale of train {action.train} was declined this turn")
            plan = trains.check_buy(rules, state, action)
            if trains.needs_consent(state, cid, plan.source):
                rs.offer = (cid, action.train, action.price)
                return [f"{cid} offers {action.price} for train {action.train} of {plan.source}"]
            lines = trains.apply_buy(rules, state, action, plan)
            _queue_discards(rules, state)
            return lines
        if isinstance(action, SurrenderTrain):
            _require(step, "trains", action)
            fee = trains.check_surrender(rules, state, action)
            return trains.apply_surrender(state, action, fee)
        raise IllegalAction("rule:operating_round.action", f"{type(action).__name__} is not an operating-round action")

    def is_finished(self, rules: G18Ruleset, state: G18State) -> bool:
        rs = _rs(state)
        return rs.current is None and not rs.discards and rs.offer is None

    def finish(self, rules: G18Ruleset, state: G18State) -> list[str]:
        return []


# ---------------------------------------------------------------------- steps
def _require(step: str, wanted: str, action: Action) -> None:
    if step != wanted:
        raise IllegalAction(
            "rule:operating_round.step", f"{type(action).__name__} belongs to the {wanted} step; now: {step}"
        )


def home_choices(rules: G18Ruleset, state: G18State, cid: str) -> list[str]:
    homes = rules.spec.companies[cid].home
    return [h.hex if h.city is None else f"{h.hex}.{h.city}" for h in homes]


def _ok_surrender(rules: G18Ruleset, state: G18State, cid: str, train_id: str) -> bool:
    try:
        trains.check_surrender(rules, state, SurrenderTrain(cid, train_id))
    except IllegalAction:
        return False
    return True


def _bankrupt_ok(rules: G18Ruleset, state: G18State, cid: str, player: str) -> bool:
    try:
        emergency.check_bankruptcy(rules, state, cid, DeclareBankruptcy(player))
    except IllegalAction:
        return False
    return True


def may_end_turn(rules: G18Ruleset, state: G18State, cid: str) -> bool:
    """A company that must own a train may end its turn without one only if none is on offer
    (trains whose sale was declined this turn do not count)."""
    if not trains.needs_train(rules, state, cid):
        return True
    declined = _rs(state).declined
    return not any(t not in declined for t, _ in trains.offers(rules, state, cid))


def _queue_discards(rules: G18Ruleset, state: G18State) -> None:
    rs = _rs(state)
    for cid in trains.over_limit(rules, state):
        if cid not in rs.discards:
            rs.discards.append(cid)


def _run(rules: G18Ruleset, state: G18State, cid: str, result: running.RunResult) -> list[str]:
    rs = _rs(state)
    lines = []
    for train_id, route in result.routes:
        rs.ran.append(train_id)
        lines.append(f"{cid} runs {train_id}: {' - '.join(route.stops)} for {route.revenue}")
    rs.routes = [(t, r.stops) for t, r in result.routes]
    if result.treasury:
        state.pay(BANK, cid, result.treasury)
        lines.append(f"{cid} receives {result.treasury} into its treasury")
    rs.revenue = result.revenue
    lines.append(f"{cid} earns {result.revenue}")
    _next_step(rules, state)
    return lines


def _step_applies(rules: G18Ruleset, state: G18State, cid: str, step: str) -> bool:
    ctype = rules.spec.type_of(cid)
    company = state.companies[cid]
    if step == "home":
        return (
            company.home is None
            and len(rules.spec.companies[cid].home) > 1
            and state.board is not None
            and not state.board.tokens_of(cid)
        )
    if step == "tile":
        return ctype.lays_tiles and state.board is not None
    if step == "token":
        return ctype.extra_tokens and company.tokens_left > 0 and state.board is not None
    return True


def _next_step(rules: G18Ruleset, state: G18State) -> None:
    rs = _rs(state)
    assert rs.current is not None
    i = STEPS.index(rs.step) + 1 if rs.step in STEPS else 0
    while i < len(STEPS) and not _step_applies(rules, state, rs.current, STEPS[i]):
        i += 1
    rs.step = STEPS[i] if i < len(STEPS) else "trains"


def start_turn(rules: G18Ruleset, state: G18State, cid: str) -> list[str]:
    rs = _rs(state)
    rs.current = cid
    rs.step = ""
    rs.tiles_laid = rs.tokens_placed = 0
    rs.revenue = 0
    rs.routes = []
    rs.declined = []
    rs.presidency_sold = []
    lines = [f"{cid} operates"]
    lines += tokens.place_home_token(rules, state, cid)
    lines += rules.hooks.on_operating_turn_start(state, cid)
    _next_step(rules, state)
    return lines


def end_turn(rules: G18Ruleset, state: G18State) -> list[str]:
    rs = _rs(state)
    cid = rs.current
    assert cid is not None
    rs.done.append(cid)
    state.companies[cid].operated = True
    rs.current = None
    rs.step = ""
    return [f"{cid} ends its turn"]


def _auto(rules: G18Ruleset, state: G18State) -> list[str] | None:
    """Resolve the current step if it needs no decision; None when a decision is needed."""
    rs = _rs(state)
    cid = rs.current
    assert cid is not None
    if rs.step == "run" and not running.runnable(state, cid, rs.ran):
        return _run(rules, state, cid, running.result_of(rules, state, cid, []))
    if rs.step == "dividend":
        kinds = dividends.choices(rules, state, cid, rs.revenue)
        if len(kinds) == 1:
            lines = dividends.distribute(rules, state, cid, rs.revenue, kinds[0])
            rs.revenue = 0
            _next_step(rules, state)
            return lines
    if rs.step == "trains":
        buys = [b for b in trains.buy_choices(rules, state, cid) if b.train not in rs.declined]
        if not buys and may_end_turn(rules, state, cid) and not any(
            _ok_surrender(rules, state, cid, t) for t in state.companies[cid].trains
        ):
            return end_turn(rules, state)
    return None


def proceed(rules: G18Ruleset, state: G18State) -> list[str]:
    """Run every step that needs no decision, start the next turn when one ends."""
    rs = _rs(state)
    lines: list[str] = []
    for _ in range(10_000):
        if rs.discards or state.game_over:
            return lines
        if rs.current is None:
            cid = next_company(rules, state)
            if cid is None:
                return lines
            lines += start_turn(rules, state, cid)
            continue
        more = _auto(rules, state)
        if more is None:
            return lines
        lines += more
    raise RuntimeError("the operating round keeps resolving steps without a decision")


def private_income(rules: G18Ruleset, state: G18State) -> list[str]:
    """Open privates pay their income to their owner at the start of each operating round."""
    lines = []
    order = rules.spec.phase_order
    for cid, cdef in rules.spec.companies.items():
        company = state.companies[cid]
        if company.kind != "private" or company.closed or cdef.income is None:
            continue
        owner = next((c.owner for c in company.certificates if c.director), None)
        if owner is None or not (state.is_player(owner) or owner in state.companies):
            continue
        if state.is_player(owner) and state.player(owner).bankrupt:
            continue
        amount = cdef.income.at(state.phase, order)
        if amount:
            state.pay(BANK, owner, amount)
            lines.append(f"{owner} receives {amount} from {cid}")
    return lines


def invariants(rules: G18Ruleset, state: G18State) -> list[str]:
    """What the operating round keeps true: no company above its train limit unless it is
    waiting to discard, tokens conserved (on the board plus on the charter = the company's
    supply, for every company still open), the operating company still to finish."""
    problems = []
    live = isinstance(state.round, OperatingState)
    waiting = _rs(state).discards if live else []
    for cid in trains.over_limit(rules, state):
        if cid not in waiting:
            problems.append(f"trains: {cid} holds {len(state.companies[cid].trains)}, above its limit")
    for cid, company in state.companies.items():
        if company.tokens_left < 0:
            problems.append(f"tokens: {cid} has {company.tokens_left} tokens left")
        supply = rules.hooks.token_supply(state, cid, tokens.supply(rules, cid))
        if state.board is not None and not company.closed and supply:
            placed = len(state.board.tokens_of(cid))
            if placed + company.tokens_left != supply:
                problems.append(f"tokens: {cid} has {placed} on the board and {company.tokens_left} left, "
                                f"not its {supply}")
    if live:
        rs = _rs(state)
        if rs.current is not None and rs.current in rs.done:
            problems.append(f"operating round: {rs.current} operates twice")
    return problems
