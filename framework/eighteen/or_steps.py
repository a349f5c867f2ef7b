"""The operating round's steps (rule IV of the common 18xx rules) and the turn they make up.

Default list (``DEFAULT_STEPS``): the interrupts ``discard`` (a company over its train limit
discards first) and ``offer`` (a train offered to another player's company awaits its
answer), then the turn ``home`` -> ``tile`` -> ``token`` -> ``run`` -> ``dividend`` ->
``trains``. ``decision`` (a pending decision, asked through the ``pending_decision`` hooks)
is registered for titles that name it. ``Pass`` (the company as entity) skips a turn step; in
the trains step it ends the turn.
"""

from __future__ import annotations

from typing import Any

from railyard.framework.core.actions import Action
from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen import (
    dividends,
    emergency,
    lay_schedule,
    running,
    tile_lay,
    tokens,
    trains,
)
from railyard.framework.eighteen.abilities import lays
from railyard.framework.eighteen.actions import Pass, SellShares
from railyard.framework.eighteen.context import Context
from railyard.framework.eighteen.control import controller_of
from railyard.framework.eighteen.hooks import Decision
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
from railyard.framework.eighteen.private_actions import BuyTrainTradeIn
from railyard.framework.eighteen.state import BANK, G18State
from railyard.framework.eighteen.steps import Step, register_step, step_class
from railyard.framework.memo import IdMemo
from railyard.framework.model.setup import OperatingRoundRules

DEFAULT_STEPS = OperatingRoundRules().steps
#: the turn steps of the default list, in order
STEPS = tuple(name for name in DEFAULT_STEPS if name not in ("discard", "offer"))


def _rs(state: G18State) -> Any:
    return state.round


# ---------------------------------------------------------------------- the list of steps
# context -> (its steps, the turn steps, the interrupts, turn step by name): asked for several
# times per action
_BUILT: IdMemo[tuple[tuple[Step, ...], tuple[Step, ...], tuple[Step, ...],
                     dict[str, Step]]] = IdMemo(64)


def build_steps(ctx: Context) -> tuple[Step, ...]:
    """The operating round's steps: the data's list (or the default), then the hook's say."""
    names = tuple(ctx.spec.setup.operating_round.steps)
    if "together_lays" not in names and any(
            getattr(a, "together", False) for c in ctx.spec.companies.values() for a in c.ability_defs):
        names = ("together_lays", *names)  # lays made together hold the round until all are made
    if "teleport_token" not in names and any(
            type(a).__name__ == "Teleport" for c in ctx.spec.companies.values() for a in c.ability_defs):
        names = ("teleport_token", *names)  # a teleport's token (or its refusal) comes first
    steps = [step_class(name)() for name in names]
    steps = list(ctx.hooks.operating_steps(steps))
    if not any(s.turn for s in steps):
        raise ValueError("the operating round has no turn step")
    return tuple(steps)


def _built(ctx: Context) -> tuple[tuple[Step, ...], tuple[Step, ...], tuple[Step, ...], dict[str, Step]]:
    found = _BUILT.get(id(ctx))
    if found is None or found[0] is not ctx:
        steps = build_steps(ctx)
        turn = tuple(s for s in steps if s.turn)
        by_name: dict[str, Step] = {}
        for step in turn:
            by_name.setdefault(step.name, step)
        return _BUILT.put(ctx, id(ctx), (steps, turn, tuple(s for s in steps if not s.turn), by_name))
    return found[1]


# steps -> the ones that do something after each action: the base ``Step.after_action`` does
# nothing, and the round asks every step after every action (what is read is the steps'
# classes, which never change: the entry names the tuple by identity)
_AFTER: IdMemo[tuple[Step, ...]] = IdMemo(64, identity_only=True)


def after_action_steps(ctx: Context) -> tuple[Step, ...]:
    """The steps of :func:`steps_of` whose ``after_action`` is not the base one (which does
    nothing), in order."""
    steps = steps_of(ctx)
    found = _AFTER.get(id(steps))  # inline: asked after every action
    if found is None or found[0] is not steps:
        return _AFTER.put(steps, id(steps), _acting(steps))
    return found[1]


def _acting(steps: tuple[Step, ...]) -> tuple[Step, ...]:
    return tuple(s for s in steps
                 if getattr(s.after_action, "__func__", None) is not Step.after_action)


def steps_of(ctx: Context) -> tuple[Step, ...]:
    found = _BUILT.get(id(ctx))  # _built's lookup inline: asked several times per action
    return found[1][0] if found is not None and found[0] is ctx else _built(ctx)[0]


def has_step(ctx: Context, name: str) -> bool:
    return any(s.name == name for s in steps_of(ctx))


def turn_steps(ctx: Context) -> tuple[Step, ...]:
    found = _BUILT.get(id(ctx))
    return found[1][1] if found is not None and found[0] is ctx else _built(ctx)[1]


def interrupts(ctx: Context) -> tuple[Step, ...]:
    found = _BUILT.get(id(ctx))
    return found[1][2] if found is not None and found[0] is ctx else _built(ctx)[2]


def current_step(ctx: Context, state: G18State) -> Step | None:
    found = _BUILT.get(id(ctx))
    by_name = found[1][3] if found is not None and found[0] is ctx else _built(ctx)[3]
    return by_name.get(state.round.step)  # type: ignore[attr-defined]


def step_of_action(ctx: Context, action: Action) -> Step | None:
    """The turn step an action type belongs to (``Pass`` belongs to every one)."""
    return next((s for s in turn_steps(ctx) if isinstance(action, s.handles)), None)


# ---------------------------------------------------------------------- the turn
# turn steps -> their names (their classes', which never change: the entry names the tuple by
# identity)
_NAMES: IdMemo[list[str]] = IdMemo(64, identity_only=True)


def _names_of(seq: tuple[Step, ...]) -> list[str]:
    found = _NAMES.get(id(seq))
    if found is None or found[0] is not seq:
        return _NAMES.put(seq, id(seq), [s.name for s in seq])
    return found[1]


def next_step(ctx: Context, state: G18State) -> None:
    """Move on to the next turn step the operating company has (the last one if none)."""
    rs = _rs(state)
    assert rs.current is not None
    seq = turn_steps(ctx)
    names = _names_of(seq)
    i = names.index(rs.step) + 1 if rs.step in names else 0
    while i < len(seq) and not seq[i].applies(ctx, state, rs.current):
        i += 1
    rs.step = names[i] if i < len(seq) else names[-1]


def start_turn(ctx: Context, state: G18State, cid: str) -> list[str]:
    rs = _rs(state)
    rs.current = cid
    rs.step = ""
    rs.tiles_laid = rs.tokens_placed = 0
    rs.tiles_upgraded = False
    rs.revenue = 0
    rs.routes = []
    rs.declined = []
    rs.presidency_sold = []
    rs.emergency_sold = []
    rs.last_sale_share_price = None
    lines = [f"{cid} operates"]
    lines += tokens.place_home_token(ctx, state, cid)
    lines += ctx.hooks.on_operating_turn_start(state, cid)
    next_step(ctx, state)
    return lines


def end_turn(ctx: Context, state: G18State) -> list[str]:
    rs = _rs(state)
    cid = rs.current
    assert cid is not None
    rs.done.append(cid)
    state.companies[cid].operated = True
    rs.current = None
    rs.step = ""
    return [f"{cid} ends its turn"]


def queue_discards(ctx: Context, state: G18State) -> None:
    """Every company over its train limit must discard before the round goes on."""
    rs = _rs(state)
    for cid in trains.over_limit(ctx, state):
        if cid not in rs.discards:
            rs.discards.append(cid)


def home_choices(ctx: Context, state: G18State, cid: str) -> list[str]:
    homes = ctx.spec.companies[cid].home
    return [h.hex if h.city is None else f"{h.hex}.{h.city}" for h in homes]


def may_end_turn(ctx: Context, state: G18State, cid: str) -> bool:
    """A company that must own a train may end its turn without one only if none is on offer
    (trains whose sale was declined this turn do not count)."""
    if not trains.needs_train(ctx, state, cid):
        return True
    declined = _rs(state).declined
    return not any(t not in declined for t, _ in trains.iter_offers(ctx, state, cid))


def _ok_surrender(ctx: Context, state: G18State, cid: str, train_id: str) -> bool:
    try:
        trains.check_surrender(ctx, state, SurrenderTrain(cid, train_id))
    except IllegalAction:
        return False
    return True


def _bankrupt_ok(ctx: Context, state: G18State, cid: str, player: str) -> bool:
    try:
        emergency.check_bankruptcy(ctx, state, cid, DeclareBankruptcy(player))
    except IllegalAction:
        return False
    return True


# ---------------------------------------------------------------------- turn steps
class TurnStep(Step):
    """A step of the operating company's turn. A ``Pass`` skips it unless ``must_decide``
    names the rule that forbids skipping."""

    must_decide: tuple[str, str] | None = None  # (rule, message with {cid})

    def check(self, ctx: Context, state: G18State, action: Action) -> Any:
        cid = _rs(state).current
        if action.entity != cid:
            raise IllegalAction("rule:operating_round.step", "the director acts only to raise money for a train")
        if isinstance(action, Pass):
            if self.must_decide is not None:
                rule, message = self.must_decide
                raise IllegalAction(rule, message.format(cid=cid))
            return None
        if not isinstance(action, self.handles):
            return super().check(ctx, state, action)
        return self.check_own(ctx, state, action)

    def check_own(self, ctx: Context, state: G18State, action: Action) -> Any:
        return None

    def apply(self, ctx: Context, state: G18State, action: Action, plan: Any) -> list[str]:
        if isinstance(action, Pass):
            next_step(ctx, state)
            return [f"{action.entity} passes ({self.name})"]
        return self.apply_own(ctx, state, action, plan)

    def apply_own(self, ctx: Context, state: G18State, action: Action, plan: Any) -> list[str]:
        return []


@register_step
class HomeStep(TurnStep):
    """Choose a home when the company has a choice and no token yet."""

    name = "home"
    handles = (ChooseHome,)
    must_decide = ("rule:operating_round.home", "{cid} must choose its home")

    def applies(self, ctx: Context, state: G18State, company_id: str) -> bool:
        return (
            state.companies[company_id].home is None
            and len(ctx.spec.companies[company_id].home) > 1
            and state.board is not None
            and not state.board.tokens_of(company_id)
        )

    def actions(self, ctx: Context, state: G18State, entity: str) -> list[Action]:
        return [ChooseHome(entity, h) for h in home_choices(ctx, state, entity)]

    def check_own(self, ctx: Context, state: G18State, action: Action) -> Any:
        assert isinstance(action, ChooseHome)
        if action.home not in home_choices(ctx, state, action.entity):
            raise IllegalAction("rule:operating_round.home", f"{action.home} is not a home of {action.entity}")

    def apply_own(self, ctx: Context, state: G18State, action: Action, plan: Any) -> list[str]:
        assert isinstance(action, ChooseHome)
        cid = action.entity
        state.companies[cid].home = action.home
        lines = [f"{cid} chooses {action.home} as its home"] + tokens.place_home_token(ctx, state, cid)
        next_step(ctx, state)
        return lines


@register_step
class TileStep(TurnStep):
    """Lay or upgrade tiles (``tiles_per_turn``)."""

    name = "tile"
    handles = (LayTile,)

    def applies(self, ctx: Context, state: G18State, company_id: str) -> bool:
        return ctx.spec.type_of(company_id).lays_tiles and state.board is not None

    def actions(self, ctx: Context, state: G18State, entity: str) -> list[Action]:
        if lay_schedule.turn_done(ctx, state):
            return [Pass(entity)]  # held open for a private's lay (tile_step_done)
        lays = lay_schedule.allowed(ctx, state, entity, tile_lay.choices(ctx, state, entity))
        return [*lays, Pass(entity)]

    def check_own(self, ctx: Context, state: G18State, action: Action) -> Any:
        assert isinstance(action, LayTile)
        if lay_schedule.turn_done(ctx, state):
            raise IllegalAction("rule:tile_lay.schedule", f"{action.entity} has no lay left this turn")
        _, upgrade, cost = tile_lay.check(ctx, state, action)
        return lay_schedule.check(ctx, state, action, cost), upgrade

    def apply_own(self, ctx: Context, state: G18State, action: Action, plan: Any) -> list[str]:
        assert isinstance(action, LayTile)
        cost, upgrade = plan
        upgrading = lay_schedule.is_upgrade(state, action.hex)
        lines = tile_lay.apply(ctx, state, action, cost, upgrade)
        rs = _rs(state)
        rs.tiles_laid += 1
        rs.tiles_upgraded = rs.tiles_upgraded or upgrading
        if tile_step_done(ctx, state):
            next_step(ctx, state)
        return lines


def tile_step_done(ctx: Context, state: G18State) -> bool:
    """After a lay in the tile step: whether the step is over. It is when the company has no
    lay left, unless ``tile_step_waits_for_private_lays`` holds it open while a private's lay
    it offers besides remains (the company then ends it with a pass, or the private's lay
    does)."""
    if not lay_schedule.turn_done(ctx, state):
        return False
    if not options(ctx).tile_step_waits_for_private_lays:
        return True
    return not lays.tile_step_lay_pending(ctx, state, _rs(state).current)


@register_step
class TokenStep(TurnStep):
    """Place station tokens beyond the home one (``tokens_per_turn``)."""

    name = "token"
    handles = (PlaceToken,)

    def applies(self, ctx: Context, state: G18State, company_id: str) -> bool:
        return (
            ctx.spec.type_of(company_id).extra_tokens
            and state.companies[company_id].tokens_left > 0
            and state.board is not None
        )

    def actions(self, ctx: Context, state: G18State, entity: str) -> list[Action]:
        return [*tokens.choices(ctx, state, entity), Pass(entity)]

    def check_own(self, ctx: Context, state: G18State, action: Action) -> Any:
        assert isinstance(action, PlaceToken)
        return tokens.check(ctx, state, action)

    def apply_own(self, ctx: Context, state: G18State, action: Action, plan: Any) -> list[str]:
        assert isinstance(action, PlaceToken)
        lines = tokens.apply(ctx, state, action, plan)
        rs = _rs(state)
        rs.tokens_placed += 1
        if rs.tokens_placed >= options(ctx).tokens_per_turn:
            next_step(ctx, state)
        return lines


def record_run(ctx: Context, state: G18State, cid: str, result: running.RunResult) -> list[str]:
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
    next_step(ctx, state)
    return lines


@register_step
class RunStep(TurnStep):
    """Run the trains (or declare no run); nothing to run resolves itself."""

    name = "run"
    handles = (RunRoutes,)
    must_decide = ("rule:running.decide", "{cid} must run its trains or declare no run")

    def actions(self, ctx: Context, state: G18State, entity: str) -> list[Action]:
        best = running.best(ctx, state, entity, _rs(state).ran)
        return [best, RunRoutes(entity, ())] if best.runs else [best]

    def check_own(self, ctx: Context, state: G18State, action: Action) -> Any:
        assert isinstance(action, RunRoutes)
        return running.check(ctx, state, action, _rs(state).ran)

    def apply_own(self, ctx: Context, state: G18State, action: Action, plan: Any) -> list[str]:
        return record_run(ctx, state, action.entity, plan)

    def auto(self, ctx: Context, state: G18State) -> list[str] | None:
        rs = _rs(state)
        if running.runnable(state, rs.current, rs.ran):
            return None
        return record_run(ctx, state, rs.current, running.result_of(ctx, state, rs.current, []))


@register_step
class DividendStep(TurnStep):
    """Pay out, split or withhold the run's revenue; a single choice resolves itself."""

    name = "dividend"
    handles = (Dividend,)
    must_decide = ("rule:dividends.decide", "{cid} must pay out or withhold its revenue")

    def actions(self, ctx: Context, state: G18State, entity: str) -> list[Action]:
        return [Dividend(entity, k) for k in dividends.choices(ctx, state, entity, _rs(state).revenue)]

    def apply_own(self, ctx: Context, state: G18State, action: Action, plan: Any) -> list[str]:
        assert isinstance(action, Dividend)
        return self._distribute(ctx, state, action.entity, action.kind)

    def _distribute(self, ctx: Context, state: G18State, cid: str, kind: str) -> list[str]:
        rs = _rs(state)
        lines = dividends.distribute(ctx, state, cid, rs.revenue, kind)
        rs.revenue = 0
        next_step(ctx, state)
        return lines

    def auto(self, ctx: Context, state: G18State) -> list[str] | None:
        rs = _rs(state)
        kinds = dividends.choices(ctx, state, rs.current, rs.revenue)
        return self._distribute(ctx, state, rs.current, kinds[0]) if len(kinds) == 1 else None


@register_step
class TrainsStep(TurnStep):
    """Buy (or surrender) trains; ``Pass`` ends the turn. A company that must buy a train it
    cannot pay for is helped by its director (emergency sales, bankruptcy), who then acts
    beside it."""

    name = "trains"
    handles = (BuyTrain, BuyTrainTradeIn, SurrenderTrain)  # and the director's SellShares, DeclareBankruptcy

    def active_entities(self, ctx: Context, state: G18State) -> tuple[str, ...]:
        cid = _rs(state).current
        if emergency.director_must_act(ctx, state, cid):
            director = controller_of(state, cid)
            if director is not None:
                return (cid, director)
        return (cid,)

    def _buys(self, ctx: Context, state: G18State, cid: str) -> list[BuyTrain]:
        declined = _rs(state).declined
        return [b for b in trains.buy_choices(ctx, state, cid) if b.train not in declined]

    def actions(self, ctx: Context, state: G18State, entity: str) -> list[Action]:
        cid = _rs(state).current
        if entity != cid:
            out: list[Action] = list(emergency.sale_choices(ctx, state, cid))
            if not out and _bankrupt_ok(ctx, state, cid, entity):
                out.append(DeclareBankruptcy(entity))
            return out
        found: list[Action] = list(self._buys(ctx, state, cid))
        found += trains.trade_in_choices(ctx, state, cid)
        found += [SurrenderTrain(cid, t) for t in state.companies[cid].trains if _ok_surrender(ctx, state, cid, t)]
        if may_end_turn(ctx, state, cid):
            found.append(Pass(cid))
        return found

    def check(self, ctx: Context, state: G18State, action: Action) -> Any:
        cid = _rs(state).current
        if action.entity != cid:
            if isinstance(action, SellShares):
                return emergency.check_sale(ctx, state, cid, action)
            if isinstance(action, DeclareBankruptcy):
                emergency.check_bankruptcy(ctx, state, cid, action)
                return None
            raise IllegalAction(
                "rule:operating_round.action", f"{type(action).__name__} is not a director's action here"
            )
        if isinstance(action, Pass):
            if not may_end_turn(ctx, state, cid):
                raise IllegalAction("rule:trains.must_own", f"{cid} must own a train at the end of its turn")
            return None
        if isinstance(action, BuyTrain):
            if action.train in _rs(state).declined:
                raise IllegalAction("rule:trains.offer", f"the sale of train {action.train} was declined this turn")
            return trains.check_buy(ctx, state, action)
        if isinstance(action, SurrenderTrain):
            return trains.check_surrender(ctx, state, action)
        if isinstance(action, BuyTrainTradeIn):
            return trains.check_trade_in(ctx, state, action)
        return Step.check(self, ctx, state, action)

    def apply(self, ctx: Context, state: G18State, action: Action, plan: Any) -> list[str]:
        rs = _rs(state)
        cid = rs.current
        if action.entity != cid:
            if isinstance(action, SellShares):
                return emergency.apply_sale(ctx, state, action, plan)
            lines = emergency.apply_bankruptcy(ctx, state, cid, action)  # type: ignore[arg-type]
            queue_discards(ctx, state)
            return lines
        if isinstance(action, Pass):
            return end_turn(ctx, state)
        if isinstance(action, BuyTrain):
            if options(ctx).trains_between_players != "any" and trains.needs_consent(
                    state, cid, plan.source):
                rs.offer = (cid, action.train, action.price)
                return [f"{cid} offers {action.price} for train {action.train} of {plan.source}"]
            lines = trains.apply_buy(ctx, state, action, plan)
            queue_discards(ctx, state)
            return lines
        if isinstance(action, BuyTrainTradeIn):
            lines = trains.apply_trade_in(ctx, state, action, plan)
            queue_discards(ctx, state)
            return lines
        assert isinstance(action, SurrenderTrain)
        return trains.apply_surrender(state, action, plan)

    def auto(self, ctx: Context, state: G18State) -> list[str] | None:
        cid = _rs(state).current
        declined = _rs(state).declined
        if not any(b.train not in declined for b in trains.iter_buy_choices(ctx, state, cid)) \
                and not trains.trade_in_choices(ctx, state, cid) and may_end_turn(
            ctx, state, cid) and not any(
            _ok_surrender(ctx, state, cid, t) for t in state.companies[cid].trains
        ) and not _turn_end_held(ctx, state, cid):
            return end_turn(ctx, state)
        return None


def _turn_end_held(ctx: Context, state: G18State, cid: str) -> bool:
    """A beside step with ``holds_turn_end`` offers the company something (a private to buy):
    the turn waits for its ``Pass``."""
    return any(
        s.beside and s.holds_turn_end and cid in s.active_entities(ctx, state) and s.actions(ctx, state, cid)
        for s in interrupts(ctx)
    )


# ---------------------------------------------------------------------- interrupts
@register_step
class DiscardStep(Step):
    """A company over its train limit gives trains to the pool until it is within it."""

    name = "discard"
    turn = False
    holds = True
    handles = (DiscardTrain,)

    def active_entities(self, ctx: Context, state: G18State) -> tuple[str, ...]:
        discards = _rs(state).discards
        return (discards[0],) if discards else ()

    def actions(self, ctx: Context, state: G18State, entity: str) -> list[Action]:
        cid = _rs(state).discards[0]
        return [DiscardTrain(cid, t) for t in state.companies[cid].trains] if entity == cid else []

    def check(self, ctx: Context, state: G18State, action: Action) -> Any:
        if not isinstance(action, DiscardTrain):
            first = _rs(state).discards[0]
            raise IllegalAction("rule:trains.discard", f"{first} must first discard down to its train limit")
        trains.check_discard(ctx, state, action)

    def apply(self, ctx: Context, state: G18State, action: Action, plan: Any) -> list[str]:
        assert isinstance(action, DiscardTrain)
        lines = trains.apply_discard(state, action)
        space = trains.room(ctx, state, action.entity)
        if space is None or space >= 0:
            _rs(state).discards.pop(0)
        return lines


@register_step
class OfferStep(Step):
    """A train offered to another player's company: its director accepts or declines."""

    name = "offer"
    turn = False
    handles = (AnswerTrainOffer,)

    def active_entities(self, ctx: Context, state: G18State) -> tuple[str, ...]:
        offer = _rs(state).offer
        if offer is None:
            return ()
        who = controller_of(state, state.trains[offer[1]].owner)
        return (who,) if who is not None else ()

    def actions(self, ctx: Context, state: G18State, entity: str) -> list[Action]:
        return [AnswerTrainOffer(entity, True), AnswerTrainOffer(entity, False)]

    def check(self, ctx: Context, state: G18State, action: Action) -> Any:
        buyer, train_id, _ = _rs(state).offer
        if not isinstance(action, AnswerTrainOffer):
            raise IllegalAction("rule:trains.offer", f"{buyer}'s offer for train {train_id} awaits an answer")

    def apply(self, ctx: Context, state: G18State, action: Action, plan: Any) -> list[str]:
        assert isinstance(action, AnswerTrainOffer)
        rs = _rs(state)
        buyer, train_id, price = rs.offer
        rs.offer = None
        seller = state.trains[train_id].owner
        if not action.accept:
            rs.declined.append(train_id)
            return [f"{action.entity} declines to sell train {train_id} of {seller}"]
        offer = BuyTrain(buyer, train_id, price)
        purchase = trains.check_buy(ctx, state, offer)
        lines = [f"{action.entity} agrees to sell train {train_id} of {seller}"]
        lines += trains.apply_buy(ctx, state, offer, purchase)
        queue_discards(ctx, state)
        return lines


@register_step
class DecisionStep(Step):
    """A pending decision: the round stops until the named entity chooses.

    What is pending, its answers and their effect come from the title's hooks
    (``pending_decision``, ``decision_actions``, ``answer_decision``); the step only makes
    the round wait. Once nothing is pending after an action, the round tidies up what the
    answers changed: the title's ``on_decisions_settled``, companies that closed leave the
    discards and those now over their limit join them, and a company that closed mid-turn
    ends its turn."""

    name = "decision"
    turn = False
    holds = True

    def _pending(self, ctx: Context, state: G18State) -> Decision | None:
        return ctx.hooks.pending_decision(state)

    def active_entities(self, ctx: Context, state: G18State) -> tuple[str, ...]:
        d = self._pending(ctx, state)
        return (d.entity,) if d is not None else ()

    def actions(self, ctx: Context, state: G18State, entity: str) -> list[Action]:
        d = self._pending(ctx, state)
        if d is None or d.entity != entity:
            return []
        return list(ctx.hooks.decision_actions(state, d))

    def check(self, ctx: Context, state: G18State, action: Action) -> Any:
        d = self._pending(ctx, state)
        assert d is not None
        return d

    def apply(self, ctx: Context, state: G18State, action: Action, plan: Any) -> list[str]:
        return list(ctx.hooks.answer_decision(state, plan, action))

    def after_action(self, ctx: Context, state: G18State) -> list[str]:
        if self._pending(ctx, state) is not None:
            return []
        lines = list(ctx.hooks.on_decisions_settled(state))
        rs = _rs(state)
        rs.discards = [c for c in rs.discards if not state.companies[c].closed]
        rs.discards += [c for c in trains.over_limit(ctx, state) if c not in rs.discards]
        if rs.current is not None and state.companies[rs.current].closed:
            lines += end_turn(ctx, state)
        return lines
