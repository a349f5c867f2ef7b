"""Many refereed games, in parallel processes, each worker with its own referee.

Worker functions are module-level (spawn-safe); a worker keeps one referee process for all its
games (a set-up line starts each fresh game). Outcomes come back in game order.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator, Sequence

from railyard.framework.conformance.play import GameSpec, Outcome, referee_game
from railyard.framework.conformance.referee import Referee

_REFEREE: Referee | None = None


def _referee_for(oracle: str | None) -> Referee:
    global _REFEREE
    if _REFEREE is None:
        _REFEREE = Referee(oracle)
    return _REFEREE


def play_one(spec: GameSpec) -> Outcome:
    """One game in this process, with this process's referee."""
    from railyard.framework.simulate.runner import reset_caches

    reset_caches()
    try:
        return referee_game(spec, _referee_for(spec.oracle))
    finally:
        reset_caches()


def _close() -> None:
    global _REFEREE
    if _REFEREE is not None:
        _REFEREE.close()
        _REFEREE = None


def run_games(specs: Sequence[GameSpec], workers: int = 1,
              on_outcome: Callable[[Outcome], None] | None = None) -> list[Outcome]:
    """Every game's outcome, in the order of ``specs``."""
    outcomes: list[Outcome] = []
    for outcome in _outcomes(specs, workers):
        outcomes.append(outcome)
        if on_outcome is not None:
            on_outcome(outcome)
    return outcomes


def _outcomes(specs: Sequence[GameSpec], workers: int) -> Iterator[Outcome]:
    if workers <= 1 or len(specs) <= 1:
        try:
            for spec in specs:
                yield play_one(spec)
        finally:
            _close()
        return
    context = multiprocessing.get_context("spawn")
    with context.Pool(min(workers, len(specs)), maxtasksperchild=None) as pool:
        yield from pool.imap(play_one, specs)
