"""Buildings and production: Build a building (main action 3), Produce goods (main action 4),
and the Factory board's price steps."""

from __future__ import annotations

from railyard.framework.core.errors import IllegalAction

from . import storage
from .data import TitleData
from .state import Factory, Player, State
from .track import city, network

R_BUILDING = "Build a building"
R_PRODUCE = "Produce goods"


def board_cost(data: TitleData, state: State, good: str) -> int | None:
    """The upper-row cost left of the leftmost remaining factory; None when the row is empty."""
    bought = state.factories_bought[good]
    if bought >= state.factories_per_row:
        return None
    return data.factory_rows[good].costs[bought]


def delivery_value(data: TitleData, state: State, good: str) -> int:
    """The rightmost empty space of the good's row: steps down with every factory bought."""
    return data.factory_rows[good].deliveries[state.factories_bought[good]]


def plan_station(data: TitleData, state: State, player: Player, site: str) -> int:
    if site not in data.sites:
        raise IllegalAction(R_BUILDING, f"no city {site!r}")
    if site not in network(data, player):
        raise IllegalAction(R_BUILDING, f"{site} is not connected to {player.id}'s network")
    if site in player.stations:
        raise IllegalAction(R_BUILDING, f"{player.id} already has a station in {site}")
    content = city(data, state, site)
    if len(state.sites[site].stations) >= content.station_sites:
        raise IllegalAction(R_BUILDING, f"no empty station site in {site}")
    if player.stations_left <= 0:
        raise IllegalAction(R_BUILDING, f"{player.id} has no station left on the player board "
                            "(each stands on an Unbuilt Train Station tile)")
    if content.station_cost > player.cash:
        raise IllegalAction(R_BUILDING, f"the station costs {content.station_cost}, {player.id} has {player.cash}")
    return content.station_cost


def build_station(data: TitleData, state: State, player: Player, site: str) -> list[str]:
    cost = plan_station(data, state, player, site)
    player.cash -= cost
    state.bank += cost
    player.stations.append(site)
    player.stations_left -= 1
    state.unbuilt_discarded += 1  # the Unbuilt Train Station tile beneath it
    player.warehouse += 1  # ... which covered a warehouse space
    state.sites[site].stations.append(player.id)
    return [f"{player.id} builds a train station in {data.sites[site].name} for {cost}, "
            "discarding the Unbuilt Train Station tile beneath it"]


def plan_factory(data: TitleData, state: State, player: Player, site: str, index: int, area: str, level: int) -> tuple[int, str]:
    if site not in data.sites:
        raise IllegalAction(R_BUILDING, f"no city {site!r}")
    if site not in network(data, player):
        raise IllegalAction(R_BUILDING, f"{site} is not connected to {player.id}'s network")
    content = city(data, state, site)
    if not 0 <= index < len(content.factory_sites):
        raise IllegalAction(R_BUILDING, f"{site} has no factory site {index}")
    spec = content.factory_sites[index]
    if len(state.players) < spec.min_players:
        raise IllegalAction(R_BUILDING, f"that site is for {spec.min_players}+ players")
    if state.sites[site].factories[index] is not None:
        raise IllegalAction(R_BUILDING, "the factory site is taken")
    cost = board_cost(data, state, spec.good)
    if cost is None:
        raise IllegalAction(R_BUILDING, f"no {spec.good} factory left on the Factory board")
    if spec.cost == "station":
        cost = content.station_cost
    elif isinstance(spec.cost, int):
        cost = spec.cost
    if cost > player.cash:
        raise IllegalAction(R_BUILDING, f"the factory costs {cost}, {player.id} has {player.cash}")
    pool = {"training": player.training, "working": player.working}.get(area)
    if pool is None or level not in pool or pool[level] == 0:
        raise IllegalAction(R_BUILDING, f"no worker in the {area} area at level {level}")
    return cost, spec.good


def build_factory(data: TitleData, state: State, player: Player, site: str, index: int, area: str, level: int) -> list[str]:
    cost, good = plan_factory(data, state, player, site, index, area, level)
    player.cash -= cost
    state.bank += cost
    state.factories_bought[good] += 1
    {"training": player.training, "working": player.working}[area][level] -= 1
    goods = min(data.production[level], state.supply[good])
    state.supply[good] -= goods
    player.factories.append(Factory(f"{site}#{index}", site, good, level, goods))
    state.sites[site].factories[index] = player.id
    return [
        f"{player.id} builds a {good} factory in {data.sites[site].name} for {cost};"
        f" a level {level} worker takes {goods} {good}"
    ]


def own_factory(player: Player, factory_id: str, rule: str) -> Factory:
    for factory in player.factories:
        if factory.id == factory_id:
            return factory
    raise IllegalAction(rule, f"{player.id} has no factory {factory_id!r}")


def plan_produce(player: Player, factories: tuple[str, ...], discard: tuple[str, ...]) -> dict[str, int]:
    if not factories:
        raise IllegalAction(R_PRODUCE, "produce from at least one factory")
    if len(set(factories)) != len(factories):
        raise IllegalAction(R_PRODUCE, "each site produces at most 1 good per action")
    incoming: dict[str, int] = {}
    for fid in factories:
        factory = own_factory(player, fid, R_PRODUCE)
        if factory.goods == 0:
            raise IllegalAction(R_PRODUCE, f"{fid} has no goods left beside its worker")
        incoming[factory.good] = incoming.get(factory.good, 0) + 1
    return storage.settle(player, incoming, discard, R_PRODUCE)


def produce(data: TitleData, state: State, player: Player, factories, discard) -> list[str]:
    after = plan_produce(player, tuple(factories), tuple(discard))
    made: dict[str, int] = {}
    for fid in factories:
        factory = own_factory(player, fid, R_PRODUCE)
        factory.goods -= 1
        made[factory.good] = made.get(factory.good, 0) + 1
    before = player.goods
    for good in after:
        returned = before[good] + made.get(good, 0) - after[good]
        state.supply[good] += returned
    player.goods = after
    text = ", ".join(f"{n} {g}" for g, n in made.items())
    lines = [f"{player.id} produces {text}"]
    if discard:
        lines.append(f"{player.id} returns {', '.join(discard)} to the supply (store full)")
    return lines
