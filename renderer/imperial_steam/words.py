"""Actions in words: the menu's headings and button labels, and which places on the map an
action names (so a click on a city or a connection narrows the menu to what concerns it).

Actions are told apart by class name: the loader may import the title's hooks under another
module name, so the classes themselves are not imported here.
"""

from __future__ import annotations

import sys
from typing import Any

from railyard.framework.core.actions import Action

#: main-action headings by class name, in the order of the eleven Main Action tiles
MAIN: dict[str, str] = {
    "BuildTracks": "1 Build tracks",
    "Hire": "2 Hire",
    "BuildStation": "3 Build a building",
    "BuildFactory": "3 Build a building",
    "Produce": "4 Produce goods",
    "BuyGood": "5 Buy or order goods",
    "OrderGoods": "5 Buy or order goods",
    "BuyTrain": "6 Buy or upgrade a train",
    "UpgradeTrain": "6 Buy or upgrade a train",
    "SecureContract": "7 Secure a contract",
    "Philanthropize": "8 Philanthropize",
    "ManipulateShare": "9 Manipulate share value",
    "Fundraise": "10 Fundraise",
    "Pass": "11 Pass",
}
OTHER: dict[str, str] = {
    "Bid": "Opening blind bid (secret): guldens for influence",
    "StoreOrdered": "Take ordered goods",
    "SellShare": "Free: sell a share",
    "Deliver": "Free: deliver a good (once per turn)",
    "BuyStateRailway": "Free: buy State Railway access",
    "EndTurn": "End the turn",
}
#: actions whose amount may also be typed (the engine accepts any legal amount)
FREE_AMOUNT = frozenset({"Bid", "Philanthropize"})


def kind(action: Action) -> str:
    return type(action).__name__


def tile_of(action: Action) -> str | None:
    """The Main Action tile the action places its hand on (from the title's own table)."""
    table = getattr(sys.modules.get(type(action).__module__), "TILE", {})
    return table.get(type(action))


def heading(action: Action, state: Any = None) -> str:
    name = kind(action)
    text = MAIN.get(name) or OTHER.get(name) or name
    if state is not None and name in MAIN and state.current in state.players:
        placed = state.players[state.current].placed.get(tile_of(action) or "", 0)
        if placed:
            text += f"  (repeat penalty: {placed} influence)"
    return text


def _goods(goods: tuple[str, ...]) -> str:
    return "+".join(goods)


def site_name(data: Any, site: str) -> str:
    return data.sites[site].name if site in data.sites else site


def content(data: Any, state: Any, site: str) -> Any:
    """What the city at ``site`` offers: its printed city, hub tile or City tile."""
    tile = state.sites[site].tile
    if tile == "printed":
        return data.sites[site].printed
    if tile.startswith("hub:"):
        return data.hubs[tile[4:]].content
    return data.tiles[tile].content


def price(data: Any, state: Any, good: str) -> int:
    """The market price of the next cube (the dearest price when the column is empty)."""
    left = state.market[good]
    return data.market_columns[good][left - 1] if left > 0 else data.empty_price


def label(action: Action, data: Any, state: Any, currency: str = "G") -> str:
    """The button text of one action (its parameters in words)."""
    name = kind(action)
    a: Any = action
    if name == "Bid":
        return f"{a.amount}{currency}"
    if name == "StoreOrdered":
        return "store" + (f", return {_goods(a.discard)}" if a.discard else "")
    if name == "BuildTracks":
        spend = f" spend {'/'.join(a.spend)}" if a.spend else ""
        return f"{' + '.join(a.connections)}  workers {'+'.join(map(str, a.workers))}{spend}"
    if name == "Hire":
        parts = []
        if a.workers:
            parts.append(f"{a.workers} worker{'s' if a.workers > 1 else ''} from {a.column}")
        if a.bridge:
            parts.append(f"Bridge Engineer ({a.bridge})")
        if a.tunnel:
            parts.append(f"Tunnel Engineer ({a.tunnel})")
        return ", ".join(parts)
    if name == "BuildStation":
        cost = content(data, state, a.site).station_cost
        return f"station in {site_name(data, a.site)} ({cost}{currency})"
    if name == "BuildFactory":
        spec = content(data, state, a.site).factory_sites[a.index]
        return f"{spec.good} factory in {site_name(data, a.site)} (L{a.level} {a.area})"
    if name == "Produce":
        back = f", return {_goods(a.discard)}" if a.discard else ""
        return f"from {', '.join(a.factories)}{back}"
    if name == "BuyGood":
        back = f", return {_goods(a.discard)}" if a.discard else ""
        return f"buy {a.good} ({price(data, state, a.good)}{currency}){back}"
    if name == "OrderGoods":
        return f"order {_goods(a.goods)}"
    if name == "BuyTrain":
        return f"buy {a.engine} ({data.engines[a.engine].price}{currency})"
    if name == "UpgradeTrain":
        old = state.players[a.entity].trains[a.train].engine if a.entity in state.players else "?"
        return f"train {a.train + 1}: {old} to {a.engine}"
    if name == "SecureContract":
        card = data.contracts[a.card]
        return f"{a.card} ({'+'.join(card.factories)}, {card.value}{currency})"
    if name == "Philanthropize":
        return f"{a.amount}{currency}"
    if name == "ManipulateShare":
        return "+1 step (pay influence)" if a.steps > 0 else f"{a.steps} step (free)"
    if name == "Fundraise":
        return f"take {data.rules['fundraise']}{currency}"
    if name == "SellShare":
        player = state.players.get(a.entity)
        value = data.share_rows[player.share_row].value if player else "?"
        return f"sell for {value}{currency}"
    if name == "Deliver":
        good = a.factory
        for p in state.players.values():
            for f in p.factories:
                if f.id == a.factory:
                    good = f"{f.good} from {f.site}"
        return f"{good} to {site_name(data, a.city)}"
    if name == "BuyStateRailway":
        return a.connection
    if name == "EndTurn":
        return "End turn"
    if name == "Pass":
        return "Pass"
    return name


def describe(action: Action, data: Any, state: Any) -> str:
    """A whole action in words (status line, log of refusals)."""
    return f"{action.entity}: {heading(action)}: {label(action, data, state)}"


def mentions(action: Action, data: Any) -> set[str]:
    """Site and connection ids the action names (a connection also names its two cities)."""
    a: Any = action
    found: set[str] = set()
    for conn in getattr(a, "connections", ()) or ():
        found.add(conn)
    conn = getattr(a, "connection", None)
    if conn:
        found.add(conn)
    for conn_id in list(found):
        if conn_id in data.connections:
            found |= {data.connections[conn_id].a, data.connections[conn_id].b}
    for field in ("site", "city"):
        value = getattr(a, field, None)
        if value:
            found.add(value)
    for fid in getattr(a, "factories", ()) or ():
        found.add(str(fid).split("#")[0])
    factory = getattr(a, "factory", None)
    if factory:
        found.add(str(factory).split("#")[0])
    return found
