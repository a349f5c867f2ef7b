"""Phases (``phases.yaml``), in game order."""

from __future__ import annotations

import attrs

from railyard.framework.memo import FrozenMap, frozen_map
from railyard.framework.model.keys import key_field
from railyard.framework.records import Record


@attrs.frozen(repr=False)
class PhaseDef(Record):
    name: str = key_field()
    starts_on: str | None = None
    tiles: tuple[str, ...] = ("yellow",)
    operating_rounds: int = 1
    operating_rounds_from: str = "now"
    # read-only: memos key on it (trains' limit tables), so it must not change once loaded
    train_limits: dict[str, int] = attrs.field(factory=FrozenMap, converter=frozen_map)
    buy_from_companies: bool = False
    corporations_buy_privates: bool = False
    players_buy_privates: bool = False
    events: tuple[str, ...] = ()
