"""Turning validated YAML into frozen attrs classes with one cattrs converter.

Schema validation runs first and catches nearly everything; this stage still maps any
structuring failure (a model stricter than its schema) to ``file:line: path: message`` rather
than a traceback.
"""

from __future__ import annotations

import typing
from collections.abc import Iterator, Mapping
from typing import Any

import cattrs
from cattrs.errors import (
    AttributeValidationNote,
    ForbiddenExtraKeysError,
    IterableValidationError,
    IterableValidationNote,
)

from railyard.framework.loader.errors import DocPath
from railyard.framework.model.companies import Home
from railyard.framework.model.keys import key_field_name
from railyard.framework.model.market import Rows, parse_rows
from railyard.framework.model.values import PhaseValue
from railyard.framework.tiles import End, structure_end


def _keyed_value_type(t: Any) -> type | None:
    """For ``dict[str, X]`` with X an attrs class that has a key field: X; else None."""
    if typing.get_origin(t) is not dict:
        return None
    args = typing.get_args(t)
    if len(args) != 2 or args[0] is not str:
        return None
    value = args[1]
    return value if isinstance(value, type) and key_field_name(value) else None


def _structure_str(raw: Any, _type: Any) -> str:
    if isinstance(raw, str):
        return raw
    if isinstance(raw, bool) or raw is None or isinstance(raw, list | dict):
        raise TypeError(f"expected string, got {raw!r}")
    return str(raw)


def _structure_int(raw: Any, _type: Any) -> int:
    """Integers stay strict (no silent ``int("x")``); digit strings are map keys like ``3:``."""
    if isinstance(raw, str) and raw.isdigit():
        return int(raw)
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise TypeError(f"expected integer, got {raw!r}")
    return raw


def _structure_bool(raw: Any, _type: Any) -> bool:
    if not isinstance(raw, bool):
        raise TypeError(f"expected true or false, got {raw!r}")
    return raw


def make_converter(detailed: bool = True) -> cattrs.Converter:
    """The converter of title models; ``detailed``: failures carry the path of every value
    that failed (see :func:`structure_failures`), at the price of more generated code."""
    conv = cattrs.Converter(forbid_extra_keys=True, detailed_validation=detailed)

    def _structure_homes(raw: Any, _type: Any) -> tuple[Home, ...]:
        if raw is None:
            return ()
        items = raw if isinstance(raw, list | tuple) else [raw]
        homes = []
        for item in items:
            if isinstance(item, str):
                homes.append(Home(item))
            elif isinstance(item, Mapping):
                homes.append(conv.structure(item, Home))
            else:
                raise TypeError(f"expected a coordinate or {{hex, city}}, got {item!r}")
        return tuple(homes)

    conv.register_structure_hook(PhaseValue, lambda raw, _t: PhaseValue.of(raw))
    conv.register_unstructure_hook(PhaseValue, lambda v: v.to_raw())
    conv.register_structure_hook_func(lambda t: t == End, structure_end)
    conv.register_structure_hook_func(lambda t: t == Rows, lambda raw, _t: parse_rows(raw))
    conv.register_structure_hook_func(lambda t: t == tuple[Home, ...], _structure_homes)
    conv.register_structure_hook(str, _structure_str)
    conv.register_structure_hook(int, _structure_int)
    conv.register_structure_hook(bool, _structure_bool)

    def keyed_factory(t: Any) -> Any:
        value_type = _keyed_value_type(t)
        assert value_type is not None
        key = key_field_name(value_type)

        def structure(raw: Any, _t: Any) -> dict[str, Any]:
            if not isinstance(raw, Mapping):
                raise TypeError(f"expected map, got {raw!r}")
            out: dict[str, Any] = {}
            errors: list[Exception] = []
            for k, v in raw.items():
                try:
                    if v is None:
                        v = {}
                    if not isinstance(v, Mapping):
                        raise TypeError(f"expected map, got {v!r}")
                    out[str(k)] = conv.structure({**v, key: k}, value_type)
                except Exception as exc:
                    exc.add_note(IterableValidationNote(f"mapping value @ key {k!r}", k, value_type))
                    errors.append(exc)
            if errors:
                raise IterableValidationError(f"while structuring {t!r}", errors, t)
            return out

        return structure

    conv.register_structure_hook_factory(lambda t: _keyed_value_type(t) is not None, keyed_factory)
    return conv


converter = make_converter()
_quick: cattrs.Converter | None = None


def structure(raw: Any, cls: Any) -> Any:
    """Structure ``raw`` into ``cls``.

    Valid data goes through a converter without detailed validation (a third less work and
    generated code on a cold start); anything it refuses is structured again by the detailed
    converter, whose failure names every bad value's path.
    """
    global _quick
    if _quick is None:
        _quick = make_converter(detailed=False)
    try:
        return _quick.structure(raw, cls)
    except Exception:  # noqa: BLE001 - the detailed converter says what and where
        return converter.structure(raw, cls)


def _describe(exc: BaseException) -> str:
    if isinstance(exc, ForbiddenExtraKeysError):
        keys = ", ".join(sorted(exc.extra_fields))
        return f"unknown key(s): {keys}"
    if isinstance(exc, KeyError):
        return f"missing required field {exc.args[0]!r}" if exc.args else "missing field"
    text = str(exc)
    return text or type(exc).__name__


def structure_failures(exc: BaseException, path: DocPath = ()) -> Iterator[tuple[DocPath, str]]:
    """Each leaf failure in a cattrs error tree, as (document path, message)."""
    if isinstance(exc, BaseExceptionGroup):
        for sub in exc.exceptions:
            sub_path = path
            for note in getattr(sub, "__notes__", ()):
                if isinstance(note, AttributeValidationNote):
                    sub_path = (*path, note.name)
                elif isinstance(note, IterableValidationNote):
                    sub_path = (*path, note.index)
            if isinstance(sub, KeyError) and sub_path != path:
                yield sub_path, "missing required field"
                continue
            yield from structure_failures(sub, sub_path)
    else:
        yield path, _describe(exc)
