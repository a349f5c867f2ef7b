"""Listing legal actions: a finite, representative list per position (``process`` accepts any
legal parameters; the list offers one sensible choice of workers, discards and spending)."""

from __future__ import annotations

import copy

from railyard.framework.core.actions import Action
from railyard.framework.core.errors import IllegalAction

from . import contracts, deliveries, factories, shares, shipments, storage, track, trains, workers
from .actions import (
    Bid,
    BuildFactory,
    BuildStation,
    BuildTracks,
    BuyGood,
    BuyStateRailway,
    BuyTrain,
    Deliver,
    EndTurn,
    Fundraise,
    Hire,
    ManipulateShare,
    OrderGoods,
    Pass,
    Philanthropize,
    Produce,
    SecureContract,
    SellShare,
    StoreOrdered,
    UpgradeTrain,
)
from .data import GOODS, TitleData
from .state import Player, State


def _ok(fn, *args) -> bool:
    try:
        fn(*args)
    except IllegalAction:
        return False
    return True


def legal_actions(data: TitleData, state: State, entity: str | None) -> list[Action]:
    if state.phase == 0:
        out: list[Action] = []
        for pid in state.order:
            if pid in state.bids or (entity is not None and pid != entity):
                continue
            cash = state.players[pid].cash
            out += [Bid(pid, amount) for amount in range(0, cash + 1, data.bid_per_step)]
        return out
    if state.phase == 3:
        return [
            StoreOrdered(pid, storage.default_discard(state.players[pid], state.players[pid].landing))
            for pid in state.pending_store
            if entity is None or pid == entity
        ]
    if state.phase != 7:
        return []
    current = state.current
    if current is None or (entity is not None and entity != current):
        return []
    pid = current
    player = state.players[pid]
    out = free_actions(data, state, player)
    if state.main_done:
        return out + [EndTurn(pid)]
    mains = main_actions(data, state, player)
    payable = [a for a in mains if _penalty_ok(state, player, a)]
    passing = Pass(pid)
    if _penalty_ok(state, player, passing) or not payable:
        payable.append(passing)
    return out + payable


def _penalty_ok(state: State, player: Player, action: Action) -> bool:
    from .actions import TILE

    tile = TILE[type(action)]
    penalty = player.placed.get(tile, 0)
    if penalty == 0:
        return True
    return penalty <= player.influence


def free_actions(data: TitleData, state: State, player: Player) -> list[Action]:
    pid = player.id
    out: list[Action] = []
    if shares.sellable_row(player) is not None:
        out.append(SellShare(pid))
    if not state.delivered and player.goods["coal"] > 0:
        net = track.network(data, player)
        for factory in player.factories:
            if factory.goods == 0:
                continue
            for site in sorted(net):
                for i, want in enumerate(track.city(data, state, site).demands):
                    if want == factory.good and _ok(deliveries.plan_deliver, data, state, player, factory.id, site, i):
                        out.append(Deliver(pid, factory.id, site, i))
                        break
    for conn in state.crowned:
        if _ok(track.state_railway_plan, data, state, player, conn):
            out.append(BuyStateRailway(pid, conn))
    return out


def _builds(data: TitleData, state: State, player: Player) -> list[Action]:
    out: list[Action] = []
    if any(player.goods[g] < n for g, n in data.rules["track"]["materials"].items()):
        return out
    by_end = data.by_end()
    net = track.network(data, player)

    def frontier(sites: set[str], taken: tuple[str, ...]) -> list[str]:
        found = set()
        for site in sites:
            for conn in by_end[site]:
                if conn.id not in player.tracks and conn.id not in taken and conn.id not in state.crowned:
                    found.add(conn.id)
        return sorted(found)

    for first in frontier(net, ()):
        conn = data.connections[first]
        candidates: list[tuple[str, ...]] = [(first,)]
        grown = net | {conn.a, conn.b}
        candidates += [(first, second) for second in frontier(grown, (first,)) if second > first or second not in frontier(net, ())]
        for conns in candidates:
            try:
                plan = track.plan_build(data, state, player, conns, None)
            except IllegalAction:
                continue
            chosen = track.pick_workers(player, plan["effort"])
            if chosen is not None:
                out.append(BuildTracks(player.id, conns, chosen))
    return out


def main_actions(data: TitleData, state: State, player: Player) -> list[Action]:
    """Main actions as they stand once each tile's repeat penalty is paid (it is paid first)."""
    from .actions import TILE

    out: list[Action] = []
    saved = player.influence
    try:
        for tile, make in _BY_TILE:
            penalty = player.placed.get(tile, 0)
            if penalty > saved:
                continue
            player.influence = saved - penalty
            out += [a for a in make(data, state, player) if TILE[type(a)] == tile]
    finally:
        player.influence = saved
    return out


def _hires(data: TitleData, state: State, player: Player) -> list[Action]:
    pid = player.id
    out: list[Action] = []
    for column in sorted(state.hubs):
        for n in (1, 2, 3):
            if _ok(workers.plan_hire, data, state, player, column, n, None, None):
                out.append(Hire(pid, column, n))
    for kind in ("bridge", "tunnel"):
        for colour in sorted(state.hubs):
            args = (colour, None) if kind == "bridge" else (None, colour)
            if _ok(workers.plan_hire, data, state, player, None, 0, *args):
                out.append(Hire(pid, None, 0, *args))
                break
    return out


def _buildings(data: TitleData, state: State, player: Player) -> list[Action]:
    pid = player.id
    out: list[Action] = []
    net = sorted(track.network(data, player))
    for site in net:
        if _ok(factories.plan_station, data, state, player, site):
            out.append(BuildStation(pid, site))
        for index in range(len(track.city(data, state, site).factory_sites)):
            for area, pool in (("training", player.training), ("working", player.working)):
                for level in (3, 2, 1):
                    if pool[level] and _ok(factories.plan_factory, data, state, player, site, index, area, level):
                        out.append(BuildFactory(pid, site, index, area, level))
                        break
    return out


def _goods(data: TitleData, state: State, player: Player) -> list[Action]:
    pid = player.id
    out: list[Action] = []
    ready = tuple(f.id for f in player.factories if f.goods > 0)
    if ready:
        incoming: dict[str, int] = {}
        for f in player.factories:
            if f.goods > 0:
                incoming[f.good] = incoming.get(f.good, 0) + 1
        out.append(Produce(pid, ready, storage.default_discard(player, incoming)))
        if len(ready) > 1:  # producing from one site keeps the others' goods for deliveries
            for f in player.factories:
                if f.goods > 0:
                    out.append(Produce(pid, (f.id,), storage.default_discard(player, {f.good: 1})))
    # buy or order goods
    for good in GOODS:
        discard = storage.default_discard(player, {good: 1})
        if _ok(shipments.plan_buy, data, state, player, good, discard):
            out.append(BuyGood(pid, good, discard))
        if _ok(shipments.plan_order, data, state, player, (good,)):
            out.append(OrderGoods(pid, (good,)))
    room = shipments.order_limit(state) - player.ordered
    if room > 1:
        for goods in (("wood", "stone", "iron")[:room], ("wood", "stone", "iron", "coal")[:room]):
            if len(goods) > 1 and _ok(shipments.plan_order, data, state, player, goods):
                out.append(OrderGoods(pid, goods))
    return list(dict.fromkeys(out))


def _trains(data: TitleData, state: State, player: Player) -> list[Action]:
    pid = player.id
    out: list[Action] = []
    for engine in sorted(data.engines):
        if _ok(trains.plan_buy, data, state, player, engine):
            out.append(BuyTrain(pid, engine))
        for i in range(len(player.trains)):
            if _ok(trains.plan_upgrade, data, state, player, i, engine):
                out.append(UpgradeTrain(pid, i, engine))
    return out


def _contracts(data: TitleData, state: State, player: Player) -> list[Action]:
    pid = player.id
    out: list[Action] = []
    by_need: dict[int, tuple[str, ...] | None] = {}  # the discard depends on the cars a card needs only
    for deck in sorted(state.display):
        for card in state.display[deck]:
            need = len(data.contracts[card].factories)
            if need not in by_need:
                by_need[need] = _contract_discard(data, player, card)
            discard = by_need[need]
            if discard is not None and _ok(contracts.plan_contract, data, state, player, card, discard):
                out.append(SecureContract(pid, card, discard))
    return out


def _simple(data: TitleData, state: State, player: Player) -> list[Action]:
    pid = player.id
    out: list[Action] = []
    room = data.max_influence - player.influence
    for amount in (data.rules["philanthropy_per_step"] * k for k in (1, 2, 5)):
        if amount <= player.cash and amount // data.rules["philanthropy_per_step"] <= room:
            out.append(Philanthropize(pid, amount))
    top = len(data.share_rows) - 1
    if player.share_row < top and player.influence >= data.share_rows[player.share_row + 1].influence:
        out.append(ManipulateShare(pid, 1))
    if player.share_row > 0:
        out.append(ManipulateShare(pid, -1))
    out.append(Fundraise(pid))
    return out


_BY_TILE = (
    ("build_tracks", _builds),
    ("hire", _hires),
    ("build_building", _buildings),
    ("produce", _goods),
    ("buy_goods", _goods),
    ("train", _trains),
    ("contract", _contracts),
    ("philanthropize", _simple),
    ("share_value", _simple),
    ("fundraise", _simple),
)


def _contract_discard(data: TitleData, player: Player, card: str) -> tuple[str, ...] | None:
    need = len(data.contracts[card].factories)
    if contracts.free_freight(player) < need:
        return None
    trial = copy.deepcopy(player)
    contracts._reserve(trial, need)
    return storage.default_discard(trial, {})
