"""Loading a title folder into typed, validated objects.

``load_title("tinyrail")`` reads ``title.yaml``, every concern file it lists, the chosen
variant's overlay and any ``--set`` overrides, then checks in stages: each file against its
JSON Schema, then structuring into model classes, then cross-file references. Every error of a
stage is collected and raised together as one :class:`TitleErrors`; later stages run only on
data that passed the earlier ones (:mod:`framework.loader.loading`).

The names below are imported on first use: a command answered from the cache (``railyard
info`` with a warm cache) imports only :mod:`~framework.loader.finding` and
:mod:`~framework.loader.cache`, not the models, YAML or the checks.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from railyard.framework.loader.errors import TitleError, TitleErrors
    from railyard.framework.loader.families import GenericTitle, register_family
    from railyard.framework.loader.finding import find_title
    from railyard.framework.loader.loading import (  # noqa: F401 - _CACHE: tests clear it
        _CACHE,
        load_manifest,
        load_title,
    )

__all__ = [
    "GenericTitle",
    "TitleError",
    "TitleErrors",
    "find_title",
    "load_manifest",
    "load_title",
    "register_family",
]

_WHERE = {
    "GenericTitle": "families",
    "register_family": "families",
    "TitleError": "errors",
    "TitleErrors": "errors",
    "find_title": "finding",
    "MANIFEST": "finding",
    "load_manifest": "loading",
    "load_title": "loading",
    "_CACHE": "loading",
}


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value
