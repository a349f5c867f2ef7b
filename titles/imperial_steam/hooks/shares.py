"""The Share board: share value, Investors, Shareholders (main action 9 and "Sell a share")."""

from __future__ import annotations

from railyard.framework.core.errors import IllegalAction

from . import influence
from .data import TitleData
from .state import Player, State

R_SHARE = "Manipulate share value"
R_SELL = "Sell a share"


def step(player: Player, steps: int) -> None:
    player.share_row += steps


def manipulate(data: TitleData, state: State, player: Player, steps: int) -> list[str]:
    """Up exactly one row paying its printed influence, or down any number of rows for free."""
    top = len(data.share_rows) - 1
    if steps == 1:
        if player.share_row >= top:
            raise IllegalAction(R_SHARE, "share value is already at its top")
        cost = data.share_rows[player.share_row + 1].influence
        influence.pay(data, state, player, cost, R_SHARE)
        step(player, 1)
        value = data.share_rows[player.share_row].value
        return [f"{player.id} raises share value to {value}, paying {cost} influence"]
    if steps < 0:
        if player.share_row + steps < 0:
            raise IllegalAction(R_SHARE, f"share value cannot go down {-steps} row(s)")
        step(player, steps)
        return [f"{player.id} lowers share value to {data.share_rows[player.share_row].value}"]
    raise IllegalAction(R_SHARE, "increase by exactly 1 step, or decrease by any amount")


def sellable_row(player: Player) -> int | None:
    """The row of the topmost Investor at or above the Share Value marker, if any."""
    for row in range(len(player.investors) - 1, player.share_row - 1, -1):
        if player.investors[row]:
            return row
    return None


def sell(data: TitleData, state: State, player: Player) -> list[str]:
    row = sellable_row(player)
    if row is None:
        raise IllegalAction(R_SELL, "no Investor sits at or above the share value")
    value = data.share_rows[player.share_row].value
    player.investors[row] -= 1
    player.shareholders += 1
    state.bank -= value
    player.cash += value
    return [f"{player.id} sells a share for {value} (Investor from the {data.share_rows[row].value} row)"]


def add_investors(data: TitleData, state: State, player: Player, count: int) -> int:
    """Place Investors on the lowest empty spaces; those with no room stay in the supply."""
    placed = 0
    for row, spec in enumerate(data.share_rows):
        while placed < count and player.investors[row] < spec.investor_spaces and state.investor_supply > 0:
            player.investors[row] += 1
            state.investor_supply -= 1
            placed += 1
    return placed
