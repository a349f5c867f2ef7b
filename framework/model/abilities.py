"""The ability vocabulary of companies (``abilities:`` in ``companies.yaml``).

A private company's special powers are data: a list of records, each with a ``kind`` from the
closed list below and that kind's parameters. The schema (``schemas/18xx/abilities.schema.json``)
rejects an unknown kind or parameter with file, line and path, so a misspelt ability can never
load and then silently do nothing. Each kind is one frozen class here (what the data says) and
one module in ``framework/eighteen/abilities/`` (what the engine does with it).

Common parameters:
- ``owner``: the ability works only while the company is held by a ``player``, a
  ``corporation`` (any company that operates), or ``any`` holder.
- ``hexes``: coordinates; empty = the company's own ``hexes``.

Moments (``when``) a tile-laying ability can be used:
- ``own_turn``: any time in the owning company's operating turn (before it ends);
- ``tile_step``: during the owning company's tile step (it may use the ability instead of, or
  besides, its normal lay, as ``consumes_lay`` says);
- ``director_tile_step``: (player-owned) during the tile step of a company the owner directs;
- ``before_turn``: (player-owned) at the start of any company's operating turn, before it acts;
- ``stock_round``: (player-owned) on the owner's turn in a stock round;
- ``on_sale``: the player who sold the company to a corporation lays at once, for that
  corporation, before it goes on (or declines).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import attrs

from railyard.framework.records import Record

OWNERS = ("player", "corporation", "any")
MOMENTS = ("own_turn", "tile_step", "director_tile_step", "before_turn", "stock_round", "on_sale")


def _tuple(value: Any) -> tuple[Any, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return (value,)
    return tuple(str(v) for v in value)


@attrs.frozen(repr=False)
class BlocksHexes(Record):
    """No tile may be laid on ``hexes`` while the block holds: ``until: bought`` = while a
    player owns the company (a corporation buying it lifts the block), ``until: closed`` =
    while the company is open, whoever holds it."""

    kind: ClassVar[str] = "blocks_hexes"
    hexes: tuple[str, ...] = attrs.field(default=(), converter=_tuple)
    until: str = "bought"


@attrs.frozen(repr=False)
class TileLay(Record):
    """Lay a tile from ``tiles`` (empty: any) on one of ``hexes``, besides the normal lay
    unless ``consumes_lay``; ``count`` uses (None: unlimited); ``connect`` false = no connection
    to the company's network needed; ``free`` waives terrain, ``discount`` reduces it. The
    acting company pays (a player pays from his own cash when no company acts for him)."""

    kind: ClassVar[str] = "tile_lay"
    hexes: tuple[str, ...] = attrs.field(default=(), converter=_tuple)
    tiles: tuple[str, ...] = attrs.field(default=(), converter=_tuple)
    owner: str = "corporation"
    when: tuple[str, ...] = attrs.field(default=("own_turn",), converter=_tuple)
    count: int | None = 1
    connect: bool = False
    free: bool = False
    discount: int = 0
    consumes_lay: bool = False
    # together: the rest of ``count`` follows the first lay at once; joined: the lays join each
    # other; lost_on_other_lay: any other lay on its hexes ends it
    together: bool = False
    joined: bool = False
    lost_on_other_lay: bool = False



@attrs.frozen(repr=False)
class Teleport(Record):
    """In the owning company's tile step: lay one of ``tiles`` on one of ``hexes`` without a
    connection (this is the turn's lay, terrain paid), then place a station token there for
    ``token_cost`` without a connection (from the company's charter). One use."""

    kind: ClassVar[str] = "teleport"
    hexes: tuple[str, ...] = attrs.field(default=(), converter=_tuple)
    tiles: tuple[str, ...] = attrs.field(default=(), converter=_tuple)
    owner: str = "corporation"
    token_cost: int = 0


@attrs.frozen(repr=False)
class TerrainDiscount(Record):
    """Terrain costs ``amount`` less (None: nothing) for the holder's lays, on hexes with
    terrain ``terrain`` (None: any); ``exact`` = only hexes whose every terrain is of that
    kind; ``hexes`` empty = anywhere."""

    kind: ClassVar[str] = "terrain_discount"
    amount: int | None = None
    terrain: str | None = None
    exact: bool = True
    hexes: tuple[str, ...] = attrs.field(default=(), converter=_tuple)
    owner: str = "corporation"


@attrs.frozen(repr=False)
class FreeTileLay(Record):
    """No terrain cost on the company's ``hexes`` for every company its owner directs (a
    private held by a player helps all of that player's companies)."""

    kind: ClassVar[str] = "free_tile_lay"
    hexes: tuple[str, ...] = attrs.field(default=(), converter=_tuple)


@attrs.frozen(repr=False)
class Exchange(Record):
    """The owner swaps the company for one share of ``company`` from the first of ``from``
    that has one (``ipo``, ``pool``); the company closes. ``when``: ``any`` time,
    ``stock_round`` (on the owner's turn) or ``operating_round``. The certificate limit does
    not apply to the exchange, the player share limit does."""

    kind: ClassVar[str] = "exchange"
    company: str = ""
    source: tuple[str, ...] = attrs.field(default=("ipo",), converter=_tuple)
    when: str = "any"
    owner: str = "player"


@attrs.frozen(repr=False)
class Shares(Record):
    """Whoever first buys the company also receives ``certificates`` (ids ``<company>.<n>``,
    ``.0`` is the director's certificate: its receiver sets the par price at once)."""

    kind: ClassVar[str] = "shares"
    certificates: tuple[str, ...] = attrs.field(default=(), converter=_tuple)
    # a director's certificate drawn at setup from these corporations (18Chesapeake's
    # Cornelius Vanderbilt); ``draw`` says how: engine (the game's seeded generator) | site_lcg
    # (the 18xx.games site's draw for the same seed: framework/eighteen/drawn.py)
    random_director: tuple[str, ...] = attrs.field(default=(), converter=_tuple)
    # a 10% (first non-director) certificate of one corporation drawn at setup from these
    # (1882's Trestle Bridge); drawn the same way (``draw``)
    random_share: tuple[str, ...] = attrs.field(default=(), converter=_tuple)
    draw: str = "engine"
    # a sale of the company between players: none (the certificates stay where they are) |
    # again (the buyer receives them again: refused while a player holds one, taken free from
    # the pool otherwise; 18xx.games grants the ability on every purchase by a player)
    on_player_sale: str = "none"


@attrs.frozen(repr=False)
class NoBuy(Record):
    """The company can never be sold by its player owner (to a corporation or a player)."""

    kind: ClassVar[str] = "no_buy"


@attrs.frozen(repr=False)
class Close(Record):
    """When the company closes besides ``closes_on_phase``: ``bought_train`` (when
    ``company`` buys its first train), ``used`` (its limited tile lays are used up),
    ``bought`` (a corporation buys it), ``phase`` (when ``phase`` starts), or ``never``
    (the general closing by phase does not close it). ``owner`` limits it to one kind of
    holder (``never`` + ``player``: stays open while a player holds it)."""

    kind: ClassVar[str] = "close"
    when: str = "never"
    company: str | None = None
    phase: str | None = None
    owner: str = "any"


@attrs.frozen(repr=False)
class RevenueChange(Record):
    """From phase ``phase`` on the company's income is ``revenue`` while ``owner`` holds it."""

    kind: ClassVar[str] = "revenue_change"
    revenue: int = 0
    phase: str = ""
    owner: str = "any"


@attrs.frozen(repr=False)
class ExclusiveTiles(Record):
    """Only this company's ``tile_lay`` or ``teleport`` abilities may lay ``tiles``; normal
    lays never offer them."""

    kind: ClassVar[str] = "exclusive_tiles"
    tiles: tuple[str, ...] = attrs.field(default=(), converter=_tuple)


@attrs.frozen(repr=False)
class SecondCertificate(Record):
    """Read by a title's hooks: the company's second certificate goes on sale for ``price``
    once ``after`` (``start_packet`` | ``director_certificate``) happened."""

    kind: ClassVar[str] = "second_certificate"
    price: int = 0
    after: str = "start_packet"


@attrs.frozen(repr=False)
class TileIncome(Record):
    """The company's owner earns ``income`` from the bank for every border of ``terrain``
    (``map.yaml`` ``borders[].kind``) any company pays to cross (1882's Trestle Bridge)."""

    kind: ClassVar[str] = "tile_income"
    income: int = 0
    terrain: str = "water"


Ability = (
    BlocksHexes | TileLay | Teleport | TerrainDiscount | FreeTileLay | Exchange | Shares | NoBuy
    | Close | RevenueChange | ExclusiveTiles | SecondCertificate | TileIncome
)

KINDS: dict[str, type[Any]] = {
    cls.kind: cls
    for cls in (
        BlocksHexes, TileLay, Teleport, TerrainDiscount, FreeTileLay, Exchange, Shares, NoBuy,
        Close, RevenueChange, ExclusiveTiles, SecondCertificate, TileIncome,
    )
}

#: YAML key -> field name where a Python keyword or a clearer name gets in the way
_RENAMED = {"from": "source"}


def parse_ability(raw: Mapping[str, Any] | Any) -> Any:
    """One typed ability from its YAML record (a typed one is returned as it is).

    The schema has already rejected unknown kinds and parameters for title files; records
    built in code get the same refusal here as a ValueError.
    """
    if not isinstance(raw, Mapping):
        if type(raw) in KINDS.values():
            return raw
        raise TypeError(f"an ability is a map with a kind, got {raw!r}")
    kind = raw.get("kind")
    cls = KINDS.get(str(kind))
    if cls is None:
        raise ValueError(f"unknown ability kind {kind!r} (known: {', '.join(sorted(KINDS))})")
    names = {f.name for f in attrs.fields(cls)}
    params: dict[str, Any] = {}
    for key, value in raw.items():
        if key == "kind":
            continue
        name = _RENAMED.get(key, key)
        if name not in names:
            raise ValueError(f"ability {kind}: unknown parameter {key!r} (allowed: {', '.join(sorted(names))})")
        params[name] = value
    return cls(**params)


def parse_abilities(raws: Any) -> tuple[Any, ...]:
    return tuple(parse_ability(r) for r in (raws or ()))
