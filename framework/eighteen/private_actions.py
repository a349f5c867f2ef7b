"""Actions of the 1830-family mechanics: buying privates, using abilities, trading in trains.

Like every action they are small frozen records naming the acting entity first; the steps in
``framework/eighteen/private_steps.py`` (and the stock round for exchanges) check and apply them.
"""

from __future__ import annotations

import attrs

from railyard.framework.core.actions import Action, action_type


@action_type("buy_private")
@attrs.frozen(repr=False)
class BuyPrivate(Action):
    """The operating corporation buys private ``company`` from its player owner for ``price``."""

    company: str
    price: int


@action_type("ability_lay")
@attrs.frozen(repr=False)
class AbilityLay(Action):
    """Lay ``tile`` on ``hex`` (rotation sixths) with a ``tile_lay`` or ``teleport`` ability of
    private ``company``. ``entity`` is the company the lay is for (or the player who acts)."""

    company: str
    hex: str
    tile: str
    rotation: int


@action_type("ability_token")
@attrs.frozen(repr=False)
class AbilityToken(Action):
    """Place the token a ``teleport`` ability of ``company`` allows on its hex (stop ``city``)."""

    company: str
    hex: str
    city: int = 0


@action_type("exchange_private")
@attrs.frozen(repr=False)
class ExchangePrivate(Action):
    """The player owner swaps private ``company`` for a share by its ``exchange`` ability,
    taken from ``source`` (``ipo`` or ``pool``)."""

    company: str
    source: str = "ipo"


@action_type("buy_train_trade_in")
@attrs.frozen(repr=False)
class BuyTrainTradeIn(Action):
    """Buy depot train ``train`` for ``price`` handing in own train ``trade_in`` (the bought
    train's ``trade_in`` discount)."""

    train: str
    trade_in: str
    price: int
