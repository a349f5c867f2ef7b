"""Buy or upgrade a train (main action 6)."""

from __future__ import annotations

from railyard.framework.core.errors import IllegalAction

from . import influence
from .data import TitleData
from .state import Player, State, Train

R_TRAIN = "Buy or upgrade a train"


def available(data: TitleData, state: State, engine_id: str) -> bool:
    """Engines at or left of the current round on the Round track."""
    engine = data.engines.get(engine_id)
    return (
        engine is not None
        and engine.round is not None
        and engine.round <= state.round
        and state.engines_track.get(engine_id, 0) > 0
    )


def plan_buy(data: TitleData, state: State, player: Player, engine_id: str) -> int:
    if not available(data, state, engine_id):
        raise IllegalAction(R_TRAIN, f"{engine_id} is not available on the Round track")
    if len(player.trains) >= data.max_trains:
        raise IllegalAction(R_TRAIN, f"buy only with fewer than {data.max_trains} trains")
    cost = data.engines[engine_id].price
    if cost > player.cash:
        raise IllegalAction(R_TRAIN, f"{engine_id} costs {cost}, {player.id} has {player.cash}")
    return cost


def buy(data: TitleData, state: State, player: Player, engine_id: str) -> list[str]:
    cost = plan_buy(data, state, player, engine_id)
    engine = data.engines[engine_id]
    player.cash -= cost
    state.bank += cost
    state.engines_track[engine_id] -= 1
    cars = min(engine.cars, state.car_supply)
    state.car_supply -= cars
    player.trains.append(Train(engine_id, cars))
    lines = [f"{player.id} buys {engine_id} for {cost} with {cars} freight cars"]
    if state.supply["coal"] > 0:
        state.supply["coal"] -= 1
        player.goods["coal"] += 1
        lines.append(f"{player.id} takes 1 coal onto the engine")
    if engine.influence:
        moved = influence.move(data, state, player, engine.influence)
        lines.append(f"{player.id} gains {moved} influence")
    return lines


def plan_upgrade(data: TitleData, state: State, player: Player, index: int, engine_id: str) -> int:
    if not 0 <= index < len(player.trains):
        raise IllegalAction(R_TRAIN, f"{player.id} has no train {index}")
    if not available(data, state, engine_id):
        raise IllegalAction(R_TRAIN, f"{engine_id} is not available on the Round track")
    old = data.engines[player.trains[index].engine]
    new = data.engines[engine_id]
    if new.level <= old.level:
        raise IllegalAction(R_TRAIN, f"{engine_id} is no upgrade of {old.id}")
    cost = new.price - old.price
    if cost > player.cash:
        raise IllegalAction(R_TRAIN, f"the upgrade costs {cost}, {player.id} has {player.cash}")
    return cost


def upgrade(data: TitleData, state: State, player: Player, index: int, engine_id: str) -> list[str]:
    cost = plan_upgrade(data, state, player, index, engine_id)
    train = player.trains[index]
    new = data.engines[engine_id]
    player.cash -= cost
    state.bank += cost
    state.engines_track[engine_id] -= 1
    state.engines_box[train.engine] += 1
    old = train.engine
    train.engine = engine_id
    cars = min(max(0, new.cars - train.cars), state.car_supply)
    state.car_supply -= cars
    train.freight += cars
    lines = [f"{player.id} upgrades {old} to {engine_id} for {cost}, adding {cars} cars (the coal stays)"]
    if new.influence:
        moved = influence.move(data, state, player, new.influence)
        lines.append(f"{player.id} gains {moved} influence")
    return lines
