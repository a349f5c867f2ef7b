"""Title errors: every problem in a title's files, named by file, line and path.

A title author fixes data by reading these messages, so each one points at the exact place
(``map.yaml:123: hexes.G17.stops[0].slots: expected integer, got 'x'``) and all of them are
reported at once rather than one per run.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

import attrs

from railyard.framework.records import Record

PathKey = str | int
DocPath = tuple[PathKey, ...]


def format_path(path: Sequence[PathKey]) -> str:
    """``("hexes", "G17", "stops", 0, "slots")`` -> ``hexes.G17.stops[0].slots``."""
    out = ""
    for key in path:
        if isinstance(key, int):
            out += f"[{key}]"
        else:
            out += f".{key}" if out else str(key)
    return out or "(root)"


def display_file(file: str | os.PathLike[str]) -> str:
    """A file name as the user typed it: relative to the working directory when inside it."""
    text = os.fspath(file)
    if not os.path.isabs(text):
        return text
    try:
        rel = os.path.relpath(text)
    except ValueError:
        return text
    return text if rel.startswith("..") else rel


@attrs.frozen(repr=False)
class TitleError(Record):
    """One problem: where it is (file, line, path inside the document) and what is wrong."""

    file: str
    line: int
    path: str
    message: str

    def __str__(self) -> str:
        return f"{display_file(self.file)}:{self.line}: {self.path}: {self.message}"


class TitleErrors(Exception):
    """Every problem found in a title; raised once, listing them all."""

    def __init__(self, errors: Iterable[TitleError]) -> None:
        self.errors: tuple[TitleError, ...] = tuple(errors)
        super().__init__(str(self))

    def __str__(self) -> str:
        return "\n".join(str(e) for e in self.errors)

    def __iter__(self) -> Iterator[TitleError]:
        return iter(self.errors)

    def __len__(self) -> int:
        return len(self.errors)


@attrs.define(repr=False)
class ErrorList(Record):
    """Collects errors across a loading stage, in the order found, without duplicates.

    A file may hold hundreds of thousands of mistakes (every key of a large map misspelt), so
    a duplicate is found through a set, not by comparing with every error kept: collecting
    costs the same per error however many came before."""

    items: list[TitleError] = attrs.field(factory=list)
    _seen: set[TitleError] = attrs.field(factory=set, eq=False, repr=False)

    def add(self, file: str | Path, line: int, path: str, message: str) -> None:
        self._keep(TitleError(os.fspath(file), line, path, message))

    def extend(self, errors: Iterable[TitleError]) -> None:
        for error in errors:
            self._keep(error)

    def _keep(self, error: TitleError) -> None:
        if error not in self._seen:
            self._seen.add(error)
            self.items.append(error)

    def __bool__(self) -> bool:
        return bool(self.items)

    def raise_if_any(self) -> None:
        if self.items:
            raise TitleErrors(self.items)
