"""The first edition's goods trains (XII.3, XII.6): a new "3G" only once every new "1G" and
"2G" is sold, a new "4G" only once every new "3G" is sold (on top of the passenger train that
releases them, ``available_on`` in trains.yaml). The second edition releases them with that
train alone."""

from __future__ import annotations

from typing import TYPE_CHECKING

from railyard.framework.eighteen.state import DEPOT, G18State

from .common import option

if TYPE_CHECKING:
    from railyard.framework.eighteen.context import Context

#: train -> (the trains that must be sold out first, the section)
SOLD_OUT_FIRST = {"3G": (("1G", "2G"), "XII.3"), "4G": (("3G",), "XII.6")}


def can_buy_train(rules: Context, state: G18State, train_id: str) -> str | None:
    if not option(rules, "goods_trains_wait_for_sell_out"):
        return None
    train = state.trains[train_id]
    rule = SOLD_OUT_FIRST.get(train.name)
    if rule is None or train.owner != DEPOT:
        return None
    before, section = rule
    left = [t for t in state.trains.values() if t.name in before and t.owner == DEPOT]
    if left:
        names = "/".join(before)
        return f"{section}: a new {train.name} only once every new {names} is sold ({len(left)} left)"
    return None
