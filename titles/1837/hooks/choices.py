"""The choices the rules put to players outside their turns.

At the start of each stock and operating round (an interlude round), in the order the rules
give them: Sd #5's home (before the first tile, rule I), forced coal exchanges (a sold-out
major, at an operating round), optional coal exchanges (II, XIII, in the majors' operating
order, director first, clockwise; when the coal trains do not all fit, the major's director
picks which it takes, forced exchanges included), then kk #1's owner opening the k.k.
National Railway and the other kk minors folding in (from the kk director clockwise), then the
same for the Hungarian National Railway (XII). Each choice is asked once per round.

In the middle of an operating round (the round's generic ``decision`` step, asked through
``Hooks.pending_decision``; setup.yaml names the step): right after the first
"4" (or "4E") is bought, kk #1's owner (Ug #1's director) "may now declare" the national open
and its other minors then fold in or not; and the coal trains a major takes in the forced
exchanges of the first "5". The round waits until they have answered."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from railyard.framework.core.actions import Action
from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen import trains
from railyard.framework.eighteen.hooks import Decision
from railyard.framework.eighteen.or_steps import has_step
from railyard.framework.eighteen.primitives import move_train
from railyard.framework.eighteen.rounds import RoundType, register_round_type, require_active
from railyard.framework.eighteen.state import TRAIN_POOL, G18State, RoundState

from . import coal_companies, minors, nationals
from .actions import (
    ChooseHome,
    ExchangeCoal,
    FoldIn,
    KeepCoalTrains,
    OpenNational,
    SurrenderNationalTrain,
)
from .common import option

if TYPE_CHECKING:
    from railyard.framework.eighteen.context import Context

KIND = "1837_start_of_round"
OPTIONAL_NATIONALS = ("KK", "UG")


@attrs.define(repr=False)
class ChoiceState(RoundState):
    upcoming: str = ""
    answered: list[str] = attrs.Factory(list)


# a Decision's key: "home:SD5", "coal:EPP", "keep:EPP", "open:KK", "fold:KK2", "trim:KK"; its entity is
# the player to choose


def pending(
    rules: Context, state: G18State, answered: list[str], upcoming: str, window: str | None = None
) -> Decision | None:
    """The next choice to ask, or None (a bankrupt player is asked nothing). ``window``: in
    the middle of an operating round, only forced exchanges and the opening of that national
    (with its minors folding in) are asked."""
    decision = _first_pending(rules, state, answered, upcoming, window)
    skipped = list(answered)
    while decision is not None and state.player(decision.entity).bankrupt:
        skipped.append(decision.key.replace("keep:", "kept:"))
        decision = _first_pending(rules, state, skipped, upcoming, window)
    return decision


def _first_pending(
    rules: Context, state: G18State, answered: list[str], upcoming: str, window: str | None
) -> Decision | None:
    done = set(answered)
    for key in answered:
        if key.startswith("keep:"):
            coal = key.split(":", 1)[1]
            if coal_companies.running(state, coal) and f"kept:{coal}" not in done:
                major = coal_companies.target(rules, coal)
                director = state.director(major)
                if director is not None:
                    return Decision(key, director, coal)
    if window is None:
        trim = _over_limit_national(rules, state)
        if trim is not None:
            return trim
        for cid in rules.spec.companies:
            if minors.needs_home_choice(rules, state, cid) and f"home:{cid}" not in done:
                return Decision(f"home:{cid}", state.director(cid), cid)  # type: ignore[arg-type]
    forced_coal = coal_companies.awaiting_keep(rules, state)
    if forced_coal is not None:
        director = state.director(coal_companies.target(rules, forced_coal))
        return Decision(f"keep:{forced_coal}", director, forced_coal)  # type: ignore[arg-type]
    if window is not None:  # "": only forced exchanges
        return _national_decision(rules, state, window, done) if window else None
    declined = {k.split(":", 1)[1] for k in done if k.startswith("coal:")}
    for coal in coal_companies.optional(rules, state, declined):
        return Decision(f"coal:{coal}", state.director(coal), coal)  # type: ignore[arg-type]
    for national in OPTIONAL_NATIONALS:
        decision = _national_decision(rules, state, national, done)
        if decision is not None:
            return decision
    return None


def _over_limit_national(rules: Context, state: G18State) -> Decision | None:
    """XI: a national left over its train limit by minors folding in at the start of a round;
    its director surrenders trains one at a time until it is within (during an operating
    round the round's own discard step asks)."""
    for national in nationals.OPENING:
        space = trains.room(rules, state, national)
        director = state.director(national)
        if space is not None and space < 0 and director is not None:
            return Decision(f"trim:{national}", director, national)
    return None


def _national_decision(rules: Context, state: G18State, national: str, done: set[str]) -> Decision | None:
    """Minor #1's owner opens the national; once it is open its other minors fold in."""
    first = nationals.first_minor(rules, national)
    if (
        nationals.may_open(state, national)
        and f"open:{national}" not in done
        and state.director(first) is not None
        and not state.companies[first].closed
    ):
        return Decision(f"open:{national}", state.director(first), national)  # type: ignore[arg-type]
    for minor in nationals.fold_in_candidates(rules, state, national):
        if f"fold:{minor}" not in done and state.director(minor) is not None:
            return Decision(f"fold:{minor}", state.director(minor), minor)  # type: ignore[arg-type]
    return None


def forced(rules: Context, state: G18State, upcoming: str) -> bool:
    waiting = coal_companies.awaiting_keep(rules, state) is not None
    return waiting or upcoming == "operating" and any(
        coal_companies.must_exchange(rules, state, c) for c in coal_companies.coal_companies(rules)
    )


def needed(rules: Context, state: G18State, upcoming: str) -> bool:
    if upcoming not in ("stock", "operating"):
        return False
    return forced(rules, state, upcoming) or pending(rules, state, [], upcoming) is not None


def choice_actions(rules: Context, state: G18State, d: Decision) -> list[Action]:
    """The answers to decision ``d`` (its player's legal actions)."""
    entity = d.entity
    kind = d.key.split(":", 1)[0]
    if kind == "home":
        return [ChooseHome(entity, d.subject, h) for h, _ in minors.home_choices(rules, d.subject)]
    if kind == "coal":
        return [ExchangeCoal(entity, d.subject, True), ExchangeCoal(entity, d.subject, False)]
    if kind == "keep":
        options = coal_companies.keep_choices(rules, state, d.subject) or []
        return [KeepCoalTrains(entity, d.subject, tuple(o)) for o in options]
    if kind == "open":
        return [OpenNational(entity, d.subject, True), OpenNational(entity, d.subject, False)]
    if kind == "trim":
        first_of_name: dict[str, str] = {}
        for train_id in state.companies[d.subject].trains:
            first_of_name.setdefault(state.trains[train_id].name, train_id)
        return [SurrenderNationalTrain(entity, d.subject, t) for t in first_of_name.values()]
    return [FoldIn(entity, d.subject, True), FoldIn(entity, d.subject, False)]


def answer(
    rules: Context, state: G18State, d: Decision, action: Action, answered: list[str]
) -> list[str]:
    """Check ``action`` against decision ``d`` and apply it (``answered`` records it)."""
    player = action.entity
    kind = d.key.split(":", 1)[0]
    expected = {
        "home": ChooseHome,
        "coal": ExchangeCoal,
        "keep": KeepCoalTrains,
        "open": OpenNational,
        "fold": FoldIn,
        "trim": SurrenderNationalTrain,
    }[kind]
    if not isinstance(action, expected):
        raise IllegalAction("XII", f"{player} must first decide on {d.subject}")
    subject = {
        ChooseHome: lambda a: a.company,
        ExchangeCoal: lambda a: a.company,
        KeepCoalTrains: lambda a: a.company,
        OpenNational: lambda a: a.national,
        FoldIn: lambda a: a.minor,
        SurrenderNationalTrain: lambda a: a.national,
    }[expected](action)
    if subject != d.subject:
        raise IllegalAction("XII", f"{player} must first decide on {d.subject}")
    if isinstance(action, SurrenderNationalTrain):
        # asked again (not recorded as answered) until the national is within its limit
        if action.train not in state.companies[d.subject].trains:
            raise IllegalAction("XI", f"{d.subject} does not own train {action.train}")
        move_train(state, action.train, TRAIN_POOL)
        return [f"{d.subject} surrenders train {action.train} to the bank pool (over its limit)"]
    if isinstance(action, KeepCoalTrains):
        options = [set(o) for o in coal_companies.keep_choices(rules, state, d.subject) or []]
        if set(action.trains) not in options:
            raise IllegalAction("XIII", f"{player} may keep one of {options} of {d.subject}'s trains")
        answered.append(f"kept:{d.subject}")
        lines = coal_companies.exchange(rules, state, d.subject, list(action.trains))
        return lines + coal_companies.run_forced(rules, state)  # the forced ones waiting behind it
    answered.append(d.key)
    if isinstance(action, ChooseHome):
        return minors.choose_home(rules, state, action.company, action.hex)
    if not action.accept:  # type: ignore[attr-defined]
        return [f"{player} declines ({d.key.replace(':', ' ')})"]
    if isinstance(action, ExchangeCoal):
        if coal_companies.director_chooses(rules, state, action.company):
            answered.append(f"keep:{action.company}")  # the major's director chooses
            return [f"{player} exchanges {action.company}; the director of its major picks its trains"]
        return coal_companies.exchange(rules, state, action.company)
    if isinstance(action, OpenNational):
        return nationals.open_national(rules, state, action.national)
    national = rules.spec.companies[d.subject].merges_into
    assert national is not None, f"{d.subject} merges into no national"  # a fold-in decision's subject
    return nationals.fold_in(rules, state, national, [d.subject])


def _rs(state: G18State) -> ChoiceState:
    return state.round  # type: ignore[return-value]


@register_round_type
class StartOfRoundChoices(RoundType):
    kind = KIND
    main = False

    def new_state(self, rules: Context, state: G18State) -> ChoiceState:
        upcoming = state.round_queue[-1] if state.round_queue else ""
        return ChoiceState(upcoming=upcoming)

    def start(self, rules: Context, state: G18State) -> list[str]:
        if _rs(state).upcoming == "operating":
            return coal_companies.exchange_sold_out(rules, state)
        return coal_companies.run_forced(rules, state)

    def _decision(self, rules: Context, state: G18State) -> Decision | None:
        rs = _rs(state)
        return pending(rules, state, rs.answered, rs.upcoming)

    def active_entities(self, rules: Context, state: G18State) -> tuple[str, ...]:
        d = self._decision(rules, state)
        return (d.entity,) if d is not None else ()

    def legal_actions(self, rules: Context, state: G18State, entity: str) -> list[Action]:
        d = self._decision(rules, state)
        if d is None or d.entity != entity:
            return []
        return choice_actions(rules, state, d)

    def apply(self, rules: Context, state: G18State, action: Action) -> list[str]:
        require_active(rules, state, action.entity)
        d = self._decision(rules, state)
        assert d is not None
        return answer(rules, state, d, action, _rs(state).answered)

    def is_finished(self, rules: Context, state: G18State) -> bool:
        return self._decision(rules, state) is None


# ---------------------------------------------------------------------- during an operating round
#: state.extra key: the national whose opening the first "4" / "4E" just offered, and the
#: answers given so far ({"national": "KK", "answered": [...]})
WINDOW_KEY = "1837_open_now"


def _window(state: G18State) -> dict | None:
    return state.extra.get(WINDOW_KEY)


def midround_decision(rules: Context, state: G18State) -> Decision | None:
    """The choice the operating round waits for: a forced coal exchange's trains (the first
    "5"), or the national the last purchase let open (XII)."""
    extra = state.extra
    window = extra.get(WINDOW_KEY)
    if window is None:
        # awaiting_keep's first test inline (asked after every operating-round action): no
        # forced exchange queued, nothing to wait for
        if not extra.get(coal_companies.FORCED_KEY) or coal_companies.awaiting_keep(rules, state) is None:
            return None
        return pending(rules, state, [], "operating", window="")
    return pending(rules, state, window["answered"], "operating", window=window["national"])


def offer_opening(rules: Context, state: G18State, national: str) -> list[str]:
    """XII "4" / "4E": minor #1's owner "may now declare" the national open: in the operating
    round of the purchase, at once (the national then does not run in that round); declined,
    the chance comes back at the start of each later round. The 18xx.games site first asks
    at the start of the next round (variant ``18xx_games``)."""
    first = nationals.first_minor(rules, national)
    later = f"the owner of {first} may open {national} at the start of a round"
    if option(rules, "national_opening") != "at_once" or state.round.kind != "operating" or not has_step(rules, "decision"):
        return [later]
    state.extra[WINDOW_KEY] = {"national": national, "answered": []}
    d = midround_decision(rules, state)
    if d is None or d.key != f"open:{national}":
        state.extra.pop(WINDOW_KEY, None)
        return [later]
    return [f"{d.entity} (owner of {first}) may open {national} now"]


def answer_midround(rules: Context, state: G18State, d: Decision, action: Action) -> list[str]:
    """Answer the operating round's pending decision (the window records it)."""
    window = _window(state)
    return answer(rules, state, d, action, window["answered"] if window else [])


def close_window(state: G18State) -> list[str]:
    """Nothing is left to ask in the operating round: the opening's window closes."""
    state.extra.pop(WINDOW_KEY, None)
    return []
