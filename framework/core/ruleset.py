"""The rules interface every ruleset implements, and how a title finds its ruleset."""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable
from pathlib import Path
from typing import Any, Generic, TypeVar

from railyard.framework.core.actions import Action
from railyard.framework.core.rng import GameRng
from railyard.framework.gcpause import paused

S = TypeVar("S")


class Ruleset(ABC, Generic[S]):
    """A stateless rules object, one per title: all game data lives in the state it builds.

    Keeping the rules stateless is what lets the Game driver checkpoint, undo and replay by
    copying the state alone.
    """

    def __init__(self, title: Any = None) -> None:
        self.title = title

    @abstractmethod
    def new_state(self, title: Any, players: tuple[str, ...], rng: GameRng) -> S:
        """The starting position (a mutable object that ``copy.deepcopy`` copies correctly)."""

    @abstractmethod
    def active_entities(self, state: S) -> tuple[str, ...]:
        """Who may act now: player ids, or company ids whose controller acts."""

    @abstractmethod
    def legal_actions(self, state: S, entity: str | None = None) -> list[Action]:
        """A finite list of legal actions (representative choices for large parameter spaces)."""

    @abstractmethod
    def apply(self, state: S, action: Action) -> list[str]:
        """Check then apply ``action``; raise IllegalAction naming the rule; return log lines."""

    @abstractmethod
    def is_over(self, state: S) -> bool:
        """Whether the game has ended."""

    @abstractmethod
    def standings(self, state: S) -> list[tuple[str, int]]:
        """(player id, score), best first; ties allowed."""

    @abstractmethod
    def invariants(self, state: S) -> list[str]:
        """Broken invariants (empty when all hold)."""

    @abstractmethod
    def state_dict(self, state: S) -> dict[str, Any]:
        """A canonical JSON-able dict of the state, for hashing and inspection."""

    def view(self, state: S) -> Any:
        """A read-only view for renderers and bots; by default the state itself."""
        return state

    def seating(self, state: Any) -> tuple[str, ...]:
        """The players in table order at the start (seat 1 first), for per-seat statistics.

        A title that draws the order at setup says the drawn order; by default it is the order
        of the state's players."""
        players = getattr(state, "players", None) or []
        return tuple(str(getattr(p, "id", p)) for p in players)


RulesetFactory = Callable[[Any], Ruleset[Any]]

_FAMILIES: dict[str, RulesetFactory] = {}

# Family packages register themselves on import; importing them lazily avoids import cycles.
_FAMILY_MODULES: dict[str, str] = {"18xx": "railyard.framework.eighteen"}


def register_family_ruleset(family: str, factory: RulesetFactory) -> None:
    """Make ``factory(title) -> Ruleset`` the ruleset of every title of ``family``."""
    _FAMILIES[family] = factory


def family_ruleset(family: str) -> RulesetFactory:
    """The registered factory of a family (importing the family package if needed)."""
    if family not in _FAMILIES and family in _FAMILY_MODULES:
        importlib.import_module(_FAMILY_MODULES[family])
    try:
        return _FAMILIES[family]
    except KeyError:
        raise KeyError(f"no ruleset registered for family {family!r}") from None


_HOOK_MODULES: dict[str, Any] = {}


class HooksError(Exception):
    """A title's hooks module cannot serve: it defines neither ``Hooks`` nor ``RULESET``."""


def title_hooks_module(title: Any) -> Any:
    """The title's hooks module (imported once per file), or None if its title.yaml names none.

    A module that defines neither ``Hooks`` (rules added to its family's) nor ``RULESET`` (a
    ruleset of its own) is an error, never a silent fall-back to no title rules.
    """
    path = title.hooks_path
    if path is None:
        return None
    path = Path(path)
    if path.is_dir():
        path = path / "__init__.py"
    key = str(path.resolve())
    if key not in _HOOK_MODULES:
        name = "railyard_title_hooks_" + hashlib.sha1(key.encode()).hexdigest()[:12]
        package = [str(path.parent)] if path.name == "__init__.py" else None
        spec = importlib.util.spec_from_file_location(name, path, submodule_search_locations=package)
        if spec is None or spec.loader is None:
            raise HooksError(f"{path}: not a Python module")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        with paused():  # it imports the engine's rules: many classes, no garbage
            spec.loader.exec_module(module)
        if not hasattr(module, "Hooks") and not hasattr(module, "RULESET"):
            del sys.modules[name]
            raise HooksError(f"{path}: the title's hooks module defines neither Hooks (rules for "
                             "its family's ruleset) nor RULESET (a ruleset of its own)")
        _HOOK_MODULES[key] = module
    return _HOOK_MODULES[key]


def ruleset_for(title: Any) -> Ruleset[Any]:
    """The title's own RULESET (from its hooks module) if it defines one, else its family's."""
    hooks = title_hooks_module(title)
    own = getattr(hooks, "RULESET", None) if hooks is not None else None
    if own is not None:
        return own(title)
    return family_ruleset(title.manifest.family)(title)
