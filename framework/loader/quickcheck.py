"""A quick yes/no check of a title document against its JSON Schema, without jsonschema.

Nearly every load is of a valid title, and jsonschema costs a good part of a cold start (its
import alone as much as parsing every file). So each schema file is compiled once into nested
Python checks that say whether a document is valid, keyword for keyword as JSON Schema 2020-12
(and jsonschema) define them, for the keywords the title schemas use. A schema using any other
keyword, an ``$id`` or a reference that is not a plain file and JSON pointer compiles to None:
no quick check. :func:`framework.loader.schema.validate` runs jsonschema whenever the quick
check is missing or says no, so jsonschema alone words every error; the quick check must only
never pass what jsonschema refuses (a test compares the two on every title file and on many
damaged copies).
"""

from __future__ import annotations

import json
import numbers
import re
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

Check = Callable[[Any], bool]

#: keywords that never make a value invalid
_ANNOTATIONS = frozenset({
    "$schema", "$comment", "$defs", "title", "description", "default", "examples",
    "deprecated", "readOnly", "writeOnly", "x-expected",
})
_OBJECT_KEYS = frozenset({
    "properties", "additionalProperties", "required", "propertyNames", "minProperties",
    "maxProperties",
})
_ARRAY_KEYS = frozenset({"items", "minItems", "maxItems", "uniqueItems"})


class _Unsupported(Exception):
    """The schema uses something this module does not check: no quick check for it."""


def _is_integer(x: Any) -> bool:
    if isinstance(x, bool):
        return False
    return isinstance(x, int) or (isinstance(x, float) and x.is_integer())


def _is_number(x: Any) -> bool:
    return not isinstance(x, bool) and isinstance(x, numbers.Number)


_TYPES: dict[str, Check] = {
    "array": lambda x: isinstance(x, list),
    "boolean": lambda x: isinstance(x, bool),
    "integer": _is_integer,
    "null": lambda x: x is None,
    "number": _is_number,
    "object": lambda x: isinstance(x, dict),
    "string": lambda x: isinstance(x, str),
}


def _unbool(x: Any, true: object = object(), false: object = object()) -> Any:
    """True and False apart from 1 and 0 (JSON Schema's equality)."""
    if x is True:
        return true
    if x is False:
        return false
    return x


def equal(one: Any, two: Any) -> bool:
    """JSON Schema equality: a boolean never equals a number, lists and maps compared so."""
    if one is two:
        return True
    if isinstance(one, str) or isinstance(two, str):
        return bool(one == two)
    if isinstance(one, Sequence) and isinstance(two, Sequence):
        return len(one) == len(two) and all(equal(a, b) for a, b in zip(one, two, strict=True))
    if isinstance(one, Mapping) and isinstance(two, Mapping):
        return len(one) == len(two) and all(k in two and equal(v, two[k]) for k, v in one.items())
    return bool(_unbool(one) == _unbool(two))


def _unique(items: list[Any]) -> bool:
    """Whether no two items are equal, decided as jsonschema decides it (sorted neighbours
    when the items sort, every pair otherwise)."""
    try:
        ordered = sorted(_unbool(i) for i in items)
        return not any(equal(a, b) for a, b in zip(ordered, ordered[1:], strict=False))
    except (NotImplementedError, TypeError):
        seen: list[Any] = []
        for item in items:
            item = _unbool(item)
            if any(equal(s, item) for s in seen):
                return False
            seen.append(item)
        return True


def _always(_: Any) -> bool:
    return True


def _never(_: Any) -> bool:
    return False


def _all(checks: list[Check]) -> Check:
    if not checks:
        return _always
    if len(checks) == 1:
        return checks[0]
    fixed = tuple(checks)

    def every(x: Any) -> bool:
        for check in fixed:  # noqa: SIM110 - a plain loop: all() over a generator is slower
            if not check(x):
                return False
        return True

    return every


class _Compiler:
    """Compiles schema nodes of the files under one folder; a node reached twice (a ``$ref``
    used in many places, or a recursive one) is compiled once."""

    def __init__(self) -> None:
        self.files: dict[Path, Any] = {}
        self.refs: dict[tuple[Path, str], Check] = {}

    def _file(self, path: Path) -> Any:
        if path not in self.files:
            self.files[path] = json.loads(path.read_text(encoding="utf-8"))
        return self.files[path]

    def ref(self, here: Path, ref: str) -> Check:
        target, _, pointer = ref.partition("#")
        if "%" in ref or ":" in target or (pointer and not pointer.startswith("/")):
            raise _Unsupported(ref)  # a URI, an escaped or a named anchor: only files here
        file = (here.parent / target).resolve() if target else here
        key = (file, pointer)
        found = self.refs.get(key)
        if found is not None:
            return found
        cell: list[Check] = []
        self.refs[key] = lambda x: cell[0](x)  # a recursive reference finds the cell filled
        node = self._file(file)
        for part in pointer.split("/")[1:] if pointer else ():
            part = part.replace("~1", "/").replace("~0", "~")
            node = node[int(part)] if isinstance(node, list) else node[part]
        cell.append(self.node(node, file))
        self.refs[key] = cell[0]
        return cell[0]

    def node(self, schema: Any, here: Path) -> Check:
        if schema is True:
            return _always
        if schema is False:
            return _never
        if not isinstance(schema, dict):
            raise _Unsupported(repr(schema))
        checks: list[Check] = []
        if "$ref" in schema:
            checks.append(self.ref(here, schema["$ref"]))
        if "type" in schema:
            checks.append(self.type(schema["type"]))
        if _OBJECT_KEYS & schema.keys():
            checks.append(self.object(schema, here))
        if _ARRAY_KEYS & schema.keys():
            checks.append(self.array(schema, here))
        for key, value in schema.items():
            if key in _ANNOTATIONS or key in _OBJECT_KEYS or key in _ARRAY_KEYS:
                continue
            if key.startswith("x-"):  # an extension: jsonschema ignores it too
                continue
            if key in ("$ref", "type", "then", "else"):
                continue
            checks.append(self.keyword(key, value, schema, here))
        return _all(checks)

    def type(self, names: Any) -> Check:
        listed = [names] if isinstance(names, str) else list(names)
        if not listed or any(not isinstance(n, str) or n not in _TYPES for n in listed):
            raise _Unsupported(f"type {names!r}")
        tests = tuple(_TYPES[n] for n in listed)
        if len(tests) == 1:
            return tests[0]
        return lambda x: any(t(x) for t in tests)

    def keyword(self, key: str, value: Any, schema: dict[str, Any], here: Path) -> Check:
        if key in ("minimum", "maximum"):
            if not _is_number(value):
                raise _Unsupported(key)
            if key == "minimum":
                return lambda x: not _is_number(x) or not x < value
            return lambda x: not _is_number(x) or not x > value
        if key in ("minLength", "maxLength"):
            if not _is_integer(value):
                raise _Unsupported(key)
            if key == "minLength":
                return lambda x: not isinstance(x, str) or len(x) >= value
            return lambda x: not isinstance(x, str) or len(x) <= value
        if key == "pattern":
            search = re.compile(value).search
            return lambda x: not isinstance(x, str) or search(x) is not None
        if key == "enum":
            options = list(value)
            strings = {o for o in options if isinstance(o, str)}
            if len(strings) == len(options):  # text only: plain membership is the same test
                return lambda x: isinstance(x, str) and x in strings
            return lambda x: any(equal(o, x) for o in options)
        if key == "const":
            return lambda x: equal(x, value)
        if key in ("allOf", "anyOf", "oneOf"):
            subs = tuple(self.node(s, here) for s in value)
            if not subs:
                raise _Unsupported(key)
            if key == "allOf":
                return _all(list(subs))
            if key == "anyOf":
                return lambda x: any(s(x) for s in subs)
            return lambda x: sum(1 for s in subs if s(x)) == 1
        if key == "not":
            sub = self.node(value, here)
            return lambda x: not sub(x)
        if key == "if":
            test = self.node(value, here)
            then = self.node(schema.get("then", True), here)
            other = self.node(schema.get("else", True), here)
            return lambda x: then(x) if test(x) else other(x)
        raise _Unsupported(key)

    def object(self, schema: dict[str, Any], here: Path) -> Check:
        props = {k: self.node(v, here) for k, v in schema.get("properties", {}).items()}
        extra = self.node(schema.get("additionalProperties", True), here)
        open_ = extra is _always
        required = tuple(schema.get("required", ()))
        names = self.node(schema["propertyNames"], here) if "propertyNames" in schema else None
        low = schema.get("minProperties", 0)
        high = schema.get("maxProperties")
        if not isinstance(low, int) or not (high is None or isinstance(high, int)):
            raise _Unsupported("min/maxProperties")

        def check(x: Any) -> bool:
            if not isinstance(x, dict):
                return True
            for name in required:
                if name not in x:
                    return False
            if len(x) < low or (high is not None and len(x) > high):
                return False
            for key, value in x.items():
                sub = props.get(key)
                if sub is not None:
                    if not sub(value):
                        return False
                elif not open_ and not extra(value):
                    return False
                if names is not None and not names(key):
                    return False
            return True

        return check

    def array(self, schema: dict[str, Any], here: Path) -> Check:
        item = self.node(schema.get("items", True), here)
        low = schema.get("minItems", 0)
        high = schema.get("maxItems")
        unique = bool(schema.get("uniqueItems", False))
        if not isinstance(low, int) or not (high is None or isinstance(high, int)):
            raise _Unsupported("min/maxItems")
        every = item is not _always

        def check(x: Any) -> bool:
            if not isinstance(x, list):
                return True
            if len(x) < low or (high is not None and len(x) > high):
                return False
            if every:
                for value in x:
                    if not item(value):
                        return False
            return not unique or _unique(x)

        return check


_COMPILER = _Compiler()


@cache
def quick_check(schema_path: Path) -> Check | None:
    """The quick check of one schema file, or None if it uses what this module does not know
    (or cannot be read: jsonschema then says why)."""
    path = schema_path.resolve()
    try:
        return _COMPILER.node(_COMPILER._file(path), path)
    except (_Unsupported, OSError, ValueError, KeyError, IndexError, TypeError, re.error,
            RecursionError):
        _COMPILER.refs.clear()  # a half-compiled reference must not be reused
        return None
