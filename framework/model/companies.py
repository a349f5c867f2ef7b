"""Company types (``company_types.yaml``) and companies (``companies.yaml``).

The engine's behaviour for a company comes from its type; a company only overrides what its
type leaves open (certificates, tokens, homes...).
"""

from __future__ import annotations

from typing import Any

import attrs

from railyard.framework.model.abilities import parse_abilities
from railyard.framework.model.keys import key_field
from railyard.framework.model.values import PhaseValue
from railyard.framework.records import Record


@attrs.frozen(repr=False)
class CertificateSpec(Record):
    """``count`` certificates of ``percent`` each; the director's certificate is one of them."""

    percent: int
    director: bool = False
    count: int = 1


@attrs.frozen(repr=False)
class TokenCost(Record):
    """Cost of station tokens beyond the home one, in order (2nd, 3rd...).

    ``per_hex``: cost times distance in hexes; ``fixed``: a flat cost. ``distance``: the
    hexes a ``per_hex`` cost counts, over the hexes the company reaches (``reach``) or straight
    across the map (``map``); ``steps_with``: which price of the list a token pays, by the
    extra stations the company has bought (``bought``) or by its stations on the map, the
    first aside (``on_map``: a company that took over stations pays on from them).
    """

    per_hex: tuple[int, ...] = ()
    fixed: tuple[int, ...] = ()
    distance: str = "reach"
    steps_with: str = "bought"


@attrs.frozen(repr=False)
class CompanyType(Record):
    id: str = key_field()
    kind: str = "corporation"
    operates: bool = attrs.field()
    order: int = 0
    order_by: str = "listed"
    # the order inside the group in the game's first operating round (None: order_by);
    # share_price_ascending: lowest price first (1846)
    first_order_by: str | None = None
    limit_group: str | None = None
    train_kinds: tuple[str, ...] | None = None
    lays_tiles: bool = False
    extra_tokens: bool = False
    must_own_train: bool = False
    revenue_split: dict[str, int] | None = None
    rounding: str = "bank"
    certificates: tuple[CertificateSpec, ...] = ()
    float_percent: int | None = None
    capitalization: str = "full"
    dividends: tuple[str, ...] = ()
    token_cost: TokenCost | None = None

    @operates.default
    def _operates_default(self) -> bool:
        return self.kind != "private"


@attrs.frozen(repr=False)
class Home(Record):
    """A home station: a hex, and the city on it when the hex has several."""

    hex: str
    city: int | None = None


@attrs.frozen(repr=False)
class CompanyDef(Record):
    id: str = key_field()
    type: str = ""
    name: str = ""
    short: str | None = None
    color: str | None = None
    text_color: str | None = None
    home: tuple[Home, ...] = ()
    capital: int | None = None
    income: PhaseValue | None = None
    hexes: tuple[str, ...] = ()
    opens_on_phase: str | None = None
    closes_on_phase: str | None = None
    tokens: int | None = None
    certificates: tuple[CertificateSpec, ...] | None = None
    exchange_shares: int = 0
    exchanges_into: str | None = None
    merges_into: str | None = None
    start_price: int | None = None
    min_bid: int | None = None
    # trains the company is given from the depot at setup, free (1846's minors: a 2 each)
    free_trains: tuple[str, ...] = ()
    abilities: tuple[dict[str, Any], ...] = ()
    # the same abilities typed (framework.model.abilities): what the engine reads
    ability_defs: tuple[Any, ...] = attrs.field(init=False, eq=False, repr=False)

    @ability_defs.default
    def _parse_abilities(self) -> tuple[Any, ...]:
        return parse_abilities(self.abilities)

    def abilities_of(self, cls: Any) -> tuple[Any, ...]:
        """This company's abilities of one kind (a class of framework.model.abilities)."""
        return tuple(a for a in self.ability_defs if isinstance(a, cls))

    @property
    def home_choice(self) -> bool:
        """Whether the owner chooses among several homes."""
        return len(self.home) > 1

    @property
    def label(self) -> str:
        return self.short or self.id
