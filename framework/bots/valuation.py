"""A cheap value of an 18xx position for each player, and a rank-aware score built on it.

Net worth (cash plus certificates at market value, what decides the game) misses what a
holding will still earn: a 10% share of a company that runs 300 a round is worth 30 a round
more than its price for as many operating rounds as the game has left. So a player's value is

    net worth + sum over holdings of (percent / 100) * earning * horizon

where ``earning`` is what the company's trains run on today's board and ``horizon`` the number
of operating rounds the game is expected to last: the bank's cash over what all companies
earn in a round (the bank pays those runs out), between :data:`MIN_HORIZON` and a cap. Late in
the game the horizon is short and a share is worth little more than its price, so a sale that
drops a rival's price can gain more than the seller's lost dividends.

Winning is about rank, so a choice is scored by the player's value less a mix of the best and
the mean rival's (:func:`rank_score`). Everything here reads the 18xx family's state only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: the fewest operating rounds a position is credited with (the round being played)
MIN_HORIZON = 1.0


def horizon(bank: float, earnings: Mapping[str, float], cap: float) -> float:
    """Operating rounds the game is expected to last: the bank's cash over a round's runs."""
    per_round = sum(e for e in earnings.values() if e > 0)
    if per_round <= 0:
        return cap
    return max(MIN_HORIZON, min(cap, bank / per_round))


def player_values(rules: Any, state: Any, earnings: Mapping[str, float], rounds: float,
                  liabilities: Mapping[str, float] | None = None) -> dict[str, float]:
    """Each player's net worth plus what their holdings earn over ``rounds`` operating rounds,
    less what the companies they direct will make them pay towards a train (``liabilities``,
    by company: a director whose company must buy a train it cannot pay pays the rest)."""
    value = {p: float(w) for p, w in rules.standings(state)}
    for cid, owed in (liabilities or {}).items():
        director = state.director(cid) if cid in state.companies else None
        if owed > 0 and director in value:
            value[director] -= owed
    for cid, income in earnings.items():
        if income <= 0 or cid not in state.companies:
            continue
        for player in value:
            percent = state.percent_held(player, cid)
            if percent:
                value[player] += income * percent / 100 * rounds
    return value


def train_liability(company_cash: int, owns_lasting_train: bool, train_price: int | None) -> float:
    """What a company's director will have to add for a train: the next train's price less the
    treasury, when the company has no train that survives the next phase (else nothing)."""
    if owns_lasting_train or train_price is None:
        return 0.0
    return float(max(0, train_price - company_cash))


def rank_score(values: Mapping[str, float], me: str, rival_weight: float) -> float:
    """``me``'s value less the rivals': ``rival_weight`` on the best, the rest on the mean."""
    others = [v for p, v in values.items() if p != me]
    mine = values.get(me, 0.0)
    if not others:
        return mine
    rival = rival_weight * max(others) + (1 - rival_weight) * sum(others) / len(others)
    return mine - rival
