"""YAML reading that remembers where every value came from, within fixed bounds.

Errors must name a line, so loading keeps a side table: document path -> (file, line) for every
mapping entry (the line of its key) and sequence item. Map keys are always read as the text
written, so ``57:`` and ``"57":`` are the same id and no key ever turns into a number.

A title file is data a user may have been handed, so reading one must never exhaust the
machine: before anything is built, one pass over the parser's events measures the document
(bytes, nesting depth, and the number of values with every alias expanded, which is what any
later walk of the data costs) and refuses it past :data:`LIMITS` with a located error. Aliased
values are shared, never copied, and the line table records a shared value once.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from typing import Any

import attrs
import yaml
from yaml.events import AliasEvent, CollectionEndEvent, CollectionStartEvent, ScalarEvent
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from railyard.framework.loader.errors import DocPath, TitleError, TitleErrors, format_path
from railyard.framework.records import Record
from railyard.framework.safefiles import FileRefused, read_bounded

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



    def resolve(self, kind: Any, value: Any, implicit: Any) -> Any:
        """The implicit tag of a plain value, worked out once per distinct text: it depends
        on the text alone (this loader has no path resolvers), and titles repeat their values
        (``city``, ``0``, ``true``) thousands of times."""
        if kind is not ScalarNode or self.yaml_path_resolvers:
            return super().resolve(kind, value, implicit)
        key = (value, implicit)
        tag = _RESOLVED.get(key)
        if tag is None:
            tag = super().resolve(kind, value, implicit)
            if len(_RESOLVED) < 100_000:
                _RESOLVED[key] = tag
        return tag


#: (scalar text, implicit flags) -> resolved tag, shared by every parse
_RESOLVED: dict[tuple[str, Any], str] = {}

_LineLoader.add_constructor("tag:yaml.org,2002:map", _LineLoader.construct_yaml_map)


class _LocatingLoader(_LineLoader):
    """The loader again, for a document whose construction failed: each value is built inside
    its own check, so that the error names the value (a frame per value that a document
    that builds does not pay for)."""

    def construct_object(self, node: Node, deep: bool = False) -> Any:
        """A value of the wrong form for its tag (``!!int a``, ``!!set 1``) is a located error,
        not whatever exception the tag's constructor happens to raise."""
        try:
            return super().construct_object(node, deep=deep)
        except (yaml.YAMLError, RecursionError):
            raise
        except Exception as exc:  # noqa: BLE001 - ValueError, TypeError, AttributeError...
            raise yaml.constructor.ConstructorError(
                None, None, f"cannot read this value as {node.tag}: {exc}", node.start_mark
            ) from None


def _construct(text: str) -> tuple[Any, Node | None]:
    """The document's data and its root node; a value that cannot be built raises a located
    ConstructorError (found by building the document again with :class:`_LocatingLoader`)."""
    loader = _LineLoader(text)
    try:
        node = loader.get_single_node()
        try:
            return (loader.construct_document(node) if node is not None else None), node
        except (yaml.YAMLError, RecursionError):
            raise
        except Exception:  # noqa: BLE001 - built again below to say which value failed
            pass
    finally:
        loader.dispose()
    again = _LocatingLoader(text)
    try:
        node = again.get_single_node()
        return (again.construct_document(node) if node is not None else None), node
    finally:
        again.dispose()


@attrs.define(repr=False)
class SourceMap(Record):
    """Document path -> (file, line); looks up the nearest recorded ancestor of a path.

    The lines of a parsed document are recorded when first asked for: a title that loads
    without an error or a warning never needs them.
    """

    _entries: dict[DocPath, tuple[str, int]] = attrs.field(factory=dict)
    #: where a key an overlay deleted was deleted: a check then missing it names that line
    deleted: dict[DocPath, tuple[str, int]] = attrs.field(factory=dict)
    #: parsed documents whose lines are not recorded yet: (root node, path prefix, file)
    _pending: list[tuple[Node, DocPath, str]] = attrs.field(factory=list, eq=False, repr=False)

    @property
    def entries(self) -> dict[DocPath, tuple[str, int]]:
        while self._pending:
            root, prefix, file = self._pending.pop(0)
            _record(root, prefix, file, self._entries)
        return self._entries

    def absorb(self, other: SourceMap) -> None:
        """Take in the entries of another document's map (of other paths than this one's)."""
        self._entries.update(other._entries)
        self._pending.extend(other._pending)
        other._pending = []

    def locate(self, path: DocPath) -> tuple[str, int]:
        path = tuple(path)
        if path not in self.entries and path in self.deleted:
            return self.deleted[path]
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


@attrs.frozen(repr=False)
class Located(Record):
    """A parsed YAML document and where each of its values came from."""

    data: Any
    source: SourceMap


@attrs.frozen(repr=False)
class Limits(Record):
    """How big a YAML document may be. Title files today are under 20 KB, under 10,000 values
    and 12 levels deep; these bounds leave room for titles many times larger while keeping
    the worst accepted file to seconds of work."""

    max_bytes: int = 4 * 1024 * 1024
    max_values: int = 500_000  # scalars, maps and lists, every alias expanded
    max_depth: int = 64  # maps and lists inside each other (the C parser recurses on it)


LIMITS = Limits()

# Characters YAML refuses (the same class as PyYAML's reader), found up front so that the
# error names the line they are on.
_NOT_PRINTABLE = re.compile("[^\x09\x0A\x0D\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD\U00010000-\U0010FFFF]")


def _line(event: Any) -> int:
    """The 1-based line an event starts on (0 when the parser gives none)."""
    mark = event.start_mark
    return mark.line + 1 if mark is not None else 0


def _fail(file: str, line: int, message: str) -> TitleErrors:
    return TitleErrors([TitleError(file, line, "(yaml)", message)])


def _check_text(text: str, file: str, limits: Limits) -> None:
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > limits.max_bytes:
        raise _fail(file, 1, f"file too large: {size} bytes (limit {limits.max_bytes})")
    bad = _NOT_PRINTABLE.search(text)
    if bad is not None:
        line = text.count("\n", 0, bad.start()) + 1
        raise _fail(file, line, f"character {ord(bad.group()):#06x} is not allowed in YAML")


def _measure(text: str, file: str, limits: Limits) -> None:
    """Refuse a document too deep, or too large once aliases are expanded, before any node is
    built (the C composer recurses per level and would crash on 100,000 nested lists)."""
    loader = _LineLoader(text)
    sizes: dict[str, int] = {}  # anchor -> values it stands for
    open_: list[tuple[str | None, int]] = []  # (anchor, total before it) per open collection
    total = 0
    try:
        while loader.check_event():
            event = loader.get_event()
            if isinstance(event, AliasEvent):
                if event.anchor in sizes:
                    total += sizes[event.anchor]
                elif any(anchor == event.anchor for anchor, _ in open_):
                    raise _fail(file, _line(event),
                                f"alias *{event.anchor} refers to a value that contains it")
            elif isinstance(event, ScalarEvent):
                total += 1
                if event.anchor is not None:
                    sizes[event.anchor] = 1
            elif isinstance(event, CollectionStartEvent):
                open_.append((event.anchor, total))
                total += 1
                if len(open_) > limits.max_depth:
                    raise _fail(file, _line(event),
                                f"nested too deeply: more than {limits.max_depth} levels")
            elif isinstance(event, CollectionEndEvent):
                anchor, before = open_.pop()
                if anchor is not None:
                    sizes[anchor] = total - before
            if total > limits.max_values:
                raise _fail(file, event.start_mark.line + 1,
                            f"too many values: more than {limits.max_values} with every alias "
                            "expanded")
    except yaml.YAMLError:
        return  # a syntax error: parse_yaml reports it with its line
    finally:
        loader.dispose()


def _record(root: Node, prefix: DocPath, file: str, table: dict[DocPath, tuple[str, int]]) -> None:
    """Lines of every key and item; a node shared through an alias is walked once (its other
    places resolve to the alias's own line through their nearest recorded ancestor)."""
    seen: set[int] = set()
    stack: list[tuple[Node, DocPath]] = [(root, prefix)]
    while stack:
        node, path = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        children: list[tuple[Node, DocPath]] = []
        if isinstance(node, MappingNode):
            for key_node, value_node in node.value:
                child = (*path, key_node.value)
                table.setdefault(child, (file, key_node.start_mark.line + 1))
                children.append((value_node, child))
        elif isinstance(node, SequenceNode):
            for i, item in enumerate(node.value):
                child = (*path, i)
                table.setdefault(child, (file, item.start_mark.line + 1))
                children.append((item, child))
        stack.extend(reversed(children))  # document order: an anchor is walked where it stands


def parse_yaml(
    text: str, file: str | os.PathLike[str], prefix: DocPath = (), limits: Limits = LIMITS
) -> Located:
    """Parse ``text``; raise TitleErrors naming the line of a syntax error, of a character YAML
    refuses, or of where the document passes :data:`LIMITS`."""
    name = os.fspath(file)
    _check_text(text, name, limits)
    _measure(text, name, limits)
    try:
        data, node = _construct(text)
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
    except RecursionError:  # only below the depth limit on a very small stack
        raise _fail(name, 1, "nested too deeply") from None
    except Exception as exc:  # noqa: BLE001 - a tag's constructor refusing its value late
        raise _fail(name, 1, f"a tagged value of the wrong form: {exc}") from None
    table: dict[DocPath, tuple[str, int]] = {prefix: (name, 1)}
    return Located(data, SourceMap(table, {}, [] if node is None else [(node, prefix, name)]))


def read_text(file: str | os.PathLike[str], limits: Limits = LIMITS) -> str:
    """A title file's text: UTF-8 (a byte-order mark allowed), within the size limit; anything
    else is a TitleErrors naming the file and the line of the first bad byte."""
    name = os.fspath(file)
    try:
        raw = read_bounded(file, limits.max_bytes)
    except FileRefused as exc:
        raise _fail(name, 1 if "too large" in exc.reason else 0, str(exc)) from None
    except OSError as exc:
        raise _fail(name, 0, f"cannot read: {exc.strerror or exc}") from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise _fail(name, line, f"not UTF-8 text: byte {raw[exc.start]:#04x} cannot be read") from None


def load_yaml(file: str | os.PathLike[str], prefix: DocPath = ()) -> Located:
    """Read and parse one YAML file (see :func:`read_text` and :func:`parse_yaml`)."""
    return parse_yaml(read_text(file), file, prefix)


def parse_value(text: str) -> Any:
    """A YAML-parsed scalar or flow value (for ``--set path=value``)."""
    return parse_yaml(text, "--set").data
