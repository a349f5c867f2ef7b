"""The state of an 18xx-family game: everything that changes, nothing that the title fixes.

Who holds what is stored in one place only (a certificate's ``owner``, a train's ``owner``),
and the views (holdings, director, pool percent) are computed, so that the state can never
disagree with itself. Ids of the bank's holding places start with "@" so they can never clash
with player or company ids.
"""

from __future__ import annotations

from typing import Any

import attrs

from railyard.framework.core.rng import GameRng
from railyard.framework.records import Record

# holding places of certificates that are not a player or a company
IPO = "@ipo"  # the initial offering
POOL = "@pool"  # the bank pool
RESERVED = "@reserved"  # set aside for exchanges (not for sale)
CLOSED = "@closed"  # the company closed; the certificate is out of play

# holding places of trains that are not a company
DEPOT = "@depot"
TRAIN_POOL = "@pool"
SCRAPPED = "@scrapped"

BANK = "@bank"


@attrs.define(repr=False)
class Certificate(Record):
    """One share certificate; ``owner`` is a player id, a company id, or IPO/POOL/RESERVED/CLOSED."""

    id: str
    company: str
    percent: int
    director: bool
    owner: str = IPO

    def __deepcopy__(self, memo: dict[int, Any]) -> Certificate:
        return Certificate(self.id, self.company, self.percent, self.director, self.owner)


@attrs.define(repr=False)
class Player(Record):
    id: str
    cash: int
    bankrupt: bool = False

    def __deepcopy__(self, memo: dict[int, Any]) -> Player:
        return Player(self.id, self.cash, self.bankrupt)


@attrs.define(repr=False)
class Company(Record):
    """A company of any kind (private, minor, corporation); its type says how it behaves."""

    id: str
    type: str
    kind: str  # private | minor | corporation (from the type)
    cash: int = 0
    certificates: list[Certificate] = attrs.Factory(list)
    trains: list[str] = attrs.Factory(list)  # train ids, in purchase order
    tokens_left: int = 0
    tokens: list[tuple[str, int]] = attrs.Factory(list)  # (hex, city index) placed on the board
    par_price: int | None = None  # price of an initial-offering share (per share_percent)
    par_cell: tuple[int, int] | None = None  # the par cell chosen (row, column)
    market: tuple[int, int] | None = None  # the price marker's cell, None until on the chart
    floated: bool = False
    operated: bool = False  # has completed at least one operating turn
    closed: bool = False
    home: str | None = None  # chosen home hex when the title offers a choice
    ipo_percent_at_start: int = 0  # percent in the initial offering when set up (capitalisation)
    tokens_bought: int = 0  # extra stations placed by the company (their count sets the price)
    extra: dict[str, Any] = attrs.Factory(dict)  # free-form room for title hooks


@attrs.define(repr=False)
class Train(Record):
    id: str  # "<name>#<n>"
    name: str  # the train name in trains.yaml
    owner: str = DEPOT  # DEPOT, TRAIN_POOL, SCRAPPED or a company id
    operated: bool = False  # bought this turn trains may not run (OR bookkeeping)

    def __deepcopy__(self, memo: dict[int, Any]) -> Train:
        return Train(self.id, self.name, self.owner, self.operated)


@attrs.define(repr=False)
class Depot(Record):
    """The bank's trains: unsold trains per depot stack in order of sale, pool and scrapped."""

    stacks: dict[str, list[str]] = attrs.Factory(dict)
    pool: list[str] = attrs.Factory(list)
    scrapped: list[str] = attrs.Factory(list)
    sold_names: list[str] = attrs.Factory(list)  # train names of which one has been bought


@attrs.define(repr=False)
class Offer(Record):
    """Something on sale at a fixed price in stock rounds (leftover packet items, released
    certificates): buying it gives the listed certificates."""

    id: str
    certificates: tuple[str, ...]
    price: int
    from_packet: bool = False


@attrs.define(repr=False)
class RoundState(Record):
    """Base of every round's state; ``kind`` names the registered round type."""

    kind: str = ""
    number: int = 0  # counts rounds of this kind from 1
    turn: int = 0  # index into the player order of the player to act (rounds run by players)
    passes_in_row: int = 0
    last_actor: str | None = None  # last player to buy or sell (priority deal)


@attrs.define(repr=False)
class RoundRecord(Record):
    kind: str
    number: int
    set_index: int = 0  # operating rounds: 1-based position in the set


@attrs.define(repr=False)
class G18State(Record):
    """The whole game."""

    players: list[Player]
    companies: dict[str, Company]
    certificates_total: int  # certificates created (a conservation check)
    bank: int
    money_total: int  # bank + players + companies + in_transit, constant
    rng: GameRng
    trains: dict[str, Train] = attrs.Factory(dict)
    trains_created: int = 0
    depot: Depot = attrs.Factory(Depot)
    market_stacks: dict[tuple[int, int], list[str]] = attrs.Factory(dict)  # top first
    phase: str = ""
    priority: int = 0  # index into players of the priority deal holder
    round: RoundState = attrs.Factory(RoundState)
    history: list[RoundRecord] = attrs.Factory(list)
    operating_rounds_in_set: int = 1
    operating_round_in_set: int = 0  # 1-based position of the current/last OR in its set
    round_queue: list[str] = attrs.Factory(list)  # round kinds to run next (interludes)
    offers: dict[str, Offer] = attrs.Factory(dict)
    packet_remaining: list[str] = attrs.Factory(list)  # start-packet item ids unsold, in order
    in_transit: int = 0  # money between holders inside one action (always 0 between actions)
    board: Any = None  # framework.board state when the title has a map
    bank_broken: bool = False
    bank_broken_during: RoundRecord | None = None
    game_over: bool = False
    end_reason: str | None = None
    extra: dict[str, Any] = attrs.Factory(dict)  # free-form room for title hooks

    # --------------------------------------------------------------- players
    @property
    def player_ids(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.players)

    def player(self, player_id: str) -> Player:
        for p in self.players:
            if p.id == player_id:
                return p
        raise KeyError(f"no player {player_id!r}")

    def is_player(self, entity: str) -> bool:
        for p in self.players:  # noqa: SIM110 - half the cost of any(); asked 30,000 times a game
            if p.id == entity:
                return True
        return False

    def player_index(self, player_id: str) -> int:
        for i, p in enumerate(self.players):
            if p.id == player_id:
                return i
        raise KeyError(f"no player {player_id!r}")

    def seats_from(self, player_id: str) -> list[str]:
        """All players in clockwise order starting with ``player_id``."""
        start = self.player_index(player_id)
        n = len(self.players)
        return [self.players[(start + i) % n].id for i in range(n)]

    @property
    def priority_player(self) -> str:
        return self.players[self.priority].id

    # --------------------------------------------------------------- companies
    def company(self, company_id: str) -> Company:
        return self.companies[company_id]

    def cert(self, cert_id: str) -> Certificate:
        company_id = cert_id.rsplit(".", 1)[0]
        for c in self.companies[company_id].certificates:
            if c.id == cert_id:
                return c
        raise KeyError(f"no certificate {cert_id!r}")

    def percent_held(self, holder: str, company_id: str) -> int:
        return sum(c.percent for c in self.companies[company_id].certificates if c.owner == holder)

    def certs_held(self, holder: str, company_id: str | None = None) -> list[Certificate]:
        companies = [self.companies[company_id]] if company_id else self.companies.values()
        return [c for co in companies for c in co.certificates if c.owner == holder]

    def director(self, company_id: str) -> str | None:
        """The player holding the director's certificate (the owner of a private or minor)."""
        for c in self.companies[company_id].certificates:
            if c.director:
                return c.owner if self.is_player(c.owner) else None
        return None

    def controller(self, company_id: str) -> str | None:
        """Who acts for a company: its director or owner."""
        return self.director(company_id)

    def companies_of(self, player_id: str) -> list[str]:
        """Companies directed or owned by a player, in title order."""
        return [cid for cid in self.companies if self.director(cid) == player_id]

    # --------------------------------------------------------------- trains
    def trains_of(self, holder: str) -> list[Train]:
        return [self.trains[t] for t in self.companies[holder].trains]

    # --------------------------------------------------------------- market
    def stack_at(self, cell: tuple[int, int]) -> list[str]:
        return self.market_stacks.get(cell, [])

    def place_marker(self, company_id: str, cell: tuple[int, int]) -> None:
        """Put a company's price marker on ``cell``, underneath markers already there."""
        company = self.companies[company_id]
        self.remove_marker(company_id)
        company.market = cell
        self.market_stacks.setdefault(cell, []).append(company_id)

    def remove_marker(self, company_id: str) -> None:
        company = self.companies[company_id]
        if company.market is not None:
            stack = self.market_stacks.get(company.market, [])
            if company_id in stack:
                stack.remove(company_id)
            if not stack:
                self.market_stacks.pop(company.market, None)
        company.market = None

    # --------------------------------------------------------------- money
    def pay(self, payer: str, payee: str, amount: int) -> None:
        """Move money between the bank (BANK), players and companies."""
        if amount == 0 or payer == payee:
            return
        self._add(payer, -amount)
        self._add(payee, amount)
        if self.bank <= 0 and not self.bank_broken:
            self.bank_broken = True
            self.bank_broken_during = RoundRecord(self.round.kind, self.round.number, 0)

    def cash_of(self, holder: str) -> int:
        if holder == BANK:
            return self.bank
        if holder in self.companies:
            return self.companies[holder].cash
        return self.player(holder).cash

    def _add(self, holder: str, amount: int) -> None:
        if holder == BANK:
            self.bank += amount
        elif holder in self.companies:
            self.companies[holder].cash += amount
        else:
            self.player(holder).cash += amount
