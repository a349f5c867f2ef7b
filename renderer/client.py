"""The pygame client as the engine's commands reach it: ``railyard play`` and ``railyard render``
find this module through the ``railyard.client`` entry point (``window``), so that the engine
never imports the renderer."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from railyard.renderer.display import NO_SCREEN_DRIVERS, NoWindow
from railyard.renderer.headless import board_surface, game_surface, save_png
from railyard.renderer.view import round_text

__all__ = ["NO_SCREEN_DRIVERS", "NoWindow", "board_png", "board_surface", "game_surface",
           "play_window", "position", "save_png"]


def position(game: Any) -> str:
    """Where a game stands (round and phase), for the headless report."""
    return f"{round_text(game)}, phase {getattr(game.state, 'phase', '?')}"


def board_png(title: Any, state: Any, path: Path) -> Path:
    """The board of ``title`` as ``state`` has it, drawn to the PNG ``path``."""
    return save_png(board_surface(title, state), path)


def play_window(title: Any, **options: Any) -> int:
    from railyard.renderer.window import play_window as window

    return window(title, **options)
