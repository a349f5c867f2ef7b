"""The start-of-round choices (an interlude before each stock and operating round).

In the order the rules give them: Sd #5's home (before the first tile, rule I), forced coal
exchanges (a sold-out major, at an operating round), optional coal exchanges (II, XIII, in the
majors' operating order, director first, clockwise; when the coal trains do not all fit, the
major's director picks which it takes), then kk #1's owner opening the k.k.
National Railway and the other kk minors folding in (from the kk director clockwise), then the
same for the Hungarian National Railway (XII). Each choice is asked once per round."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from framework.core.actions import Action
from framework.core.errors import IllegalAction
from framework.eighteen.rounds import RoundType, register_round_type, require_active
from framework.eighteen.state import G18State, RoundState

from . import coal_companies, minors, nationals
from .actions import ChooseHome, ExchangeCoal, FoldIn, KeepCoalTrains, OpenNational

if TYPE_CHECKING:
    from framework.eighteen.ruleset import G18Ruleset

KIND = "1837_start_of_round"
OPTIONAL_NATIONALS = ("KK", "UG")


@attrs.define
class ChoiceState(RoundState):
    upcoming: str = ""
    answered: list[str] = attrs.Factory(list)


@attrs.frozen
class Decision:
    key: str  # "home:SD5", "coal:EPP", "keep:EPP", "open:KK", "fold:KK2"
    player: str
    subject: str


def pending(rules: G18Ruleset, state: G18State, answered: list[str], upcoming: str) -> Decision | None:
    """The next choice to ask, or None (a bankrupt player is asked nothing)."""
    decision = _first_pending(rules, state, answered, upcoming)
    skipped = list(answered)
    while decision is not None and state.player(decision.player).bankrupt:
        skipped.append(decision.key.replace("keep:", "kept:"))
        decision = _first_pending(rules, state, skipped, upcoming)
    return decision


def _first_pending(
    rules: G18Ruleset, state: G18State, answered: list[str], upcoming: str
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
    for cid in rules.spec.companies:
        if minors.needs_home_choice(rules, state, cid) and f"home:{cid}" not in done:
            return Decision(f"home:{cid}", state.director(cid), cid)  # type: ignore[arg-type]
    declined = {k.split(":", 1)[1] for k in done if k.startswith("coal:")}
    for coal in coal_companies.optional(rules, state, declined):
        return Decision(f"coal:{coal}", state.director(coal), coal)  # type: ignore[arg-type]
    for national in OPTIONAL_NATIONALS:
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


def forced(rules: G18Ruleset, state: G18State, upcoming: str) -> bool:
    return upcoming == "operating" and any(
        coal_companies.must_exchange(rules, state, c) for c in coal_companies.coal_companies(rules)
    )


def needed(rules: G18Ruleset, state: G18State, upcoming: str) -> bool:
    if upcoming not in ("stock", "operating"):
        return False
    return forced(rules, state, upcoming) or pending(rules, state, [], upcoming) is not None


def _rs(state: G18State) -> ChoiceState:
    return state.round  # type: ignore[return-value]


@register_round_type
class StartOfRoundChoices(RoundType):
    kind = KIND
    main = False

    def new_state(self, rules: G18Ruleset, state: G18State) -> ChoiceState:
        upcoming = state.round_queue[-1] if state.round_queue else ""
        return ChoiceState(upcoming=upcoming)

    def start(self, rules: G18Ruleset, state: G18State) -> list[str]:
        if _rs(state).upcoming == "operating":
            return coal_companies.exchange_sold_out(rules, state)
        return []

    def _decision(self, rules: G18Ruleset, state: G18State) -> Decision | None:
        rs = _rs(state)
        return pending(rules, state, rs.answered, rs.upcoming)

    def active_entities(self, rules: G18Ruleset, state: G18State) -> tuple[str, ...]:
        d = self._decision(rules, state)
        return (d.player,) if d is not None else ()

    def legal_actions(self, rules: G18Ruleset, state: G18State, entity: str) -> list[Action]:
        d = self._decision(rules, state)
        if d is None or d.player != entity:
            return []
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
        return [FoldIn(entity, d.subject, True), FoldIn(entity, d.subject, False)]

    def apply(self, rules: G18Ruleset, state: G18State, action: Action) -> list[str]:
        require_active(rules, state, action.entity)
        d = self._decision(rules, state)
        assert d is not None
        rs = _rs(state)
        player = action.entity
        kind = d.key.split(":", 1)[0]
        expected = {
            "home": ChooseHome,
            "coal": ExchangeCoal,
            "keep": KeepCoalTrains,
            "open": OpenNational,
            "fold": FoldIn,
        }[kind]
        if not isinstance(action, expected):
            raise IllegalAction("XII", f"{player} must first decide on {d.subject}")
        subject = {
            ChooseHome: lambda a: a.company,
            ExchangeCoal: lambda a: a.company,
            KeepCoalTrains: lambda a: a.company,
            OpenNational: lambda a: a.national,
            FoldIn: lambda a: a.minor,
        }[expected](action)
        if subject != d.subject:
            raise IllegalAction("XII", f"{player} must first decide on {d.subject}")
        if isinstance(action, KeepCoalTrains):
            options = [set(o) for o in coal_companies.keep_choices(rules, state, d.subject) or []]
            if set(action.trains) not in options:
                raise IllegalAction("XIII", f"{player} may keep one of {options} of {d.subject}'s trains")
            rs.answered.append(f"kept:{d.subject}")
            return coal_companies.exchange(rules, state, d.subject, list(action.trains))
        rs.answered.append(d.key)
        if isinstance(action, ChooseHome):
            return minors.choose_home(rules, state, action.company, action.hex)
        if not action.accept:  # type: ignore[attr-defined]
            return [f"{player} declines ({d.key.replace(':', ' ')})"]
        if isinstance(action, ExchangeCoal):
            director = state.director(coal_companies.target(rules, action.company))
            choose = director is not None and not state.player(director).bankrupt
            if choose and coal_companies.keep_choices(rules, state, action.company):
                rs.answered.append(f"keep:{action.company}")  # the major's director chooses
                return [f"{player} exchanges {action.company}; the director of its major picks its trains"]
            return coal_companies.exchange(rules, state, action.company)
        if isinstance(action, OpenNational):
            return nationals.open_national(rules, state, action.national)
        national = rules.spec.companies[d.subject].merges_into
        return nationals.fold_in(rules, state, national, [d.subject])

    def is_finished(self, rules: G18Ruleset, state: G18State) -> bool:
        return self._decision(rules, state) is None
