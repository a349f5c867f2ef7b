"""Positions for the rule tests of the standard titles (1889 and 1830): a real game, the start
packet handed out by the engine's own sale, then every move through ``game.process``.

Seats A, B, C, D (as given). ``stock_round`` gives each private to a player at face value
and opens the first stock round; ``operating`` floats one corporation there and plays on to
its first operating turn.
"""

from __future__ import annotations

import copy
import functools
from typing import Any

from railyard.framework.core.errors import IllegalAction
from railyard.framework.core.game import Game
from railyard.framework.eighteen.actions import BuyShares, Par, Pass
from railyard.framework.eighteen.auction import sell_item
from railyard.framework.eighteen.rounds import start_round
from railyard.framework.eighteen.state import BANK
from railyard.framework.loader import load_title

PLAYERS = ("A", "B", "C", "D")
SEATED = ("setup.seating=as_given",)


@functools.cache
def title(name: str) -> Any:
    return load_title(name, None, SEATED)


def new_game(name: str, players: tuple[str, ...] = PLAYERS) -> Game:
    return Game(title(name), players, 1, None, SEATED)


def stock_round(name: str, owners: dict[str, str] | None = None,
                players: tuple[str, ...] = PLAYERS) -> Game:
    """The first stock round, A to act; each private sold at face value to ``owners[id]``
    (default: none sold, the privates stay with the bank)."""
    game = new_game(name, players)
    rules, state = game.ruleset, game.state
    for item, player in (owners or {}).items():
        sell_item(rules, state, item, player, rules.spec.setup.start_packet.items[item].min_bid)
    state.packet_remaining = []
    start_round(rules, state, "stock")
    settle(game)
    return game


def settle(game: Game) -> None:
    """Make an edited position the one a refused action returns to (the game restores a
    refused action's state from its last checkpoint and the actions since)."""
    game._checkpoints[len(game.actions)] = copy.deepcopy(game.state)  # noqa: SLF001


def lay(game: Game, coord: str, tile: str, rotation: int) -> None:
    """A tile laid earlier (no money moves)."""
    game.state.board.lay(coord, tile, rotation)
    settle(game)


def float_corporation(game: Game, corp: str, par: int, holders: dict[str, int]) -> None:
    """In a stock round: the first holder pars ``corp``, then each buys 10% shares from the
    IPO up to its percent, everyone else passing in turn."""
    state = game.state
    wanted = dict(holders)
    first = next(iter(wanted))
    for _ in range(200):
        if all(state.percent_held(p, corp) >= n for p, n in wanted.items()):
            return
        (who,) = game.active_entities()
        if getattr(state.round, "bought_this_turn", False):
            game.process(Pass(who))  # the turn goes on after a buy (sell-buy-sell): end it
        elif who == first and state.companies[corp].par_price is None:
            game.process(Par(who, corp, par))
        elif state.companies[corp].par_price is not None and \
                state.percent_held(who, corp) < wanted.get(who, 0):
            game.process(BuyShares(who, corp, "ipo"))
        else:
            game.process(Pass(who))
    raise AssertionError(f"{corp} never reaches {holders}")


def finish_stock_round(game: Game) -> None:
    while game.state.round.kind == "stock":
        (who,) = game.active_entities()
        game.process(Pass(who))


def operating(name: str, corp: str, par: int, holders: dict[str, int],
              owners: dict[str, str] | None = None) -> Game:
    """``corp`` floated in the first stock round and at its first operating turn."""
    game = stock_round(name, owners)
    float_corporation(game, corp, par, holders)
    finish_stock_round(game)
    to_act(game, corp)
    return game


def to_act(game: Game, company: str) -> None:
    for _ in range(300):
        if game.active_entities() == (company,):
            return
        (who,) = game.active_entities()
        game.process(Pass(who))
    raise AssertionError(f"{company} never acts")


def refusal(game: Game, action: Any) -> IllegalAction:
    """The refusal of ``action`` (tried on a copy, the game is left as it was)."""
    state = copy.deepcopy(game.state)
    try:
        game.ruleset.apply(state, action)
    except IllegalAction as refused:
        return refused
    raise AssertionError(f"{action} was not refused")


def give_train(game: Game, company: str, name: str) -> str:
    """The next depot train of ``name`` to ``company`` (no money moves, no first-purchase
    events: the position of a train bought earlier)."""
    state = game.state
    for stack in state.depot.stacks.values():
        for train_id in stack:
            if state.trains[train_id].name == name:
                stack.remove(train_id)
                state.trains[train_id].owner = company
                state.companies[company].trains.append(train_id)
                if name not in state.depot.sold_names:  # as a bought train: it releases others
                    state.depot.sold_names.append(name)
                settle(game)
                return train_id
    raise AssertionError(f"no {name} left")


def fund(game: Game, company: str, amount: int) -> None:
    game.state.pay(BANK, company, amount)


def no_problems(game: Game) -> None:
    problems = game.check_invariants()
    assert problems == [], problems
