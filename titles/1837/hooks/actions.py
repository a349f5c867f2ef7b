"""1837's own actions: the start-of-round choices (coal exchanges, opening a national railway,
folding a minor into it) and Sd #5's home. Tags start with "1837_"."""

from __future__ import annotations

import attrs

from railyard.framework.core.actions import Action, action_type

title_action = action_type  # a second import of this module gets the first registration back


@title_action("1837_exchange_coal")
@attrs.frozen(repr=False)
class ExchangeCoal(Action):
    """The owner of coal company ``company`` exchanges it for its major's exchange share
    (``accept``) or keeps it for now."""

    company: str
    accept: bool


@title_action("1837_open_national")
@attrs.frozen(repr=False)
class OpenNational(Action):
    """The owner of a national's minor #1 opens the national (``accept``) or waits."""

    national: str
    accept: bool


@title_action("1837_fold_in")
@attrs.frozen(repr=False)
class FoldIn(Action):
    """The owner of a national's minor folds it into the open national (``accept``) or not."""

    minor: str
    accept: bool


@title_action("1837_choose_home")
@attrs.frozen(repr=False)
class ChooseHome(Action):
    """The owner of a minor with a choice of homes (Sd #5: Milan or Venice) picks one."""

    company: str
    hex: str


@title_action("1837_keep_coal_trains")
@attrs.frozen(repr=False)
class KeepCoalTrains(Action):
    """The director of the major a coal company is exchanged into picks which of its trains
    the major takes (the others go to the bank pool)."""

    company: str
    trains: tuple[str, ...]


@title_action("1837_surrender_national_train")
@attrs.frozen(repr=False)
class SurrenderNationalTrain(Action):
    """The director of a national over its train limit after minors folded in (XI) picks a
    train it surrenders to the bank pool."""

    national: str
    train: str
