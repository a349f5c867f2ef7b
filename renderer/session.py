"""Saving, loading and autosaving a game from a client window.

Both clients (the hex-map one and any title's own view) keep their game in ``self.game`` and
report through ``self.say``; how a save reaches disk and how a bad file is reported must not
differ between them, so it lives here once.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

#: autosaves of this many games are kept (the newest); older ones are deleted
AUTOSAVES_KEPT = 5


def home() -> Path:
    return Path.home() / ".railyard"


def new_autosave_path(title_id: str, folder: Path | None = None, keep: int = AUTOSAVES_KEPT,
                      now: float | None = None) -> Path:
    """A fresh autosave file for a game starting now: one file per game, so a second game
    never overwrites the first; only the newest ``keep`` games' autosaves stay."""
    folder = folder if folder is not None else home() / "autosave"
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    path = folder / f"{title_id}-{stamp}.json"
    n = 2
    while path.exists():
        path = folder / f"{title_id}-{stamp}-{n}.json"
        n += 1
    if folder.is_dir():
        older = sorted(folder.glob("*.json"), key=lambda f: f.stat().st_mtime, reverse=True)
        for stale in older[max(0, keep - 1):]:
            stale.unlink(missing_ok=True)
            Path(f"{stale}.bak").unlink(missing_ok=True)  # a save's previous copy, if kept
    return path


def suggested_save_path(title_id: str, now: float | None = None) -> Path:
    """Where the save prompt suggests a first save goes: never the autosave folder."""
    return home() / "saves" / f"{title_id}-{time.strftime('%Y%m%d-%H%M', time.localtime(now))}.json"


def table_of(players: Any, bots: dict[str, str]) -> dict[str, Any]:
    """The save's ``table``: the players' names and, per seat, the bot playing it (None for a
    person), so that a loaded game sits down as it was left."""
    names = list(players)
    return {"names": names, "bots": [bots.get(name) for name in names]}


def bots_of(game: Any) -> dict[str, str]:
    """The bots of a loaded game's ``table`` (player -> bot name); none without one."""
    table = getattr(game, "table", None)
    if not isinstance(table, dict):
        return {}
    seats = table.get("bots") or []
    return {name: str(bot) for name, bot in zip(game.players, seats, strict=False) if bot}


class GameFiles:
    """Mixin for a client with ``game``, ``autosave`` (a path or None), ``save_path``,
    ``save_to`` (``--save PATH``: written after every action too), ``bot_names`` (player ->
    bot), ``bots_running``, ``prompt``, ``say(text, error=False)`` and ``set_game(game)``."""

    game: Any
    bots: set[str]
    prompt: Any  # (what, TextField) while a save/load path is being typed, else None
    #: the path the save/load prompt offers first (under ~/.railyard) when nothing was saved yet
    default_save_name = "game.json"
    autosave: Path | None
    save_path: Path | None
    save_to: Path | None = None
    bot_names: dict[str, str]
    bots_running: bool
    quit: bool = False  # the client's loop ends once set (Q, then Enter, in the quit prompt)

    def say(self, message: str, *, error: bool = False) -> None:  # pragma: no cover - the client's
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

        title_id = getattr(getattr(self.game.title, "manifest", None), "id", "game")
        default = str(self.save_path or suggested_save_path(title_id))
        field = TextField(pygame.Rect(0, 0, 600, 30), default, focused=True)
        field.on_enter = lambda text, w=what: self._prompt_done(w, text)
        self.prompt = (what, field)

    def _prompt_done(self, what: str, text: str) -> None:
        self.prompt = None
        if what == "quit":
            self.quit = self.save(text.strip()) if text.strip() else True
            return
        if text.strip():
            (self.save if what == "save" else self.load)(text.strip())

    def _stamp_table(self) -> None:
        self.game.table = table_of(self.game.players, self.bot_names)

    def _autosave(self) -> None:
        """After every action, so that a crash loses nothing; ``--save PATH`` is kept up to
        date the same way."""
        self._stamp_table()
        for path, what in ((self.autosave, "autosave"), (self.save_to, "save")):
            if path is None:
                continue
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                self.game.save(path)
            except OSError as error:
                self.say(f"{what} failed: {error}", error=True)

    def save(self, path: str | Path) -> bool:
        """True once the game is on disk (a refusal or an error is said instead)."""
        path = Path(path)
        if self.autosave is not None and path.expanduser().resolve() == self.autosave.resolve():
            self.say("that is the autosave file, which the next move overwrites: choose another",
                     error=True)
            return False
        self._stamp_table()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self.game.save(path)
        except OSError as error:
            self.say(f"cannot save: {error}", error=True)
            return False
        self.save_path = path
        self.say(f"saved to {path}")
        return True

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
        self.bot_names = bots_of(game)
        self.bots = set(self.bot_names)
        self.bots_running = False
        seated = f", bots in {', '.join(self.bot_names)}" if self.bot_names else ""
        self.say(f"loaded {path} ({len(game.actions)} actions{seated}; B runs the bots)")

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
        ask = (f"{what.capitalize()} game: file path (Enter to {what}, Esc to cancel)" if what != "quit"
               else "Quit: Enter saves here and quits; empty the path to quit unsaved; Esc stays")
        text(surface, ask, (box.x + 14, box.y + 14), 20, colors.PANEL_TEXT, anchor="topleft")
        field.rect = pygame.Rect(box.x + 14, box.y + 50, box.width - 28, 30)
        field.draw(surface, 20)
