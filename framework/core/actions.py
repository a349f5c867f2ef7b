"""Actions: small frozen records, tagged by type, serialised through one cattrs converter.

The tag registry is global so that a saved game can be read back without knowing in advance
which ruleset wrote it; tags are therefore unique across all rulesets (titles prefix theirs).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Self, TypeVar

import attrs

from railyard.framework.records import Record

_CONVERTER: Any = None

_BY_TAG: dict[str, type[Action]] = {}
_TAG_OF: dict[type, str] = {}

A = TypeVar("A", bound=type)


@attrs.frozen(repr=False)
class Action(Record):
    """Base of every action; ``entity`` is the acting player or company id."""

    entity: str

    def evolve(self, **changes: Any) -> Self:
        """This action with ``changes`` to its fields, a subclass's too (``attrs.evolve``, whose
        keywords type checkers match against the static type's fields: ``Action``'s alone)."""
        return attrs.evolve(self, **changes)


def action_type(tag: str) -> Callable[[A], A]:
    """Register an action class under a unique JSON tag.

    A class of the same qualified name registering the same tag again is the same class seen
    through a second import of its module (the loader imports a title's hooks by path, tests
    may import them as a package): it gets the first registration back, so that actions made
    through either import are one type."""

    def register(cls: A) -> A:
        if tag in _BY_TAG and _BY_TAG[tag] is not cls:
            existing = _BY_TAG[tag]
            if existing.__qualname__ != cls.__qualname__:
                raise ValueError(f"action tag {tag!r} already used by {existing.__qualname__}")
            return existing  # type: ignore[return-value]
        if not (isinstance(cls, type) and issubclass(cls, Action)):
            raise TypeError(f"{cls!r} is not an Action subclass")
        _BY_TAG[tag] = cls
        _TAG_OF[cls] = tag
        return cls

    return register


def tag_of(action: Action | type[Action]) -> str:
    """The JSON tag of an action (instance or class)."""
    cls = action if isinstance(action, type) else type(action)
    try:
        return _TAG_OF[cls]
    except KeyError:
        raise KeyError(f"{cls.__qualname__} is not a registered action type") from None


def registered_types() -> dict[str, type[Action]]:
    """Every registered action tag and its class."""
    return dict(_BY_TAG)


def registered_type(tag: object) -> type[Action] | None:
    """The class registered under ``tag`` (None if none is): a save's reader asks once per
    action, without copying the registry."""
    return _BY_TAG.get(tag) if isinstance(tag, str) else None


def _converter() -> Any:
    """The cattrs converter, made on first use: playing or replaying a save needs none, and
    importing cattrs costs a tenth of replaying a whole game."""
    global _CONVERTER
    if _CONVERTER is None:
        import cattrs

        _CONVERTER = cattrs.Converter()
    return _CONVERTER


def __getattr__(name: str) -> Any:
    """``converter``: the cattrs converter, made when first asked for."""
    if name == "converter":
        return _converter()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def to_json(action: Action) -> dict[str, Any]:
    """The JSON form of an action: its fields plus ``"type"``."""
    data = _converter().unstructure(action)
    return {"type": tag_of(action), **data}


def from_json(data: dict[str, Any]) -> Action:
    """Rebuild an action from its JSON form; unknown tags are a ``KeyError``."""
    body = dict(data)
    tag = body.pop("type", None)
    if tag not in _BY_TAG:
        raise KeyError(f"unknown action type {tag!r}")
    return _converter().structure(body, _BY_TAG[tag])
