"""The 18xx family's player actions (start packet and stock rounds).

The operating round's actions live with the operating round. Tags are unique across rulesets.
"""

from __future__ import annotations

import attrs

from railyard.framework.core.actions import Action, action_type


@action_type("pass")
@attrs.frozen(repr=False)
class Pass(Action):
    """Pass (in a stock round: end the turn; a pass with nothing done counts toward round end)."""


@action_type("bid")
@attrs.frozen(repr=False)
class Bid(Action):
    """Bid ``price`` for a start-packet item (starting an auction, or raising in one)."""

    item: str
    price: int


@action_type("buy_item")
@attrs.frozen(repr=False)
class BuyItem(Action):
    """Buy a start-packet item or an offer at its current fixed ``price``."""

    item: str
    price: int


@action_type("par")
@attrs.frozen(repr=False)
class Par(Action):
    """Start a corporation: buy its director's certificate and set the par price."""

    company: str
    price: int


@action_type("buy_shares")
@attrs.frozen(repr=False)
class BuyShares(Action):
    """Buy one certificate of a corporation from the initial offering ("ipo") or the pool."""

    company: str
    source: str = "ipo"


@action_type("sell_shares")
@attrs.frozen(repr=False)
class SellShares(Action):
    """Sell ``percent`` of a corporation to the bank pool."""

    company: str
    percent: int


@action_type("choose")
@attrs.frozen(repr=False)
class Choose(Action):
    """A named choice offered by a title hook (e.g. a home city, an exchange): ``choice`` is
    one of the options the hook lists."""

    what: str
    choice: str
