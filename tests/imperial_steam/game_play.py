"""Playing concrete Imperial Steam positions through ``Game.process`` (checked after every
action: the games are built with ``debug=True``, so every invariant holds or the action fails)."""

from __future__ import annotations

from collections.abc import Sequence

from railyard.framework.core.game import Game
from railyard.titles.imperial_steam.hooks.actions import TILE, Bid, EndTurn

QUIET = ("Fundraise", "Pass", "Philanthropize")


def new_game(n: int, seed: int, variant: str | None = None, overrides: Sequence[str] = ()) -> Game:
    return Game("imperial_steam", ["A", "B", "C", "D"][:n], seed, variant, tuple(overrides), debug=True)


def bid_nothing(game: Game) -> None:
    """The opening blind bid, everyone 0: Round 1 phase 7 follows."""
    for pid in list(game.state.order):
        game.process(Bid(pid, 0))


def quiet_turn(game: Game) -> None:
    """The player on turn takes the cheapest of Fundraise, Pass and Philanthropize 20 (fewest own
    hands already on the tile, then that order; the influence bought pays later repeat penalties)
    and ends the turn: nothing on the board, in the Shipment market, the supply or the landings
    changes."""
    pid = game.state.current
    assert pid is not None
    placed = game.state.players[pid].placed
    legal = [a for a in game.legal_actions(pid) if type(a).__name__ in QUIET]
    action = min(legal, key=lambda a: (placed.get(TILE[type(a)], 0), QUIET.index(type(a).__name__),
                                       abs(getattr(a, "amount", 20) - 20)))
    game.process(action)
    game.process(EndTurn(pid))


def turn(game: Game, pid: str, *actions) -> None:
    """Others take quiet turns until ``pid`` is on turn; then ``pid`` plays ``actions`` (a main
    action and any free actions) and ends the turn."""
    while game.state.current != pid:
        quiet_turn(game)
    for action in actions:
        game.process(action)
    game.process(EndTurn(pid))


def to_round(game: Game, number: int) -> None:
    """Quiet turns for everyone until Round ``number``'s actions begin."""
    while not (game.state.round == number and game.state.phase == 7) and not game.is_over():
        quiet_turn(game)
