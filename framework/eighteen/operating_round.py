"""The operating round: each operating company takes one turn, in operating order.

Order: by the type's ``order`` group, then companies.yaml order, or for ``order_by:
share_price`` by share price (highest first; ties: the marker further right, then the upper
marker of a stack). The order is dynamic: after every turn the next company is the first of
the companies still to operate in the order of that moment, so a price change during the
round reorders those still to come. Companies that float during the round wait for the next
one unless the ``operates_this_round`` hook says otherwise.

The round is a list of steps (``or_steps``; rule IV of the common 18xx rules): interrupts
(a pending decision, discards down to the train limit, a train offer awaiting its answer)
that take over whenever someone must answer them, and the turn ``home`` (choose a home when
there is a choice; the home token is placed at the start of the first turn) -> ``tile`` ->
``token`` -> ``run`` -> ``dividend`` -> ``trains``. ``Pass`` (the company as entity) skips a
step; in the trains step it ends the turn. Steps with no decision (no trains to run, a zero
or fixed split) resolve themselves. A title changes the list in ``setup.operating_round.steps``
and the ``operating_steps`` hook.
"""

from __future__ import annotations

import attrs

from railyard.framework.core.actions import Action
from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen import (
    export,
    private_steps,  # noqa: F401  (registers its steps)
    tokens,
    trains,
)
from railyard.framework.eighteen.abilities import revenue_change
from railyard.framework.eighteen.actions import Pass
from railyard.framework.eighteen.context import Context
from railyard.framework.eighteen.control import controller_of
from railyard.framework.eighteen.or_steps import (  # noqa: F401  (end_turn... used by titles)
    STEPS,
    after_action_steps,
    current_step,
    end_turn,
    home_choices,
    interrupts,
    may_end_turn,
    queue_discards,
    start_turn,
    step_of_action,
    steps_of,
)
from railyard.framework.eighteen.rounds import RoundType, register_round_type, require_active
from railyard.framework.eighteen.state import BANK, G18State, RoundState
from railyard.framework.eighteen.steps import Step


@attrs.define(repr=False)
class OperatingState(RoundState):
    floated_at_start: list[str] = attrs.Factory(list)
    done: list[str] = attrs.Factory(list)  # companies that have had their turn
    current: str | None = None
    step: str = ""
    tiles_laid: int = 0
    tiles_upgraded: bool = False  # an upgrade was laid this turn (setup tile_lays)
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
    # corporations the director has sold shares of this turn to raise money (with
    # stock_round.sell_in_blocks each is sold once, in one block)
    emergency_sold: list[str] = attrs.Factory(list)
    # the price of a share in the director's last emergency sale this turn (emergency_sale_floor)
    last_sale_share_price: int | None = None


def _rs(state: G18State) -> OperatingState:
    return state.round  # type: ignore[return-value]


# ---------------------------------------------------------------------- order
def may_operate(rules: Context, state: G18State, company_id: str) -> bool:
    company = state.companies[company_id]
    if company.closed or not company.floated:
        return False
    if not rules.spec.types[company.type].operates:
        return False
    if controller_of(state, company_id) is None:
        return False
    if company_id not in _rs(state).floated_at_start:
        return bool(rules.hooks.operates_this_round(state, company_id))
    return True


def order_key(rules: Context, state: G18State, company_id: str, listed: int) -> tuple[int, ...]:
    company = state.companies[company_id]
    ctype = rules.spec.types[company.type]
    order_by = ctype.order_by
    if ctype.first_order_by is not None and state.round.kind == "operating" and state.round.number == 1:
        order_by = ctype.first_order_by
    if order_by not in ("share_price", "share_price_ascending"):
        return (ctype.order, 0, listed, 0, 0)
    if company.market is None:
        return (ctype.order, 1, 0, 0, listed)
    price = rules.spec.cell(company.market).price
    row, column = company.market
    stack = state.stack_at(company.market)
    depth = stack.index(company_id) if company_id in stack else 0
    if order_by == "share_price_ascending":
        return (ctype.order, 1, price, column, depth * 1000 + row)
    # the place on a cell only ranks companies on that cell: a higher row comes first
    return (ctype.order, 1, -price, -column, row * 1000 + depth)


def operating_order(rules: Context, state: G18State) -> list[str]:
    """Every company that operates this round, in the order of this moment."""
    ids = [cid for cid in state.companies if may_operate(rules, state, cid)]
    listed = {cid: i for i, cid in enumerate(state.companies)}
    return sorted(ids, key=lambda cid: order_key(rules, state, cid, listed[cid]))


def next_company(rules: Context, state: G18State) -> str | None:
    """The first company of :func:`operating_order` still to operate (the companies done
    are left out before the order is worked out; the keys are distinct, so the least is the
    first)."""
    done = _rs(state).done
    types = rules.spec.types
    best: tuple[tuple[int, ...], str] | None = None
    for listed, (cid, company) in enumerate(state.companies.items()):
        # may_operate's first tests inline: most companies are closed or not floated
        if not company.floated or company.closed or cid in done:
            continue
        ctype = types[company.type]
        if not ctype.operates:
            continue
        # a key starts with the type's order: a later type than the best so far comes after
        if best is not None and ctype.order > best[0][0]:
            continue
        key = order_key(rules, state, cid, listed)
        # the first of equal keys, as min() gives: a company that would not come first is not
        # asked whether it operates (its director, the title's hook), the rest of may_operate
        if (best is None or key < best[0]) and may_operate(rules, state, cid):
            best = (key, cid)
    return None if best is None else best[1]


# ---------------------------------------------------------------------- the round
@register_round_type
class OperatingRound(RoundType):
    """The round over its list of steps (``or_steps.steps_of``): the first interrupt with
    someone to ask takes the round; otherwise the operating company's current turn step."""

    kind = "operating"

    def new_state(self, rules: Context, state: G18State) -> OperatingState:
        return OperatingState(floated_at_start=[cid for cid, c in state.companies.items() if c.floated])

    def start(self, rules: Context, state: G18State) -> list[str]:
        lines = private_income(rules, state)
        if rules.spec.stock.home_token_on == "operating_round":
            lines += _home_tokens(rules, state)
        return lines + proceed(rules, state)

    def _interrupt(self, rules: Context, state: G18State) -> tuple[Step, tuple[str, ...]] | None:
        for step in interrupts(rules):
            if step.beside:
                continue
            who = step.active_entities(rules, state)
            if who:
                return step, who
        return None

    def active_entities(self, rules: Context, state: G18State) -> tuple[str, ...]:
        found = self._interrupt(rules, state)
        if found is not None:
            return found[1]
        if _rs(state).current is None:
            return ()
        step = current_step(rules, state)
        return step.active_entities(rules, state) if step is not None else ()

    def legal_actions(self, rules: Context, state: G18State, entity: str) -> list[Action]:
        found = self._interrupt(rules, state)
        if found is not None:
            return found[0].actions(rules, state, entity) if entity in found[1] else []
        if _rs(state).current is None:
            return []
        step = current_step(rules, state)
        if step is None or entity not in step.active_entities(rules, state):
            return []
        legal = step.actions(rules, state, entity)
        for side in _beside(rules, state, entity):
            legal = [*side.actions(rules, state, entity), *legal]
        return legal

    def apply(self, rules: Context, state: G18State, action: Action) -> list[str]:
        anytime = None
        for s in interrupts(rules):
            if s.out_of_turn and isinstance(action, s.handles):
                anytime = s
                break
        if anytime is not None and action.entity != _rs(state).current and not _holding(rules, state):
            plan = anytime.check(rules, state, action)
            return anytime.apply(rules, state, action, plan) + proceed(rules, state)
        found = self._interrupt(rules, state)
        if type(self).active_entities is OperatingRound.active_entities:
            _require_active(rules, state, action.entity, found)
        else:  # a round that says itself who is active
            require_active(rules, state, action.entity)
        if found is not None:
            step = found[0]
        else:
            rs = _rs(state)
            assert rs.current is not None
            current = current_step(rules, state)
            assert current is not None
            step = current
            # the first beside step taking the action that offers the entity actions now, else
            # the first taking it at all (not usable now: its check names the rule)
            side = first = None
            for s in interrupts(rules):
                if s.beside and isinstance(action, s.handles):
                    if first is None:
                        first = s
                    if action.entity in s.active_entities(rules, state):
                        side = s
                        break
            if side is None:
                side = first
            if side is not None:
                step = side
            elif action.entity == rs.current and not isinstance(action, (Pass, *step.handles)):
                owner = step_of_action(rules, action)
                if owner is not None:
                    raise IllegalAction(
                        "rule:operating_round.step",
                        f"{type(action).__name__} belongs to the {owner.name} step; now: {rs.step}",
                    )
                raise IllegalAction(
                    "rule:operating_round.action", f"{type(action).__name__} is not an operating-round action"
                )
        plan = step.check(rules, state, action)
        lines = step.apply(rules, state, action, plan)
        for each in after_action_steps(rules):  # the base after_action does nothing
            lines += each.after_action(rules, state)
        return lines + proceed(rules, state)

    def is_finished(self, rules: Context, state: G18State) -> bool:
        return _rs(state).current is None and self._interrupt(rules, state) is None

    def finish(self, rules: Context, state: G18State) -> list[str]:
        return []


def _require_active(rules: Context, state: G18State, entity: str,
                    found: tuple[Step, tuple[str, ...]] | None) -> None:
    """:func:`~framework.eighteen.rounds.require_active` of this round, given its interrupt
    (``OperatingRound._interrupt``, worked out once for the action's check and its step)."""
    if found is not None:
        active = found[1]
    elif _rs(state).current is None:
        active = ()
    else:
        step = current_step(rules, state)
        active = step.active_entities(rules, state) if step is not None else ()
    if entity not in active:
        who = ", ".join(active) or "nobody"
        raise IllegalAction("rule:turn_order", f"it is not {entity}'s turn ({who} to act)")


def _beside(rules: Context, state: G18State, entity: str) -> list[Step]:
    """The beside steps (``Step.beside``) that offer ``entity`` actions now."""
    return [s for s in interrupts(rules) if s.beside and entity in s.active_entities(rules, state)]


def _holding(rules: Context, state: G18State) -> bool:
    """Whether an interrupt that stops the round waits for someone."""
    for s in interrupts(rules):  # noqa: SIM110 - any() of a generator costs a frame per step
        if s.holds and s.active_entities(rules, state):
            return True
    return False


def proceed(rules: Context, state: G18State) -> list[str]:
    """Run every step that needs no decision, start the next turn when one ends."""
    rs = _rs(state)
    lines: list[str] = []
    for _ in range(10_000):
        if state.game_over or _holding(rules, state):
            return lines
        if rs.current is not None and state.companies[rs.current].closed:
            lines += end_turn(rules, state)  # it closed in its turn (a closing market cell)
            continue
        if rs.current is None:
            cid = next_company(rules, state)
            if cid is None:
                exported = export.at_set_end(rules, state)
                if not exported:
                    return lines
                lines += exported
                queue_discards(rules, state)  # the new phase's limit, before the round ends
                continue
            lines += start_turn(rules, state, cid)
            continue
        step = current_step(rules, state)
        more = step.auto(rules, state) if step is not None else None
        if more is None:
            return lines
        lines += more
    raise RuntimeError("the operating round keeps resolving steps without a decision")


def _home_tokens(rules: Context, state: G18State) -> list[str]:
    """``home_token_on: operating_round``: every corporation that will operate gets its home
    token as the round starts, in operating order, so a home city floated in the stock round
    is already taken when the first company runs (a home still to choose waits for its turn)."""
    listed = {cid: i for i, cid in enumerate(rules.spec.companies)}
    due = [cid for cid in _rs(state).floated_at_start if may_operate(rules, state, cid)]
    lines: list[str] = []
    for cid in sorted(due, key=lambda c: order_key(rules, state, c, listed[c])):
        lines += tokens.place_home_token(rules, state, cid)
    return lines


def private_income(rules: Context, state: G18State) -> list[str]:
    """Open privates pay their income to their owner at the start of each operating round."""
    lines = []
    for cid, cdef in rules.spec.companies.items():
        company = state.companies[cid]
        if company.kind != "private" or company.closed or (cdef.income is None and not cdef.ability_defs):
            continue
        owner = next((c.owner for c in company.certificates if c.director), None)
        if owner is None or not (state.is_player(owner) or owner in state.companies):
            continue
        if state.is_player(owner) and state.player(owner).bankrupt:
            continue
        amount = revenue_change.income(rules, state, cid)
        if amount:
            state.pay(BANK, owner, amount)
            lines.append(f"{owner} receives {amount} from {cid}")
    return lines


def invariants(rules: Context, state: G18State) -> list[str]:
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
