"""Saving, loading and autosaving a game from a client window.

Both clients (the hex-map one and any title's own view) keep their game in ``self.game`` and
report through ``self.say``; how a save reaches disk and how a bad file is reported must not
differ between them, so it lives here once.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any


class GameFiles:
    """Mixin for a client with ``game``, ``autosave`` (a path or None), ``save_path``,
    ``bots_running``, ``prompt``, ``say(text, error=False)`` and ``set_game(game)``."""

    game: Any
    prompt: Any  # (what, TextField) while a save/load path is being typed, else None
    #: the path the save/load prompt offers first (under ~/.railyard) when nothing was saved yet
    default_save_name = "game.json"
    autosave: Path | None
    save_path: Path | None
    bots_running: bool

    def say(self, text: str, error: bool = False) -> None:  # pragma: no cover - the client's
        raise NotImplementedError

    def set_game(self, game: Any) -> None:  # pragma: no cover - the client's
        raise NotImplementedError

    def undo(self) -> None:  # pragma: no cover - the client's
        raise NotImplementedError

    def redo(self) -> None:  # pragma: no cover - the client's
        raise NotImplementedError

    def file_keys(self, event: Any) -> bool:
        """Keys every client reads alike: typing into the file prompt (Esc closes it) and
        Ctrl+Z / Ctrl+Y / Ctrl+S / Ctrl+O. True when the key was used here."""
        import pygame

        if self.prompt is not None:
            if event.key == pygame.K_ESCAPE:
                self.prompt = None
            else:
                self.prompt[1].key(event)
            return True
        if not getattr(event, "mod", 0) & pygame.KMOD_CTRL:
            return False
        commands = {pygame.K_z: self.undo, pygame.K_y: self.redo,
                    pygame.K_s: lambda: self.open_prompt("save"), pygame.K_o: lambda: self.open_prompt("load")}
        command = commands.get(event.key)
        if command is None:
            return False
        command()
        return True

    def open_prompt(self, what: str) -> None:
        import pygame
        from railyard.renderer.ui.widgets import TextField

        default = str(self.save_path or Path.home() / ".railyard" / self.default_save_name)
        field = TextField(pygame.Rect(0, 0, 600, 30), default, focused=True)
        field.on_enter = lambda text, w=what: self._prompt_done(w, text)
        self.prompt = (what, field)

    def _prompt_done(self, what: str, text: str) -> None:
        self.prompt = None
        if text.strip():
            (self.save if what == "save" else self.load)(text.strip())

    def _autosave(self) -> None:
        """After every action, so that a crash loses nothing."""
        if self.autosave is None:
            return
        try:
            self.autosave.parent.mkdir(parents=True, exist_ok=True)
            self.game.save(self.autosave)
        except OSError as error:
            self.say(f"autosave failed: {error}", error=True)

    def save(self, path: str | Path) -> None:
        path = Path(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self.game.save(path)
        except OSError as error:
            self.say(f"cannot save: {error}", error=True)
            return
        self.save_path = path
        self.say(f"saved to {path}")

    def load(self, path: str | Path) -> None:
        """A file that does not load leaves the game on screen as it was."""
        from railyard.framework.core.game import Game

        try:
            game = Game.load(path)
        except Exception as error:
            self.say(f"cannot load {path}: {error}", error=True)
            return
        self.set_game(game)
        self.save_path = Path(path)
        self.bots_running = False
        self.say(f"loaded {path} ({len(game.actions)} actions)")

    def draw_file_prompt(self, surface: Any) -> None:
        """The box in which the path of a game to save or load is typed."""
        import pygame
        from railyard.renderer import colors
        from railyard.renderer.fonts import text

        assert self.prompt is not None
        what, field = self.prompt
        w, h = surface.get_size()
        box = pygame.Rect(0, 0, 660, 110)
        box.center = (w // 2, h // 2)
        pygame.draw.rect(surface, colors.PANEL_BG, box)
        pygame.draw.rect(surface, colors.PANEL_ACCENT, box, 2)
        text(surface, f"{what.capitalize()} game: file path (Enter to {what}, Esc to cancel)",
             (box.x + 14, box.y + 14), 20, colors.PANEL_TEXT, anchor="topleft")
        field.rect = pygame.Rect(box.x + 14, box.y + 50, box.width - 28, 30)
        field.draw(surface, 20)
