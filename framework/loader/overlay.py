"""Variant overlays and ``--set`` overrides: deep merges onto the base documents.

An overlay is ``{concern: partial document}``. Maps merge key by key; any other value replaces
the base; ``{$append: [...]}`` extends a list, ``{$replace: X}`` replaces even a map, and
``{$delete: true}`` removes a key. The source map follows every merged value, so a schema error
in merged data names the overlay file and line it came from.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from railyard.framework.loader.errors import DocPath, ErrorList, TitleErrors, format_path
from railyard.framework.loader.yamlio import SourceMap, parse_value

DIRECTIVES = ("$append", "$replace", "$delete")


def _directive(value: Any) -> str | None:
    if isinstance(value, Mapping) and len(value) == 1:
        key = next(iter(value))
        if key in DIRECTIVES:
            return key
    return None


def merge(
    base: Any,
    over: Any,
    path: DocPath,
    over_path: DocPath,
    source: SourceMap,
    over_source: SourceMap,
    errors: ErrorList,
) -> Any:
    """``over`` merged onto ``base`` (neither is modified); ``source`` is updated in place.

    ``path`` is where the value sits in the merged documents, ``over_path`` where it sits in
    the overlay file.
    """
    directive = _directive(over)
    if directive == "$replace":
        source.drop(path)
        source.graft(over_source, (*over_path, "$replace"), path)
        return copy.deepcopy(over["$replace"])
    if directive == "$append":
        items = over["$append"]
        file, line = over_source.locate((*over_path, "$append"))
        if not isinstance(base, list):
            errors.add(file, line, format_path(path), "$append needs a list in the base document")
            return base
        if not isinstance(items, list):
            errors.add(file, line, format_path(path), "$append takes a list")
            return base
        for i in range(len(items)):
            source.graft(over_source, (*over_path, "$append", i), (*path, len(base) + i))
        return [*copy.deepcopy(base), *copy.deepcopy(items)]
    if directive == "$delete":
        file, line = over_source.locate((*over_path, "$delete"))
        errors.add(file, line, format_path(path), "$delete must be a key of a map")
        return base
    if isinstance(over, Mapping) and isinstance(base, Mapping):
        result = dict(base)
        for key, value in over.items():
            child, over_child = (*path, key), (*over_path, key)
            if _directive(value) == "$delete":
                if key not in result:
                    file, line = over_source.locate(over_child)
                    errors.add(file, line, format_path(child), f"$delete: no key {key!r} to delete")
                    continue
                if value["$delete"] is not True:
                    file, line = over_source.locate(over_child)
                    errors.add(file, line, format_path(child), "$delete takes the value true")
                    continue
                del result[key]
                source.drop(child)
                # a check that then misses the key (a required field) names the overlay line
                source.deleted[child] = over_source.locate(over_child)
            elif key in result:
                result[key] = merge(result[key], value, child, over_child, source, over_source, errors)
            else:
                source.deleted[child] = over_source.locate(over_child)
                result[key] = merge(None, value, child, over_child, source, over_source, errors)
        return result
    if isinstance(over, Mapping):
        # A new map (or a map replacing a scalar): directives inside it still apply.
        source.drop(path)
        source.entries[path] = over_source.locate(over_path)
        return merge({}, over, path, over_path, source, over_source, errors)
    source.drop(path)
    source.graft(over_source, over_path, path)
    return copy.deepcopy(over)


def parse_override(text: str) -> tuple[list[str], Any]:
    """``"trains.2.price=100"`` -> (["trains", "2", "price"], 100)."""
    if "=" not in text:
        raise ValueError("expected path=value")
    path, _, raw = text.partition("=")
    keys = [k for k in path.strip().split(".")]
    if not path.strip() or any(not k for k in keys):
        raise ValueError(f"bad path {path.strip()!r}")
    return keys, parse_value(raw)


def apply_override(
    documents: dict[str, Any],
    text: str,
    number: int,
    source: SourceMap,
    errors: ErrorList,
) -> None:
    """Apply one ``--set path=value`` (``number`` counts from 1, for the error location)."""
    where = "--set"
    try:
        keys, value = parse_override(text)
    except TitleErrors as exc:  # a YAML error in the value
        message = exc.errors[0].message
        errors.add(where, number, text.partition("=")[0], f"bad value: {message}")
        return
    except ValueError as exc:  # no '=', or an empty path
        errors.add(where, number, text.partition("=")[0] or "(root)", str(exc))
        return
    if keys[0] not in documents:
        known = ", ".join(documents)
        errors.add(where, number, keys[0], f"no such file concern (known: {known})")
        return
    node: Any = documents
    trail: list[str | int] = []
    for key in keys[:-1]:
        step = _step(node, key)
        if step is None:
            errors.add(where, number, format_path([*trail, key]), _missing(node, key, trail))
            return
        node, index_here = step
        trail.append(index_here)
    last = keys[-1]
    if isinstance(node, list):
        if not (last.isdigit() and int(last) < len(node)):
            errors.add(where, number, format_path([*trail, last]), _missing(node, last, trail))
            return
        index: str | int = int(last)
    elif isinstance(node, dict):
        index = last
    else:
        errors.add(where, number, format_path([*trail, last]), f"{format_path(trail)} is not a map")
        return
    node[index] = value
    path = (*trail, index)
    source.drop(path)
    source.entries[path] = (where, number)


def _step(node: Any, key: str) -> tuple[Any, str | int] | None:
    if isinstance(node, dict) and key in node and isinstance(node[key], dict | list):
        return node[key], key
    if isinstance(node, list) and key.isdigit() and int(key) < len(node):
        child = node[int(key)]
        return (child, int(key)) if isinstance(child, dict | list) else None
    return None


def _missing(node: Any, key: str, trail: Sequence[str | int]) -> str:
    where = format_path(trail) if trail else "the title"
    if isinstance(node, list):
        return f"no item {key} in {where} (it has {len(node)})"
    if isinstance(node, dict) and key in node:
        return f"{format_path([*trail, key])} is not a map or list"
    return f"no key {key!r} in {where}"
