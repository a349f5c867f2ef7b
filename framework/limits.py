"""Bounds shared by the places that take the same input (a save's overrides are ``--set``
texts too): each is checked before the work it bounds. docs/limits.md lists every bound of the
engine and what it protects."""

from __future__ import annotations

#: ``--set`` overrides of one load (each one walks the title's line table: about 4 ms)
MAX_OVERRIDES = 256
#: characters of one override (``path=value``)
MAX_OVERRIDE_CHARS = 4096


def overrides_problem(overrides: object) -> str | None:
    """Why ``overrides`` is not a list of at most :data:`MAX_OVERRIDES` texts of at most
    :data:`MAX_OVERRIDE_CHARS` characters, or None."""
    if not isinstance(overrides, list | tuple) or not all(isinstance(o, str) for o in overrides):
        return "expected a list of strings"
    if len(overrides) > MAX_OVERRIDES:
        return f"expected at most {MAX_OVERRIDES} overrides ({len(overrides)} given)"
    for text in overrides:
        if len(text) > MAX_OVERRIDE_CHARS:
            return f"expected overrides of at most {MAX_OVERRIDE_CHARS} characters"
    return None
