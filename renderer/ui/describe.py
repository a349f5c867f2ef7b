"""Action texts and grouping: how a legal action reads on a button, and which actions share a
row (the same kind of action on the same thing, differing only in an amount or a source)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from framework.core.actions import Action, tag_of

#: fields that vary within one row: the row's buttons pick among them
VALUE_FIELDS = ("price", "amount", "percent", "source", "choice", "rotation", "tile")
#: a field whose other values may be typed in (any legal value is accepted by the engine)
FREE_FIELDS = ("price", "amount")

VERBS = {
    "pass": "Pass",
    "bid": "Bid for",
    "buy_item": "Buy",
    "par": "Par",
    "buy_shares": "Buy a share of",
    "sell_shares": "Sell",
    "choose": "Choose",
}


def tag(action: Action) -> str:
    try:
        return tag_of(action)
    except KeyError:
        return type(action).__name__


def _fields(action: Action) -> dict[str, Any]:
    return {f.name: getattr(action, f.name) for f in attrs.fields(type(action)) if f.name != "entity"}


def group_key(action: Action) -> tuple[Any, ...]:
    fields = _fields(action)
    return (tag(action), tuple((k, v) for k, v in fields.items() if k not in VALUE_FIELDS))


def group_title(action: Action) -> str:
    t = tag(action)
    verb = VERBS.get(t, t.replace("_", " ").capitalize())
    rest = [str(v) for k, v in _fields(action).items() if k not in VALUE_FIELDS]
    return " ".join([verb, *rest])


def value_label(action: Action) -> str:
    fields = _fields(action)
    parts = []
    for k in VALUE_FIELDS:
        if k in fields:
            v = fields[k]
            if k == "percent":
                parts.append(f"{v}%")
            elif k == "source":
                parts.append({"ipo": "IPO", "pool": "pool"}.get(str(v), str(v)))
            else:
                parts.append(str(v))
    return " ".join(parts)


def describe(action: Action) -> str:
    """A whole action in words (status bar, log of the client's own doings)."""
    label = value_label(action)
    title = group_title(action)
    return f"{action.entity}: {title}" + (f" {label}" if label else "")


def free_field(action: Action) -> str | None:
    fields = _fields(action)
    for k in FREE_FIELDS:
        if k in fields and isinstance(fields[k], int):
            return k
    return None


@attrs.frozen
class Row:
    title: str
    actions: tuple[Action, ...]
    free: str | None  # a field the player may type another value for


def rows(actions: Sequence[Action]) -> list[Row]:
    """Legal actions grouped into rows, in the order the engine listed them."""
    groups: dict[tuple[Any, ...], list[Action]] = {}
    for a in actions:
        groups.setdefault(group_key(a), []).append(a)
    out = []
    for members in groups.values():
        out.append(Row(group_title(members[0]), tuple(members), free_field(members[0])))
    return out


def with_value(action: Action, field: str, value: int) -> Action:
    """The same action with ``field`` set to ``value`` (a typed-in bid)."""
    return attrs.evolve(action, **{field: value})
