"""A game leaves no global trace (issue 35, defect 5): creating, playing and loading games in
one process changes no collector setting and keeps nothing once the games are dropped, so a
long-lived process (a server, a window, a test run) does not grow with every game."""

from __future__ import annotations

import gc
import tracemalloc
from pathlib import Path
from typing import Any

from railyard.framework.core.game import Game
from railyard.framework.loader import load_title
from tests.framework.tinyrail import EXAMPLE


def play(title: Any, moves: int = 30) -> Game[Any]:
    game = Game(title, ["a", "b", "c"], 7)
    for _ in range(moves):
        game.process(game.legal_actions()[-1])
    return game


def test_a_game_and_a_load_freeze_nothing_out_of_the_collector(tmp_path: Path) -> None:
    play(load_title(EXAMPLE)).save(tmp_path / "g.json")
    frozen = gc.get_freeze_count()
    enabled = gc.isenabled()
    play(load_title(EXAMPLE))
    Game.load(tmp_path / "g.json", title=load_title(EXAMPLE))
    assert gc.get_freeze_count() == frozen
    assert gc.isenabled() == enabled


def a_save(tmp_path: Path) -> Path:
    """A short game of a packaged title (a save names its title by id)."""
    game = Game("1889", ["a", "b", "c"], 3)
    for _ in range(40):
        game.process(game.legal_actions()[-1])
    game.save(tmp_path / "g.json")
    return tmp_path / "g.json"


def test_loading_a_save_again_and_again_makes_no_new_title(tmp_path: Path) -> None:
    save = a_save(tmp_path)
    assert Game.load(save).title is Game.load(save).title


def test_loading_a_save_again_and_again_does_not_grow_the_process(tmp_path: Path) -> None:
    """Before: 3.5 MB over 20 loads (a title per load, kept, and frozen); now about 0.5."""
    save = a_save(tmp_path)
    for _ in range(3):  # first-use tables
        Game.load(save)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for _ in range(20):
            Game.load(save)
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert grown < 1.5 * 1024 * 1024, f"grew {grown / 1e6:.1f} MB over 20 loads"
