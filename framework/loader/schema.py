"""JSON Schema (2020-12) validation of title files, with errors at file:line.

Schemas live in the package ``railyard.schemas`` (``schemas/`` of the checkout) and are plain files an editor can use for hover help, so
they carry no ``$id``; the loader gives each one its file URI, which makes relative ``$ref``s
(``common.schema.json#/$defs/stop``) resolve the same way an editor resolves them.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from railyard.framework.loader.errors import DocPath, ErrorList
from railyard.framework.loader.quickcheck import quick_check
from railyard.framework.resources import schemas_folder

if TYPE_CHECKING:  # jsonschema is imported only when a document fails the quick check
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError
    from referencing import Registry, Resource

    from railyard.framework.loader.yamlio import SourceMap

_TYPE_NAMES = {
    "integer": "integer",
    "number": "number",
    "string": "string",
    "boolean": "true or false",
    "object": "map",
    "array": "list",
    "null": "null",
}


def _retrieve(uri: str) -> Resource:
    from referencing import Resource
    from referencing.jsonschema import DRAFT202012

    path = Path(uri.removeprefix("file://"))
    return Resource.from_contents(_read(path), default_specification=DRAFT202012)


@cache
def _read(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


@cache
def _registry(root: Path) -> Registry:
    """Every schema under ``root``, by file URI, crawled once (lookups then cost nothing)."""
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012

    resources = [
        (path.resolve().as_uri(), Resource.from_contents(_read(path.resolve()), DRAFT202012))
        for path in sorted(root.rglob("*.schema.json"))
    ]
    registry: Registry = Registry(retrieve=_retrieve)  # type: ignore[call-arg]
    return registry.with_resources(resources).crawl()


_ANNOTATIONS = frozenset({"description", "default", "title", "examples", "x-expected", "$comment"})


def _inline(node: Any, resolver: Any, depth: int = 0) -> Any:
    """``node`` with every ``$ref`` replaced by its target, resolved once here rather than on
    every value validated (a third of validation time otherwise). Annotations beside a
    ``$ref`` override the target's; anything else is kept with ``allOf``."""
    if depth > 50:  # a recursive schema: leave the remaining refs to the validator
        return node
    if isinstance(node, list):
        return [_inline(item, resolver, depth) for item in node]
    if not isinstance(node, dict):
        return node
    if isinstance(node.get("$ref"), str):
        resolved = resolver.lookup(node["$ref"])
        target = _inline(resolved.contents, resolved.resolver, depth + 1)
        siblings = {k: _inline(v, resolver, depth) for k, v in node.items() if k != "$ref"}
        if set(siblings) <= _ANNOTATIONS and isinstance(target, dict):
            return {**target, **siblings}
        return {**siblings, "allOf": [target]}
    return {k: _inline(v, resolver, depth) for k, v in node.items()}


@cache
def validator_for(schema_path: Path) -> Draft202012Validator:
    """A validator for one schema file; relative $refs resolve against its location."""
    from jsonschema import Draft202012Validator

    schema = dict(_read(schema_path.resolve()))
    uri = schema_path.resolve().as_uri()
    schema.setdefault("$id", uri)
    registry = _registry(schemas_folder())
    resolver = registry.resolver(base_uri=schema["$id"])
    with contextlib.suppress(Exception):  # an unresolvable ref: the validator reports it
        schema = _inline(schema, resolver)
    return Draft202012Validator(schema, registry=registry)


def _got(value: Any) -> str:
    if isinstance(value, dict):
        return "a map"
    if isinstance(value, list):
        return "a list"
    return repr(value)


def _types(expected: Any) -> str:
    names = [expected] if isinstance(expected, str) else list(expected)
    return " or ".join(_TYPE_NAMES.get(n, n) for n in names)


def _messages(error: ValidationError) -> Iterator[tuple[DocPath, str]]:
    """One or more (path, message) pairs for a jsonschema error, phrased for title authors."""
    from jsonschema.exceptions import best_match

    path: DocPath = tuple(error.absolute_path)
    v, kw = error.validator_value, error.validator
    schema_path = list(error.absolute_schema_path)
    if "propertyNames" in schema_path and isinstance(error.instance, str):
        # A bad map key: jsonschema reports it at the map; point at the key itself.
        hint = error.schema.get("x-expected")
        what = hint or (f"text matching {v}" if kw == "pattern" else error.message)
        yield (*path, error.instance), f"bad key: expected {what}"
        return
    if kw == "type":
        yield path, f"expected {_types(v)}, got {_got(error.instance)}"
    elif kw == "required":
        present = error.instance if isinstance(error.instance, dict) else {}
        for name in v:
            if name not in present:
                yield (*path, name), "missing required field"
    elif kw == "additionalProperties" or kw == "unevaluatedProperties":
        allowed = sorted(error.schema.get("properties", {}))
        known = set(allowed)
        extra = [k for k in error.instance if k not in known] if isinstance(error.instance, dict) else []
        hint = f" (allowed: {', '.join(allowed)})" if allowed else ""
        for key in extra:
            yield (*path, key), f"unknown key{hint}"
        if not extra:
            yield path, error.message
    elif kw == "enum":
        yield path, f"expected one of {', '.join(map(str, v))}, got {_got(error.instance)}"
    elif kw == "const":
        yield path, f"expected {v!r}, got {_got(error.instance)}"
    elif kw == "pattern":
        hint = error.schema.get("x-expected")
        what = hint or f"text matching {v}"
        yield path, f"expected {what}, got {_got(error.instance)}"
    elif kw == "minimum":
        yield path, f"expected at least {v}, got {_got(error.instance)}"
    elif kw == "maximum":
        yield path, f"expected at most {v}, got {_got(error.instance)}"
    elif kw in ("minItems", "maxItems"):
        bound = "at least" if kw == "minItems" else "at most"
        yield path, f"expected {bound} {v} item(s), got {len(error.instance)}"
    elif kw in ("minProperties", "maxProperties"):
        bound = "at least" if kw == "minProperties" else "at most"
        yield path, f"expected {bound} {v} entr{'y' if v == 1 else 'ies'}, got {len(error.instance)}"
    elif kw == "propertyNames":
        sub = best_match(error.context) if error.context else None
        detail = next(_messages(sub))[1] if sub is not None else error.message
        bad = sub.instance if sub is not None else "?"
        yield (*path, str(bad)), f"bad key: {detail}"
    elif kw in ("oneOf", "anyOf") and error.context:
        types = {
            _types(e.validator_value)
            for e in error.context
            if e.validator == "type" and not e.relative_path
        }
        shallow = [e for e in error.context if not e.relative_path and e.validator != "type"]
        deep = [e for e in error.context if e.relative_path]
        hint = error.schema.get("x-expected")
        if deep:
            yield from _messages(best_match(deep))
        elif shallow and isinstance(error.instance, dict | list):
            # A map or list matched a branch's type but broke its rules: say which rule.
            yield from _messages(best_match(shallow))
        elif hint:
            yield path, f"expected {hint}, got {_got(error.instance)}"
        elif shallow:
            yield from _messages(best_match(shallow))
        else:
            yield path, f"expected {' or '.join(sorted(types))}, got {_got(error.instance)}"
    else:
        yield path, error.message


def validate(
    data: Any,
    schema_path: Path,
    source: SourceMap,
    errors: ErrorList,
    prefix: DocPath = (),
) -> None:
    """Check ``data`` against the schema; add every failure to ``errors``.

    ``source`` is keyed by ``prefix + path`` (overlays merge several files under one map).
    A document the quick check passes is valid (:mod:`framework.loader.quickcheck`); any
    other goes through jsonschema, which finds and words the errors.
    """
    check = quick_check(schema_path)
    if check is not None:
        try:
            if check(data):
                return
        except Exception:  # noqa: BLE001 - a value the quick check cannot compare: jsonschema
            pass
    validator = validator_for(schema_path)
    found = []
    for error in validator.iter_errors(data):
        for path, message in _messages(error):
            found.append((*source.place((*prefix, *path), len(prefix)), message))
    for file, line, path_text, message in sorted(found, key=lambda f: (f[0], f[1], f[2])):
        errors.add(file, line, path_text, message)
