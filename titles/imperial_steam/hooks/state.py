"""The mutable game state: plain attrs records that ``copy.deepcopy`` copies cheaply.

The state holds only what changes in play; everything printed (the title data) stays on the
ruleset, so checkpoints for undo copy the position and nothing else.
"""

from __future__ import annotations

from typing import Any

import attrs

from railyard.framework.records import Record

from .data import GOODS

LEVELS: tuple[int, ...] = (1, 2, 3)


def no_goods() -> dict[str, int]:
    return dict.fromkeys(GOODS, 0)


def by_level() -> dict[int, int]:
    return dict.fromkeys(LEVELS, 0)


@attrs.define(repr=False)
class Train(Record):
    """One engine and its cars; cars are counted by kind (their order never matters)."""

    engine: str
    freight: int
    passenger: int = 0
    reserved: int = 0

    @property
    def cars(self) -> int:
        return self.freight + self.passenger + self.reserved


@attrs.define(repr=False)
class Factory(Record):
    """A factory a player built: its site, its committed worker and the goods beside it."""

    id: str  # "<site>#<index>"
    site: str
    good: str
    level: int
    goods: int


@attrs.define(repr=False)
class Player(Record):
    id: str
    cash: int
    influence: int = 0
    stamp: int = 0  # arrival order on the influence step: a later arrival stacks on top
    share_row: int = 0
    investors: list[int] = attrs.Factory(list)  # per share row, investors on the board
    shareholders: int = 0
    trains: list[Train] = attrs.Factory(list)
    goods: dict[str, int] = attrs.Factory(no_goods)  # storage: cars, engines, warehouse
    warehouse: int = 0  # uncovered warehouse spaces (one per station built)
    stations: list[str] = attrs.Factory(list)  # sites with an own station (Wien included)
    stations_left: int = 0  # stations still on the board, each on an Unbuilt Train Station tile
    training: dict[int, int] = attrs.Factory(by_level)
    working: dict[int, int] = attrs.Factory(by_level)
    factories: list[Factory] = attrs.Factory(list)
    bridge: bool = False
    tunnel: bool = False
    contracts: list[str] = attrs.Factory(list)
    keys: list[str] = attrs.Factory(list)  # "<colour>:gold" / "<colour>:silver"
    semmering: bool = False
    tracks: list[str] = attrs.Factory(list)  # connection ids, in building order
    landing: dict[str, int] = attrs.Factory(no_goods)
    ordered: int = 0  # goods ordered this round (the landing limit)
    hands: int = 0  # hands still to place this round
    placed: dict[str, int] = attrs.Factory(dict)  # main action tile -> own hands there
    trieste: bool = False

    @property
    def workers(self) -> int:
        return sum(self.training.values()) + sum(self.working.values()) + len(self.factories)


@attrs.define(repr=False)
class SiteState(Record):
    """A city site in play: which tile lies there and what has been built on it."""

    tile: str  # a City tile id, "hub:<colour>" or "printed"
    stations: list[str] = attrs.Factory(list)
    factories: list[str | None] = attrs.Factory(list)  # owner per factory site
    demands: list[str | None] = attrs.Factory(list)  # who filled each demand space


@attrs.define(repr=False)
class Hub(Record):
    colour: str
    site: str
    influence: int
    growth: str
    delivered: int = 0
    gold: str | None = None
    silver: str | None = None
    hire_row: int = 0
    engineers: dict[str, int] = attrs.Factory(lambda: {"bridge": 0, "tunnel": 0})


@attrs.define(repr=False)
class State(Record):
    option: str
    order: list[str]  # turn order
    players: dict[str, Player]
    sites: dict[str, SiteState]
    hubs: dict[str, Hub]
    crowned: list[str]
    market: dict[str, int]
    shipments: dict[int, dict[str, int]]  # goods waiting above rounds
    shipment_tiles: dict[int, int]  # round -> Shipment tile value
    supply: dict[str, int]
    business: list[int]  # the Business token stack, top last
    business_used: int
    reserved_supply: int
    investor_supply: int
    car_supply: int
    engines_track: dict[str, int]  # engine id -> tiles on the Round track
    engines_box: dict[str, int]
    factories_bought: dict[str, int]
    factories_per_row: int
    display: dict[str, list[str]]  # deck -> contract cards on the table
    contracts_out: list[str]  # cards never displayed (out of the game)
    bank: int
    money_total: int
    unbuilt_box: int = 0  # Unbuilt Train Station tiles of the player boards not in play
    unbuilt_discarded: int = 0  # discarded from beneath the stations built
    round: int = 1
    phase: int = 0  # 0 = the opening blind bid, then 1-8; 9 = game over
    turn: int = 0  # index into order of the player on turn (phase 7)
    main_done: bool = False
    delivered: bool = False  # the current turn's delivery is used
    bids: dict[str, int] = attrs.Factory(dict)
    pending_store: list[str] = attrs.Factory(list)
    hands_on: dict[str, int] = attrs.Factory(dict)  # main action tile -> hands (all players)
    stamp: int = 0
    semmering: str | None = None
    trieste_by: list[str] = attrs.Factory(list)
    scoring: dict[str, dict[str, int]] = attrs.Factory(dict)
    final: dict[str, int] = attrs.Factory(dict)

    def next_stamp(self) -> int:
        self.stamp += 1
        return self.stamp

    def player(self, pid: str) -> Player:
        return self.players[pid]

    @property
    def current(self) -> str | None:
        if self.phase != 7:
            return None
        return self.order[self.turn]

    @property
    def end_reason(self) -> str | None:
        """Why the game ended (phase 8 checks both), for simulation records."""
        if self.phase != 9:
            return None
        return "Wien is connected to Trieste" if self.trieste_by else "the last round is played"


def to_dict(state: State) -> dict[str, Any]:
    """A canonical JSON-able form (keys as strings)."""

    def norm(value: Any) -> Any:
        if isinstance(value, dict):
            return {str(k): norm(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [norm(v) for v in value]
        return value

    return norm(attrs.asdict(state))
