"""The registry of module caches that hold one game's positions (graphs, layouts, links, route
answers, reach walks, tile-lay verdicts).

Such a cache is keyed by board position, and a graph built from another game's board with the
same position can order its nodes differently and so break ties between equal routes
differently: a simulated game's result would depend on the games the process played before it.
A cache registers itself where it is made (``_CACHE = per_game({})``), so that
:func:`clear_game_caches` empties every one of them, renamed or new, without a list of names
kept elsewhere that could go stale.
"""

from __future__ import annotations

from typing import Any, TypeVar

_Cache = TypeVar("_Cache", bound=dict[Any, Any])

_GAME_CACHES: list[dict[Any, Any]] = []


def per_game(cache: _Cache) -> _Cache:
    """Registers ``cache`` as holding one game's positions and returns it."""
    _GAME_CACHES.append(cache)
    return cache


def clear_game_caches() -> None:
    """Empties every registered cache (those of modules not imported yet are empty anyway)."""
    for cache in _GAME_CACHES:
        cache.clear()
