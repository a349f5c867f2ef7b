"""One game's result as one JSON line, and what a ruleset's state can tell about a game.

Records hold only what the seed determines (no timings, no paths to temporary folders), so
that two runs of the same seeds give byte-identical files whatever the number of workers.
The state is read by duck typing: a family that keeps a round ``history`` gets counts per
round kind and the phase of each operating round; a game that counts plain ``round`` numbers
gets that count.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

RECORD_FILE = "games.jsonl"


class RoundProbe:
    """Watches the state after each action to note the phase reached by the end of each
    operating round (cheap: a length check of the round history per action), and counts the
    trains bought in each phase (by the phase in force when bought), so that a comparison with
    human games needs no replay of the saves."""

    def __init__(self) -> None:
        self.phases: list[str] = []
        self.trains_by_phase: dict[str, int] = {}
        self._seen = 0
        self._phase = ""

    def played(self, state: Any, tag: str) -> None:
        """After each action: ``tag`` is the action's tag, ``state`` the position it left."""
        if tag == "buy_train":
            self.trains_by_phase[self._phase] = self.trains_by_phase.get(self._phase, 0) + 1
        self.observe(state)

    def observe(self, state: Any) -> None:
        self._phase = str(getattr(state, "phase", ""))
        history = getattr(state, "history", None)
        if not isinstance(history, list) or len(history) == self._seen:
            return
        phase = str(getattr(state, "phase", ""))
        for record in history[self._seen :]:
            if getattr(record, "kind", None) == "operating":
                self.phases.append(phase)
        self._seen = len(history)


def round_counts(state: Any) -> dict[str, int]:
    """Rounds played, by kind (a ``history`` of round records) or in all (a ``round`` number)."""
    history = getattr(state, "history", None)
    if isinstance(history, list):
        counts: dict[str, int] = {}
        for record in history:
            kind = getattr(record, "kind", None)
            if isinstance(kind, str):
                counts[kind] = counts.get(kind, 0) + 1
        return counts
    number = getattr(state, "round", None)
    if isinstance(number, int) and not isinstance(number, bool):
        return {"rounds": number}
    return {}


def bankrupt_players(state: Any) -> list[str]:
    players = getattr(state, "players", None)
    items = players.values() if isinstance(players, dict) else players or []
    return [p.id for p in items if getattr(p, "bankrupt", False) and isinstance(getattr(p, "id", None), str)]


def end_reason(state: Any, over: bool) -> str | None:
    if not over:
        return None
    reason = getattr(state, "end_reason", None)
    return reason if isinstance(reason, str) else "game over"


def winners(net_worth: list[int], over: bool) -> list[int]:
    """Seat indexes sharing the best score (none for an unfinished game)."""
    if not over or not net_worth:
        return []
    best = max(net_worth)
    return [i for i, w in enumerate(net_worth) if w == best]


def dumps(record: dict[str, Any]) -> str:
    return json.dumps(record, sort_keys=True, separators=(",", ":"))


def write_jsonl(path: str | Path, records: Iterable[dict[str, Any]]) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as out:
        for record in records:
            out.write(dumps(record) + "\n")


def read_jsonl(path: str | Path, problems: list[str] | None = None) -> list[dict[str, Any]]:
    """The records of one file. A line that is not a JSON object (a run cut short mid-line,
    two runs writing one file) is skipped and named in ``problems`` (``file:line: why``), so
    that one bad line costs that line, not the file; without ``problems`` it is a ValueError
    naming the file and line."""
    out: list[dict[str, Any]] = []
    with Path(path).open(encoding="utf-8", errors="replace") as src:
        for number, line in enumerate(src, 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except ValueError as error:
                why = f"{path}:{number}: not a JSON record ({getattr(error, 'msg', error)})"
            else:
                if isinstance(record, dict):
                    out.append(record)
                    continue
                why = f"{path}:{number}: not a JSON record (a {type(record).__name__})"
            if problems is None:
                raise ValueError(why)
            problems.append(why)
    return out


def find_record_files(root: str | Path) -> Iterator[Path]:
    """Every record file under ``root`` (a run folder, or a comparison with one per set)."""
    root = Path(root)
    if root.is_file():
        yield root
        return
    yield from sorted(root.rglob(RECORD_FILE))

