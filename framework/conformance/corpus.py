"""Checking a corpus entry without Ruby: replay our actions, compare with the referee's states.

A corpus entry is an agreeing refereed game: our save and the reference engine's states every
K actions and at the end. Replaying it with our engine and comparing at each checkpoint tests
the reference's facts in CI where the reference engine does not run.
"""

from __future__ import annotations

from typing import Any

from railyard.framework.conformance.compare import Difference, compare_states
from railyard.framework.conformance.snapshot import Names, our_snapshot
from railyard.framework.core.game import Game
from railyard.framework.core.savefile import action_from_json


def check_entry(entry: dict[str, Any]) -> list[tuple[int, list[Difference]]]:
    """Each checkpoint where our replay differs from the referee's recorded state."""
    save = entry["save"]
    game: Game[Any] = Game(str(save["title"]), tuple(save["players"]), int(save["seed"]),
                           save.get("variant"), tuple(save.get("overrides", ())))
    names = Names.of(game, {"players": [{"id": p} for p in entry["site_players"]]})
    checkpoints = {int(count): state for count, state in entry["checkpoints"]}
    failures: list[tuple[int, list[Difference]]] = []

    def check(count: int) -> None:
        if count in checkpoints:
            theirs = checkpoints[count]
            diffs = compare_states(our_snapshot(game, names), theirs, acting="acting" in theirs)
            if diffs:
                failures.append((count, diffs))

    check(0)
    for index, raw in enumerate(save["actions"]):
        game.process(action_from_json(raw, ("actions", index)))
        check(index + 1)
    return failures
