"""Networks and tracks: Build tracks (main action 1), State Railway access (free action) and the
opportunities a newly connected city gives (game help, "Build tracks" and "Buy access").
"""

from __future__ import annotations

import copy
from collections import deque

from railyard.framework.core.errors import IllegalAction

from . import influence, shares, storage
from .data import TitleData
from .setup import content_of
from .state import Player, State

R_BUILD = "Build tracks"
R_STATE = "Buy access to a State Railway"
R_BUSINESS = "Business token"
SPENDS = ("influence", "share", "passenger")


def city(data: TitleData, state: State, site: str):
    """The contents of the city at ``site`` (its tile, hub tile or printed city)."""
    tile = state.sites[site].tile
    return data.sites[site].printed if tile == "printed" else content_of(data, tile)


def network(data: TitleData, player: Player) -> set[str]:
    """The sites of a player's network: Wien plus every site reached by own tracks."""
    sites = {data.start["station"]}
    for conn_id in player.tracks:
        conn = data.connections[conn_id]
        sites.add(conn.a)
        sites.add(conn.b)
    return sites


def owners(state: State, conn_id: str) -> list[str]:
    return [pid for pid, p in state.players.items() if conn_id in p.tracks]


def _materials(data: TitleData, kinds: list[str]) -> dict[str, int]:
    rules = data.rules["track"]
    need = dict(rules["materials"])
    for kind in kinds:
        extra = rules.get(f"{kind}_extra", {}) if kind != "plain" else {}
        for good, n in extra.items():
            need[good] = need.get(good, 0) + n
    return need


def plan_build(data: TitleData, state: State, player: Player, conns: tuple[str, ...], workers: tuple[int, ...] | None) -> dict:
    """Check a Build tracks action (no changes); returns what it costs and connects.

    With ``workers`` None the worker check is skipped (to learn the Effort when listing)."""
    rules = data.rules["track"]
    if not 1 <= len(conns) <= rules["per_action"]:
        raise IllegalAction(R_BUILD, f"place 1 to {rules['per_action']} tracks")
    if len(set(conns)) != len(conns):
        raise IllegalAction(R_BUILD, "one track per player per connection")
    net = network(data, player)
    own = list(player.tracks)
    efforts = 0
    new_sites: list[str] = []
    fees: dict[str, int] = {}
    kinds: list[str] = []
    for conn_id in conns:
        conn = data.connections.get(conn_id)
        if conn is None:
            raise IllegalAction(R_BUILD, f"no connection {conn_id!r}")
        if conn_id in state.crowned:
            raise IllegalAction(R_BUILD, f"{conn_id} is a crowned State Railway connection: buy access instead")
        if conn_id in own:
            raise IllegalAction(R_BUILD, f"{player.id} already has track on {conn_id}")
        if conn.a not in net and conn.b not in net:
            raise IllegalAction(R_BUILD, f"{conn_id} does not extend {player.id}'s network")
        if conn.kind == "bridge" and not player.bridge:
            raise IllegalAction(R_BUILD, f"{conn_id} is a bridge: needs a Bridge Engineer")
        if conn.kind == "tunnel" and not player.tunnel:
            raise IllegalAction(R_BUILD, f"{conn_id} is a tunnel: needs a Tunnel Engineer")
        own.append(conn_id)
        for end in (conn.a, conn.b):
            if end not in player.stations:
                touching = sum(1 for c in own if end in (data.connections[c].a, data.connections[c].b))
                if touching > rules["city_limit"]:
                    raise IllegalAction(
                        R_BUILD,
                        f"city limit: without a station in {end}, at most {rules['city_limit']} own tracks may touch it",
                    )
        for other in owners(state, conn_id):
            fees[other] = fees.get(other, 0) + rules["fee"]
        if conn.a in net and conn.b in net:
            efforts += min(city(data, state, conn.a).effort, city(data, state, conn.b).effort)
        else:
            new = conn.b if conn.a in net else conn.a
            efforts += city(data, state, new).effort
            new_sites.append(new)
            net.add(new)
        kinds.append(conn.kind)
    need = _materials(data, kinds)
    for good, n in need.items():
        if player.goods.get(good, 0) < n:
            raise IllegalAction(R_BUILD, f"needs {n} {good} from storage, has {player.goods.get(good, 0)}")
    if sum(fees.values()) > player.cash:
        raise IllegalAction(R_BUILD, f"fees of {sum(fees.values())} to track owners: has {player.cash}")
    if workers is not None:
        check_workers(player, workers, efforts)
    return {"fees": fees, "materials": need, "effort": efforts, "new": new_sites}


def check_workers(player: Player, workers: tuple[int, ...], effort: int) -> None:
    """Workers assigned from the Training areas must total at least the Effort."""
    wanted: dict[int, int] = {}
    for level in workers:
        if level not in (1, 2, 3):
            raise IllegalAction("Workers and effort", f"no training level {level}")
        wanted[level] = wanted.get(level, 0) + 1
    for level, n in wanted.items():
        if player.training[level] < n:
            raise IllegalAction("Workers and effort", f"only {player.training[level]} worker(s) in Training Level {level}")
    if sum(workers) < effort:
        raise IllegalAction("Workers and effort", f"Effort {effort} needs worker levels totalling {effort}, assigned {sum(workers)}")


def pick_workers(player: Player, effort: int) -> tuple[int, ...] | None:
    """A small assignment covering ``effort`` (for listing legal actions); None if impossible."""
    pool = [lvl for lvl in (3, 2, 1) for _ in range(player.training[lvl])]
    if sum(pool) < effort:
        return None
    chosen: list[int] = []
    total = 0
    for lvl in pool:
        if total >= effort:
            break
        if total + lvl > effort and any(total + small >= effort for small in pool[len(chosen) + 1 :]):
            continue
        chosen.append(lvl)
        total += lvl
    if total < effort:  # fall back to the biggest first
        chosen, total = [], 0
        for lvl in pool:
            if total >= effort:
                break
            chosen.append(lvl)
            total += lvl
    return tuple(sorted(chosen))


def spend_points(data: TitleData, state: State, player: Player, points: int, spend: tuple[str, ...]) -> list[str]:
    """Spend Business token points; unspecified points go to influence, share value, then a
    passenger car; any remainder the caps leave no room for is lost (implementation notes)."""
    lines = []
    if len(spend) > points:
        raise IllegalAction(R_BUSINESS, f"{len(spend)} choices for {points} point(s)")
    choices = list(spend)
    while points > 0:
        if choices:
            what = choices.pop(0)
        elif player.influence < data.max_influence:
            what = "influence"
        elif player.share_row < len(data.share_rows) - 1:
            what = "share"
        elif storage.can_flip(player):
            what = "passenger"
        else:
            lines.append(f"{player.id} loses {points} Business point(s): nowhere left to spend them")
            break
        if what == "influence":
            if player.influence >= data.max_influence:
                raise IllegalAction(R_BUSINESS, "influence is at the end of its track")
            influence.move(data, state, player, 1)
        elif what == "share":
            if player.share_row >= len(data.share_rows) - 1:
                raise IllegalAction(R_BUSINESS, "share value is at its top")
            shares.step(player, 1)
        elif what == "passenger":
            if not storage.can_flip(player):
                raise IllegalAction(R_BUSINESS, "no free freight car to flip (reserved cars cannot flip)")
            storage.flip(player)
        else:
            raise IllegalAction(R_BUSINESS, f"unknown choice {what!r} (influence, share, passenger)")
        lines.append(f"{player.id} spends a Business point on {what}")
        points -= 1
    return lines


def business_points(state: State, new_sites: list[str], data: TitleData) -> int:
    tokens = [city(data, state, s).business for s in new_sites]
    stack = list(state.business)
    points = 0
    for has in tokens:
        if has and stack:
            points += stack.pop()
    return points


def connect(data: TitleData, state: State, player: Player, conn_id: str, new: str | None) -> tuple[list[str], int]:
    """Lay one own track; take the new city's opportunities (not the Business spending, which
    the caller does once for the whole action). Returns log lines and Business points taken."""
    lines: list[str] = []
    player.tracks.append(conn_id)
    conn = data.connections[conn_id]
    if conn.semmering and state.semmering is None:
        state.semmering = player.id
        player.semmering = True
        lines.append(f"{player.id} takes the Semmering token")
    points = 0
    if new is None:
        return lines, points
    content = city(data, state, new)
    name = data.sites[new].name
    if content.business and state.business:
        value = state.business.pop()
        state.business_used += 1
        points += value
        lines.append(f"{player.id} takes a Business token worth {value} in {name}")
    if content.influence:
        moved = influence.move(data, state, player, content.influence)
        lines.append(f"{player.id} gains {moved} influence in {name}")
    if data.sites[new].end and not player.trieste:
        player.trieste = True
        bonus = data.rules["trieste_bonus_per_track"] * len(player.tracks)
        pay_from_bank(state, player, bonus)
        state.trieste_by.append(player.id)
        lines.append(f"{player.id} connects {name}: takes {bonus} for {len(player.tracks)} tracks")
    return lines, points


def pay_from_bank(state: State, player: Player, amount: int) -> None:
    state.bank -= amount
    player.cash += amount


def build_tracks(data: TitleData, state: State, player: Player, conns, workers, spend) -> list[str]:
    plan = plan_build(data, state, player, tuple(conns), tuple(workers))
    _check_spend(data, state, player, plan["new"], tuple(spend), plan["materials"])
    lines = []
    for other, fee in plan["fees"].items():
        player.cash -= fee
        state.players[other].cash += fee
        lines.append(f"{player.id} pays {fee} to {other} for track use")
    for good, n in plan["materials"].items():
        player.goods[good] -= n
        state.supply[good] += n
    for level in workers:
        player.training[level] -= 1
        player.working[level] += 1
    net = network(data, player)
    points = 0
    for conn_id in conns:
        conn = data.connections[conn_id]
        new = None if (conn.a in net and conn.b in net) else (conn.b if conn.a in net else conn.a)
        more, got = connect(data, state, player, conn_id, new)
        lines.append(f"{player.id} builds track {conn_id}" + (f" to {data.sites[new].name}" if new else ""))
        lines += more
        points += got
        if new:
            net.add(new)
    lines += spend_points(data, state, player, points, tuple(spend))
    return lines


def _check_spend(
    data: TitleData, state: State, player: Player, new_sites: list[str], spend: tuple[str, ...], used=None
) -> None:
    """Try the Business spending on copies first, so a bad choice refuses the whole action."""
    if not spend:
        return
    trial_state = copy.copy(state)
    trial_state.stamp = state.stamp
    trial = copy.deepcopy(player)
    for good, n in (used or {}).items():
        trial.goods[good] -= n
    for site in new_sites:
        hexagon = city(data, state, site).influence
        if hexagon:
            trial.influence = min(data.max_influence, trial.influence + hexagon)
    spend_points(data, trial_state, trial, business_points(state, new_sites, data), spend)


def state_railway_plan(data: TitleData, state: State, player: Player, conn_id: str) -> dict:
    conn = data.connections.get(conn_id)
    if conn is None or conn_id not in state.crowned:
        raise IllegalAction(R_STATE, f"{conn_id} is not a crowned State Railway connection")
    if conn_id in player.tracks:
        raise IllegalAction(R_STATE, f"{player.id} already has access to {conn_id}")
    net = network(data, player)
    if conn.a not in net and conn.b not in net:
        raise IllegalAction(R_STATE, f"{player.id}'s network does not touch {conn_id}")
    costs = (city(data, state, conn.a).station_cost, city(data, state, conn.b).station_cost)
    others = owners(state, conn_id)
    pay = {other: min(costs) for other in others} if others else {"bank": max(costs)}
    if sum(pay.values()) > player.cash:
        raise IllegalAction(R_STATE, f"costs {sum(pay.values())}, {player.id} has {player.cash}")
    new = None if (conn.a in net and conn.b in net) else (conn.b if conn.a in net else conn.a)
    return {"pay": pay, "new": new}


def buy_state_railway(data: TitleData, state: State, player: Player, conn_id: str, spend) -> list[str]:
    plan = state_railway_plan(data, state, player, conn_id)
    new = plan["new"]
    _check_spend(data, state, player, [new] if new else [], tuple(spend))
    lines = []
    for other, amount in plan["pay"].items():
        player.cash -= amount
        if other == "bank":
            state.bank += amount
        else:
            state.players[other].cash += amount
        lines.append(f"{player.id} pays {amount} to {other} for access to State Railway {conn_id}")
    more, points = connect(data, state, player, conn_id, new)
    lines += more
    lines += spend_points(data, state, player, points, tuple(spend))
    return lines


def path_to_end(data: TitleData, state: State, player: Player) -> list[str] | None:
    """Final scoring 5: the shortest path (fewest connections) from the player's network to
    Trieste over other players' connections; ties go to the alphabetically first path."""
    end = next(s for s, site in data.sites.items() if site.end)
    usable = sorted(c for c in data.connections if any(c in p.tracks for p in state.players.values() if p is not player))
    start = network(data, player)
    seen: dict[str, list[str]] = {s: [] for s in start}
    queue = deque(sorted(start))
    while queue:
        site = queue.popleft()
        if site == end:
            return seen[site]
        for conn_id in usable:
            conn = data.connections[conn_id]
            if site in (conn.a, conn.b):
                nxt = conn.other(site)
                if nxt not in seen:
                    seen[nxt] = seen[site] + [conn_id]
                    queue.append(nxt)
    return None
