"""Building 1837 positions for the rule tests: a real game, then the position set up through
the engine's own functions (selling packet items, buying shares, moving trains) so that money,
certificates and trains stay conserved."""

from __future__ import annotations

import functools
import sys
from types import ModuleType
from typing import Any

from railyard.framework.core.game import Game
from railyard.framework.eighteen.actions import Pass
from railyard.framework.eighteen.auction import sell_item
from railyard.framework.eighteen.shares import give_certificate, next_offering_certificate
from railyard.framework.eighteen.state import BANK, IPO, G18State
from railyard.framework.eighteen.stock_round import par_cell_for
from railyard.framework.loader import load_title

PLAYERS = ("A", "B", "C", "D")


# a position names who sits where, so the rule tests seat players as listed (the rules'
# random seating has its own test)
SEATED_AS_GIVEN = ("setup.seating=as_given",)


@functools.cache
def _title(variant: str | None) -> Any:
    return load_title("1837", variant, SEATED_AS_GIVEN)


def new_game(variant: str | None = None, seed: int = 1, players: tuple[str, ...] = PLAYERS) -> Game:
    """A fresh game (the title is loaded once per variant: it is immutable)."""
    return Game(_title(variant), players, seed, variant, SEATED_AS_GIVEN)


def hooks(game: Game, name: str = "") -> ModuleType:
    """The title's hooks package (or one of its modules) as the loader imported it."""
    package = type(game.ruleset.hooks).__module__
    return sys.modules[f"{package}.{name}" if name else package]


def sell(game: Game, item: str, player: str, price: int | None = None) -> None:
    """A start-packet item goes to ``player`` (as if won in the auction) for ``price``."""
    rules = game.ruleset
    if price is None:
        price = rules.spec.item_price(rules.spec.setup.start_packet.items[item])
    sell_item(rules, game.state, item, player, price)


def pass_packet(game: Game) -> None:
    """Every player passes until the start-packet round is over."""
    while game.state.round.kind in ("auction", "fixed_price_columns"):
        (entity,) = game.active_entities()
        game.process(Pass(entity))


def start_major(game: Game, major: str, par: int, holdings: dict[str, int]) -> None:
    """Start a major at ``par``: the first player listed buys the director's certificate, then
    each player buys 10% shares from the initial offering until holding the given percent."""
    rules, state = game.ruleset, game.state
    company = state.companies[major]
    if company.par_price is None:
        company.par_price = par
        company.par_cell = par_cell_for(rules, par)
        state.place_marker(major, company.par_cell)
    for player, percent in holdings.items():
        while state.percent_held(player, major) < percent:
            cert = next_offering_certificate(state, major)
            assert cert is not None
            give_certificate(rules, state, cert, player, company.par_price * cert.percent // 10, BANK)


def add_train(game: Game, company: str, name: str) -> str:
    """Give ``company`` the next depot train of ``name`` (paid from the bank to the bank: no
    money moves), without raising its first-purchase events."""
    state = game.state
    for stack in state.depot.stacks.values():
        for train_id in stack:
            if state.trains[train_id].name == name:
                stack.remove(train_id)
                state.trains[train_id].owner = company
                state.companies[company].trains.append(train_id)
                return train_id
    raise AssertionError(f"no {name} train left in the depot")


def fund(state: G18State, company: str, amount: int) -> None:
    """Money from the bank into a company's treasury (earnings of earlier rounds)."""
    state.pay(BANK, company, amount)


def first_purchase(game: Game, name: str) -> list[str]:
    """The first train of ``name`` is bought: phases start, trains rust, events are raised."""
    from railyard.framework.eighteen.phases import on_first_purchase

    return on_first_purchase(game.ruleset, game.state, name)


def ipo_percent(state: G18State, company: str) -> int:
    return state.percent_held(IPO, company)


def no_problems(game: Game) -> None:
    problems = game.check_invariants()
    assert problems == [], problems


def cash(state: G18State) -> dict[str, Any]:
    return {p.id: p.cash for p in state.players}


def quiet_action(game: Game) -> Any:
    """The least eventful legal action: pass, else decline, else the first one listed."""
    actions = game.legal_actions()
    assert actions, f"nobody can act in {game.state.round.kind}"
    for action in actions:
        if isinstance(action, Pass):
            return action
    for action in actions:
        if getattr(action, "accept", None) is False:
            return action
    return actions[0]


def finish_round(game: Game) -> None:
    """Play the current round to its end with the least eventful actions."""
    start = (game.state.round.kind, game.state.round.number)
    for _ in range(500):
        if (game.state.round.kind, game.state.round.number) != start or game.is_over():
            return
        game.process(quiet_action(game))
    raise AssertionError("the round does not end")


def play_until(game: Game, kind: str) -> None:
    """Finish rounds until a round of ``kind`` is under way."""
    for _ in range(20):
        if game.state.round.kind == kind:
            return
        finish_round(game)
    raise AssertionError(f"no {kind} round comes")


def refusal(game: Game, action: Any) -> Any:
    """The IllegalAction a position refuses ``action`` with (applied to a copy: positions
    built by editing the state cannot be rebuilt from the action log)."""
    import copy

    from railyard.framework.core.errors import IllegalAction

    state = copy.deepcopy(game.state)
    try:
        game.ruleset.apply(state, action)
    except IllegalAction as refused:
        return refused
    raise AssertionError(f"{action} was not refused")


def fund_player(state: G18State, player: str, amount: int) -> None:
    state.pay(BANK, player, amount)
