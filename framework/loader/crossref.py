"""Cross-file checks for 18xx-family titles: every id one file names exists in another.

Schemas check each file alone; these checks catch a ``rusts_on`` naming no train, a home on a
hex the map lacks, a phase name misspelt in a revenue map. Each problem is reported at the
place that names the missing thing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from railyard.framework.hexgrid import Grid
from railyard.framework.loader.errors import DocPath
from railyard.framework.loader.families import Parts, Problem
from railyard.framework.model.abilities import Close
from railyard.framework.model.companies import CertificateSpec, CompanyDef, CompanyType
from railyard.framework.model.map import MapDef
from railyard.framework.model.market import MarketDef
from railyard.framework.model.phases import PhaseDef
from railyard.framework.model.routes import RouteRules
from railyard.framework.model.setup import SetupDef
from railyard.framework.model.trains import TrainDef
from railyard.framework.model.values import PhaseValue
from railyard.framework.tiles import TileDef

#: player counts looked for a setup of (title.schema.json bounds players.max to 16)
MAX_PLAYER_COUNTS = 16


class _Coords:
    """Parses printed coordinates with the map's grid (its parity taken from the first hex)."""

    def __init__(self, map_def: MapDef) -> None:
        try:
            self.grid: Grid | None = map_def.grid()
        except ValueError:
            self.grid = None  # the schema already reported the bad coordinate

    def problem(self, coord: str) -> str | None:
        """Why ``coord`` is not a valid coordinate on this map, or None."""
        try:
            (self.grid or Grid()).parse(coord)
        except ValueError as exc:
            return str(exc)
        return None


class _Checker:
    def __init__(self, parts: Parts) -> None:
        m = parts.models
        self.map: MapDef = m["map"]
        self.tiles: dict[str, TileDef] = m["tiles"]
        self.trains: dict[str, TrainDef] = m["trains"]
        self.routes: RouteRules = m["routes"]
        self.phases: dict[str, PhaseDef] = m["phases"]
        self.types: dict[str, CompanyType] = m["company_types"]
        self.companies: dict[str, CompanyDef] = m["companies"]
        self.market: MarketDef = m["market"]
        self.setup: SetupDef = m["setup"]
        self.manifest = parts.manifest
        self.problems: list[Problem] = []
        self.coords = _Coords(self.map)

    def add(self, path: DocPath, message: str) -> None:
        self.problems.append((path, message))

    def need(
        self, value: str | None, known: Iterable[str], path: DocPath, what: str
    ) -> None:
        if value is None:
            return
        pool = known if isinstance(known, dict | set | frozenset) else set(known)
        if value not in pool:
            self.add(path, f"unknown {what} {value!r}{_hint(value, pool)}")

    def phase(self, value: str | None, path: DocPath) -> None:
        self.need(value, self.phases, path, "phase")

    def phase_value(self, value: PhaseValue | None, path: DocPath) -> None:
        if value is None:
            return
        for name in value.phases:
            if name not in self.phases:
                self.add((*path, name), f"unknown phase {name!r}{_hint(name, self.phases)}")

    def hex(self, coord: str, path: DocPath) -> None:
        problem = self.coords.problem(coord)
        if problem:
            self.add(path, problem)
        elif coord not in self.map.hexes:
            self.add(path, f"no hex {coord!r} on the map")

    def run(self) -> list[Problem]:
        self.check_map()
        self.check_tiles()
        self.check_trains()
        self.check_routes()
        self.check_phases()
        self.check_types()
        self.check_companies()
        self.check_market()
        self.check_setup()
        return self.problems

    def check_map(self) -> None:
        for coord, h in self.map.hexes.items():
            base: DocPath = ("map", "hexes", coord)
            problem = self.coords.problem(coord)
            if problem:
                self.add(base, problem)
            for i, stop in enumerate(h.stops):
                self.phase_value(stop.revenue, (*base, "stops", i, "revenue"))
                for name in stop.train_revenue:
                    self.need(name, self.trains, (*base, "stops", i, "train_revenue", name), "train")
                for slot, company in stop.reserved.items():
                    self.need(company, self.companies, (*base, "stops", i, "reserved", str(slot)), "company")
            for i, tile_id in enumerate(h.upgrades or ()):
                self.need(tile_id, self.tiles, (*base, "upgrades", i), "tile")
            if h.future_label is not None:
                self.phase(h.future_label.phase, (*base, "future_label", "phase"))
            if h.pass_through is not None:
                for i, company in enumerate(h.pass_through.companies):
                    self.need(company, self.companies, (*base, "pass_through", "companies", i), "company")
        for name, region in self.map.regions.items():
            base = ("map", "regions", name)
            for i, coord in enumerate(region.hexes):
                self.hex(coord, (*base, "hexes", i))
            self.phase(region.opens_on_phase, (*base, "opens_on_phase"))
            self.phase(region.closes_on_phase, (*base, "closes_on_phase"))

    def check_tiles(self) -> None:
        for tile_id, tile in self.tiles.items():
            base: DocPath = ("tiles", tile_id)
            for i, target in enumerate(tile.upgrades_to or ()):
                self.need(target, self.tiles, (*base, "upgrades_to", i), "tile")
            for i, stop in enumerate(tile.stops):
                self.phase_value(stop.revenue, (*base, "stops", i, "revenue"))

    def check_trains(self) -> None:
        for name, train in self.trains.items():
            base: DocPath = ("trains", name)
            self.need(train.kind, self.routes.train_kinds, (*base, "kind"), "train kind")
            self.need(train.rusts_on, self.trains, (*base, "rusts_on"), "train")
            self.need(train.available_on, self.trains, (*base, "available_on"), "train")
            for i, traded in enumerate(train.trade_in.trains if train.trade_in else ()):
                self.need(traded, self.trains, (*base, "trade_in", "trains", i), "train")
            least = self.setup.operating_round.company_train_min_price
            if train.price < least:
                self.add((*base, "price"),
                         f"a train costs at least {least} (setup.operating_round."
                         f"company_train_min_price): the rules would refuse {train.price}")

    def check_routes(self) -> None:
        for stop_kind, type_id in self.routes.home_stop_kinds.items():
            self.need(type_id, self.types, ("routes", "home_stop_kinds", stop_kind), "company type")

    def check_phases(self) -> None:
        groups = {t.limit_group for t in self.types.values() if t.limit_group}
        started: dict[str, str] = {}
        for name, phase in self.phases.items():
            base: DocPath = ("phases", name)
            self.need(phase.starts_on, self.trains, (*base, "starts_on"), "train")
            if phase.starts_on is not None:
                if phase.starts_on in started:
                    self.add((*base, "starts_on"),
                             f"train {phase.starts_on!r} already starts phase {started[phase.starts_on]!r}")
                started.setdefault(phase.starts_on, name)
            for group in phase.train_limits:
                self.need(group, groups, (*base, "train_limits", group), "limit group")

    def certificates(self, certs: tuple[CertificateSpec, ...], path: DocPath) -> None:
        """A company's certificates add up to at most 100% (some minors keep part of their
        revenue, so less is allowed) with exactly one director's certificate."""
        if not certs:
            return
        total = sum(c.percent * c.count for c in certs)
        directors = sum(c.count for c in certs if c.director)
        if total > 100:
            self.add(path, f"certificates add up to {total}%, more than 100%")
        if directors != 1:
            self.add(path, f"{directors} director's certificates; expected exactly 1")

    def check_types(self) -> None:
        for type_id, ctype in self.types.items():
            self.certificates(ctype.certificates, ("company_types", type_id, "certificates"))
            for i, kind in enumerate(ctype.train_kinds or ()):
                self.need(kind, self.routes.train_kinds, ("company_types", type_id, "train_kinds", i), "train kind")

    def check_companies(self) -> None:
        for cid, company in self.companies.items():
            base: DocPath = ("companies", cid)
            self.need(company.type, self.types, (*base, "type"), "company type")
            if company.certificates is not None:
                self.certificates(company.certificates, (*base, "certificates"))
            for i, home in enumerate(company.home):
                path: DocPath = (*base, "home") if len(company.home) == 1 else (*base, "home", i)
                self.hex(home.hex, path)
                h = self.map.hexes.get(home.hex)
                if h is not None and home.city is not None and home.city >= len(h.stops):
                    self.add(path, f"hex {home.hex} has no stop {home.city} ({len(h.stops)} stop(s))")
                elif h is not None:
                    self.home_stop(company, home.hex, home.city, path)
            for i, coord in enumerate(company.hexes):
                self.hex(coord, (*base, "hexes", i))
            self.phase(company.opens_on_phase, (*base, "opens_on_phase"))
            self.phase(company.closes_on_phase, (*base, "closes_on_phase"))
            self.phase_value(company.income, (*base, "income"))
            self.need(company.exchanges_into, self.companies, (*base, "exchanges_into"), "company")
            self.need(company.merges_into, self.companies, (*base, "merges_into"), "company")
            if company.start_price is not None and not self.market.find(company.start_price):
                self.add((*base, "start_price"), f"no market cell shows {company.start_price}")
            for i, ability in enumerate(company.ability_defs):
                self.check_ability(ability, (*base, "abilities", i))

    def home_stop(self, company: CompanyDef, coord: str, city: int | None, path: DocPath) -> None:
        """A home needs a city to put the token in (or a stop kind that is this type's home
        station, ``routes.home_stop_kinds``)."""
        kinds = {"city"} | {k for k, t in self.routes.home_stop_kinds.items() if t == company.type}
        stops = self.map.hexes[coord].stops
        chosen = stops if city is None else stops[city:city + 1]
        if not any(s.kind in kinds for s in chosen):
            what = f"stop {city} of {coord}" if city is not None else coord
            self.add(path, f"home {what} has no city for {company.id}'s token")

    def check_ability(self, ability: Any, path: DocPath) -> None:
        """What an ability names exists: hexes, tiles, companies, phases, certificates."""
        for i, coord in enumerate(getattr(ability, "hexes", ())):
            self.hex(coord, (*path, "hexes", i))
        for i, tile_id in enumerate(getattr(ability, "tiles", ())):
            self.need(tile_id, self.tiles, (*path, "tiles", i), "tile")
        company = getattr(ability, "company", None)
        if company:
            self.need(company, self.companies, (*path, "company"), "company")
        phase = getattr(ability, "phase", None)
        if phase:
            self.phase(phase, (*path, "phase"))
        for i, cert in enumerate(getattr(ability, "certificates", ())):
            owner, _, index = cert.rpartition(".")
            if owner not in self.companies:
                self.need(owner, self.companies, (*path, "certificates", i), "company")
                continue
            certs = self.companies[owner].certificates
            if certs is None:
                ctype = self.types.get(self.companies[owner].type)
                certs = ctype.certificates if ctype is not None else ()
            count = sum(c.count for c in certs) or 1
            if int(index) >= count:
                self.add((*path, "certificates", i), f"{owner} has {count} certificate(s): no {cert!r}")
        if isinstance(ability, Close):
            if ability.when == "bought_train" and not ability.company:
                self.add((*path, "company"), "close when bought_train needs the buying company")
            if ability.when == "phase" and not ability.phase:
                self.add((*path, "phase"), "close when phase needs a phase")

    def check_market(self) -> None:
        for direction, fallbacks in self.market.fallbacks.items():
            self.need(direction, self.market.moves, ("market", "fallbacks", direction), "market direction")
            for i, fallback in enumerate(fallbacks):
                self.need(fallback, self.market.moves, ("market", "fallbacks", direction, i), "market direction")
        floats = any(t.kind == "corporation" and t.float_percent for t in self.types.values())
        if floats and not self.market.par_cells():
            self.add(("market", "rows"), "no par cell (flag 'p') although corporations float")

    def check_setup(self) -> None:
        players = self.manifest.players
        # the schema bounds the range; a setup per count is looked for only among the counts
        # the setup names and the few a range can hold, never by walking a range it did not check
        wanted = range(players.min, min(players.max, players.min + MAX_PLAYER_COUNTS) + 1)
        for count in wanted:
            if count not in self.setup.players:
                self.add(("setup", "players"), f"no setup for {count} players")
        for count in self.setup.players:
            if count not in players:
                self.add(("setup", "players", str(count)), f"{count} players is outside the title's range {players.min}-{players.max}")
        for count, pset in self.setup.players.items():
            for i, cid in enumerate(pset.removed_companies):
                self.need(cid, self.companies, ("setup", "players", str(count), "removed_companies", i), "company")
        packet = self.setup.start_packet
        if packet is not None:
            for item_id, item in packet.items.items():
                for i, cid in enumerate(item.companies):
                    self.need(cid, self.companies, ("setup", "start_packet", "items", item_id, "companies", i), "company")
            for i, cid in enumerate(packet.after_packet):
                self.need(cid, self.companies, ("setup", "start_packet", "after_packet", i), "company")
        for i, name in enumerate(self.setup.operating_round.export_trains):
            self.need(name, self.trains, ("setup", "operating_round", "export_trains", i), "train")
        move = self.setup.stock_round.sold_out_move
        if move is not None and move != "hook":
            self.need(move, self.market.moves, ("setup", "stock_round", "sold_out_move"), "market direction")


def _hint(value: str, known: Iterable[str]) -> str:
    names = list(known)
    close = [n for n in names if n.lower() == value.lower()]
    if close:
        return f" (did you mean {close[0]!r}?)"
    if 0 < len(names) <= 12:
        return f" (known: {', '.join(names)})"
    return ""


check: Callable[[Parts], list[Problem]] = lambda parts: _Checker(parts).run()  # noqa: E731
