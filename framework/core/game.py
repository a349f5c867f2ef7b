"""The Game driver: feeds actions to a ruleset atomically, keeps the log, undo/redo, save/load.

Undo and atomicity work by periodic deep-copy checkpoints plus replay of the tail, so the
ruleset only has to be deterministic; it never has to know how to reverse an action.
"""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from railyard.framework.core.actions import Action, from_json, to_json
from railyard.framework.core.errors import InvariantBroken, ReplayError
from railyard.framework.core.rng import GameRng
from railyard.framework.core.ruleset import Ruleset, ruleset_for

SAVE_FORMAT = "railyard-save"
SAVE_VERSION = 1


def _title_reference(title: Any) -> tuple[str | None, str | None]:
    """(id, folder path) of a loaded title, whichever are known, for the save file."""
    title_id = None
    for name in ("id",):
        value = getattr(title, name, None)
        if isinstance(value, str):
            title_id = value
    if title_id is None:
        meta = getattr(title, "title", None)
        value = getattr(meta, "id", None)
        title_id = value if isinstance(value, str) else None
    path = None
    for name in ("path", "root", "folder", "directory"):
        value = getattr(title, name, None)
        if value is not None:
            path = str(value)
            break
    return title_id, path


class Game:
    """One game of one title: the state, the action log and the text log.

    ``state`` is the live ruleset state; treat it as read-only (use ``process``).
    """

    #: a deep copy of the state is kept every this many actions
    CHECKPOINT_EVERY = 32

    def __init__(
        self,
        title: Any,
        players: Sequence[str],
        seed: int,
        variant: str | None = None,
        overrides: Sequence[str] = (),
        *,
        ruleset: Ruleset | None = None,
        debug: bool = False,
    ) -> None:
        if isinstance(title, (str, Path)):
            from railyard.framework.loader import load_title

            loaded = load_title(str(title), variant, tuple(overrides))
            self.title_ref: str | None = getattr(loaded, "id", None) or str(title)
            self._title_path = str(Path(title).resolve()) if Path(title).is_dir() else None
        else:
            loaded = title
            title_id, path = _title_reference(loaded)
            self.title_ref = title_id or path
            self._title_path = path
        self.title = loaded
        self.variant = variant
        self.overrides = tuple(overrides)
        self.players = tuple(players)
        self.seed = seed
        self.debug = debug
        self.ruleset = ruleset if ruleset is not None else ruleset_for(loaded)
        self._state = self.ruleset.new_state(loaded, self.players, GameRng(seed))
        self._checkpoints: dict[int, Any] = {0: copy.deepcopy(self._state)}
        self._actions: list[Action] = []
        self._logs: list[list[str]] = []
        self._redo: list[Action] = []
        self.replay_error: ReplayError | None = None
        #: who sits where (names, which seats are bots and which bot): the client's, saved as is
        self.table: dict[str, Any] | None = None

    # ------------------------------------------------------------------ reading
    @property
    def state(self) -> Any:
        return self._state

    def view(self) -> Any:
        return self.ruleset.view(self._state)

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(self._actions)

    @property
    def log(self) -> list[str]:
        return [line for chunk in self._logs for line in chunk]

    def legal_actions(self, entity: str | None = None) -> list[Action]:
        return self.ruleset.legal_actions(self._state, entity)

    def active_entities(self) -> tuple[str, ...]:
        return self.ruleset.active_entities(self._state)

    def is_over(self) -> bool:
        return self.ruleset.is_over(self._state)

    def standings(self) -> list[tuple[str, int]]:
        return self.ruleset.standings(self._state)

    def check_invariants(self) -> list[str]:
        return self.ruleset.invariants(self._state)

    def state_dict(self) -> dict[str, Any]:
        return self.ruleset.state_dict(self._state)

    def state_hash(self) -> str:
        text = json.dumps(self.state_dict(), sort_keys=True, separators=(",", ":"), default=str)
        return hashlib.sha256(text.encode()).hexdigest()

    # ------------------------------------------------------------------ acting
    def process(self, action: Action | dict[str, Any]) -> list[str]:
        """Apply an action whole or not at all; returns its log lines.

        Any exception (IllegalAction or a bug) leaves the state exactly as before.
        """
        lines = self._apply(action)
        self._redo.clear()
        return lines

    def _apply(self, action: Action | dict[str, Any]) -> list[str]:
        if isinstance(action, dict):
            action = from_json(action)
        try:
            lines = list(self.ruleset.apply(self._state, action) or [])
            if self.debug:
                problems = self.ruleset.invariants(self._state)
                if problems:
                    raise InvariantBroken(problems)
        except BaseException:
            self._rebuild(len(self._actions))
            raise
        self._actions.append(action)
        self._logs.append(lines)
        if len(self._actions) % self.CHECKPOINT_EVERY == 0:
            self._checkpoints[len(self._actions)] = copy.deepcopy(self._state)
        return lines

    def undo(self) -> Action | None:
        """Take back the last action (None if there is none); it can be redone."""
        if not self._actions:
            return None
        action = self._actions.pop()
        self._logs.pop()
        self._redo.append(action)
        self._rebuild(len(self._actions))
        return action

    def redo(self) -> Action | None:
        """Re-apply the last undone action (None if there is none)."""
        if not self._redo:
            return None
        action = self._redo.pop()
        try:
            self._apply(action)
        except BaseException:
            self._redo.append(action)
            raise
        return action

    def undo_to(self, count: int) -> None:
        """Take back actions until ``count`` remain."""
        while len(self._actions) > count:
            self.undo()

    def _rebuild(self, count: int) -> None:
        """Restore the state after the first ``count`` logged actions."""
        for index in [i for i in self._checkpoints if i > count]:
            del self._checkpoints[index]
        base = max(self._checkpoints)
        state = copy.deepcopy(self._checkpoints[base])
        for action in self._actions[base:count]:
            self.ruleset.apply(state, action)
        self._state = state

    # ------------------------------------------------------------------ saving
    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "title": self.title_ref,
            "variant": self.variant,
            "overrides": list(self.overrides),
            "players": list(self.players),
            "seed": self.seed,
            "actions": [to_json(a) for a in self._actions],
        }
        path = getattr(self, "_title_path", None)
        if path is not None:
            data["title_path"] = path
        if self.table is not None:
            data["table"] = self.table
        return data

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_dict(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def from_dict(
        cls,
        data: dict[str, Any],
        *,
        title: Any = None,
        ruleset: Ruleset | None = None,
        debug: bool = False,
        strict: bool = True,
    ) -> Game:
        """Rebuild a game by replaying its actions. A refused action raises ReplayError, or with
        ``strict=False`` stops the replay there and is kept in ``game.replay_error``."""
        if data.get("format", SAVE_FORMAT) != SAVE_FORMAT:
            raise ValueError(f"not a railyard save (format {data.get('format')!r})")
        if title is None:
            title = data["title"]
            title_path = data.get("title_path")
            if title_path and Path(title_path).is_dir():
                title = title_path
        game = cls(
            title,
            data["players"],
            data["seed"],
            data.get("variant"),
            data.get("overrides", ()),
            ruleset=ruleset,
            debug=debug,
        )
        table = data.get("table")
        game.table = table if isinstance(table, dict) else None
        for index, raw in enumerate(data.get("actions", [])):
            action = from_json(raw)
            try:
                game.process(action)
            except Exception as error:
                failure = ReplayError(index, action, error)
                if strict:
                    raise failure from error
                game.replay_error = failure
                break
        return game

    @classmethod
    def load(cls, path: str | Path, **kwargs: Any) -> Game:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        return cls.from_dict(data, **kwargs)
