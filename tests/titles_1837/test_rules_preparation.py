"""Preparation (second edition p. 3; first edition likewise): the seating order is determined
randomly and the starting player is given the Priority Deal card."""

from __future__ import annotations

from railyard.framework.core.game import Game
from railyard.framework.loader import load_title

PLAYERS = ("A", "B", "C", "D")


def _seating(seed: int) -> tuple[str, ...]:
    game = Game(load_title("1837"), PLAYERS, seed)
    return tuple(p.id for p in game.state.players)


def test_preparation_the_seating_order_is_determined_randomly_from_the_seed() -> None:
    orders = {seed: _seating(seed) for seed in range(1, 13)}
    assert all(sorted(order) == sorted(PLAYERS) for order in orders.values())
    # twelve seeds give more than one seating, and a seed always gives the same one
    assert len(set(orders.values())) > 1
    assert _seating(5) == orders[5]


def test_preparation_the_starting_player_holds_the_priority_deal_and_opens_the_auction() -> None:
    game = Game(load_title("1837"), PLAYERS, 7)
    first = game.state.players[0].id
    assert game.state.priority == 0
    assert game.active_entities() == (first,)


def test_preparation_seating_as_given_keeps_the_listed_order() -> None:
    title = load_title("1837", None, ("setup.seating=as_given",))
    for seed in (1, 2, 3):
        game = Game(title, PLAYERS, seed, None, ("setup.seating=as_given",))
        assert tuple(p.id for p in game.state.players) == PLAYERS
