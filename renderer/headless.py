"""Drawing without a window: the board (and the panels, given a game) to a PNG file.

Uses SDL's dummy video driver when no driver is chosen, so it works on a machine with no
display at all.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pygame


def init_headless() -> None:
    """Start the parts of pygame drawing needs (video and fonts, no sound), windowless."""
    if not os.environ.get("SDL_VIDEODRIVER"):
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    # drawing off-screen needs no Ctrl+C handling of SDL's own: leave SIGINT/SIGTERM to Python
    # (a test suite that draws stays stoppable)
    os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")
    if not pygame.display.get_init():
        try:
            pygame.display.init()
        except pygame.error:  # the named driver cannot start here: draw off-screen
            os.environ["SDL_VIDEODRIVER"] = "dummy"
            pygame.display.init()
    from railyard.renderer.fonts import start

    start()


def board_surface(title: Any, state: Any = None, size: float = 44.0) -> pygame.Surface:
    """The whole board of ``title`` as ``state`` has it (None: the starting board)."""
    from railyard.renderer.board import BoardRenderer
    from railyard.renderer.snapshot import snapshot

    init_headless()
    return BoardRenderer(title).render_whole(size, snapshot(title, state))


def game_surface(game: Any, size: float = 44.0) -> pygame.Surface:
    """The board with the side panels, as the window shows them."""
    from railyard.renderer.screen import compose

    init_headless()
    return compose(game, size)


def save_png(surface: pygame.Surface, path: str | Path) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(path))
    return path
