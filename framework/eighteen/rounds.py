"""Round types and the round sequence.

A round type is a stateless object registered under a kind; its state is a ``RoundState``
subclass stored in ``state.round``. A new round (the operating round, a title's exchange
interlude) is a module that registers its type: nothing here needs editing.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, ClassVar

from railyard.framework.core.actions import Action
from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen import export
from railyard.framework.eighteen.end import after_round
from railyard.framework.eighteen.state import G18State, RoundRecord, RoundState

if TYPE_CHECKING:
    from railyard.framework.eighteen.context import Context


class RoundType(ABC):
    """The rules of one kind of round."""

    kind: ClassVar[str] = ""
    #: main rounds drive the default sequence; interludes (exchanges...) do not
    main: ClassVar[bool] = True
    #: a start-packet round
    packet: ClassVar[bool] = False

    def new_state(self, rules: Context, state: G18State) -> RoundState:
        """The round's fresh state (override to return a RoundState subclass)."""
        return RoundState()

    def start(self, rules: Context, state: G18State) -> list[str]:
        """Called once ``state.round`` holds the new round's state."""
        return []

    @abstractmethod
    def active_entities(self, rules: Context, state: G18State) -> tuple[str, ...]:
        """Who may act now."""

    @abstractmethod
    def legal_actions(self, rules: Context, state: G18State, entity: str) -> list[Action]:
        """Legal actions of one active entity."""

    @abstractmethod
    def apply(self, rules: Context, state: G18State, action: Action) -> list[str]:
        """Check and apply an action of this round."""

    @abstractmethod
    def is_finished(self, rules: Context, state: G18State) -> bool:
        """Whether the round is over (checked after every action and after start)."""

    def finish(self, rules: Context, state: G18State) -> list[str]:
        """End-of-round effects (sold-out moves, priority deal...)."""
        return []


_ROUND_TYPES: dict[str, RoundType] = {}


def register_round_type(cls: type[RoundType]) -> type[RoundType]:
    """Class decorator: make ``cls`` the round type of its ``kind``."""
    if not cls.kind:
        raise ValueError(f"{cls.__name__} has no kind")
    _ROUND_TYPES[cls.kind] = cls()
    return cls


def round_type(kind: str, rules: Context | None = None) -> RoundType:
    """The round type of ``kind``: the ruleset's own override if it has one, else the
    registered one."""
    own = getattr(rules, "round_types", None)
    if own and kind in own:
        return own[kind]
    try:
        return _ROUND_TYPES[kind]
    except KeyError:
        raise KeyError(f"no round type registered for kind {kind!r}") from None


def registered_round_kinds() -> tuple[str, ...]:
    return tuple(_ROUND_TYPES)


def start_round(rules: Context, state: G18State, kind: str) -> list[str]:
    """Make ``kind`` the current round and start it."""
    rtype = round_type(kind, rules)
    number = 1 + sum(1 for r in state.history if r.kind == kind)
    if kind == "operating":
        previous_main = next(
            (r for r in reversed(state.history) if round_type(r.kind, rules).main), None
        )
        if previous_main is not None and previous_main.kind == "operating":
            state.operating_round_in_set += 1
        else:
            state.operating_round_in_set = 1
            state.operating_rounds_in_set = rules.spec.phases[state.phase].operating_rounds
    new = rtype.new_state(rules, state)
    new.kind = kind
    new.number = number
    state.round = new
    label = kind.replace("_", " ")
    if kind == "operating":
        label += f" {number} ({state.operating_round_in_set} of {state.operating_rounds_in_set})"
    else:
        label += f" {number}"
    lines = [f"-- {label} --"]
    lines += rtype.start(rules, state)
    lines += rules.hooks.on_round_start(state)
    return lines


def begin_next_round(rules: Context, state: G18State) -> list[str]:
    """Choose and start the round after the current one (queue, then interludes, then main)."""
    lines = rules.hooks.company_formation(state)
    if state.round_queue:
        kind = state.round_queue.pop(0)
    else:
        finished = state.round
        previous_main = finished
        if not round_type(finished.kind, rules).main:
            last = next(
                (r for r in reversed(state.history) if round_type(r.kind, rules).main), None
            )
            previous_main = RoundState(kind=last.kind, number=last.number) if last else finished
        kind = rules.hooks.next_round(state, previous_main)
        extra = rules.hooks.interludes(state, kind)
        if extra:
            state.round_queue = list(extra[1:]) + [kind]
            kind = extra[0]
    return lines + start_round(rules, state, kind)


def advance(rules: Context, state: G18State) -> list[str]:
    """Finish every finished round and start the next, until one needs an action."""
    lines: list[str] = []
    for _ in range(1000):
        if state.game_over:
            return lines
        rtype = round_type(state.round.kind, rules)
        if not rtype.is_finished(rules, state):
            return lines
        lines += rtype.finish(rules, state)
        lines += rules.hooks.on_round_end(state)
        lines += export.at_round_end(rules, state)
        set_index = state.operating_round_in_set if state.round.kind == "operating" else 0
        state.history.append(RoundRecord(state.round.kind, state.round.number, set_index))
        lines += after_round(rules, state)
        if state.game_over:
            return lines
        lines += begin_next_round(rules, state)
    raise RuntimeError("rounds keep finishing without any action: check the round sequence")


def require_active(rules: Context, state: G18State, entity: str) -> None:
    """Refuse an action by someone who is not to act."""
    active = round_type(state.round.kind, rules).active_entities(rules, state)
    if entity not in active:
        who = ", ".join(active) or "nobody"
        raise IllegalAction("rule:turn_order", f"it is not {entity}'s turn ({who} to act)")
