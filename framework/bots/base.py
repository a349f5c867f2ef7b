"""The bot interface and the registry that finds a bot by name.

A bot is built once per game and seat from the game's (stateless) ruleset, then asked for one
action at a time: ``choose(view, legal_actions, rng)``. It must be deterministic for a given
``rng`` state, so that a simulated game is reproducible from its seed alone.

Lookup order for a name: the title's own bots (a ``BOTS = {name: factory}`` mapping in the
title's hooks module), then the framework's own (:data:`BUILTIN`, named here as
``module:class`` and imported when first asked for, so that this module imports none of the
bots that subclass :class:`Bot`: no import cycle), then those given to :func:`register_bot`.
That way a title with its own ruleset brings its own players without the framework knowing
the title.
"""

from __future__ import annotations

import importlib
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any

from railyard.framework.core.actions import Action
from railyard.framework.core.ruleset import Ruleset, title_hooks_module


class Bot(ABC):
    """One seat's player. Subclasses set ``name`` and may override ``supports``."""

    name: str = ""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset

    @classmethod
    def supports(cls, ruleset: Ruleset) -> bool:
        """Whether this bot can play games of ``ruleset`` (generic bots: always)."""
        return True

    @abstractmethod
    def choose(self, view: Any, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        """One of ``legal_actions`` (never empty); ``view`` is read-only."""


BotFactory = Callable[[Ruleset], Any]

#: the framework's bots: name -> "module:class", imported on first use
BUILTIN: dict[str, str] = {
    "random": "railyard.framework.bots.random_bot:RandomBot",
    "greedy": "railyard.framework.bots.greedy:GreedyBot",
    "strong": "railyard.framework.bots.strong:StrongBot",
    "uniform": "railyard.framework.bots.uniform:UniformBot",
}
_REGISTRY: dict[str, BotFactory] = {}
_LOADED: dict[str, BotFactory] = {}


class UnknownBot(KeyError):
    """No bot of that name plays this title."""

    def __str__(self) -> str:
        return str(self.args[0])


def register_bot(name: str, factory: BotFactory) -> None:
    """Make ``factory(ruleset)`` the bot called ``name`` for every title that supports it."""
    _REGISTRY[name] = factory


def _factories() -> dict[str, BotFactory]:
    """Every bot of the framework by name: the built-in ones (imported now, once), then the
    registered ones (one registered under a built-in name takes its place)."""
    for name, where in BUILTIN.items():
        if name not in _LOADED:
            module, _, attr = where.partition(":")
            _LOADED[name] = getattr(importlib.import_module(module), attr)
    return {**_LOADED, **_REGISTRY}


def title_bots(ruleset: Ruleset) -> dict[str, BotFactory]:
    """The bots a title's hooks module declares in ``BOTS``."""
    title = getattr(ruleset, "title", None)
    hooks = title_hooks_module(title) if title is not None else None
    found = getattr(hooks, "BOTS", None) if hooks is not None else None
    return dict(found) if isinstance(found, dict) else {}


def _supported(factory: BotFactory, ruleset: Ruleset) -> bool:
    check = getattr(factory, "supports", None)
    return bool(check(ruleset)) if callable(check) else True


def bot_names(ruleset: Ruleset) -> list[str]:
    """Every bot name that can play this ruleset's games (title bots first)."""
    own = title_bots(ruleset)
    names = list(own)
    names += [n for n, f in _factories().items() if n not in own and _supported(f, ruleset)]
    return names


def make_bot(name: str, ruleset: Ruleset) -> Any:
    """A fresh bot called ``name`` for a game of ``ruleset``; UnknownBot lists the choices."""
    factory = title_bots(ruleset).get(name)
    if factory is None:
        factory = _factories().get(name)
        if factory is not None and not _supported(factory, ruleset):
            factory = None
    if factory is None:
        known = ", ".join(bot_names(ruleset)) or "none"
        raise UnknownBot(f"no bot {name!r} for this title (known: {known})")
    return factory(ruleset)


def seat_of(view: Any, entity: str, players: Sequence[str]) -> str | None:
    """The player who decides for ``entity``: itself if a player, else the company's controller
    as the state reports it (``controller(entity)`` or ``director(entity)``)."""
    if entity in players:
        return entity
    for name in ("controller", "director"):
        method = getattr(view, name, None)
        if callable(method):
            try:
                who = method(entity)
            except (KeyError, ValueError):
                continue
            if who in players:
                return who
    return None
