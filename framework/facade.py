"""The scripting face of the engine: what ``import railyard`` offers (docs/scripting.md).

A script loads a title, starts a game, lists and submits actions, takes them back, copies the
game to try a line, and lets bots play to the end; everything else stays in the engine's
modules for those who need it.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from typing import Any

from railyard.framework import autoplay
from railyard.framework.autoplay import Bots, PlayResult
from railyard.framework.core.game import Game
from railyard.framework.loader import load_title as _load_title

__all__ = ["Game", "PlayResult", "load_title", "new_game", "play"]


def load_title(
    name_or_path: str | os.PathLike[str], variant: str | None = None, overrides: Iterable[str] = ()
) -> Any:
    """A title by name (one shipped with railyard) or a designer's folder, checked and typed;
    a bad file raises TitleErrors naming file, line and path."""
    return _load_title(name_or_path, variant, overrides)


def new_game(
    title: Any,
    players: Sequence[str],
    seed: int = 1,
    variant: str | None = None,
) -> Game[Any]:
    """A new game of ``title`` (a loaded title, a name or a folder). The variant is the loaded
    title's; naming another one here is an error."""
    if isinstance(title, str | os.PathLike):
        title = _load_title(title, variant)
    return Game(title, players, seed, variant)


def play(game: Game[Any], bots: Bots = "random", *, max_actions: int = autoplay.MAX_ACTIONS) -> PlayResult:
    """Let bots play ``game`` to its end: ``bots`` is one name for every seat or
    ``{player: name}``. Returns the standings and the record (the save) of the game."""
    return autoplay.play(game, bots, max_actions=max_actions)
