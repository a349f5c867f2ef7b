"""What must always hold: money, goods, workers, factories, cars, engines, tokens conserved."""

from __future__ import annotations

from .data import GOODS, TitleData
from .state import State
from .storage import fits


def check(data: TitleData, state: State) -> list[str]:
    problems: list[str] = []
    players = state.players.values()
    money = state.bank + sum(p.cash for p in players)
    if money != state.money_total:
        problems.append(f"money: bank + players = {money}, expected {state.money_total}")
    for p in players:
        if p.cash < 0:
            problems.append(f"money: {p.id} has {p.cash}")
    comps = data.components
    for good in GOODS:
        where = (
            state.supply[good]
            + state.market[good]
            + sum(s.get(good, 0) for s in state.shipments.values())
            + sum(p.goods[good] + p.landing[good] for p in players)
            + sum(f.goods for p in players for f in p.factories if f.good == good)
            + sum(
                1
                for site, s in state.sites.items()
                for i, who in enumerate(s.demands)
                if who is not None and _demand(data, state, site, i) == good
            )
        )
        if where != comps["goods"][good]:
            problems.append(f"goods: {where} {good} in play, expected {comps['goods'][good]}")
        if state.supply[good] < 0 or state.market[good] > len(data.market_columns[good]):
            problems.append(f"goods: {good} supply {state.supply[good]}, market {state.market[good]}")
    for p in players:
        if not fits(p):
            problems.append(f"storage: {p.id}'s goods do not fit")
        if p.workers > data.max_workers or min(list(p.training.values()) + list(p.working.values())) < 0:
            problems.append(f"workers: {p.id} has {p.workers}")
        if not 0 <= p.influence <= data.max_influence:
            problems.append(f"influence: {p.id} at {p.influence}")
        if len(p.trains) > data.max_trains:
            problems.append(f"trains: {p.id} has {len(p.trains)}")
        for t in p.trains:
            if t.cars > data.engines[t.engine].cars or min(t.freight, t.passenger, t.reserved) < 0:
                problems.append(f"trains: {p.id}'s {t.engine} has {t.cars} cars")
    for good in GOODS:
        placed = sum(1 for p in players for f in p.factories if f.good == good)
        if placed != state.factories_bought[good] or placed > state.factories_per_row:
            problems.append(f"factories: {placed} {good} on the map, {state.factories_bought[good]} bought")
    cars = state.car_supply + sum(t.cars for p in players for t in p.trains)
    if cars != data.car_tiles or state.car_supply < 0:
        problems.append(f"cars: {cars} in play, expected {data.car_tiles}")
    for eid, engine in data.engines.items():
        n = state.engines_track[eid] + state.engines_box[eid] + sum(1 for p in players for t in p.trains if t.engine == eid)
        if n != engine.count:
            problems.append(f"engines: {n} {eid}, expected {engine.count}")
    reserved = state.reserved_supply + sum(t.reserved for p in players for t in p.trains)
    if reserved != comps["reserved_tokens"]:
        problems.append(f"reserved tokens: {reserved}")
    investors = state.investor_supply + sum(sum(p.investors) + p.shareholders for p in players)
    if investors != comps["investors"]:
        problems.append(f"investors: {investors}")
    tokens = sum(comps["business_tokens"].values())
    if len(state.business) + state.business_used != tokens:
        problems.append(f"business tokens: {len(state.business)} + {state.business_used} used")
    for kind in ("bridge", "tunnel"):
        n = sum(h.engineers[kind] for h in state.hubs.values()) + sum(1 for p in players if getattr(p, kind))
        if n != data.counts[len(state.players)].engineers:
            problems.append(f"engineers: {n} {kind}")
    cards = sum(len(d) for d in state.display.values()) + len(state.contracts_out) + sum(len(p.contracts) for p in players)
    if cards != len(data.contracts):
        problems.append(f"contracts: {cards} cards")
    if state.phase == 7:
        for p in players:
            if p.hands + sum(p.placed.values()) != data.hands(state.round) or p.hands < 0:
                problems.append(f"hands: {p.id} has {p.hands} left and {sum(p.placed.values())} placed")
        for tile, n in state.hands_on.items():
            if n != sum(p.placed.get(tile, 0) for p in players):
                problems.append(f"hands: {n} on {tile}")
    for colour, hub in state.hubs.items():
        filled = sum(1 for who in state.sites[hub.site].demands if who is not None)
        if filled != hub.delivered:
            problems.append(f"hubs: {colour} has {filled} filled demands, {hub.delivered} deliveries")
        for kind in ("gold", "silver"):
            holder = getattr(hub, kind)
            holders = [p.id for p in players if f"{colour}:{kind}" in p.keys]
            if holders != ([holder] if holder else []):
                problems.append(f"keys: {colour} {kind} held by {holders}, recorded {holder}")
        if hub.gold is not None and hub.gold == hub.silver:
            problems.append(f"keys: {hub.gold} holds both {colour} keys")
    for p in players:
        if p.warehouse + p.stations_left != int(data.start["stations"]) or len(p.stations) != p.warehouse + 1:
            problems.append(f"stations: {p.id} has {p.warehouse} built, {p.stations_left} left")
    unbuilt = state.unbuilt_box + state.unbuilt_discarded + sum(p.stations_left for p in players)
    if unbuilt != comps["unbuilt_station_tiles"] or state.unbuilt_box < 0:
        problems.append(f"unbuilt station tiles: {unbuilt} (box {state.unbuilt_box}, "
                        f"discarded {state.unbuilt_discarded})")
    if state.unbuilt_discarded != sum(p.warehouse for p in players):
        problems.append(f"unbuilt station tiles: {state.unbuilt_discarded} discarded, "
                        f"{sum(p.warehouse for p in players)} stations built")
    for site, s in state.sites.items():
        for pid in s.stations:
            if site not in state.players[pid].stations:
                problems.append(f"stations: {pid} in {site}")
    return problems


def _demand(data: TitleData, state: State, site: str, index: int) -> str:
    from .track import city

    return city(data, state, site).demands[index]
