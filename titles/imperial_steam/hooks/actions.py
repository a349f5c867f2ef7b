"""Imperial Steam's actions: small frozen records, tagged "is_..." in the core's registry.

Main actions place a hand on one of the eleven Main Action tiles (``TILE``); free actions
(sell a share, deliver, buy State Railway access) and ending the turn do not.
"""

from __future__ import annotations

import attrs

from railyard.framework.core.actions import Action, action_type

is_action = action_type  # a second import of this module gets the first registration back


# ---------------------------------------------------------------- opening and phase 3
@is_action("is_bid")
@attrs.frozen(repr=False)
class Bid(Action):
    """Opening blind bid: guldens (a multiple of 10) for influence."""

    amount: int = 0


@is_action("is_store")
@attrs.frozen(repr=False)
class StoreOrdered(Action):
    """Phase 3: store the landing's goods, returning ``discard`` that cannot be stored."""

    discard: tuple[str, ...] = ()


# ---------------------------------------------------------------- main actions
@is_action("is_build_tracks")
@attrs.frozen(repr=False)
class BuildTracks(Action):
    """Main action 1: up to two connections in order; ``workers`` are the levels assigned from
    the Training areas; ``spend`` spends Business token points ("influence", "share",
    "passenger"), the rest going to influence, then share, then a car, else lost."""

    connections: tuple[str, ...] = ()
    workers: tuple[int, ...] = ()
    spend: tuple[str, ...] = ()


@is_action("is_hire")
@attrs.frozen(repr=False)
class Hire(Action):
    """Main action 2: ``workers`` from hub column ``column``; engineers from eligible hubs."""

    column: str | None = None
    workers: int = 0
    bridge: str | None = None
    tunnel: str | None = None


@is_action("is_build_station")
@attrs.frozen(repr=False)
class BuildStation(Action):
    """Main action 3 (train station)."""

    site: str = ""


@is_action("is_build_factory")
@attrs.frozen(repr=False)
class BuildFactory(Action):
    """Main action 3 (factory): site, factory site index, and the worker placed on it."""

    site: str = ""
    index: int = 0
    area: str = "training"  # training | working
    level: int = 1


@is_action("is_produce")
@attrs.frozen(repr=False)
class Produce(Action):
    """Main action 4: one good from each listed factory; ``discard`` what does not fit."""

    factories: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()


@is_action("is_buy_good")
@attrs.frozen(repr=False)
class BuyGood(Action):
    """Main action 5 (buy): one good now from the Shipment market."""

    good: str = ""
    discard: tuple[str, ...] = ()


@is_action("is_order_goods")
@attrs.frozen(repr=False)
class OrderGoods(Action):
    """Main action 5 (order): goods to the landing, arriving next round."""

    goods: tuple[str, ...] = ()


@is_action("is_buy_train")
@attrs.frozen(repr=False)
class BuyTrain(Action):
    """Main action 6 (buy)."""

    engine: str = ""


@is_action("is_upgrade_train")
@attrs.frozen(repr=False)
class UpgradeTrain(Action):
    """Main action 6 (upgrade train number ``train``)."""

    train: int = 0
    engine: str = ""


@is_action("is_secure_contract")
@attrs.frozen(repr=False)
class SecureContract(Action):
    """Main action 7; ``discard`` the goods on the cars that become reserved."""

    card: str = ""
    discard: tuple[str, ...] = ()


@is_action("is_philanthropize")
@attrs.frozen(repr=False)
class Philanthropize(Action):
    """Main action 8."""

    amount: int = 0


@is_action("is_share_value")
@attrs.frozen(repr=False)
class ManipulateShare(Action):
    """Main action 9: ``steps`` = +1 (pay influence) or a negative number (free)."""

    steps: int = 1


@is_action("is_fundraise")
@attrs.frozen(repr=False)
class Fundraise(Action):
    """Main action 10."""


@is_action("is_pass")
@attrs.frozen(repr=False)
class Pass(Action):
    """Main action 11."""


# ---------------------------------------------------------------- free actions
@is_action("is_sell_share")
@attrs.frozen(repr=False)
class SellShare(Action):
    """Free: sell a share to the topmost eligible Investor."""


@is_action("is_deliver")
@attrs.frozen(repr=False)
class Deliver(Action):
    """Free, once per turn: a good from ``factory`` to demand space ``demand`` of ``city``."""

    factory: str = ""
    city: str = ""
    demand: int = 0


@is_action("is_state_railway")
@attrs.frozen(repr=False)
class BuyStateRailway(Action):
    """Free: buy access to a crowned connection."""

    connection: str = ""
    spend: tuple[str, ...] = ()


@is_action("is_end_turn")
@attrs.frozen(repr=False)
class EndTurn(Action):
    """End the turn after the main action (free actions may come before and after it)."""


TILE: dict[type, str] = {
    BuildTracks: "build_tracks",
    Hire: "hire",
    BuildStation: "build_building",
    BuildFactory: "build_building",
    Produce: "produce",
    BuyGood: "buy_goods",
    OrderGoods: "buy_goods",
    BuyTrain: "train",
    UpgradeTrain: "train",
    SecureContract: "contract",
    Philanthropize: "philanthropize",
    ManipulateShare: "share_value",
    Fundraise: "fundraise",
    Pass: "pass",
}
"""Which of the eleven Main Action tiles each main action places its hand on."""

MAIN_TILES: tuple[str, ...] = tuple(dict.fromkeys(TILE.values()))
FREE: tuple[type, ...] = (SellShare, Deliver, BuyStateRailway)
