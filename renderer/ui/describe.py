"""Action texts and grouping: how a legal action reads on a button, and which actions share a
row (the same kind of action on the same thing, differing only in an amount or a choice)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from railyard.framework.core.actions import Action, tag_of
from railyard.framework.records import Record

#: fields that vary within one row: the row's buttons pick among them
VALUE_FIELDS = ("price", "amount", "percent", "source", "choice", "tile", "rotation", "kind",
                "home", "accept", "runs", "city")
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
    "lay_tile": "Lay a tile on",
    "place_token": "Place a token on",
    "run_routes": "Run trains",
    "dividend": "Revenue",
    "buy_train": "Buy a",
    "surrender_train": "Surrender train",
    "discard_train": "Discard train",
    "choose_home": "Choose home",
    "declare_bankruptcy": "Declare bankruptcy",
}

Namer = Callable[[str, Any], str]
"""Turns a field's raw value into words (``namer("train", "3#2") -> "3 from the depot"``)."""


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


def _words(t: str) -> str:
    # a title's own tags carry its prefix ("<title>_exchange_coal"): the words are the rest
    return re.sub(r"^\d+_", "", t).replace("_", " ").capitalize()


def group_title(action: Action, namer: Namer | None = None) -> str:
    t = tag(action)
    verb = VERBS.get(t, _words(t))
    rest = [namer(k, v) if namer else str(v)
            for k, v in _fields(action).items() if k not in VALUE_FIELDS]
    return " ".join([verb, *rest])


def _value(name: str, value: Any) -> str:
    if name == "percent":
        return f"{value}%"
    if name == "source":
        return {"ipo": "IPO", "pool": "pool"}.get(str(value), str(value))
    if isinstance(value, bool):
        return "yes" if value else "no"
    if name == "runs":
        return f"run {len(value)} route{'s' if len(value) != 1 else ''}" if value else "do not run"
    if name == "rotation":
        return f"rot {value}"
    if name == "city":
        return f"city {int(value) + 1}"
    return str(value)


def value_label(action: Action) -> str:
    fields = _fields(action)
    return " ".join(_value(k, fields[k]) for k in VALUE_FIELDS if k in fields)


def describe(action: Action, namer: Namer | None = None) -> str:
    """A whole action in words (status bar, tooltips)."""
    label = value_label(action)
    title = group_title(action, namer)
    return f"{action.entity}: {title}" + (f" {label}" if label else "")


def free_field(action: Action) -> str | None:
    fields = _fields(action)
    for k in FREE_FIELDS:
        if k in fields and isinstance(fields[k], int) and not isinstance(fields[k], bool):
            return k
    return None


def is_choice(action: Action) -> bool:
    """A yes/no or pick-one question (exchanges, formations, homes): asked in a dialog."""
    fields = _fields(action)
    t = tag(action)
    return t == "choose" or t.endswith("choose_home") or isinstance(fields.get("accept"), bool)


@attrs.frozen(repr=False)
class Row(Record):
    title: str
    actions: tuple[Action, ...]
    free: str | None  # a field the player may type another value for


def rows(actions: Sequence[Action], namer: Namer | None = None) -> list[Row]:
    """Legal actions grouped into rows, in the order the engine listed them, except that a
    pass is always the first row: the one button a player looks for comes where it always is."""
    groups: dict[tuple[Any, ...], list[Action]] = {}
    for a in actions:
        groups.setdefault(group_key(a), []).append(a)
    out = []
    for members in groups.values():
        out.append(Row(group_title(members[0], namer), tuple(members), free_field(members[0])))
    return sorted(out, key=lambda row: tag(row.actions[0]) != "pass")


def with_value(action: Action, field: str, value: int) -> Action:
    """The same action with ``field`` set to ``value`` (a typed-in bid)."""
    return action.evolve(**{field: value})
