"""The title's definitions as frozen attrs classes, built from the validated YAML documents.

The framework loader schema-checks the files and hands over plain documents for a family it
has no models for; this module structures them and checks the references between files, so
the rules modules read typed records and never raw YAML.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import attrs
import cattrs
import yaml

from railyard.framework.records import Record
from railyard.framework.resources import title_folder

GOODS: tuple[str, ...] = ("wood", "stone", "iron", "coal")
HUB_COLOURS: tuple[str, ...] = ("bronze", "white", "green", "blue")
FOLDER = title_folder("imperial_steam")


@attrs.frozen(repr=False)
class FactorySite(Record):
    good: str
    cost: int | str | None = None
    min_players: int = 2


@attrs.frozen(repr=False)
class CityContent(Record):
    """What a city offers: from a City tile, a Hub City tile or the printed board."""

    effort: int
    station_cost: int
    station_sites: int
    factory_sites: tuple[FactorySite, ...] = ()
    demands: tuple[str, ...] = ()
    business: bool = False
    influence: int = 0


@attrs.frozen(repr=False)
class Site(Record):
    id: str
    name: str
    region: str
    x: float
    y: float
    start: bool = False
    end: bool = False
    printed: CityContent | None = None


@attrs.frozen(repr=False)
class Connection(Record):
    id: str
    a: str
    b: str
    kind: str = "plain"
    state_railway: bool = False
    semmering: bool = False

    def other(self, site: str) -> str:
        return self.b if site == self.a else self.a


@attrs.frozen(repr=False)
class CityTile(Record):
    id: str
    players: int
    fixed_site: str
    content: CityContent


@attrs.frozen(repr=False)
class HubTile(Record):
    colour: str
    fixed_site: str
    start_influence: int
    content: CityContent


@attrs.frozen(repr=False)
class InfluenceStep(Record):
    gold: int
    silver: int | None = None


@attrs.frozen(repr=False)
class ShareRow(Record):
    value: int
    influence: int
    investor_spaces: int


@attrs.frozen(repr=False)
class Engine(Record):
    id: str
    level: int
    price: int
    cars: int
    influence: int
    count: int
    round: int | None


@attrs.frozen(repr=False)
class ContractCard(Record):
    id: str
    deck: str
    factories: tuple[str, ...]
    value: int


@attrs.frozen(repr=False)
class FactoryRow(Record):
    costs: tuple[int, ...]
    deliveries: tuple[int, ...]


@attrs.frozen(repr=False)
class CountRow(Record):
    cash: int
    contract_display: int
    engines_per_space: int
    shipment_goods: int
    factories_per_row: int
    engineers: int
    outside_demands: bool


@attrs.frozen(repr=False)
class NormalCard(Record):
    id: str
    hubs: Mapping[str, str]
    tiles: Mapping[str, int]


@attrs.frozen(repr=False)
class StateRailwayCard(Record):
    id: str
    connection: str
    count: int


@attrs.frozen(repr=False)
class TitleData(Record):
    """Everything the rules read from the title folder."""

    option: str
    sites: Mapping[str, Site]
    regions: Mapping[str, str]
    connections: Mapping[str, Connection]
    tiles: Mapping[str, CityTile]
    hubs: Mapping[str, HubTile]
    influence_steps: tuple[InfluenceStep, ...]
    bid_per_step: int
    share_rows: tuple[ShareRow, ...]
    share_start_row: int
    share_start_investors: int
    shareholder_percent: int
    hire_prices: tuple[int, ...]
    engineer_cost: int
    max_workers: int
    start_workers: int
    production: Mapping[int, int]
    engineer_columns: Mapping[str, tuple[str, ...]]
    factory_rows: Mapping[str, FactoryRow]
    market_columns: Mapping[str, tuple[int, ...]]
    empty_price: int
    start_cubes: Mapping[int, int]
    engines: Mapping[str, Engine]
    start_engine: str
    max_trains: int
    car_tiles: int
    decks: tuple[str, ...]
    contracts: Mapping[str, ContractCard]
    normal_cards: Mapping[str, NormalCard]
    state_cards: Mapping[str, StateRailwayCard]
    counts: Mapping[int, CountRow]
    start: Mapping[str, Any]
    bank: int
    components: Mapping[str, Any]
    growth_tiles: Mapping[str, tuple[int, ...]]
    shipment_rounds: tuple[int, ...]
    delivery_rounds: tuple[int, ...]
    shipment_mix: str  # "drawn" | "each": which goods lie above the delivery rounds
    fixed: Mapping[str, Any]
    normal_state_railways: int
    rules: Mapping[str, Any]

    @property
    def max_influence(self) -> int:
        return len(self.influence_steps) - 1

    def hands(self, round_number: int) -> int:
        return int(self.rules["hands"][str(round_number)])

    def by_end(self) -> dict[str, list[Connection]]:
        """Connections touching each site."""
        out: dict[str, list[Connection]] = {s: [] for s in self.sites}
        for conn in self.connections.values():
            out[conn.a].append(conn)
            out[conn.b].append(conn)
        return out


_conv = cattrs.Converter(forbid_extra_keys=True)
_conv.register_structure_hook(int | str | None, lambda raw, _t: raw)


def _content(raw: Mapping[str, Any]) -> CityContent:
    keep = {k: v for k, v in raw.items() if k in attrs.fields_dict(CityContent)}
    keep["factory_sites"] = tuple(_conv.structure(f, FactorySite) for f in raw.get("factory_sites", ()))
    keep["demands"] = tuple(raw.get("demands", ()))
    return CityContent(**keep)


def build(documents: Mapping[str, Any]) -> TitleData:
    """Structure the validated documents (one per concern) into a :class:`TitleData`."""
    d = documents
    sites = {
        sid: Site(
            id=sid,
            name=s["name"],
            region=s["region"],
            x=s["x"],
            y=s["y"],
            start=s.get("start", False),
            end=s.get("end", False),
            printed=_content(s["printed"]) if "printed" in s else None,
        )
        for sid, s in d["map"]["sites"].items()
    }
    connections = {cid: _conv.structure({"id": cid, **c}, Connection) for cid, c in d["map"]["connections"].items()}
    tiles = {
        tid: CityTile(tid, t["players"], t["fixed_site"], _content(t)) for tid, t in d["cities"]["tiles"].items()
    }
    hubs = {
        colour: HubTile(colour, h["fixed_site"], h["start_influence"], _content(h))
        for colour, h in d["cities"]["hubs"].items()
    }
    setup = d["setup"]
    comps = d["components"]
    workers = d["workers"]
    return TitleData(
        option=setup["option"],
        sites=sites,
        regions={rid: r["name"] for rid, r in d["map"]["regions"].items()},
        connections=connections,
        tiles=tiles,
        hubs=hubs,
        influence_steps=tuple(_conv.structure(s, InfluenceStep) for s in d["influence"]["steps"]),
        bid_per_step=d["influence"]["bid_per_step"],
        share_rows=tuple(_conv.structure(r, ShareRow) for r in d["shares"]["rows"]),
        share_start_row=d["shares"]["start_row"],
        share_start_investors=d["shares"]["start_investors"],
        shareholder_percent=d["shares"]["shareholder_penalty_percent"],
        hire_prices=tuple(workers["price_rows"]),
        engineer_cost=workers["engineer_cost"],
        max_workers=workers["max_workers"],
        start_workers=workers["start_workers"],
        production={int(k): v for k, v in workers["production"].items()},
        engineer_columns={k: tuple(v) for k, v in workers["engineer_columns"].items()},
        factory_rows={g: FactoryRow(tuple(r["costs"]), tuple(r["deliveries"])) for g, r in d["factories"]["rows"].items()},
        market_columns={g: tuple(c) for g, c in d["market"]["columns"].items()},
        empty_price=d["market"]["empty_price"],
        start_cubes={int(k): v for k, v in d["market"]["start_cubes"].items()},
        engines={eid: _conv.structure({"id": eid, **e}, Engine) for eid, e in d["trains"]["engines"].items()},
        start_engine=d["trains"]["start_engine"],
        max_trains=d["trains"]["max_trains"],
        car_tiles=d["trains"]["car_tiles"],
        decks=tuple(d["contracts"]["decks"]),
        contracts={
            cid: ContractCard(cid, c["deck"], tuple(c["factories"]), c["value"])
            for cid, c in d["contracts"]["cards"].items()
        },
        normal_cards={
            cid: NormalCard(cid, dict(c["hubs"]), dict(c["tiles"])) for cid, c in comps["normal_setup_cards"].items()
        },
        state_cards={
            cid: StateRailwayCard(cid, c["connection"], c["count"])
            for cid, c in comps["state_railway_cards"].items()
        },
        counts={int(k): _conv.structure(v, CountRow) for k, v in setup["players"].items()},
        start=dict(setup["start"]),
        bank=setup["bank"],
        components=dict(setup["components"]),
        growth_tiles={k: tuple(v) for k, v in setup["growth_tiles"].items()},
        shipment_rounds=tuple(setup["shipment_rounds"]),
        delivery_rounds=tuple(setup["delivery_rounds"]),
        shipment_mix=setup["shipment_mix"],
        fixed=dict(setup["fixed"]),
        normal_state_railways=setup["normal"]["state_railways"],
        rules=dict(d["rules"]),
    )


def check(data: TitleData) -> list[tuple[tuple[Any, ...], str]]:
    """Cross-file references: (document path, message) for every broken one."""
    problems: list[tuple[tuple[Any, ...], str]] = []
    for sid, site in data.sites.items():
        if site.region not in data.regions:
            problems.append((("map", "sites", sid, "region"), f"unknown region {site.region!r}"))
    for cid, conn in data.connections.items():
        for end in ("a", "b"):
            if getattr(conn, end) not in data.sites:
                problems.append((("map", "connections", cid, end), f"unknown site {getattr(conn, end)!r}"))
    tile_sites = {s for s, site in data.sites.items() if site.printed is None}
    for tid, tile in data.tiles.items():
        if tile.fixed_site not in tile_sites:
            problems.append((("cities", "tiles", tid, "fixed_site"), f"{tile.fixed_site!r} is not a tile site"))
    for colour, hub in data.hubs.items():
        if hub.fixed_site not in tile_sites:
            problems.append((("cities", "hubs", colour, "fixed_site"), f"{hub.fixed_site!r} is not a tile site"))
        if hub.start_influence > data.max_influence:
            problems.append((("cities", "hubs", colour, "start_influence"), "beyond the Influence track"))
    for players in data.counts:
        count = sum(1 for t in data.tiles.values() if t.players == players)
        fixed = {t.fixed_site for t in data.tiles.values() if t.players == players}
        fixed |= {h.fixed_site for h in data.hubs.values()}
        if count + len(data.hubs) != len(tile_sites) or fixed != tile_sites:
            problems.append((("cities", "tiles"), f"the {players}-player tiles and hubs do not fill every tile site once"))
    for card in data.normal_cards.values():
        for colour, site_id in card.hubs.items():
            if site_id not in tile_sites:
                problems.append((("components", "normal_setup_cards", card.id, "hubs", colour), f"unknown tile site {site_id!r}"))
        for site_id, number in card.tiles.items():
            if site_id not in tile_sites or site_id in card.hubs.values():
                problems.append((("components", "normal_setup_cards", card.id, "tiles", site_id), "not a free tile site"))
            if number > min(sum(1 for t in data.tiles.values() if t.players == p) for p in data.counts):
                problems.append((("components", "normal_setup_cards", card.id, "tiles", site_id), f"no tile number {number}"))
    for state_card in data.state_cards.values():
        crowned = data.connections.get(state_card.connection)
        if crowned is None or not crowned.state_railway:
            problems.append((("components", "state_railway_cards", state_card.id, "connection"), f"{state_card.connection!r} is not a crownable connection"))
    for i, conn_id in enumerate(data.fixed["state_railways"]):
        crowned = data.connections.get(conn_id)
        if crowned is None or not crowned.state_railway:
            problems.append((("setup", "fixed", "state_railways", i), f"{conn_id!r} is not a crownable connection"))
    for colour, site in data.fixed["hubs"].items():
        if site != data.hubs[colour].fixed_site:
            problems.append((("setup", "fixed", "hubs", colour), "differs from the hub tile's fixed_site"))
    for colour, growth in data.fixed["growth"].items():
        if growth not in data.growth_tiles:
            problems.append((("setup", "fixed", "growth", colour), f"unknown growth tile {growth!r}"))
    if len(data.fixed["shipment"]) != len(data.shipment_rounds):
        problems.append((("setup", "fixed", "shipment"), "one Shipment tile per shipment round"))
    if not _sub_multiset(data.fixed["shipment"], data.components["shipment_tiles"]):
        problems.append((("setup", "fixed", "shipment"), "uses Shipment tiles not in the box"))
    for good, row in data.factory_rows.items():
        most = max(c.factories_per_row for c in data.counts.values())
        if len(row.costs) < most or len(row.deliveries) < most + 1:
            problems.append((("factories", "rows", good), f"needs {most} costs and {most + 1} deliveries"))
    for good, col in data.market_columns.items():
        if max(col) != data.empty_price:
            problems.append((("market", "columns", good), f"dearest price is {max(col)}, not {data.empty_price}"))
    for eid, engine in data.engines.items():
        if engine.cars != engine.level:
            problems.append((("trains", "engines", eid, "cars"), "an engine pulls as many cars as its level"))
    if data.start_engine not in data.engines:
        problems.append((("trains", "start_engine"), f"unknown engine {data.start_engine!r}"))
    for cid, contract in data.contracts.items():
        if contract.deck not in data.decks:
            problems.append((("contracts", "cards", cid, "deck"), f"unknown deck {contract.deck!r}"))
    boards = max(data.counts)
    if int(data.start["stations"]) * boards > int(data.components["unbuilt_station_tiles"]):
        problems.append((("setup", "start", "stations"),
                         f"{boards} player boards of {data.start['stations']} stations need more Unbuilt "
                         f"Train Station tiles than the {data.components['unbuilt_station_tiles']} in the box"))
    if data.start["station"] not in data.sites:
        problems.append((("setup", "start", "station"), "unknown site"))
    if sum(1 for s in data.sites.values() if s.start) != 1 or sum(1 for s in data.sites.values() if s.end) != 1:
        problems.append((("map", "sites"), "exactly one start (Wien) and one end (Trieste) site"))
    if sum(1 for c in data.connections.values() if c.semmering) != 1:
        problems.append((("map", "connections"), "exactly one Semmering connection"))
    hands = data.rules.get("hands", {})
    missing = [str(n) for n in range(1, int(data.rules.get("rounds", 0)) + 1) if str(n) not in hands]
    if missing:
        problems.append((("rules", "hands"), f"no hands for round(s) {', '.join(missing)}"))
    return problems


def _sub_multiset(part: Any, whole: Any) -> bool:
    pool = list(whole)
    for item in part:
        if item not in pool:
            return False
        pool.remove(item)
    return True


def read_documents(folder: Path = FOLDER) -> dict[str, Any]:
    """The raw documents of a title folder (no overlays), for use without the framework loader."""
    manifest = yaml.safe_load((folder / "title.yaml").read_text(encoding="utf-8"))
    docs = {}
    for concern, ref in manifest["files"].items():
        path = ref["path"] if isinstance(ref, Mapping) else ref
        docs[concern] = yaml.safe_load((folder / path).read_text(encoding="utf-8"))
    return docs


@cache
def default_data() -> TitleData:
    """The title folder's own data (base files, no variant)."""
    return build(read_documents())


def title_data(title: Any) -> TitleData:
    """The TitleData of whatever the Game hands the ruleset: TitleData, a loaded title, a path."""
    if isinstance(title, TitleData):
        return title
    if title is None:
        return default_data()
    documents = getattr(title, "documents", None)
    if isinstance(documents, Mapping) and "cities" in documents:
        return build(documents)
    if isinstance(title, str | Path):
        return build(read_documents(Path(title)))
    raise TypeError(f"cannot read Imperial Steam data from {title!r}")


def with_option(data: TitleData, option: str) -> TitleData:
    """The same data with another setup option (fixed, normal, random)."""
    return attrs.evolve(data, option=option)
