"""Trains (``trains.yaml``): in file order, which is the order of sale within each depot."""

from __future__ import annotations

import attrs

from railyard.framework.model.keys import key_field
from railyard.framework.records import Record


@attrs.frozen(repr=False)
class TradeIn(Record):
    """Money off the price when the buyer hands in one of its trains named in ``trains``."""

    trains: tuple[str, ...]
    discount: int


@attrs.frozen(repr=False)
class TrainDef(Record):
    """One train name. ``count`` None means unlimited; ``cards`` is the physical cards."""

    name: str = key_field()
    kind: str = "plain"
    distance: int = 0
    plus: int = 0
    price: int = 0
    count: int | None = None
    # the count at some player counts (1846: 2s are players + 4); others take ``count``
    count_by_players: dict[int, int] = attrs.field(factory=dict)
    cards: int | None = None
    depot: str = "main"
    available_on: str | None = None
    rusts_on: str | None = None
    events: tuple[str, ...] = ()
    trade_in: TradeIn | None = None

    @property
    def unlimited(self) -> bool:
        return self.count is None

    @property
    def card_count(self) -> int | None:
        """The cards in the box: ``cards`` if given, else ``count``."""
        return self.cards if self.cards is not None else self.count
