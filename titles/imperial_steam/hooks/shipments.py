"""The Shipment market: Buy or order goods (main action 5), shipments arriving (phase 2) and
ordered goods landing (phase 3)."""

from __future__ import annotations

from railyard.framework.core.errors import IllegalAction

from . import storage
from .data import GOODS, TitleData
from .state import Player, State

R_BUY = "Buy or order goods"
R_LANDING = "Take ordered goods"


def price(data: TitleData, state: State, good: str, taken: int = 0) -> int | None:
    """The price of the next cube of ``good`` after ``taken`` more were taken this action: the
    topmost cube's row, or the dearest price (40) from the supply when the column is empty
    (implementation notes); None when the supply has none either."""
    left = state.market[good] - taken
    if left > 0:
        return data.market_columns[good][left - 1]
    if state.supply[good] + min(0, left) <= 0:
        return None
    return data.empty_price


def _take(state: State, good: str) -> None:
    if state.market[good] > 0:
        state.market[good] -= 1
    else:
        state.supply[good] -= 1


def plan_buy(data: TitleData, state: State, player: Player, good: str, discard: tuple[str, ...]) -> tuple[int, dict]:
    if good not in GOODS:
        raise IllegalAction(R_BUY, f"unknown good {good!r}")
    cost = price(data, state, good)
    if cost is None:
        raise IllegalAction(R_BUY, f"no {good} left in the market or the supply")
    if cost > player.cash:
        raise IllegalAction(R_BUY, f"{good} costs {cost}, {player.id} has {player.cash}")
    after = storage.settle(player, {good: 1}, discard, R_BUY)
    return cost, after


def buy(data: TitleData, state: State, player: Player, good: str, discard) -> list[str]:
    cost, after = plan_buy(data, state, player, good, tuple(discard))
    _take(state, good)
    player.cash -= cost
    state.bank += cost
    for g in GOODS:
        state.supply[g] += player.goods[g] + (1 if g == good else 0) - after[g]
    player.goods = after
    return [f"{player.id} buys 1 {good} for {cost}"] + ([f"returns {', '.join(discard)}"] if discard else [])


def order_limit(state: State) -> int:
    return state.shipment_tiles.get(state.round, 0)


def plan_order(data: TitleData, state: State, player: Player, goods: tuple[str, ...]) -> int:
    if state.round not in state.shipment_tiles:
        raise IllegalAction(R_BUY, f"no ordering in Round {state.round}")
    if not goods:
        raise IllegalAction(R_BUY, "order at least one good")
    limit = order_limit(state)
    if player.ordered + len(goods) > limit:
        raise IllegalAction(R_BUY, f"the landing holds at most {limit} goods this round ({player.ordered} ordered)")
    total = 0
    taken: dict[str, int] = {}
    for good in goods:
        if good not in GOODS:
            raise IllegalAction(R_BUY, f"unknown good {good!r}")
        cost = price(data, state, good, taken.get(good, 0))
        if cost is None:
            raise IllegalAction(R_BUY, f"no {good} left in the market or the supply")
        total += cost
        taken[good] = taken.get(good, 0) + 1
    if total > player.cash:
        raise IllegalAction(R_BUY, f"the order costs {total}, {player.id} has {player.cash}")
    return total


def order(data: TitleData, state: State, player: Player, goods) -> list[str]:
    total = plan_order(data, state, player, tuple(goods))
    for good in goods:
        _take(state, good)
        player.landing[good] += 1
    player.ordered += len(goods)
    player.cash -= total
    state.bank += total
    return [f"{player.id} orders {', '.join(goods)} for {total}"]


def arrive(data: TitleData, state: State) -> list[str]:
    """Phase 2: goods above the round fill each column bottom to top; overflow to the supply."""
    goods = state.shipments.pop(state.round, None)
    if not goods:
        return []
    lines = []
    for good, n in goods.items():
        if not n:
            continue
        room = len(data.market_columns[good]) - state.market[good]
        placed = min(room, n)
        state.market[good] += placed
        state.supply[good] += n - placed
        lines.append(f"shipment: {placed} {good} to the market" + (f", {n - placed} to the supply" if n > placed else ""))
    return lines


def land(state: State, player: Player) -> bool:
    """Phase 3: store the landing if it fits; False when the player must choose discards."""
    incoming = dict(player.landing)
    if not any(incoming.values()):
        return True
    after = {g: player.goods[g] + incoming[g] for g in GOODS}
    if not storage.fits(player, after):
        return False
    player.goods = after
    player.landing = dict.fromkeys(GOODS, 0)
    return True


def store(state: State, player: Player, discard) -> list[str]:
    after = storage.settle(player, player.landing, tuple(discard), R_LANDING)
    for g in GOODS:
        state.supply[g] += player.goods[g] + player.landing[g] - after[g]
    player.goods = after
    player.landing = dict.fromkeys(GOODS, 0)
    return [f"{player.id} stores the ordered goods, discarding {', '.join(discard) or 'nothing'}"]
