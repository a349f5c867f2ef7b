"""Deliver a good (free action, once per turn): demands, City Keys and hub city growth."""

from __future__ import annotations

from railyard.framework.core.errors import IllegalAction

from . import influence
from .data import TitleData
from .factories import delivery_value, own_factory
from .state import Player, State
from .track import city, network, pay_from_bank

R_DELIVER = "Deliver a good"


def hub_at(state: State, site: str) -> str | None:
    tile = state.sites[site].tile
    return tile[4:] if tile.startswith("hub:") else None


def plan_deliver(data: TitleData, state: State, player: Player, factory_id: str, site: str, demand: int) -> str:
    if state.delivered:
        raise IllegalAction(R_DELIVER, "one delivery per turn")
    if player.goods["coal"] < 1:
        raise IllegalAction(R_DELIVER, "needs 1 coal from storage")
    factory = own_factory(player, factory_id, R_DELIVER)
    if factory.goods == 0:
        raise IllegalAction(R_DELIVER, f"{factory_id} has no goods beside its worker")
    if site not in data.sites or site not in network(data, player):
        raise IllegalAction(R_DELIVER, f"{site} is not connected to {player.id}'s network")
    demands = city(data, state, site).demands
    if not 0 <= demand < len(demands):
        raise IllegalAction(R_DELIVER, f"{site} has no demand space {demand}")
    if demands[demand] != factory.good:
        raise IllegalAction(R_DELIVER, f"demand space {demand} of {site} wants {demands[demand]}, not {factory.good}")
    if state.sites[site].demands[demand] is not None:
        raise IllegalAction(R_DELIVER, "that demand space is filled")
    hub = hub_at(state, site)
    if hub is not None and factory.good == "coal" and any(k.startswith(f"{hub}:") for k in player.keys):
        raise IllegalAction(R_DELIVER, f"no player can hold both {hub} keys (nor meet both coal demands)")
    return factory.good


def deliver(data: TitleData, state: State, player: Player, factory_id: str, site: str, demand: int) -> list[str]:
    good = plan_deliver(data, state, player, factory_id, site, demand)
    factory = own_factory(player, factory_id, R_DELIVER)
    player.goods["coal"] -= 1
    state.supply["coal"] += 1
    factory.goods -= 1
    state.sites[site].demands[demand] = player.id
    state.delivered = True
    name = data.sites[site].name
    lines = []
    hub_colour = hub_at(state, site)
    if hub_colour is not None and good == "coal":
        hub = state.hubs[hub_colour]
        kind = "gold" if hub.gold is None else "silver"
        setattr(hub, kind, player.id)
        player.keys.append(f"{hub_colour}:{kind}")
        lines.append(f"{player.id} delivers coal to {name}: takes the {kind} {hub_colour} City Key")
    else:
        value = delivery_value(data, state, good)
        pay_from_bank(state, player, value)
        lines.append(f"{player.id} delivers {good} to {name} for {value}")
    if hub_colour is not None:
        hub = state.hubs[hub_colour]
        growth = data.growth_tiles[hub.growth]
        steps = growth[hub.delivered] if hub.delivered < len(growth) else 0
        hub.delivered += 1
        hub.influence = min(data.max_influence, hub.influence + steps)
        lines.append(f"the {hub_colour} hub's influence rises {steps} to {hub.influence}")
    return lines


def hub_keys_value(data: TitleData, state: State, player: Player) -> int:
    """Final scoring 3: gold keys read below the hub marker, silver keys the nearest flag."""
    total = 0
    for key in player.keys:
        colour, kind = key.split(":")
        step = state.hubs[colour].influence
        total += influence.gold_value(data, step) if kind == "gold" else influence.silver_value(data, step)
    return total
