"""YAML reading that remembers where every value came from.

Errors must name a line, so loading keeps a side table: document path -> (file, line) for every
mapping entry (the line of its key) and sequence item. Map keys are always read as the text
written, so ``57:`` and ``"57":`` are the same id and no key ever turns into a number.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import yaml
from railyard.framework.loader.errors import DocPath, TitleError, TitleErrors, format_path
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

_BaseLoader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when available


class _LineLoader(_BaseLoader):
    """A SafeLoader whose map keys stay strings and whose duplicate keys are errors."""

    def construct_mapping(self, node: MappingNode, deep: bool = False) -> dict[str, Any]:
        self.flatten_mapping(node)
        mapping: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, ScalarNode):
                raise yaml.constructor.ConstructorError(
                    None, None, "a map key must be a plain value", key_node.start_mark
                )
            key = key_node.value
            if key in mapping:
                raise yaml.constructor.ConstructorError(
                    None, None, f"duplicate key {key!r}", key_node.start_mark
                )
            mapping[key] = self.construct_object(value_node, deep=deep)
        return mapping


_LineLoader.add_constructor("tag:yaml.org,2002:map", _LineLoader.construct_yaml_map)


@attrs.define
class SourceMap:
    """Document path -> (file, line); looks up the nearest recorded ancestor of a path."""

    entries: dict[DocPath, tuple[str, int]] = attrs.field(factory=dict)

    def locate(self, path: DocPath) -> tuple[str, int]:
        path = tuple(path)
        while path not in self.entries and path:
            path = path[:-1]
        return self.entries.get(path, ("?", 0))

    def place(self, path: DocPath, root: int = 1) -> tuple[str, int, str]:
        """(file, line, printed path) for an error at ``path``.

        The printed path is relative to the document's own file (dropping the first ``root``
        keys, the concern), unless the value came from elsewhere (an overlay, ``--set``),
        whose paths start at the concern.
        """
        path = tuple(path)
        file, line = self.locate(path)
        home = self.entries.get(path[:root], (file, 0))[0]
        shown = path[root:] if file == home else path
        return file, line, format_path(shown)

    def line(self, path: DocPath) -> int:
        return self.locate(path)[1]

    def file(self, path: DocPath) -> str:
        return self.locate(path)[0]

    def under(self, prefix: DocPath) -> Iterator[tuple[DocPath, tuple[str, int]]]:
        n = len(prefix)
        for path, where in list(self.entries.items()):
            if path[:n] == prefix:
                yield path, where

    def drop(self, prefix: DocPath) -> None:
        for path, _ in list(self.under(prefix)):
            del self.entries[path]

    def graft(self, other: SourceMap, source: DocPath, target: DocPath) -> None:
        """Copy ``other``'s entries under ``source`` to sit under ``target`` here."""
        n = len(source)
        for path, where in other.under(source):
            self.entries[target + path[n:]] = where


@attrs.frozen
class Located:
    """A parsed YAML document and where each of its values came from."""

    data: Any
    source: SourceMap


def _record(node: Node, path: DocPath, file: str, table: dict[DocPath, tuple[str, int]]) -> None:
    if isinstance(node, MappingNode):
        for key_node, value_node in node.value:
            child = (*path, key_node.value)
            table.setdefault(child, (file, key_node.start_mark.line + 1))
            _record(value_node, child, file, table)
    elif isinstance(node, SequenceNode):
        for i, item in enumerate(node.value):
            child = (*path, i)
            table.setdefault(child, (file, item.start_mark.line + 1))
            _record(item, child, file, table)


def parse_yaml(text: str, file: str | os.PathLike[str], prefix: DocPath = ()) -> Located:
    """Parse ``text``; raise TitleErrors naming the line of a syntax error."""
    name = os.fspath(file)
    loader = _LineLoader(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else 1
        problem = exc.problem or exc.context or "invalid YAML"
        where = ""
        if exc.context and exc.problem:
            started = exc.context_mark
            at = f" started on line {started.line + 1}" if started is not None else ""
            where = f" ({exc.context}{at})"
        raise TitleErrors([TitleError(name, line, "(yaml)", f"{problem}{where}")]) from None
    except yaml.YAMLError as exc:
        raise TitleErrors([TitleError(name, 1, "(yaml)", str(exc))]) from None
    finally:
        loader.dispose()
    table: dict[DocPath, tuple[str, int]] = {prefix: (name, 1)}
    if node is not None:
        _record(node, prefix, name, table)
    return Located(data, SourceMap(table))


def load_yaml(file: str | os.PathLike[str], prefix: DocPath = ()) -> Located:
    """Read and parse one YAML file (see :func:`parse_yaml`)."""
    text = Path(file).read_text(encoding="utf-8")
    return parse_yaml(text, file, prefix)


def parse_value(text: str) -> Any:
    """A YAML-parsed scalar or flow value (for ``--set path=value``)."""
    return parse_yaml(text, "--set").data
