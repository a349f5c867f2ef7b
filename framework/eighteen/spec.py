"""The rules configuration of an 18xx-family game: the title's definitions plus engine options.

The engine reads a title through this one object so that rules code never cares whether a
value came from YAML, a variant overlay or a hand-built test position, and so that options
the data model does not (yet) carry get one documented default here.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from railyard.framework.model.companies import CertificateSpec, CompanyDef, CompanyType
from railyard.framework.model.market import MarketCell, MarketDef
from railyard.framework.model.phases import PhaseDef
from railyard.framework.model.setup import PacketItem, PlayerSetup, SetupDef, StartPacket
from railyard.framework.model.trains import TrainDef
from railyard.framework.records import Record

#: rounds that may follow the start packet round
AFTER_PACKET_DEFAULT = "stock"


@attrs.frozen(repr=False)
class PacketOptions(Record):
    """Start-packet options beyond the data model's ``StartPacket``."""

    then: str = AFTER_PACKET_DEFAULT  # round kind after the packet round: stock | operating
    discount_step: int = 10  # fixed-price columns: discount per complete round of passes
    columns: tuple[tuple[str, ...], ...] = ()  # fixed-price columns, top item first


@attrs.frozen(repr=False)
class StockOptions(Record):
    """Stock-round options beyond the data model's ``StockRoundRules``."""

    sale_move: str = "down"  # market direction of a price drop on sale
    marker_on: str = "par"  # when the price marker goes on the chart: par | float
    # when a corporation's home token goes down: operate | float | operating_round (at the
    # start of every operating round, for each corporation that operates in it)
    home_token_on: str = "operate"
    packet_first: bool = True  # while packet items remain, only they may be bought
    sell_before_operating: bool = False  # may shares be sold before the company operated
    share_percent: int = 10  # the market price is the price of this many percent


@attrs.frozen(repr=False)
class GameSpec(Record):
    """What the 18xx ruleset needs from a title."""

    title_id: str
    # plain dicts, read on every check (a read-only dict subclass's [] is slower): memos
    # derived from them key on the spec itself, which is built once and never changed
    types: dict[str, CompanyType]
    companies: dict[str, CompanyDef]
    market: MarketDef
    trains: dict[str, TrainDef]
    phases: dict[str, PhaseDef]
    setup: SetupDef
    packet: PacketOptions = PacketOptions()
    stock: StockOptions = StockOptions()
    title: Any = attrs.field(default=None, eq=False, repr=False)
    currency: str = ""

    @property
    def phase_order(self) -> tuple[str, ...]:
        return tuple(self.phases)

    def type_of(self, company_id: str) -> CompanyType:
        return self.types[self.companies[company_id].type]

    def certificates_of(self, company_id: str) -> tuple[CertificateSpec, ...]:
        company = self.companies[company_id]
        certs = company.certificates if company.certificates is not None else None
        if not certs:
            certs = self.type_of(company_id).certificates
        if not certs:
            certs = (CertificateSpec(100, True, 1),)
        return certs

    def certificates_at(self, company_id: str, players: int, drawn: Iterable[str] = ()) -> tuple[CertificateSpec, ...]:
        """The company's certificates in a game of ``players``: its type's for that count
        (``setup.players.N.certificates``) unless it prints its own, or it is a corporation
        ``drawn`` for a private and the count spares those; else :meth:`certificates_of`."""
        company = self.companies[company_id]
        setup = self.player_setup(players)
        own = company.certificates
        spared = setup.certificates_spare_drawn and company_id in set(drawn)
        if not own and not spared and company.type in setup.certificates:
            return tuple(setup.certificates[company.type])
        return self.certificates_of(company_id)

    def player_setup(self, count: int) -> PlayerSetup:
        if count in self.setup.players:
            return self.setup.players[count]
        if str(count) in self.setup.players:  # keys may arrive as strings
            return self.setup.players[str(count)]  # type: ignore[index]
        raise KeyError(f"the title has no setup for {count} players")

    def cell(self, position: tuple[int, int]) -> MarketCell:
        cell = self.market.cell(*position)
        if cell is None:
            raise KeyError(f"no market cell at {position}")
        return cell

    def item_price(self, item: PacketItem) -> int:
        """The face value / minimum bid of a packet item."""
        if item.price is not None:
            return item.price
        if item.min_bid is not None:
            return item.min_bid
        total = 0
        for cid in item.companies:
            total += self.companies[cid].min_bid or 0
        return total


def _or(value: Any, default: Any) -> Any:
    """An option left None in the model takes the engine's documented default."""
    return default if value is None else value


def packet_options(packet: StartPacket | None) -> PacketOptions:
    if packet is None:
        return PacketOptions()
    rows: dict[int, list[str]] = {}  # items with a row are sold in columns, one per row number
    for item in packet.items.values():
        if item.row is not None:
            rows.setdefault(item.row, []).append(item.id)
    return PacketOptions(
        then=_or(packet.then, AFTER_PACKET_DEFAULT),
        discount_step=_or(packet.discount_step, 10),
        columns=tuple(tuple(rows[k]) for k in sorted(rows)),
    )


def stock_options(setup: SetupDef, market: MarketDef) -> StockOptions:
    rules = setup.stock_round
    default_move = "down" if "down" in market.moves else "down_left"
    return StockOptions(
        sale_move=_or(rules.sale_move, default_move),
        marker_on=_or(rules.marker_on, "par"),
        home_token_on=_or(rules.home_token_on, "operate"),
        packet_first=_or(rules.packet_first, True),
        sell_before_operating=_or(rules.sell_before_operating, False),
        share_percent=_or(rules.share_percent, 10),
    )


def spec_from_title(title: Any) -> GameSpec:
    """Read a loaded title (``framework.model.loaded.LoadedTitle``) into a GameSpec."""
    return GameSpec(
        title_id=title.id,
        types=dict(title.company_types),
        companies=dict(title.companies),
        market=title.market,
        trains=dict(title.trains),
        phases=dict(title.phases),
        setup=title.setup,
        packet=packet_options(title.setup.start_packet),
        stock=stock_options(title.setup, title.market),
        title=title,
        currency=getattr(getattr(title, "manifest", None), "currency", "") or "",
    )
