"""Whatever legal play the API accepts, its save loads back to the same game (issue 35,
defect 6): random legal games of the example title, saved and loaded, compare equal in state,
actions and log, each case within a time bound."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from railyard.framework.core.game import Game
from railyard.framework.loader import load_title
from tests.framework.tinyrail import EXAMPLE
from tests.fuzz.helpers import fuzz, within


@pytest.fixture(scope="module")
def title() -> Any:
    return load_title(EXAMPLE)


@fuzz(12)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), moves=st.integers(1, 150),
       pick=st.integers(0, 2**32))
def test_random_legal_play_saved_and_loaded_is_the_same_game(
        title: Any, tmp_path_factory: pytest.TempPathFactory, seed: int, players: int,
        moves: int, pick: int) -> None:
    chooser = random.Random(pick)
    folder: Path = tmp_path_factory.mktemp("play")
    with within(60, "play, save, load"):
        game = Game(title, [f"p{i}" for i in range(players)], seed)
        for _ in range(moves):
            if game.is_over():
                break
            legal = game.legal_actions()
            if not legal:
                break
            game.process(chooser.choice(legal))
        game.save(folder / "g.json")
        again = Game.load(folder / "g.json", title=title)
    assert again.actions == game.actions
    assert again.log == game.log
    assert again.state_hash() == game.state_hash()
