"""railyard: a data-driven engine for 18xx railway board games.

The repository's top-level folders install as one package: ``railyard.framework`` (the
engine), ``railyard.renderer`` (the pygame client), ``railyard.titles`` (the title folders,
package data) and ``railyard.schemas`` (JSON Schema for every title file).

For scripts (docs/scripting.md)::

    import railyard
    title = railyard.load_title("1837")
    game = railyard.new_game(title, players=["P1", "P2", "P3", "P4"], seed=1)
    result = railyard.play(game, bots="greedy")

The names below are imported on first use, so that ``import railyard`` stays cheap and loads
neither pygame nor the schema checker.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from railyard.framework.core.errors import IllegalAction
    from railyard.framework.facade import Game, PlayResult, load_title, new_game, play
    from railyard.framework.loader.errors import TitleErrors

_LAZY = {
    "Game": "railyard.framework.facade",
    "PlayResult": "railyard.framework.facade",
    "load_title": "railyard.framework.facade",
    "new_game": "railyard.framework.facade",
    "play": "railyard.framework.facade",
    "IllegalAction": "railyard.framework.core.errors",
    "TitleErrors": "railyard.framework.loader.errors",
}

__all__ = ["Game", "IllegalAction", "PlayResult", "TitleErrors", "load_title", "new_game", "play"]


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module 'railyard' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(_LAZY[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
