"""Steps: the pieces a round is built from, and the registry a title's data names them by.

A step is a stateless object with a ``name``. It says who must act (``active_entities``),
what they may do (``actions``), whether an action is allowed (``check``, raising
``IllegalAction`` with the rule; it returns a plan for ``apply``) and what the action does
(``apply``). A step that needs no decision resolves itself in ``auto``.

Two kinds of step make up the operating round:

* **turn steps** (``turn = True``: home, tile, token, run, dividend, trains) run one after
  the other for the operating company; ``state.round.step`` names the one in progress and
  ``applies`` says whether a company has the step at all (a minor without tiles skips
  ``tile``);
* **interrupts** (``turn = False``: a pending decision, discards, a train offer awaiting its
  answer) take over the round whenever ``active_entities`` names someone, before the turn
  goes on; with ``holds = True`` nothing resolves by itself meanwhile.

The round's list comes from the title's data (``setup.operating_round.steps``, names
registered here) and then the ``operating_steps`` hook; see docs/architecture.md "Adding a
step".
"""

from __future__ import annotations

from typing import Any, ClassVar

from railyard.framework.core.actions import Action
from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen.context import Context
from railyard.framework.eighteen.state import G18State


class Step:
    """One step of a round; override what the step does (the defaults do nothing)."""

    name: ClassVar[str] = ""
    #: a step of the operating company's turn (else an interrupt of the round)
    turn: ClassVar[bool] = True
    #: an interrupt that stops the round from resolving anything while it waits
    holds: ClassVar[bool] = False
    #: not an interrupt but a step *beside* the turn: its actions are offered to its active
    #: entities next to the current step's, at any moment, without taking the round over
    beside: ClassVar[bool] = False
    #: a beside step whose actions anyone may take out of turn (the step's check decides)
    out_of_turn: ClassVar[bool] = False
    #: a beside step that, while it offers the company actions, keeps the last turn step
    #: from ending the turn by itself: the company ends it with a ``Pass`` (18xx.games'
    #: blocking BuyCompany step after the train purchases)
    holds_turn_end: ClassVar[bool] = False
    #: the action types this step takes (``Pass`` too, for a turn step that may be skipped)
    handles: ClassVar[tuple[type[Action], ...]] = ()

    def applies(self, ctx: Context, state: G18State, company_id: str) -> bool:
        """Turn steps: whether this company has the step this turn (else it is skipped)."""
        return True

    def active_entities(self, ctx: Context, state: G18State) -> tuple[str, ...]:
        """Who must act in this step now (interrupts: empty when nothing waits). Turn steps
        are asked only while they are the step in progress; default: the operating company."""
        current = getattr(state.round, "current", None)
        return (current,) if current is not None else ()

    def actions(self, ctx: Context, state: G18State, entity: str) -> list[Action]:
        """The legal actions of ``entity`` (one of the active entities)."""
        return []

    def check(self, ctx: Context, state: G18State, action: Action) -> Any:
        """Refuse an illegal action (``IllegalAction``); return what ``apply`` needs."""
        raise IllegalAction(
            "rule:operating_round.action", f"{type(action).__name__} is not an action of the {self.name} step"
        )

    def apply(self, ctx: Context, state: G18State, action: Action, plan: Any) -> list[str]:
        """Carry out a checked action; log lines."""
        return []

    def auto(self, ctx: Context, state: G18State) -> list[str] | None:
        """Resolve the step when it needs no decision (log lines), None when it does."""
        return None

    def after_action(self, ctx: Context, state: G18State) -> list[str]:
        """Called after every action of the round, before it resolves what needs no decision."""
        return []


_STEPS: dict[str, type[Step]] = {}


def register_step(cls: type[Step]) -> type[Step]:
    """Class decorator: make ``cls`` the step a title's data names ``cls.name``."""
    if not cls.name:
        raise ValueError(f"{cls.__name__} has no name")
    _STEPS[cls.name] = cls
    return cls


def step_class(name: str) -> type[Step]:
    try:
        return _STEPS[name]
    except KeyError:
        known = ", ".join(sorted(_STEPS))
        raise KeyError(f"no step registered as {name!r} (known: {known})") from None


def registered_steps() -> tuple[str, ...]:
    return tuple(_STEPS)


# -- for a title's ``operating_steps`` hook: change the list by name
def _index(steps: list[Step], name: str) -> int:
    for i, step in enumerate(steps):
        if step.name == name:
            return i
    raise KeyError(f"no step {name!r} in {[s.name for s in steps]}")


def insert_step(steps: list[Step], step: Step, *, before: str | None = None, after: str | None = None) -> list[Step]:
    """A copy of ``steps`` with ``step`` before or after the one named."""
    if (before is None) == (after is None):
        raise ValueError("name exactly one of before, after")
    i = _index(steps, before) if before is not None else _index(steps, after) + 1  # type: ignore[arg-type]
    return [*steps[:i], step, *steps[i:]]


def replace_step(steps: list[Step], name: str, step: Step) -> list[Step]:
    """A copy of ``steps`` with ``step`` in place of the one named."""
    i = _index(steps, name)
    return [*steps[:i], step, *steps[i + 1:]]


def remove_step(steps: list[Step], name: str) -> list[Step]:
    """A copy of ``steps`` without the one named."""
    i = _index(steps, name)
    return [*steps[:i], *steps[i + 1:]]
