"""A game recorded by another engine, reduced to the actions that stand.

The recording keeps every click: ``undo`` takes back the latest action not already undone
(with ``action_id``: every action after that one), ``redo`` restores what the last standing
undo took back, and a new action forgets what could still be redone.
Automation settings (``program_*``) are not moves; the moves they caused are embedded as
``auto_actions`` on the action that triggered them and stand right after it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import attrs

from railyard.framework.records import Record

#: action types that are the site's automation settings, never moves
PROGRAM_PREFIX = "program_"


@attrs.frozen(repr=False)
class RecordedGame(Record):
    """The header and the effective actions of a recorded game."""

    title: str
    players: tuple[str, ...]  # seating order, ids as strings
    seed: int | None
    result: dict[str, int]  # final net worth by player id
    end_reason: str | None
    actions: tuple[dict[str, Any], ...]  # effective actions, in play order
    raw_count: int  # actions in the file, undo/redo and programs included
    optional_rules: tuple[str, ...] = ()  # the site's optional rules the game was played with


def _is_move(action: dict[str, Any]) -> bool:
    return not str(action.get("type", "")).startswith(PROGRAM_PREFIX)


def effective_actions(raw: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The actions that stand after undo/redo, each followed by its automatic actions;
    automation settings dropped."""
    done: list[dict[str, Any]] = []
    undone: list[list[dict[str, Any]]] = []  # what each standing undo took back
    for action in raw:
        kind = action.get("type")
        if kind == "undo":
            target = action.get("action_id")
            taken: list[dict[str, Any]] = []
            if target is None:
                if done:
                    taken.append(done.pop())
            else:  # back to just after the action with that id
                while done and done[-1].get("id") != target:
                    taken.append(done.pop())
            undone.append(taken[::-1])
        elif kind == "redo":
            if undone:
                done.extend(undone.pop())
        else:
            undone.clear()
            done.append(action)
    out: list[dict[str, Any]] = []
    for action in done:
        if _is_move(action):
            out.append(action)
        out.extend(a for a in action.get("auto_actions") or () if _is_move(a))
    return out


class RecordError(ValueError):
    """A recorded-game file that is not one: names the field that is wrong."""


def read_recorded(path: str | Path) -> RecordedGame:
    """Read a game file of the 18xx.games format (bounded, strict JSON; RecordError or
    SaveError name what is wrong, OSError what cannot be read)."""
    from railyard.framework.core.savefile import read_json_file

    return recorded_from_dict(read_json_file(path))


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seed_of_id(game_id: Any) -> int | None:
    """The seed the site plays a game without one with (a hotseat game's seed is missing or
    empty): the first run of digits in the game's id, so the site's draws repeat here."""
    found = re.search(r"\d+", str(game_id)) if game_id is not None else None
    return int(found.group()) if found else None


def recorded_from_dict(data: Any) -> RecordedGame:
    if not isinstance(data, dict):
        raise RecordError("expected a game object at the top level")
    title = data.get("title")
    if not isinstance(title, str) or not title:
        raise RecordError("title: expected the title's name")
    # the site writes names ("18Chesapeake"); our ids are lower case ("18chesapeake")
    title = title.lower()
    raw_players = data.get("players")
    if not isinstance(raw_players, list) or not raw_players:
        raise RecordError("players: expected a list of players")
    players = []
    for i, p in enumerate(raw_players):
        pid = p.get("id") if isinstance(p, dict) else p
        if pid is None and isinstance(p, dict):
            pid = p.get("name")  # a hotseat game's players have names only
        if not (isinstance(pid, str) and pid) and not _int(pid):
            raise RecordError(f"players[{i}]: expected a player with an id")
        players.append(str(pid))
    if len(set(players)) != len(players):
        raise RecordError("players: two players have the same id")
    settings = data.get("settings") or {}
    if not isinstance(settings, dict):
        raise RecordError("settings: expected an object")
    seed = settings.get("seed")
    if seed is None or seed == "":
        seed = _seed_of_id(data.get("id"))
    elif not _int(seed):
        raise RecordError("settings.seed: expected an integer")
    result_raw = data.get("result") or {}
    if not isinstance(result_raw, dict) or not all(_int(v) or isinstance(v, float) for v in result_raw.values()):
        raise RecordError("result: expected each player's final worth")
    result = {str(k): int(v) for k, v in result_raw.items()}
    raw = data.get("actions")
    if not isinstance(raw, list):
        raise RecordError("actions: expected the list of recorded actions")
    for i, action in enumerate(raw):
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise RecordError(f"actions[{i}]: expected an action object with a type")
        autos = action.get("auto_actions")
        if autos is not None and not (
            isinstance(autos, list) and all(isinstance(a, dict) and isinstance(a.get("type"), str) for a in autos)
        ):
            raise RecordError(f"actions[{i}].auto_actions: expected a list of action objects")
    end_reason = data.get("game_end_reason")
    return RecordedGame(
        title=title,
        players=tuple(players),
        seed=seed,
        result=result,
        end_reason=end_reason if isinstance(end_reason, str) else None,
        actions=tuple(effective_actions(raw)),
        raw_count=len(raw),
        optional_rules=tuple(str(r) for r in settings.get("optional_rules") or ()),
    )
