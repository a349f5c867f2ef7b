"""Stops paying a train another amount (1889's off-boards pay a D 100/80, ``train_revenue``)
are found from the hexes whose tile has one, as a walk of the whole map finds them, on every
position of bot games (``running._paying_stops``)."""

from __future__ import annotations

from typing import Any

import pytest

from railyard.framework import autoplay
from railyard.framework.core.game import Game
from railyard.framework.eighteen import running
from railyard.framework.loader import load_title


def _whole_map(board: Any) -> tuple[tuple[str, Any], ...]:
    return tuple((f"{coord}.{i}", stop.train_revenue) for coord in board.coords()
                 for i, stop in enumerate(board.placed(coord).tile.stops) if stop.train_revenue)


@pytest.mark.parametrize("title_id,seed", [("1889", 3), ("1837", 2)])
def test_paying_stops_are_those_of_the_whole_map_at_every_position(title_id: str,
                                                                    seed: int) -> None:
    game = Game(load_title(title_id), ("a", "b", "c", "d"), seed)
    seen: list[int] = []

    def check(played: Any, action: Any) -> None:
        board = played.state.board
        running._PAYING.clear()  # worked out here, not remembered from an earlier position
        assert running._paying_stops(board) == _whole_map(board)
        seen.append(len(board.laid()))

    autoplay.play(game, "greedy", max_actions=700, on_action=check)
    assert max(seen) > 20  # tiles were laid
    if title_id == "1889":
        assert len(_whole_map(game.state.board)) == 3
