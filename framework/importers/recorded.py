"""A game recorded by another engine, reduced to the actions that stand.

The recording keeps every click: ``undo`` takes back the latest action not already undone
(with ``action_id``: every action after that one), ``redo`` restores what the last standing
undo took back, and a new action forgets what could still be redone.
Automation settings (``program_*``) are not moves; the moves they caused are embedded as
``auto_actions`` on the action that triggered them and stand right after it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import attrs

#: action types that are the site's automation settings, never moves
PROGRAM_PREFIX = "program_"


@attrs.frozen
class RecordedGame:
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


def read_recorded(path: str | Path) -> RecordedGame:
    """Read a game file of the 18xx.games format."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    return recorded_from_dict(data)


def recorded_from_dict(data: dict[str, Any]) -> RecordedGame:
    players = tuple(str(p["id"]) if isinstance(p, dict) else str(p) for p in data.get("players", ()))
    settings = data.get("settings") or {}
    result = {str(k): int(v) for k, v in (data.get("result") or {}).items()}
    raw = list(data.get("actions") or ())
    return RecordedGame(
        title=str(data.get("title", "")),
        players=players,
        seed=settings.get("seed"),
        result=result,
        end_reason=data.get("game_end_reason"),
        actions=tuple(effective_actions(raw)),
        raw_count=len(raw),
        optional_rules=tuple(str(r) for r in settings.get("optional_rules") or ()),
    )
