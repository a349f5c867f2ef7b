"""Play many games of one rules set-up, in parallel processes, reproducibly.

Each game's seed comes from the base seed and the game's index alone, and results are
returned in index order, so the records are identical for any number of workers (and any
backend). Bots rotate through the seats from game to game (game ``i`` gives seat ``s`` the
bot ``(s + i) % len(bots)``) so that a bot's win rate is not a seat's.
"""

from __future__ import annotations

import gc
import traceback
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import attrs

from railyard.framework import autoplay
from railyard.framework.autoplay import derive_seed
from railyard.framework.autoplay import is_pass as is_pass  # re-exported for callers
from railyard.framework.core.actions import tag_of
from railyard.framework.records import Record
from railyard.framework.simulate.records import (
    RoundProbe,
    bankrupt_players,
    end_reason,
    round_counts,
    winners,
)

#: a game still going after this many actions is recorded as unfinished; one where this many
#: actions per player in a row were passes is recorded as unfinished with end reason "stalled"
MAX_ACTIONS = autoplay.MAX_ACTIONS
STALL_PASSES = autoplay.STALL_PASSES
#: the cyclic garbage collector is off while a game is played: a bot game leaves almost no
#: garbage cycles (a few hundred objects in a whole game of the largest title), but the
#: collector's passes walk the growing state and caches again and again (a tenth of a greedy
#: game). Every this many actions the young generations are collected all the same, so that a
#: game that does make cycles stays bounded.
COLLECT_EVERY = 2000


@attrs.frozen(repr=False)
class SimConfig(Record):
    """One rules set-up and its players: what every game of a run shares."""

    title: str
    players: int
    bots: tuple[str, ...]
    variant: str | None = None
    overrides: tuple[str, ...] = ()
    label: str = "default"
    check: bool = False
    save_dir: str | None = None
    max_actions: int = MAX_ACTIONS
    rotate: bool = True
    #: the per-decision budget of bots that search (``strong``); None: each bot's default
    bot_budget_ms: float | None = None


@attrs.frozen(repr=False)
class Job(Record):
    config: SimConfig
    index: int
    base_seed: int


def seat_bots(config: SimConfig, index: int) -> tuple[str, ...]:
    bots = config.bots
    shift = index if config.rotate else 0
    return tuple(bots[(seat + shift) % len(bots)] for seat in range(config.players))


def player_ids(count: int) -> tuple[str, ...]:
    return tuple(f"P{i + 1}" for i in range(count))


# one loaded title and ruleset per set-up and process: loading is far slower than a game
_LOADED: dict[tuple[str, str | None, tuple[str, ...]], tuple[Any, Any]] = {}


def loaded(config: SimConfig) -> tuple[Any, Any]:
    key = (config.title, config.variant, config.overrides)
    if key not in _LOADED:
        from railyard.framework.core.ruleset import ruleset_for
        from railyard.framework.loader import load_title

        title = load_title(config.title, config.variant, config.overrides)
        _LOADED[key] = (title, ruleset_for(title))
        warm_tiles(title)
    return _LOADED[key]


def warm_tiles(title: Any) -> None:
    """Which manifest tiles fit each printed hex and each manifest tile in each rotation,
    worked out once per loaded title (``framework.tiles`` remembers it for the process).

    Every game asks for these first, each in a process of its own forked from the one that
    loaded the title (the local backend): worked out here, before the games, no game works
    them out again. The answers do not depend on the order they are asked in.
    """
    if getattr(title, "map", None) is None or not getattr(title, "tiles", None):
        return
    from railyard.framework.board import Board
    from railyard.framework.tiles import Placed, upgrade_options

    board = Board.from_title(title)
    for coord in board.coords():
        board.lay_choices(coord)
    tiles = list(title.tiles.values())
    for tile in tiles:
        for rotation in range(6):
            placed = Placed(tile, rotation)
            for new in tiles:
                upgrade_options(placed, new)


def reset_caches() -> None:
    """Forget what earlier games left in the engine's module caches.

    Each game starts from empty caches (:mod:`framework.positions` says why), and with the
    local backend in a fresh process as well. After a game they are emptied again: what they hold is of that
    game's boards alone, and freed at once it is not walked by the garbage collector (see
    :data:`COLLECT_EVERY`).
    """
    from railyard.framework.positions import clear_game_caches

    clear_game_caches()


def play_game(job: Job) -> dict[str, Any]:
    """Play one game to its end and return its record (errors are recorded, never raised)."""
    # the collector comes back once the game is gone: its objects are then freed, not walked
    with _collector_paused() as tick:
        return _play_game(job, tick)


def _play_game(job: Job, tick: Callable[[], None]) -> dict[str, Any]:
    from railyard.framework.core.game import Game

    reset_caches()

    config = job.config
    seed = derive_seed(job.base_seed, job.index)
    bots_here = seat_bots(config, job.index)
    players = player_ids(config.players)
    record: dict[str, Any] = {
        "index": job.index,
        "seed": seed,
        "label": config.label,
        "title": config.title,
        "variant": config.variant,
        "overrides": list(config.overrides),
        "seats": list(bots_here),
        "players": list(players),
    }
    if config.bot_budget_ms is not None:
        record["bot_budget_ms"] = config.bot_budget_ms
    game = None
    probe = RoundProbe()
    seats_at_start: list[str] = []
    try:
        title, ruleset = loaded(config)
        game = Game(title, players, seed, config.variant, config.overrides, ruleset=ruleset, debug=config.check)
        seats_at_start[:] = ruleset.seating(game.state)  # before a title's bid can reorder them
        probe.observe(game.state)

        def observe(played: Any, action: Any) -> None:
            probe.played(played.state, tag_of(action))
            tick()

        result = autoplay.play(game, seat_players(bots_here, ruleset, config.bot_budget_ms),
                               max_actions=config.max_actions, stall_passes=STALL_PASSES,
                               on_action=observe, record=False)
        if result.stalled:
            record["stalled"] = True
        if result.violation:
            record["violation"] = {
                "action_index": len(game.actions),
                "action": _action_json(result.violating_action),
                "problems": list(result.violation),
            }
    except Exception as error:  # a crash is a result: the record names it, the run goes on
        frames = traceback.extract_tb(error.__traceback__)
        where = f"{Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else ""
        record["error"] = {
            "type": type(error).__name__,
            "message": str(error)[:500],
            "action_index": len(game.actions) if game is not None else 0,
            "where": where,
        }
    _finish_record(record, game, probe, seats_at_start)
    if config.save_dir is not None and game is not None:
        folder = Path(config.save_dir)
        folder.mkdir(parents=True, exist_ok=True)
        game.save(folder / f"game_{job.index:05d}.json")
    reset_caches()
    return record


@contextmanager
def _collector_paused() -> Iterator[Callable[[], None]]:
    """The cyclic collector off (see :data:`COLLECT_EVERY`), and a tick to call per action."""
    collecting = gc.isenabled()
    gc.disable()
    count = 0

    def tick() -> None:
        nonlocal count
        count += 1
        if count % COLLECT_EVERY == 0:
            gc.collect(1)

    try:
        yield tick
    finally:
        if collecting:
            gc.enable()


def seat_players(names: Sequence[str], ruleset: Any, budget_ms: float | None) -> list[Any]:
    """The seats' bots by name, or built here when a budget is given (to the bots that take
    one: a ``budget_ms`` attribute)."""
    if budget_ms is None:
        return list(names)
    from railyard.framework.bots.base import make_bot

    bots = [make_bot(name, ruleset) for name in names]
    for bot in bots:
        if hasattr(bot, "budget_ms"):
            bot.budget_ms = budget_ms
    return bots


def _action_json(action: Any) -> Any:
    from railyard.framework.core.actions import to_json

    try:
        return to_json(action)
    except Exception:
        return repr(action)


def _finish_record(record: dict[str, Any], game: Any, probe: RoundProbe, seats: list[str]) -> None:
    over = bool(game is not None and game.is_over())
    worth: list[int] = []
    if game is not None:
        try:
            table = dict(game.standings())
            worth = [int(table.get(p, 0)) for p in record["players"]]
        except Exception as error:
            record.setdefault("error", {"type": type(error).__name__, "message": f"standings: {error}"[:500],
                                        "action_index": len(game.actions), "where": "standings"})
    state = game.state if game is not None else None
    record.update(
        {
            "finished": over,
            "net_worth": worth,
            "winners": winners(worth, over),
            "end_reason": "stalled" if record.get("stalled") else end_reason(state, over) if state is not None else None,
            "rounds": round_counts(state) if state is not None else {},
            "or_phases": probe.phases,
            "trains_by_phase": probe.trains_by_phase,
            "bankruptcies": bankrupt_players(state) if state is not None else [],
            "actions": len(game.actions) if game is not None else 0,
            "seating": seats,
        }
    )
    record.pop("stalled", None)
    record.setdefault("error", None)
    record.setdefault("violation", None)


def jobs_for(config: SimConfig, games: int, base_seed: int, first: int = 0) -> list[Job]:
    """Games ``first`` .. ``first + games - 1`` of the base seed (runs split this way join
    into the records one long run would give)."""
    return [Job(config, index, base_seed) for index in range(first, first + games)]


def run_local(jobs: Sequence[Job], workers: int) -> Iterator[dict[str, Any]]:
    """Records in job order, each game played in a process of its own forked from this one (so
    that no game sees what another left behind, whatever the number of workers).

    Every fork happens here, on the calling thread, with no pool threads alive: forking from a
    pool's helper thread (``Pool(maxtasksperchild=1)``) can copy a queue lock held by another
    helper thread into the child, which then waits on it for ever.
    """
    import os

    if not hasattr(os, "fork"):  # no fork: one process per worker, caches reset per game
        if workers <= 1:
            yield from (play_game(job) for job in jobs)
            return
        import multiprocessing

        context = multiprocessing.get_context("spawn")
        with context.Pool(processes=workers) as pool:
            yield from pool.imap(play_game, jobs, chunksize=1)
        return
    yield from _run_forked(jobs, max(1, min(workers, len(jobs))))


def _play_in_child(conn: Any, job: Job) -> None:
    try:
        conn.send(play_game(job))
    finally:
        conn.close()


def _run_forked(jobs: Sequence[Job], limit: int) -> Iterator[dict[str, Any]]:
    import multiprocessing
    from multiprocessing.connection import Connection, wait

    context = multiprocessing.get_context("fork")
    waiting = iter(jobs)
    live: dict[Any, tuple[Job, Any]] = {}  # receiving end -> (job, process)
    done: dict[int, dict[str, Any]] = {}
    order = [job.index for job in jobs]
    position = 0

    def launch() -> None:
        job = next(waiting, None)
        if job is None:
            return
        receive, send = context.Pipe(duplex=False)
        process = context.Process(target=_play_in_child, args=(send, job), daemon=True)
        process.start()
        send.close()
        live[receive] = (job, process)

    try:
        for _ in range(limit):
            launch()
        while live:
            for receive in wait(list(live)):
                assert isinstance(receive, Connection)  # wait() returns what it was given
                job, process = live.pop(receive)
                try:
                    done[job.index] = receive.recv()
                except EOFError as died:
                    raise RuntimeError(f"the process playing game {job.index} died") from died
                finally:
                    receive.close()
                    process.join()
                launch()
            while position < len(order) and order[position] in done:
                yield done.pop(order[position])
                position += 1
    finally:
        for receive, (_, process) in live.items():
            process.terminate()
            process.join()
            receive.close()


def run_jobs(
    jobs: Sequence[Job],
    workers: int = 1,
    backend: str = "local",
    *,
    progress: bool = False,
    description: str = "games",
    stop_on_violation: bool = False,
    on_record: Callable[[dict[str, Any]], None] | None = None,
) -> list[dict[str, Any]]:
    """Play ``jobs`` and return their records sorted by index. With ``stop_on_violation`` the run
    stops at the first game (by index) that broke an invariant, that game's record last."""
    if backend == "ray":
        from railyard.framework.simulate.ray_backend import run_ray

        stream: Iterable[dict[str, Any]] = run_ray(jobs, workers)
    elif backend == "local":
        stream = run_local(jobs, workers)
    else:
        raise ValueError(f"unknown backend {backend!r} (local or ray)")
    records: list[dict[str, Any]] = []
    with ProgressBar(progress, len(jobs), description) as advance:
        for record in stream:
            records.append(record)
            advance()
            if on_record is not None:
                on_record(record)
            if stop_on_violation and record.get("violation"):
                close = getattr(stream, "close", None)
                if close is not None:
                    close()
                break
    return sorted(records, key=lambda r: r["index"])


class ProgressBar:
    """A rich progress bar with games per second and time left (a no-op when off)."""

    def __init__(self, enabled: bool, total: int, description: str) -> None:
        self.enabled = enabled
        self.total = total
        self.description = description
        self._bar: Any = None
        self._task: Any = None

    def __enter__(self) -> Callable[[], None]:
        if not self.enabled:
            return lambda: None
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            ProgressColumn,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )
        from rich.text import Text

        class Rate(ProgressColumn):
            def render(self, task: Any) -> Text:
                speed = task.finished_speed or task.speed
                return Text("?  games/s" if speed is None else f"{speed:.2f} games/s")

        self._bar = Progress(
            TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), Rate(),
            TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(), transient=False,
            auto_refresh=False,  # no refresh thread: worker processes are forked during the run
        )
        self._bar.__enter__()
        self._task = self._bar.add_task(self.description, total=self.total)
        def advance() -> None:
            self._bar.advance(self._task)
            self._bar.refresh()

        return advance

    def __exit__(self, *exc: Any) -> None:
        if self._bar is not None:
            self._bar.__exit__(*exc)
