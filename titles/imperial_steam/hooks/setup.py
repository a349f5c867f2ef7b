"""Setup for 2-4 players: the board by setup option (Fixed, Normal, Random) and each player's start.

Game help, "Setup essentials" and "Setup option". Every random draw goes through the game's
seeded RNG, so a seed reproduces the board.
"""

from __future__ import annotations

from railyard.framework.core.errors import IllegalAction
from railyard.framework.core.rng import GameRng

from .data import GOODS, HUB_COLOURS, TitleData
from .state import Hub, Player, SiteState, State, Train


def _tile_sites(data: TitleData) -> list[str]:
    return [sid for sid, site in data.sites.items() if site.printed is None]


def place_tiles(data: TitleData, players: int, rng: GameRng) -> tuple[dict[str, str], dict[str, str]]:
    """(site -> tile id or "hub:<colour>", hub colour -> site) for the chosen setup option."""
    tiles = sorted(t.id for t in data.tiles.values() if t.players == players)
    sites = _tile_sites(data)
    placed: dict[str, str] = {}
    hubs: dict[str, str] = {}
    if data.option == "fixed":
        for colour, hub in data.hubs.items():
            hubs[colour] = hub.fixed_site
        for tid in tiles:
            placed[data.tiles[tid].fixed_site] = tid
    elif data.option == "normal":
        card = data.normal_cards[rng.choice(sorted(data.normal_cards))]
        hubs = dict(card.hubs)
        for site, number in card.tiles.items():
            placed[site] = tiles[number - 1]
    else:  # random: one random hub per region, on a random site of it
        colours = list(HUB_COLOURS)
        rng.shuffle(colours)
        for colour, region in zip(colours, sorted(data.regions), strict=False):
            options = sorted(s for s in sites if data.sites[s].region == region)
            hubs[colour] = rng.choice(options)
    for colour, site in hubs.items():
        placed[site] = f"hub:{colour}"
    rest_tiles = [t for t in tiles if t not in placed.values()]
    rest_sites = [s for s in sites if s not in placed]
    rng.shuffle(rest_tiles)
    for site, tid in zip(rest_sites, rest_tiles, strict=True):
        placed[site] = tid
    return placed, hubs


def choose_state_railways(data: TitleData, rng: GameRng) -> list[str]:
    """The crowned connections: fixed, or drawn from the State Railway Setup cards."""
    if data.option == "fixed":
        return list(data.fixed["state_railways"])
    deck = sorted(data.state_cards)
    rng.shuffle(deck)
    wanted = data.normal_state_railways
    if data.option == "random":
        wanted = data.state_cards[deck[0]].count
    crowned: list[str] = []
    for card in deck:
        conn = data.state_cards[card].connection
        if conn not in crowned:
            crowned.append(conn)
        if len(crowned) == wanted:
            break
    return crowned


def place_shipments(data: TitleData, state: State, per_round: int, rng: GameRng) -> dict[int, dict[str, int]]:
    """The goods waiting above each delivery round, taken from the supply.

    The game help gives only how many ("Shipment goods per round (4-8)"); `drawn` (our reading)
    draws them blind from the supply, so each kind's chance follows what the supply holds, and
    draws them last so that the rest of the setup reads the same seeded numbers either way.
    """
    rounds = list(data.delivery_rounds)
    shipments: dict[int, dict[str, int]] = {rnd: dict.fromkeys(GOODS, 0) for rnd in rounds}
    if data.shipment_mix == "each":
        for rnd in rounds:
            for good in GOODS:
                shipments[rnd][good] = per_round
                state.supply[good] -= per_round
        return shipments
    pool = [good for good in GOODS for _ in range(state.supply[good])]
    drawn = rng.sample(pool, min(len(pool), per_round * len(rounds)))
    for i, good in enumerate(drawn):
        shipments[rounds[i // per_round]][good] += 1
        state.supply[good] -= 1
    return shipments


def content_of(data: TitleData, tile: str):
    if tile.startswith("hub:"):
        return data.hubs[tile[4:]].content
    return data.tiles[tile].content


def new_state(data: TitleData, players: tuple[str, ...], rng: GameRng) -> State:
    n = len(players)
    if n not in data.counts:
        raise IllegalAction("Setup essentials", f"Imperial Steam is for 2-4 players, not {n}")
    counts = data.counts[n]
    comps = data.components
    placed, hub_sites = place_tiles(data, n, rng)
    site_states: dict[str, SiteState] = {}
    for sid, site in data.sites.items():
        tile = placed.get(sid, "printed")
        content = site.printed if tile == "printed" else content_of(data, tile)
        assert content is not None
        demands = list(content.demands)
        site_states[sid] = SiteState(
            tile=tile,
            factories=[None] * len(content.factory_sites),
            demands=[None] * len(demands),
        )
    # growth tiles and shipment tiles
    if data.option == "fixed":
        growth = dict(data.fixed["growth"])
        shipment = list(data.fixed["shipment"])
    else:
        ids = sorted(data.growth_tiles)
        rng.shuffle(ids)
        growth = dict(zip(HUB_COLOURS, ids, strict=False))
        pool = list(comps["shipment_tiles"])
        rng.shuffle(pool)
        shipment = pool[: len(data.shipment_rounds)]
    hubs: dict[str, Hub] = {}
    for colour in HUB_COLOURS:
        hubs[colour] = Hub(colour, hub_sites[colour], data.hubs[colour].start_influence, growth[colour])
    for kind, columns in data.engineer_columns.items():
        for colour in columns[: counts.engineers]:
            hubs[colour].engineers[kind] += 1
    supply = {g: int(comps["goods"][g]) for g in GOODS}
    market = {}
    for good in GOODS:
        market[good] = min(data.start_cubes[n], len(data.market_columns[good]))
        supply[good] -= market[good]
    business = [int(v) for v, k in comps["business_tokens"].items() for _ in range(int(k))]
    rng.shuffle(business)
    engines_track: dict[str, int] = {}
    engines_box: dict[str, int] = {}
    for eid, engine in data.engines.items():
        on_track = 0 if engine.round is None else min(engine.count, counts.engines_per_space)
        engines_track[eid] = on_track
        engines_box[eid] = engine.count - on_track
    display: dict[str, list[str]] = {}
    out: list[str] = []
    for deck in data.decks:
        cards = sorted(c for c, card in data.contracts.items() if card.deck == deck)
        rng.shuffle(cards)
        display[deck] = sorted(cards[: counts.contract_display])
        out += cards[counts.contract_display :]
    order = list(players)
    rng.shuffle(order)
    start = data.start
    state = State(
        option=data.option,
        order=order,
        players={},
        sites=site_states,
        hubs=hubs,
        crowned=choose_state_railways(data, rng),
        market=market,
        shipments={},
        shipment_tiles=dict(zip(data.shipment_rounds, shipment, strict=True)),
        supply=supply,
        business=business,
        business_used=0,
        reserved_supply=int(comps["reserved_tokens"]),
        investor_supply=int(comps["investors"]),
        car_supply=data.car_tiles,
        engines_track=engines_track,
        engines_box=engines_box,
        factories_bought=dict.fromkeys(GOODS, 0),
        factories_per_row=counts.factories_per_row,
        display=display,
        contracts_out=sorted(out),
        bank=data.bank,
        money_total=data.bank,
        unbuilt_box=int(comps["unbuilt_station_tiles"]) - n * int(start["stations"]),
    )
    engine = data.engines[start["engine"]]
    for stamp, pid in enumerate(reversed(order), 1):  # first in turn order on top of the stack
        player = Player(id=pid, cash=counts.cash, stamp=stamp)
        state.stamp = stamp
        state.bank -= counts.cash
        player.share_row = data.share_start_row
        player.investors = [0] * len(data.share_rows)
        player.investors[data.share_start_row] = data.share_start_investors
        state.investor_supply -= data.share_start_investors
        player.trains = [Train(engine.id, engine.cars)]
        state.car_supply -= engine.cars
        state.engines_box[engine.id] -= 1
        for good in list(start["car_goods"]) + ["coal"] * int(start["engine_coal"]):
            player.goods[good] += 1
            state.supply[good] -= 1
        player.training[1] = data.start_workers
        player.stations = [start["station"]]
        state.sites[start["station"]].stations.append(pid)
        player.stations_left = int(start["stations"])
        state.players[pid] = player
    state.players = {pid: state.players[pid] for pid in order}
    state.shipments = place_shipments(data, state, counts.shipment_goods, rng)
    state.round = 1
    state.phase = 0  # the opening blind bid comes before Round 1's phase 7
    return state
