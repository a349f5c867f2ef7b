"""Title families: which concerns a family's titles have, and what each turns into.

A family is a ruleset shape (``18xx``; later perhaps a worker-placement family). Registering
one says which model class each concern's document becomes, how the structured parts become
one title object, and which cross-file checks apply. A family nobody registered still loads:
its files are schema-checked and handed over as plain data.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from railyard.framework.loader.errors import DocPath
from railyard.framework.model.title import TitleManifest
from railyard.framework.records import Record

if TYPE_CHECKING:
    from railyard.framework.loader.yamlio import SourceMap


@attrs.frozen(repr=False)
class Parts(Record):
    """What a family's ``build`` and ``check`` receive."""

    manifest: TitleManifest
    path: Path
    variant: str | None
    models: Mapping[str, Any]
    documents: Mapping[str, Any]
    source: SourceMap
    #: whether the checks that run the title's own code (its hooks) take part
    check_code: bool = True


Problem = tuple[DocPath, str]
"""A cross-reference failure: (concern, key, ...) path and message."""


@attrs.frozen(repr=False)
class Family(Record):
    name: str
    concerns: Mapping[str, Any]
    build: Callable[[Parts], Any] | None = None
    check: Callable[[Parts], list[Problem]] | None = None
    required: tuple[str, ...] = ()


@attrs.frozen(repr=False)
class GenericTitle(Record):
    """A title of a family with no registered models: its manifest and validated documents."""

    manifest: TitleManifest
    path: Path
    variant: str | None
    documents: Mapping[str, Any]
    models: Mapping[str, Any] = attrs.field(factory=dict)

    @property
    def id(self) -> str:
        return self.manifest.id

    @property
    def hooks_path(self) -> Path | None:
        """The title's hooks module (``hooks.py`` or a ``hooks/`` package), so that a title of
        an unregistered family can bring its own RULESET."""
        if not self.manifest.hooks:
            return None
        base = self.path / self.manifest.hooks
        return base if base.is_dir() else base.with_suffix(".py")


_FAMILIES: dict[str, Family] = {}


def register_family(
    name: str,
    concerns: Mapping[str, Any],
    build: Callable[[Parts], Any] | None = None,
    check: Callable[[Parts], list[Problem]] | None = None,
    required: tuple[str, ...] | None = None,
) -> Family:
    """Declare a family: ``concerns`` maps a concern to the type its document structures into
    (an attrs class, or ``dict[str, X]`` for a file that is a map of records keyed by id).

    ``required`` lists the concerns every title of the family must have (default: all).
    """
    family = Family(
        name,
        dict(concerns),
        build,
        check,
        tuple(concerns) if required is None else tuple(required),
    )
    _FAMILIES[name] = family
    return family


def family(name: str) -> Family | None:
    if name not in _FAMILIES:
        _register_builtin()
    return _FAMILIES.get(name)


def _register_builtin() -> None:
    from railyard.framework.loader import family_18xx  # noqa: F401  (registers on import)
