"""The greedy bot's tile lays are scored with the noise its temperament draws: drawn inline
as ``jitter * random()`` in the lay loop, which is ``uniform(0, jitter)`` to the bit. A bot
whose ``_noise`` is its own (here the same draw, the slow way) takes the ``_noise`` path;
both play the same game, action for action (1837 and 1889)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from railyard.framework import autoplay
from railyard.framework.bots.greedy import GreedyBot
from railyard.framework.core.game import Game
from railyard.framework.simulate import runner


class SlowNoise(GreedyBot):
    """Greedy, with noise drawn through ``_noise`` as before the inline draw."""

    def _noise(self, rng: random.Random) -> float:
        return rng.uniform(0.0, self._mood().jitter)


def _played(title: str, seed: int, bots: Any) -> list[Any]:
    config = runner.SimConfig(title, 4, ("greedy",))
    loaded, ruleset = runner.loaded(config)
    game = Game(loaded, runner.player_ids(4), seed, ruleset=ruleset)
    result = autoplay.play(game, bots(ruleset), max_actions=400, record=False)
    assert result.played > 300
    return list(game.actions)


@pytest.mark.parametrize("title,seed", [("1837", 3), ("1889", 4)])
def test_inline_tile_noise_plays_the_game_of_noise_drawn_through_noise(title: str, seed: int) -> None:
    inline = _played(title, seed, lambda ruleset: "greedy")
    slow = _played(title, seed, lambda ruleset: [SlowNoise(ruleset) for _ in range(4)])
    assert inline == slow
    assert sum(1 for a in inline if type(a).__name__ == "LayTile") > 20
