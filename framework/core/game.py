"""The Game driver: feeds actions to a ruleset atomically, keeps the log, undo/redo, save/load.

Undo and atomicity work by deep-copy checkpoints plus replay of the tail, so the ruleset only
has to be deterministic; it never has to know how to reverse an action. Checkpoints are made
when a rebuild needs them (the first undo, a refused action), not while actions are played.
"""

from __future__ import annotations

import contextlib
import copy
import gc
import hashlib
import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Generic, TypeVar, cast, overload

from railyard.framework.core.actions import Action, to_json
from railyard.framework.core.errors import IllegalAction, InvariantBroken, ReplayError
from railyard.framework.core.rng import GameRng
from railyard.framework.core.ruleset import Ruleset, ruleset_for
from railyard.framework.core.savefile import (
    SAVE_FORMAT,
    SAVE_VERSION,
    SaveError,
    action_from_json,
    action_problem,
    atomic_write_text,
    player_name_problem,
    read_json_file,
    read_save,
)
from railyard.framework.gcpause import paused

__all__ = ["SAVE_FORMAT", "SAVE_VERSION", "Game", "SaveError"]


S = TypeVar("S")


#: whether games move their title out of the cyclic collector's way (:func:`tuned_for_replays`);
#: off unless a process opts in: a game changes no global setting by default
_TUNED = False

# ids of the titles whose objects were moved out of the cyclic collector's way (with the title
# kept, so that an id is not reused while it is listed)
_SETTLED: dict[int, Any] = {}


@contextlib.contextmanager
def tuned_for_replays() -> Iterator[None]:
    """Opt in, inside, for a command that replays or plays games and then ends the process
    (``railyard replay``, ``railyard simulate``): each title's first game and first replay
    freeze what is alive out of the collector's generations (:func:`_settle`), and the titles
    are kept meanwhile. Never for a long-lived process that loads many titles or games (a
    server, a window): frozen objects are never freed. On the way out the titles are let go,
    and what was frozen is thawed again when nothing was frozen before (a command run inside
    a test session leaves no trace)."""
    global _TUNED
    frozen_before = gc.get_freeze_count()
    _TUNED = True
    try:
        yield
    finally:
        _TUNED = False
        _SETTLED.clear()
        _REPLAYED.clear()
        if frozen_before == 0:
            gc.unfreeze()


def _settle(title: Any) -> None:
    """Freeze what is alive when a title's first game starts (the title, its rules, the
    imported code: tens of thousands of objects that live as long as the process) out of the
    cyclic garbage collector's generations, once per title: every later collection of a game's
    small objects then no longer walks them (a tenth of a replay's time). Nothing is collected
    first, so whatever garbage is alive then stays (a one-off, per title). Only once a process
    has opted in (:func:`tuned_for_replays`)."""
    if not _TUNED or title is None or id(title) in _SETTLED:
        return
    _SETTLED[id(title)] = title
    gc.freeze()


# ids of the titles replayed once in this process (the title kept, as for _SETTLED)
_REPLAYED: dict[int, Any] = {}


def _settle_replayed(title: Any) -> None:
    """Freeze again when a title's first replay ends: the replay ran with the collector paused,
    so everything it made (the game, the title's first-use tables, which live as long as the
    process) is in the youngest generation, and the collector's first run after would walk it
    all to find nothing to free (3-4% of a first replay). Later replays are left to the
    collector as usual. The same trade-off as :func:`_settle`, once per title, and opt-in
    likewise."""
    if not _TUNED or title is None or id(title) in _REPLAYED:
        return
    _REPLAYED[id(title)] = title
    gc.freeze()


class SeatingError(ValueError):
    """Players who cannot sit down to a game of the title (see :func:`seating_problem`)."""


def seating_problem(title: Any, players: Sequence[str]) -> str | None:
    """Why ``players`` cannot sit down to a game of ``title`` (a name no save or screen can
    show, a count the title has no set-up for), or None: said before any rule runs, never
    as a KeyError from the set-up."""
    for name in players:
        problem = player_name_problem(name)
        if problem is not None:
            return f"{problem}, got {name!r}"
    seats = getattr(getattr(title, "manifest", None), "players", None)
    if seats is not None and len(players) not in seats:
        return f"the title seats {seats.min}-{seats.max} players, got {len(players)}"
    return None


class Game(Generic[S]):
    """One game of one title: the state, the action log and the text log.

    ``state`` is the live ruleset state (an ``S``: ``G18State`` for an 18xx title); treat it as
    read-only (use ``process``). The variant is the loaded title's: a save names it, so that
    loading the save replays the same rules.
    """

    #: undo leaves a deep copy of the state every this many actions (see ``_rebuild``)
    CHECKPOINT_EVERY = 32
    #: a replay (``from_dict``: the set-up, the rules' import, every action) pauses the cyclic
    #: garbage collector, which otherwise walks the growing state and caches again and again
    #: (a fifth of a replay; :mod:`framework.gcpause`); playing makes no
    #: reference cycles as far as we know, and in case something does, the young generations
    #: are collected every this many actions (the collector runs again after the replay)
    REPLAY_COLLECT_EVERY = 2000

    @overload
    def __init__(
        self: Game[Any],
        title: Any,
        players: Sequence[str],
        seed: int,
        variant: str | None = None,
        overrides: Sequence[str] = (),
        *,
        ruleset: None = None,
        debug: bool = False,
    ) -> None: ...

    @overload
    def __init__(
        self,
        title: Any,
        players: Sequence[str],
        seed: int,
        variant: str | None = None,
        overrides: Sequence[str] = (),
        *,
        ruleset: Ruleset[S],
        debug: bool = False,
    ) -> None: ...

    def __init__(
        self,
        title: Any,
        players: Sequence[str],
        seed: int,
        variant: str | None = None,
        overrides: Sequence[str] = (),
        *,
        ruleset: Ruleset[S] | None = None,
        debug: bool = False,
    ) -> None:
        if isinstance(title, (str, Path)):
            from railyard.framework.loader import load_title

            # the one title object for these files: a process loading a save again and again
            # makes no new title each time (caches of the rules are keyed by title)
            loaded = load_title(str(title), variant, tuple(overrides), shared=True)
            self.title_ref: str | None = loaded.id
            self._title_path: str | None = str(Path(title).resolve()) if Path(title).is_dir() else None
        elif title is None:  # a ruleset that builds its state without a title
            loaded = None
            self.title_ref = None
            self._title_path = None
        else:
            loaded = title
            if variant is not None and variant != loaded.variant:
                raise ValueError(f"variant {variant!r} given for a title loaded with variant "
                                 f"{loaded.variant!r}: load the title with the variant instead")
            variant = loaded.variant
            self.title_ref = loaded.id
            self._title_path = str(loaded.path)
        problem = seating_problem(loaded, players)
        if problem is not None:
            raise SeatingError(f"players: {problem}")
        self.title = loaded
        self.variant = variant
        self.overrides = tuple(overrides)
        self.players = tuple(players)
        self.seed = seed
        self.debug = debug
        self.ruleset: Ruleset[S] = ruleset if ruleset is not None else ruleset_for(loaded)
        _settle(loaded)
        self._state: S = self._initial_state()
        # action count -> a copy of the state after that many actions; the state before any
        # is made again by the set-up (deterministic: the seed), not kept as a copy
        self._checkpoints: dict[int, S] = {}
        self._actions: list[Action] = []
        self._logs: list[list[str]] = []
        self._redo: list[Action] = []
        self.replay_error: ReplayError | None = None
        #: who sits where (names, which seats are bots and which bot): the client's, saved as is
        self.table: dict[str, Any] | None = None
        #: a game read from a save (``from_dict``): how many actions the save holds (a replay
        #: that stops at a refused one plays fewer)
        self.saved_actions: int | None = None

    def _initial_state(self) -> S:
        """The state before any action: the ruleset's set-up from the title, the players and
        the seed (the same each time it is made)."""
        return self.ruleset.new_state(self.title, self.players, GameRng(self.seed))

    # ------------------------------------------------------------------ reading
    @property
    def state(self) -> S:
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

    def _apply(self, action: Action | dict[str, Any], checked: bool = False) -> list[str]:
        """``checked``: the action was read by the save reader already (a replay)."""
        if checked:
            return self._play(cast(Action, action))
        return self._play(self._typed(action))

    def _play(self, action: Action) -> list[str]:
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
        return lines

    @staticmethod
    def _typed(action: Any) -> Action:
        """The one type contract of actions: a dict is read as a save's action is, an action
        object is checked by the same rules; a wrong type is an IllegalAction naming the field,
        never a coerced value or a TypeError deep in the rules (what is played can be saved
        and loaded back)."""
        if isinstance(action, dict):
            try:
                return action_from_json(action)
            except SaveError as error:
                raise IllegalAction("rule:action.type", str(error)) from None
        problem = action_problem(action)
        if problem is not None:
            raise IllegalAction("rule:action.type", f"{type(action).__name__}.{problem}")
        return action

    def copy(self) -> Game[S]:
        """An independent game at the same position (same log, undo and redo): play on in
        either without touching the other. The title and the stateless ruleset are shared."""
        twin = copy.copy(self)
        twin._state = copy.deepcopy(self._state)
        twin._checkpoints = copy.deepcopy(self._checkpoints)
        twin._actions = list(self._actions)
        twin._logs = [list(chunk) for chunk in self._logs]
        twin._redo = list(self._redo)
        return twin

    def undo(self) -> Action | None:
        """Take back the last action (None if there is none); it can be redone."""
        if not self._actions:
            return None
        action = self._actions.pop()
        self._logs.pop()
        self._redo.append(action)
        self._rebuild(len(self._actions), fill=True)
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

    def _rebuild(self, count: int, fill: bool = False) -> None:
        """Restore the state after the first ``count`` logged actions.

        Checkpoints are made here, when a rebuild needs them, never while actions are played:
        a batch replay (load, import, a bot game) nobody undoes copies nothing. An undo
        (``fill``) leaves a checkpoint every ``CHECKPOINT_EVERY`` actions on its way, so that
        the undos after it are cheap; a refused action leaves one where the game stands, so
        that the next refusal replays only what came after.
        """
        for index in [i for i in self._checkpoints if i > count]:
            del self._checkpoints[index]
        if self._checkpoints:
            base = max(self._checkpoints)
            state = copy.deepcopy(self._checkpoints[base])
        else:
            base, state = 0, self._initial_state()
        every = self.CHECKPOINT_EVERY
        for done, action in enumerate(self._actions[base:count], start=base + 1):
            self.ruleset.apply(state, action)
            if fill and done % every == 0 and done < count:
                self._checkpoints[done] = copy.deepcopy(state)
        if not fill and count - base >= every:
            self._checkpoints[count] = copy.deepcopy(state)
        self._state = state

    # ------------------------------------------------------------------ saving
    def to_dict(self) -> dict[str, Any]:
        """The save: the title by id (never a path), the setup and the action log."""
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
        table = getattr(self, "table", None)
        if table is not None:
            data["table"] = dict(table)
        return data

    def save(self, path: str | Path, *, keep_previous: bool = True) -> None:
        """Write the save atomically: ``path`` holds the old save or the new one, whole,
        whenever the process dies; the old one stays beside it as ``path.bak``."""
        text = json.dumps(self.to_dict(), indent=1) + "\n"
        atomic_write_text(path, text, keep_previous=keep_previous)

    @classmethod
    def from_dict(
        cls,
        data: Any,
        *,
        title: Any = None,
        ruleset: Ruleset | None = None,
        debug: bool = False,
        strict: bool = True,
    ) -> Game:
        """Rebuild a game by replaying its actions. A refused action raises ReplayError, or with
        ``strict=False`` stops the replay there and is kept in ``game.replay_error``.

        The save names its title by id, found under titles/ only; a title from anywhere else
        is the caller's (``title=``, from a ``--title PATH`` the user typed), and must have
        the id the save names. A save that is not one (a wrong field, an unknown version, an
        action that does not fit its type) raises SaveError naming the field."""
        with paused():  # see REPLAY_COLLECT_EVERY
            save = read_save(data)
            if title is None and save.title is not None:
                from railyard.framework.loader import find_title

                title = find_title(save.title, by_id=True)
            elif title is None and ruleset is None:
                raise SaveError("title: the save names no title")
            try:
                game = cls(
                    title,
                    save.players,
                    save.seed,
                    save.variant,
                    save.overrides,
                    ruleset=ruleset,
                    debug=debug,
                )
            except SeatingError as error:
                raise SaveError(str(error)) from None
            loaded_id = getattr(getattr(game.title, "manifest", None), "id", None)
            if isinstance(loaded_id, str) and save.title is not None and loaded_id != save.title:
                raise SaveError(f"title: the save is a game of {save.title!r}, not of {loaded_id!r}")
            game.title_ref = save.title
            game.table = None if save.table is None else dict(save.table)
            game.saved_actions = len(save.actions)
            for index, raw in enumerate(save.actions):
                action = action_from_json(raw, ("actions", index))
                try:
                    game._apply(action, checked=True)
                    game._redo.clear()
                except Exception as error:
                    failure = ReplayError(index, action, error)
                    if strict:
                        raise failure from error
                    game.replay_error = failure
                    break
                if index % cls.REPLAY_COLLECT_EVERY == cls.REPLAY_COLLECT_EVERY - 1:
                    gc.collect(1)
            _settle_replayed(game.title)
        return game

    @classmethod
    def load(cls, path: str | Path, **kwargs: Any) -> Game:
        """A saved game (see :meth:`from_dict`); OSError, SaveError (a ValueError), TitleErrors
        or ReplayError say why not."""
        with paused():  # parsing a long save makes many objects, no garbage
            data = read_json_file(path)
        return cls.from_dict(data, **kwargs)
