"""The workloads ``benchmarks/compare.py`` times, run in one tree's own venv.

``python workloads.py PREFIX WORKLOAD [SAVE.json]`` runs one workload once and prints one JSON
line: ``cpu`` (CPU seconds of the timed part, set-up such as loading the title left out) and
``check`` (a digest of the result, which must be the same on both trees). ``PREFIX`` is the
package prefix of the tree's imports: ``railyard.`` since the package rename, empty before it
(the old top-level ``framework`` package). This file imports nothing of the tree it sits in:
it is run with the other tree's python, so it must work against both.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import sys
import time
from collections.abc import Callable
from typing import Any

PREFIX = ""


def mod(name: str) -> Any:
    """A module of the tree under test (``framework.core.game``, say)."""
    return importlib.import_module(PREFIX + name)


def digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _save(save: str) -> tuple[dict[str, Any], Any]:
    """The save's data and its title (with the save's variant) loaded."""
    with open(save, encoding="utf-8") as handle:
        data = json.load(handle)
    title = mod("framework.loader").load_title(
        data["title"], data.get("variant"), tuple(data.get("overrides", ()))
    )
    return data, title


def _replayed(save: str) -> tuple[Any, Any]:
    data, title = _save(save)
    return mod("framework.core.game").Game.from_dict(data, title=title), title


def replay(save: str) -> tuple[float, Any]:
    """Replay of the recorded 1837 game from its save: the title already loaded."""
    data, title = _save(save)
    game_cls = mod("framework.core.game").Game
    t0 = time.process_time()
    game = game_cls.from_dict(data, title=title)
    cpu = time.process_time() - t0
    return cpu, game.standings()


def replay_again(save: str) -> tuple[float, Any]:
    """A second replay of the recorded game in the same process: the rules' modules imported
    and the title's first-use tables built by a first replay, untimed. What a long-running
    process (a batch of replays, a server) pays per game; ``replay`` minus this is what every
    new process pays once."""
    data, title = _save(save)
    game_cls = mod("framework.core.game").Game
    game_cls.from_dict(data, title=title)
    t0 = time.process_time()
    game = game_cls.from_dict(data, title=title)
    cpu = time.process_time() - t0
    return cpu, game.standings()


def _bot_game(bots: tuple[str, ...], seed: int) -> tuple[float, Any]:
    runner = mod("framework.simulate.runner")
    config = runner.SimConfig("1837", 4, bots)
    runner.loaded(config)
    t0 = time.process_time()
    record = runner.play_game(runner.Job(config, 0, seed))
    cpu = time.process_time() - t0
    kept = {k: v for k, v in record.items() if "second" not in k and "time" not in k}
    return cpu, [record.get("error"), record.get("actions"), digest(kept)]


def greedy(save: str) -> tuple[float, Any]:
    """One 4-player 1837 game of greedy bots (seed 1, game 0)."""
    return _bot_game(("greedy",), 1)


def random_game(save: str) -> tuple[float, Any]:
    """One 4-player 1837 game of random bots (seed 1, game 0)."""
    return _bot_game(("random",), 1)


def routes(save: str) -> tuple[float, Any]:
    """Best routes of every company with trains on the recorded game's final position (the
    graph built once, as a game does per position)."""
    game, title = _replayed(save)
    board_graph = mod("framework.routes.board_graph")
    command = mod("framework.commands.routes")
    board_graph._CACHE.clear()
    t0 = time.process_time()
    found = {c: command.company_routes(title, game.state, c).total
             for c in command.companies_with_trains(game.state)}
    return time.process_time() - t0, found


def eight_trains(save: str) -> tuple[float, Any]:
    """Four 8-trains (plain, distance 8) for the company with the most stations on the recorded
    game's final position."""
    game, title = _replayed(save)
    board_graph = mod("framework.routes.board_graph")
    routes_mod = mod("framework.routes")
    state = game.state
    counts: dict[str, int] = {}
    for owners in state.board.token_map().values():
        for company in owners:
            counts[company] = counts.get(company, 0) + 1
    company = max(sorted(counts), key=lambda c: counts[c])
    trains = [routes_mod.TrainSpec("8", "plain", 8)] * 4
    board_graph._CACHE.clear()
    t0 = time.process_time()
    graph = board_graph.graph_for_board(state.board, title, state.phase)
    result = routes_mod.best_routes(graph, trains, company, title.routes)
    return time.process_time() - t0, [company, result.total]


WORKLOADS: dict[str, Callable[[str], tuple[float, Any]]] = {
    "replay": replay,
    "replay-again": replay_again,
    "greedy": greedy,
    "random": random_game,
    "routes": routes,
    "8trains": eight_trains,
}


def main(argv: list[str]) -> int:
    global PREFIX
    PREFIX = argv[0]
    name = argv[1]
    save = argv[2] if len(argv) > 2 else ""
    cpu, check = WORKLOADS[name](save)
    print(json.dumps({"cpu": cpu, "check": digest(check), "result": check}, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
