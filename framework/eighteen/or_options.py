"""Operating-round options the data model does not carry, with the common 18xx defaults.

A title changes them by giving its Hooks class an ``operating_options`` attribute.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from railyard.framework.eighteen.context import Context


@attrs.frozen
class OperatingOptions:
    pool_dividends: str = "treasury"  # dividends on pool shares go to: treasury | bank
    payout_move: str = "right"  # market directions after a dividend decision
    half_move: str = "down_right"
    withhold_move: str = "left"
    forced_choice: str = "any"  # a helped forced purchase may take: any train on offer | cheapest
    trains_between_players: str = "consent"  # another player's company sells: consent | never
    tiles_per_turn: int = 1
    tokens_per_turn: int = 1


def options(rules: Context) -> OperatingOptions:
    found = getattr(rules.hooks, "operating_options", None)
    return found if isinstance(found, OperatingOptions) else OperatingOptions()
