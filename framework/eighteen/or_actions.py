"""The operating round's actions. ``entity`` is the operating company (its director acts for
it), except for emergency share sales and bankruptcy, which are the director's own.

Skipping a step or ending the turn is the family's ``Pass`` with the company as entity; an
emergency sale is the family's ``SellShares`` with the director as entity.
"""

from __future__ import annotations

import attrs

from railyard.framework.core.actions import Action, action_type
from railyard.framework.records import Record


@action_type("lay_tile")
@attrs.frozen(repr=False)
class LayTile(Action):
    """Lay (or upgrade to) ``tile`` on ``hex`` turned clockwise by ``rotation`` sixths."""

    hex: str
    tile: str
    rotation: int


@action_type("place_token")
@attrs.frozen(repr=False)
class PlaceToken(Action):
    """Place a station token on stop ``city`` (index on the tile) of ``hex``."""

    hex: str
    city: int = 0


@attrs.frozen(repr=False)
class TrainRoute(Record):
    """One train's route: the train id and the nodes it travels (stop ids ``"<hex>.<i>"`` and
    junctions ``"<hex>|<hex>"``); ``pieces`` names the track pieces where nodes alone are
    ambiguous (empty: look them up)."""

    train: str
    nodes: tuple[str, ...]
    pieces: tuple[int, ...] = ()


@action_type("run_routes")
@attrs.frozen(repr=False)
class RunRoutes(Action):
    """Run the company's trains on these routes (trains not listed do not run)."""

    runs: tuple[TrainRoute, ...] = ()


@action_type("dividend")
@attrs.frozen(repr=False)
class Dividend(Action):
    """Distribute the run's revenue: ``payout``, ``half`` or ``withhold`` (minors: ``split``)."""

    kind: str


@action_type("buy_train")
@attrs.frozen(repr=False)
class BuyTrain(Action):
    """Buy train ``train`` (its id) from the depot, the pool or another company for ``price``."""

    train: str
    price: int


@action_type("answer_train_offer")
@attrs.frozen(repr=False)
class AnswerTrainOffer(Action):
    """The selling company's director accepts or declines an offer for one of its trains."""

    accept: bool


@action_type("surrender_train")
@attrs.frozen(repr=False)
class SurrenderTrain(Action):
    """Give a train back to the bank pool voluntarily, paying half its price to the bank."""

    train: str


@action_type("discard_train")
@attrs.frozen(repr=False)
class DiscardTrain(Action):
    """Give a train to the bank pool without compensation (a company over its train limit)."""

    train: str


@action_type("choose_home")
@attrs.frozen(repr=False)
class ChooseHome(Action):
    """Choose a home among the company's listed choices (``hex`` or ``hex.city``)."""

    home: str


@action_type("declare_bankruptcy")
@attrs.frozen(repr=False)
class DeclareBankruptcy(Action):
    """The director cannot raise the money for a forced train purchase."""
