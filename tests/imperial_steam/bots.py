"""A simple focused player for whole-game tests: it builds toward Trieste and keeps the means to
(materials, workers, engineers, money). Not a strong player; enough to show a game can reach
Trieste within eight rounds on our board."""

from __future__ import annotations

import random
from collections import deque

from railyard.titles.imperial_steam.hooks import track
from railyard.titles.imperial_steam.hooks.actions import (
    Bid,
    BuildFactory,
    BuildStation,
    BuildTracks,
    BuyGood,
    BuyStateRailway,
    Deliver,
    EndTurn,
    Fundraise,
    Hire,
    OrderGoods,
    Pass,
    Produce,
    SellShare,
    StoreOrdered,
)


def distances(data, end: str) -> dict[str, int]:
    dist = {end: 0}
    queue = deque([end])
    by_end = data.by_end()
    while queue:
        site = queue.popleft()
        for conn in by_end[site]:
            nxt = conn.other(site)
            if nxt not in dist:
                dist[nxt] = dist[site] + 1
                queue.append(nxt)
    return dist


def _good(rules, state, action) -> str:
    return track.city(rules.data, state, action.site).factory_sites[action.index].good


def builder_choice(rules, state, legal, rng: random.Random):
    """The builder's pick from the legal actions."""
    data = rules.data
    for kind in (Bid,):
        bids = [a for a in legal if isinstance(a, kind)]
        if bids:
            return min(bids, key=lambda a: abs(a.amount - 20))
    stores = [a for a in legal if isinstance(a, StoreOrdered)]
    if stores:
        return stores[0]
    delivers = [a for a in legal if isinstance(a, Deliver)]
    if delivers:
        return delivers[0]
    if any(isinstance(a, EndTurn) for a in legal):
        return next(a for a in legal if isinstance(a, EndTurn))
    pid = state.current
    player = state.players[pid]
    dist = distances(data, "TRI")
    net = track.network(data, player)
    here = min(dist[s] for s in net)
    railways = [a for a in legal if isinstance(a, BuyStateRailway)]
    for a in railways:
        conn = data.connections[a.connection]
        if min(dist[conn.a], dist[conn.b]) < here:
            return a
    builds = [a for a in legal if isinstance(a, BuildTracks)]
    if builds:

        def gain(a):
            sites = set(net)
            for c in a.connections:
                conn = data.connections[c]
                sites |= {conn.a, conn.b}
            return (min(dist[s] for s in sites), sum(a.workers))

        best = min(builds, key=gain)
        if gain(best)[0] < here:
            return best
    need = {"wood": 1, "stone": 1, "iron": 1}
    missing = [g for g, n in need.items() if player.goods[g] < n]
    if missing:
        produce = [a for a in legal if isinstance(a, Produce)]
        if produce and any(f.good in missing and f.goods for f in player.factories):
            return produce[0]
        own = {f.good for f in player.factories if f.goods}
        factories = [a for a in legal if isinstance(a, BuildFactory) and _good(rules, state, a) in missing
                     and _good(rules, state, a) not in own]
        if factories:
            return factories[0]
        orders = [a for a in legal if isinstance(a, OrderGoods) and set(missing) <= set(a.goods)]
        if orders and not any(player.landing.values()):
            return max(orders, key=lambda a: len(a.goods))
        buys = [a for a in legal if isinstance(a, BuyGood) and a.good == missing[0]]
        if buys and any(player.landing.values()) is False and state.round == 8:
            return buys[0]
    hires = [a for a in legal if isinstance(a, Hire)]
    frontier = [c for s in net for c in data.by_end()[s] if c.id not in player.tracks]
    toward = [c for c in frontier if min(dist[c.a], dist[c.b]) < here]
    kinds = {c.kind for c in toward}
    if toward and all(c.kind != "plain" or c.id in state.crowned for c in toward):
        for a in hires:
            if a.workers == 0 and ((a.bridge and "bridge" in kinds) or (a.tunnel and "tunnel" in kinds)):
                return a
    workers = [a for a in hires if a.workers]
    if workers and sum(lvl * n for lvl, n in player.training.items()) < 5 and player.cash >= 40:
        return min(workers, key=lambda a: a.workers)
    stations = [a for a in legal if isinstance(a, BuildStation)]
    if stations and state.round <= 5 and player.cash >= 50:
        return stations[0]
    sells = [a for a in legal if isinstance(a, SellShare)]
    if sells and player.cash < 60:
        return sells[0]
    cheap = [a for a in legal if isinstance(a, Fundraise | Pass)]
    if cheap:
        return cheap[0]
    harmless = [a for a in legal if type(a).__name__ in ("Produce", "BuildStation", "Hire", "BuyGood")]
    return harmless[0] if harmless else rng.choice(legal)
