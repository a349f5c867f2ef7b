"""Game setup (``setup.yaml``): bank, starting cash, the start packet and round options."""

from __future__ import annotations

from typing import Any

import attrs

from railyard.framework.model.companies import CertificateSpec
from railyard.framework.records import Record


@attrs.frozen(repr=False)
class RemovalDraw(Record):
    """One random removal at setup (framework/eighteen/removals.py): ``count`` of
    ``companies`` leave the game, drawn among them in the listed order."""

    companies: tuple[str, ...] = attrs.field(converter=tuple)
    count: int = 0


@attrs.frozen(repr=False)
class PlayerSetup(Record):
    cash: int
    certificate_limit: int
    # companies out of the game at this player count (1889: South Iyo Railway at 2 players,
    # the Uno-Takamatsu Ferry below 4): closed from the start, their packet items unsold
    removed_companies: tuple[str, ...] = attrs.field(default=(), converter=tuple)
    # companies drawn out of the game at setup, group by group (1846); none by default
    random_removals: tuple[RemovalDraw, ...] = attrs.field(default=(), converter=tuple)
    bank: int | None = None  # the bank at this player count (None: setup.bank)
    # company type -> its certificates at this player count, in place of the type's (the
    # 30% presidency and seven 10% shares of a two-player game)
    certificates: dict[str, tuple[CertificateSpec, ...]] = attrs.field(factory=dict)
    # a corporation drawn for a private (shares random_director) keeps its usual certificates:
    # the private carries its director's certificate as printed
    certificates_spare_drawn: bool = False
    # when a corporation floats, its unsold offering goes to the bank pool
    float_offering_to_pool: bool = False
    # a player other than the director buying a share while the pool holds shares of that
    # corporation first takes the pool's last share out of the game (if it was the share
    # bought, the buyer gets nothing and pays nothing)
    pool_share_out_on_buy: bool = False


@attrs.frozen(repr=False)
class PacketItem(Record):
    """One lot of the start packet: companies sold together, with a minimum bid or price."""

    id: str = attrs.field(converter=str)
    companies: tuple[str, ...] = ()
    min_bid: int | None = None
    price: int | None = None
    row: int | None = None
    # draft: the last card alone is given away once passes bring its price down to this
    floor: int = 0


@attrs.frozen(repr=False)
class DraftRules(Record):
    """A draft of the start packet (``round: draft``, framework/eighteen/draft.py): each
    player in turn sees a hand of the deck's first cards and keeps one."""

    hand_extra: int = 2  # a hand is players + hand_extra cards
    # the blank cards shuffled in, one per player (``{n}`` counts from 1); None: no blanks
    blank_card: str | None = None
    order: str = "reverse_seat"  # who chooses: reverse_seat (last seat first, round and round) | seat


@attrs.frozen(repr=False)
class StartPacket(Record):
    """How the start packet is sold. Options left None take the engine's documented default."""

    round: str = "auction"
    min_increment: int = 5
    items: dict[str, PacketItem] = attrs.field(factory=dict)
    after_packet: tuple[str, ...] = ()
    then: str | None = None
    discount_step: int | None = None
    pass_discount: int | None = None  # waterfall: drop of the cheapest item after all pass
    draft: DraftRules | None = None  # round: draft


@attrs.frozen(repr=False)
class StockRoundRules(Record):
    """Stock round options. Options left None take the engine's documented default."""

    sell_then_buy: bool = True
    player_share_limit: int = 60
    pool_share_limit: int = 50
    pool_limit_check: str = "after_sale"
    price_drop: str = "per_share"
    sold_out_move: str | None = None
    sale_move: str | None = None
    marker_on: str | None = None
    home_token_on: str | None = None
    packet_first: bool | None = None
    sell_before_operating: bool | None = None
    # the director alone may sell before the company operated (18xx.games SELL_AFTER
    # p_any_operate: 1846); others wait for its first operation
    director_sells_before_operating: bool = False
    sell_from_round: int | None = None  # no sales in stock rounds before this one
    # sell_then_buy false: sales both before and after the purchase (both), or on one side
    # only (before_or_after: 1889)
    sales_around_buy: str = "both"
    # one sale per corporation per turn: a player's shares of a corporation leave in one
    # block (1889), in a stock-round turn and in a forced train purchase's emergency sales
    sell_in_blocks: bool = False
    share_percent: int | None = None


@attrs.frozen(repr=False)
class PrivatePrice(Record):
    """Price range of a private bought by a corporation, in percent of its face value."""

    min_percent: int = 50
    max_percent: int = 200

    def bounds(self, face: int) -> tuple[int, int]:
        """(lowest, highest) price for a private of face value ``face``; the lowest rounds up."""
        return -(-face * self.min_percent // 100), face * self.max_percent // 100


@attrs.frozen(repr=False)
class TileLaySlot(Record):
    """The i-th tile lay of an operating turn (``operating_round.tile_lays``): whether it may be
    an upgrade, what it costs besides terrain, and whether it may follow an upgrade this turn."""

    upgrade: bool = True
    cost: int = 0
    after_upgrade: bool = True


@attrs.frozen(repr=False)
class OperatingRoundRules(Record):
    """Operating round options that titles (or their editions) read differently."""

    # what qualifies an upgrade: new_track_or_city_value (new track joined to the company's
    # network, or a reached city changes value) | new_track (only new track its trains could
    # run on; a changed value alone does not do)
    upgrade_needs: str = "new_track_or_city_value"
    company_train_min_price: int = 1  # lowest price of a train bought from another company
    # what corporations may pay players for privates (percent of face value); None: never
    private_price: PrivatePrice | None = None
    forced_train_from: str = "any"  # a helped forced purchase: any train on offer | depot (bank trains)
    # once the director sold a share for the forced purchase, a train from another company
    # costs at least what made that sale needed (company + director cash - the share + 1)
    emergency_sale_floor: bool = False
    # emergency sales for a forced purchase may hand over: others (any other corporation's
    # presidency, never the buying company's) | never (no presidency at all: 1889)
    emergency_director_change: str = "others"
    pool_dividends: str = "treasury"  # dividends on pool shares go to: treasury | bank
    payout_move: str = "right"  # market directions after a dividend decision
    half_move: str = "down_right"
    withhold_move: str = "left"
    forced_choice: str = "any"  # a helped forced purchase may take: any train on offer | cheapest
    # another player's company sells a train: consent (its director agrees) | never | any (at
    # any price, without asking: 18Chesapeake)
    trains_between_players: str = "consent"
    # train names exported at the end of every OR set: the next bank train leaves the game if
    # it is one of these (framework/eighteen/export.py); empty: no export
    export_trains: tuple[str, ...] = attrs.field(default=(), converter=tuple)
    tiles_per_turn: int = 1
    # the turn's lays one by one (framework/eighteen/lay_schedule.py); empty: tiles_per_turn
    # lays, each may upgrade, no extra cost
    tile_lays: tuple[TileLaySlot, ...] = attrs.field(default=(), converter=tuple)
    tokens_per_turn: int = 1
    # a company at its train limit may give a train back: never | half_price (it pays half
    # the printed price; the train goes to the pool)
    surrender_train: str = "never"
    # a token's connection to the company's stations: route (traced as a train runs) |
    # backtrack (it may also turn back at a hex edge)
    token_connection: str = "route"
    # when a company whose type must_own_train and owns none must buy one: always | route
    # (only when its stations reach a route of two stops: 18xx.games' MUST_BUY_TRAIN)
    must_buy_train: str = "always"
    # the tile step stays open after the company's last lay while a private's lay it offers
    # besides (tile_step / director_tile_step, not consuming the lay) remains; the company
    # then ends it with a pass (18xx.games' track step blocks for such abilities)
    tile_step_waits_for_private_lays: bool = False
    # a company whose home is its choice among one hex's cities, before its home token:
    # slot (another company's token must leave a slot on the hex for it) | hex (no other
    # company may token the hex: 18xx.games' TILE_RESERVATION_BLOCKS_OTHERS :always, 1830)
    home_hex_blocks: str = "slot"
    # the round's steps by registered name (framework/eighteen/or_steps.py), interrupts first;
    # a title inserts, replaces or removes steps by listing them
    steps: tuple[str, ...] = ("discard", "offer", "home", "tile", "token", "run", "dividend", "trains")


@attrs.frozen(repr=False)
class BankBroken(Record):
    during_operating_round: str = "end_of_set"
    during_stock_round: str = "end_of_set"


@attrs.frozen(repr=False)
class GameEnd(Record):
    bank_broken: BankBroken = BankBroken()
    bankruptcy: str = "ends_game"
    # a bankrupt player's shares: pool (all to the bank pool) | pool_up_to_limit (the pool takes
    # the director's certificate and shares up to stock_round.pool_share_limit, the rest go
    # back to the initial offering)
    bankrupt_shares: str = "pool"
    # the stricken company's train at a bankruptcy: bank_finances (it takes the bank's cheapest
    # train, paid with its cash and the director's, the bank lending the rest) | none (it keeps
    # its cash and stays trainless; the director's cash goes to the bank)
    bankrupt_train: str = "bank_finances"
    # what an open private adds to its player owner's net worth: none | face (min_bid)
    private_worth: str = "none"


@attrs.frozen(repr=False)
class DrawnTrainEvent(Record):
    """An event raised by the first purchase of a train drawn at setup from ``trains`` (1882's
    North West Rebellion), so no player knows in advance which purchase brings it."""

    event: str
    trains: tuple[str, ...] = attrs.field(converter=tuple)
    draw: str = "engine"


@attrs.frozen(repr=False)
class SetupDef(Record):
    bank: int
    players: dict[int, PlayerSetup] = attrs.field(factory=dict)
    priority: str = "first_seat"
    seating: str = "as_given"
    start_packet: StartPacket | None = None
    stock_round: StockRoundRules = StockRoundRules()
    operating_round: OperatingRoundRules = OperatingRoundRules()
    game_end: GameEnd = GameEnd()
    drawn_train_event: DrawnTrainEvent | None = None
    # what draws the setup's random choices (the draft's deck, random removals): engine (the
    # game's own generator) | site_lcg (the 18xx.games site's sequence for the same seed)
    draws: str = "engine"
    # a title's own named options (its hooks read them; the title's setup.yaml declares each
    # with its default, a variant's overlay sets them)
    options: dict[str, Any] = attrs.field(factory=dict)
