"""Imperial Steam's own computer players (found by ``framework.bots`` through ``BOTS``).

``greedy`` scores every legal action against one plan per decision: the cheapest path from its
network to Trieste (effort, materials, engineers, fees and State Railway prices folded into one
gulden figure), what the next Build tracks action on that path needs (materials, worker
levels, engineers), and the money engine that pays for it (factories where delivery prices are
still high, deliveries, stations for income). Each action's score is a rough gulden value; the
best one is played, ties broken by the seat's rng so that a game is reproducible from its seed.
"""

from __future__ import annotations

import functools
import heapq
import random
from collections.abc import Sequence
from typing import Any

from railyard.framework.bots.base import Bot

from . import contracts, factories, influence, storage, track
from .actions import (
    TILE,
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

MATERIALS = ("wood", "stone", "iron")
#: what one gulden of cost weighs against the gulden values below when money is plentiful
SPEND = 1.0
#: a good needed for the next track action is worth about this much to the builder
NEEDED_GOOD = 45
#: one influence step lost to the repeat penalty
PENALTY_STEP = 12


class Plan:
    """What the acting player is working toward this decision (computed once, read by scores)."""

    def __init__(self, data: Any, state: Any, pid: str) -> None:
        self.data = data
        self.state = state
        self.player = player = state.players[pid]
        self.net = track.network(data, player)
        self.rounds = int(data.rules["rounds"])
        self.incomes_left = self.rounds - state.round + 1  # phase 4 of later rounds + final scoring
        self.path = self._path()
        self.next_build = self._next_build()
        build = self.next_build
        self.effort = sum(self._effort(c) for c in build) if build else 0
        self.capacity = sum(level * n for level, n in player.training.items())
        need = dict(data.rules["track"]["materials"]) if build else {}
        for conn_id in build:
            kind = data.connections[conn_id].kind
            for good, n in data.rules["track"].get(f"{kind}_extra", {}).items() if kind != "plain" else ():
                need[good] = need.get(good, 0) + n
        self.material_need = need
        self.deficit = {g: max(0, need.get(g, 0) - player.goods[g]) for g in MATERIALS}
        later = self._builds_left() - 1
        self.later_need = dict.fromkeys(MATERIALS, max(0, later))
        self.engineers = {data.connections[c].kind for c in self.path if data.connections[c].kind != "plain"}
        self.open_demands = self._open_demands()
        actions_left = player.hands + max(0, self.rounds - state.round) * data.hands(self.rounds)
        self.hopeless = not self.path or (state.round >= 6 and 3 * self._builds_left() > actions_left)
        if self.hopeless:  # no more spending on a line that will not reach Trieste in time
            self.deficit = dict.fromkeys(MATERIALS, 0)
            self.later_need = dict.fromkeys(MATERIALS, 0)
            self.effort = 0
        held = sum(player.goods.values())
        self.end_bonus = 10 * held + 10 * (storage.passenger_cars(player) + player.warehouse)

    # ------------------------------------------------------------ the path to Trieste
    def cost(self, conn: Any, new: str) -> float:
        data, state, player = self.data, self.state, self.player
        if conn.id in state.crowned:
            costs = (track.city(data, state, conn.a).station_cost, track.city(data, state, conn.b).station_cost)
            others = track.owners(state, conn.id)
            return (sum(min(costs) for _ in others) if others else max(costs)) + 5
        value = 10 * track.city(data, state, new).effort + 25
        if conn.kind != "plain":
            value += 15 + (0 if getattr(player, conn.kind) else 30)
        value += 10 * len(track.owners(state, conn.id))
        return value

    def _path(self) -> list[str]:
        data, player = self.data, self.player
        end = next(s for s, site in data.sites.items() if site.end)
        if player.trieste:
            return []
        by_end = data.by_end()
        best = {s: 0.0 for s in self.net}
        back: dict[str, tuple[str, str]] = {}
        heap = [(0.0, s) for s in sorted(self.net)]
        while heap:
            dist, site = heapq.heappop(heap)
            if dist > best.get(site, float("inf")):
                continue
            if site == end:
                break
            for conn in by_end[site]:
                if conn.id in player.tracks:
                    continue
                nxt = conn.other(site)
                step = dist + self.cost(conn, nxt)
                if step < best.get(nxt, float("inf")):
                    best[nxt] = step
                    back[nxt] = (site, conn.id)
                    heapq.heappush(heap, (step, nxt))
        if end not in back:
            return []
        path = []
        site = end
        while site in back:
            site, conn_id = back[site]
            path.append(conn_id)
        return path[::-1]

    def _next_build(self) -> list[str]:
        """The first one or two path connections a Build tracks action would lay (none when
        the path starts with a crowned connection to buy)."""
        out: list[str] = []
        for conn_id in self.path:
            if conn_id in self.state.crowned or len(out) == 2:
                break
            out.append(conn_id)
        return out

    def _effort(self, conn_id: str) -> int:
        conn = self.data.connections[conn_id]
        net = set(self.net)
        for c in self.next_build:
            if c == conn_id:
                break
            net |= {self.data.connections[c].a, self.data.connections[c].b}
        if conn.a in net and conn.b in net:
            return min(track.city(self.data, self.state, s).effort for s in (conn.a, conn.b))
        new = conn.b if conn.a in net else conn.a
        return track.city(self.data, self.state, new).effort

    def _builds_left(self) -> int:
        buildable = [c for c in self.path if c not in self.state.crowned]
        return (len(buildable) + 1) // 2

    def _open_demands(self) -> dict[str, int]:
        """Open demand spaces per good in the network and the next few path cities."""
        sites = set(self.net)
        for conn_id in self.path[:4]:
            conn = self.data.connections[conn_id]
            sites |= {conn.a, conn.b}
        out = dict.fromkeys(MATERIALS + ("coal",), 0)
        for site in sites:
            content = track.city(self.data, self.state, site)
            for i, want in enumerate(content.demands):
                if self.state.sites[site].demands[i] is None and not (want == "coal" and site_is_hub(self.state, site)):
                    out[want] += 1
        return out

    # ------------------------------------------------------------ helpers for the scores
    def spend(self, cost: int) -> float:
        """A cost in guldens, weighed more as the cash left after it runs low."""
        left = self.player.cash - cost
        squeeze = 1.0 + max(0.0, (40 - left) / 40)
        return SPEND * cost * squeeze

    def penalty(self, action: Any) -> float:
        tile = TILE.get(type(action))
        if tile is None:
            return 0.0
        steps = self.player.placed.get(tile, 0)
        return PENALTY_STEP * steps


def site_is_hub(state: Any, site: str) -> bool:
    return state.sites[site].tile.startswith("hub:")


@functools.cache
def tie_compensation(players: int, spread: int) -> tuple[float, ...]:
    """Per reveal position, the chance of one extra bid step that equalises the chance of
    bidding highest (ties going to the later revealer) when every bidder draws a margin of
    0..spread steps and adds its extra step: a fixed-point iteration on the exact chances."""
    extra = [0.0] * players
    for _ in range(200):
        chances = _highest_bid_chances(extra, spread)
        extra = [min(1.0, max(0.0, e + 0.5 * (chances[-1] - c))) for e, c in zip(extra, chances, strict=True)]
        extra[-1] = 0.0
    return tuple(extra)


def _highest_bid_chances(extra: Sequence[float], spread: int) -> list[float]:
    """Each reveal position's chance of the highest bid, a later revealer winning ties."""
    share = 1 / (spread + 1)
    dists = [[share * ((1 - e) * (v <= spread) + e * (v >= 1)) for v in range(spread + 2)] for e in extra]

    def at_most(seat: int, value: int) -> float:
        return sum(dists[seat][: value + 1])

    chances = []
    for seat, dist in enumerate(dists):
        total = 0.0
        for value, p in enumerate(dist):
            for other in range(len(dists)):
                if other != seat:
                    p *= at_most(other, value if other < seat else value - 1)
            total += p
        chances.append(total)
    return chances


class GreedyBot(Bot):
    """Plans toward Trieste and pays for it: see the module docstring."""

    name = "greedy"

    def __init__(self, ruleset: Any) -> None:
        super().__init__(ruleset)
        self.data = ruleset.data

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        first = legal_actions[0]
        if isinstance(first, StoreOrdered):
            return first
        if isinstance(first, Bid):
            return self._bid(view, legal_actions, rng)
        plan = Plan(self.data, view, first.entity)
        best = None
        best_score = float("-inf")
        for action in legal_actions:
            score = self.score(plan, action) + rng.random() * 0.01
            if score > best_score:
                best, best_score = action, score
        return best

    # How many steps above the cheapest hub a blind bid may go, and how much of the tie
    # compensation to use at each player count (ours, tuned by greedy self-play on drawn
    # shipment goods and 2 stations a board; docs/experiments/imperial_steam_balance.md): at 3
    # players the first turn is worth more than the ties alone give back (1.3 x the exact
    # compensation); at 4 players the later revealers lose more elsewhere than the first turn
    # is worth, so it is they who add a step now and then (`extra_by_players`).
    bid_spread = 2
    compensation_by_players: dict[int, float] = {2: 1.0, 3: 1.3}
    #: an explicit chance of the extra step per reveal position, instead of the compensation
    extra_by_players: dict[int, tuple[float, ...]] = {4: (0.0, 0.0, 0.15, 0.30)}

    def _bid(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """Enough influence to hire from the cheapest hub column, plus a secret margin.

        The margin varies (equal fixed bids would hand the first turn to the last to reveal
        in every game: "Equal bids stack in reveal order"), and a bidder who reveals early adds
        a step with the chance that gives every reveal position the same chance of the first
        turn against bidders who bid the same way (:func:`tie_compensation`)."""
        lowest = min(hub.influence for hub in view.hubs.values())
        order = list(view.order)
        extra = self.extra_chances(len(order))[order.index(legal[0].entity)]
        margin = rng.randint(0, self.bid_spread) + (1 if rng.random() < extra else 0)
        want = (lowest + margin) * self.data.bid_per_step
        return min(legal, key=lambda a: (abs(a.amount - want), a.amount))

    def extra_chances(self, players: int) -> tuple[float, ...]:
        """Per reveal position, the chance that a blind bid adds one step to its margin."""
        if players in self.extra_by_players:
            return self.extra_by_players[players]
        strength = self.compensation_by_players.get(players, 0.0)
        return tuple(min(1.0, strength * e) for e in tie_compensation(players, self.bid_spread))

    # ------------------------------------------------------------ scores
    def score(self, plan: Plan, action: Any) -> float:
        method = getattr(self, "_" + type(action).__name__, None)
        value = method(plan, action) if method is not None else -50.0
        return value - plan.penalty(action)

    def _EndTurn(self, plan: Plan, action: EndTurn) -> float:
        return 0.0

    def _Pass(self, plan: Plan, action: Pass) -> float:
        return -5.0

    def _Fundraise(self, plan: Plan, action: Fundraise) -> float:
        return 10.0 + (10.0 if plan.player.cash < 30 else 0.0)

    def _BuildTracks(self, plan: Plan, action: BuildTracks) -> float:
        conns = list(action.connections)
        prefix = plan.next_build[: len(conns)]
        waste = 2 * max(0, sum(action.workers) - plan.effort)
        if prefix and sorted(conns) == sorted(prefix):
            if plan.hopeless:
                return 5.0 - waste  # Business tokens and influence only
            if len(conns) < len(plan.next_build):
                # one set of materials for one track: first hire the missing levels if there is time
                short = plan.effort > plan.capacity or any(plan.deficit.values())
                later = plan.player.hands >= 2 and short
                return (25 if later else 100) - waste - self._fees(plan, conns)
            return 120 + 70 * len(conns) - waste - self._fees(plan, conns)
        # off the plan: only worth a little (Business tokens, influence, demands)
        return -30.0 - waste

    def _fees(self, plan: Plan, conns: list[str]) -> float:
        return sum(10 * len(track.owners(plan.state, c)) for c in conns)

    def _BuyStateRailway(self, plan: Plan, action: BuyStateRailway) -> float:
        if plan.path and plan.path[0] == action.connection:
            plan_cost = track.state_railway_plan(plan.data, plan.state, plan.player, action.connection)
            return 200 - 0.5 * plan.spend(sum(plan_cost["pay"].values()))
        return -40.0

    def _Deliver(self, plan: Plan, action: Deliver) -> float:
        state, data = plan.state, plan.data
        factory = next(f for f in plan.player.factories if f.id == action.factory)
        hub = state.sites[action.city].tile
        if factory.good == "coal" and hub.startswith("hub:"):
            value = influence.gold_value(data, state.hubs[hub[4:]].influence) + 5
        else:
            value = factories.delivery_value(data, state, factory.good)
        return value - 15

    def _SellShare(self, plan: Plan, action: SellShare) -> float:
        """Each Shareholder costs 10% of the final money: sell in the last round when the price
        beats that cut, earlier only when cash blocks the plan (and at most twice)."""
        player = plan.player
        value = plan.data.share_rows[player.share_row].value
        cut = plan.data.shareholder_percent / 100
        if plan.state.round == plan.rounds:
            final = player.cash + plan.end_bonus
            keep = final * (1 - cut * player.shareholders)
            sell = (final + value) * (1 - cut * (player.shareholders + 1))
            return sell - keep - 1
        if player.cash >= 25 or player.shareholders >= 2 or plan.hopeless:
            return -20.0
        return value - 20 - 10 * player.shareholders

    def _Hire(self, plan: Plan, action: Hire) -> float:
        data, state, player = plan.data, plan.state, plan.player
        value = 0.0
        cost = 0
        if action.workers and action.column is not None:  # workers come from a hub column
            cost += _hire_cost(data, state, action.column, action.workers)
            short = max(0, plan.effort - plan.capacity)
            useful = min(action.workers, short)
            value += 55 * useful
            free = sum(player.training.values()) + sum(player.working.values())
            if state.round <= 3 and free + action.workers <= 5:
                value += 15 * (action.workers - useful)  # they train up for later track
            else:
                value -= 10 * (action.workers - useful)
        for kind in ("bridge", "tunnel"):
            if getattr(action, kind) is not None:
                cost += data.engineer_cost
                soon = any(data.connections[c].kind == kind for c in plan.path[:3])
                value += 110 if soon else (50 if kind in plan.engineers else -20)
        return value - plan.spend(cost)

    def _BuildStation(self, plan: Plan, action: BuildStation) -> float:
        content = track.city(plan.data, plan.state, action.site)
        income = 10 * plan.incomes_left
        return income + 10 - 20 - plan.spend(content.station_cost)

    def _BuildFactory(self, plan: Plan, action: BuildFactory) -> float:
        data, state = plan.data, plan.state
        spec = track.city(data, state, action.site).factory_sites[action.index]
        good = spec.good
        goods = data.production[action.level]
        bought = state.factories_bought[good]
        rows = data.factory_rows[good].deliveries
        price = rows[min(bought + 1, len(rows) - 1)]
        demands = plan.open_demands.get(good, 0)
        deliveries = min(goods, demands, max(0, plan.rounds - state.round + 1))
        value = deliveries * (price - 15)
        if good in MATERIALS:
            value += min(goods - deliveries, plan.deficit[good] + plan.later_need[good]) * 25
        value += self._contract_use(plan, good)
        cost = factories.plan_factory(data, state, plan.player, action.site, action.index, action.area, action.level)[0]
        worker = 0 if action.area == "working" else 12 * action.level
        return value - plan.spend(cost) - worker - 20

    def _contract_use(self, plan: Plan, good: str) -> float:
        player = plan.player
        if not player.contracts:
            return 0.0
        filled, _ = contracts.best_fill(plan.data, player)
        before = sum(plan.data.contracts[c].value for c in filled)
        trial = _with_factory(player, good)
        after_filled, _ = contracts.best_fill(plan.data, trial)
        after = sum(plan.data.contracts[c].value for c in after_filled)
        return 0.8 * (after - before)

    def _Produce(self, plan: Plan, action: Produce) -> float:
        player = plan.player
        value = 0.0
        need = dict(plan.deficit)
        later = dict(plan.later_need)
        for fid in action.factories:
            factory = next(f for f in player.factories if f.id == fid)
            good = factory.good
            if need.get(good, 0) > 0:
                value += NEEDED_GOOD
                need[good] -= 1
            elif later.get(good, 0) > 0:
                value += 20
                later[good] -= 1
            elif good == "coal":
                value += 15
            else:
                value += 2
            if plan.open_demands.get(good, 0) > 0:
                value -= 25  # that good could have been delivered instead
        value -= 10 * len(action.discard)
        return value - 10

    def _BuyGood(self, plan: Plan, action: BuyGood) -> float:
        return self._goods_value(plan, (action.good,), now=True) - len(action.discard) * 20

    def _OrderGoods(self, plan: Plan, action: OrderGoods) -> float:
        room = storage.general_spaces(plan.player) - sum(n for g, n in plan.player.goods.items() if g != "coal")
        value = self._goods_value(plan, action.goods, now=False)
        return value - 15 * max(0, len(action.goods) - room)

    def _goods_value(self, plan: Plan, goods: Sequence[str], now: bool) -> float:
        from .shipments import price

        data, state = plan.data, plan.state
        need = dict(plan.deficit)
        later = dict(plan.later_need)
        taken: dict[str, int] = {}
        value = 0.0
        cost = 0
        for good in goods:
            cost += price(data, state, good, taken.get(good, 0)) or 40
            taken[good] = taken.get(good, 0) + 1
            if need.get(good, 0) > 0:
                # an order arrives next round: little use when the track could be laid this round
                in_time = plan.player.hands - 1 > sum(plan.deficit.values())
                value += NEEDED_GOOD if now else (15 if in_time else NEEDED_GOOD - 12)
                need[good] -= 1
            elif later.get(good, 0) > 0:
                value += 25
                later[good] -= 1
            elif good == "coal" and plan.player.goods["coal"] < 1 and any(f.goods for f in plan.player.factories):
                value += 35
            else:
                value += 5
        return value - plan.spend(cost)

    def _BuyTrain(self, plan: Plan, action: BuyTrain) -> float:
        engine = plan.data.engines[action.engine]
        return self._train_value(plan, engine.cars, engine.influence) - plan.spend(engine.price)

    def _UpgradeTrain(self, plan: Plan, action: UpgradeTrain) -> float:
        old = plan.data.engines[plan.player.trains[action.train].engine]
        new = plan.data.engines[action.engine]
        return self._train_value(plan, new.cars - old.cars, new.influence) - plan.spend(new.price - old.price)

    def _train_value(self, plan: Plan, cars: int, gain: int) -> float:
        player = plan.player
        space = storage.general_spaces(player)
        wanted = sum(plan.material_need.values()) + 2
        value = 12 * min(cars, max(0, wanted - space)) + 8 * gain
        if plan.state.round >= plan.rounds - 1:
            value -= 30
        return value

    def _SecureContract(self, plan: Plan, action: SecureContract) -> float:
        data, player = plan.data, plan.player
        card = data.contracts[action.card]
        filled_before, _ = contracts.best_fill(data, player)
        trial = _with_contract(player, action.card)
        filled_after, unfilled_after = contracts.best_fill(data, trial)
        if action.card not in filled_after:
            return -60.0
        chance = 0.6 if len(plan.path) <= 6 else 0.35
        return chance * card.value - 12 * len(card.factories) - 10

    def _Philanthropize(self, plan: Plan, action: Philanthropize) -> float:
        data, state, player = plan.data, plan.state, plan.player
        steps = action.amount // data.rules["philanthropy_per_step"]
        value = 0.0
        lowest = min(h.influence for h in state.hubs.values())
        if player.influence < lowest <= player.influence + steps and plan.effort > plan.capacity:
            value += 60
        if state.round == plan.rounds:
            table = {int(k): v for k, v in data.rules["scoring"]["hub_influence"].items()}
            now = sum(1 for h in state.hubs.values() if h.influence <= player.influence)
            then = sum(1 for h in state.hubs.values() if h.influence <= player.influence + steps)
            value += table.get(then, 0) - table.get(now, 0)
        return value - plan.spend(action.amount) - 5

    def _ManipulateShare(self, plan: Plan, action: ManipulateShare) -> float:
        return -30.0


def _hire_cost(data: Any, state: Any, column: str, workers: int) -> int:
    from .workers import hire_cost

    return hire_cost(data, state.hubs[column].hire_row, workers)


def _with_factory(player: Any, good: str) -> Any:
    import copy

    from .state import Factory

    trial = copy.copy(player)
    trial.factories = list(player.factories) + [Factory("trial", "", good, 1, 0)]
    return trial


def _with_contract(player: Any, card: str) -> Any:
    import copy

    trial = copy.copy(player)
    trial.contracts = list(player.contracts) + [card]
    return trial


BOTS = {"greedy": GreedyBot}
