"""What an action would do, asked of the engine without doing it: the action applied to a copy
of the state. A client shows the result (the log lines, what the action costs) so that what a
button says comes from the rules themselves, never from a second copy of them in the client."""

from __future__ import annotations

import copy
from typing import Any

import attrs

from railyard.framework.core.actions import Action
from railyard.framework.core.errors import IllegalAction
from railyard.framework.records import Record


@attrs.frozen(repr=False)
class DryRun(Record):
    lines: tuple[str, ...]
    #: the money the acting entity pays (negative: receives); None where the state keeps no
    #: cash by entity or the action was refused
    cost: int | None
    refusal: IllegalAction | None = None


def _cash(state: Any, entity: str) -> int | None:
    cash_of = getattr(state, "cash_of", None)
    if not callable(cash_of):
        return None
    try:
        value = cash_of(entity)
    except (KeyError, LookupError, AttributeError, TypeError):
        return None
    return value if isinstance(value, int) else None


def dry_run(ruleset: Any, state: Any, action: Action) -> DryRun:
    """``action`` applied by ``ruleset`` to a deep copy of ``state`` (``state`` is untouched).
    A refusal is returned, not raised; any other failure of the engine is raised."""
    trial = copy.deepcopy(state)
    before = _cash(trial, action.entity)
    try:
        lines = tuple(ruleset.apply(trial, action) or ())
    except IllegalAction as refusal:
        return DryRun((f"refused: {refusal}",), None, refusal)
    after = _cash(trial, action.entity)
    cost = before - after if before is not None and after is not None else None
    return DryRun(lines, cost)
