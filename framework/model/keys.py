"""Marking the field that holds a record's id.

Title files are maps keyed by id (``trains: {"2": {...}}``) so that overlays can address one
record; the model keeps the id inside each record too. The loader fills a field marked with
:func:`key_field` from the map key (a field named ``id`` is the default key field).
"""

from __future__ import annotations

from typing import Any

import attrs

KEY = "railyard_key"


def key_field(**kwargs: Any) -> Any:
    """An attrs field that the loader fills from the record's map key."""
    metadata = {**kwargs.pop("metadata", {}), KEY: True}
    return attrs.field(converter=str, metadata=metadata, **kwargs)


def key_field_name(cls: type) -> str | None:
    """The name of ``cls``'s key field, or None if it has none."""
    if not attrs.has(cls):
        return None
    fields = attrs.fields(cls)
    for f in fields:
        if f.metadata.get(KEY):
            return f.name
    return "id" if any(f.name == "id" for f in fields) else None
