"""Building concrete Imperial Steam positions for the rule tests."""

from __future__ import annotations

from railyard.framework.core.rng import GameRng
from railyard.titles.imperial_steam.hooks import RULESET
from railyard.titles.imperial_steam.hooks.actions import Bid
from railyard.titles.imperial_steam.hooks.data import default_data, with_option
from railyard.titles.imperial_steam.hooks.state import State

PLAYERS = ("A", "B", "C", "D")


def ruleset(option: str = "fixed"):
    return RULESET(with_option(default_data(), option))


def fresh(n: int = 4, seed: int = 1, option: str = "fixed") -> tuple:
    """(rules, state) right after setup: the opening bid comes next."""
    rules = ruleset(option)
    state = rules.new_state(rules.data, PLAYERS[:n], GameRng(seed))
    return rules, state


def in_round_one(n: int = 4, seed: int = 1, bids: dict | None = None) -> tuple:
    """(rules, state) at Round 1 phase 7 after the given bids (default: everyone bids 0),
    with turn order forced to A, B, C, D for readable tests."""
    rules, state = fresh(n, seed)
    bids = bids or {}
    for pid in list(state.order):
        rules.apply(state, Bid(pid, bids.get(pid, 0)))
    if not bids:
        state.order = sorted(state.players)
        state.turn = 0
    return rules, state


def player(state: State, pid: str = "A"):
    return state.players[pid]


def connect(state: State, pid: str, *conns: str) -> None:
    """Give a player track (no costs): for setting up positions only."""
    state.players[pid].tracks.extend(conns)
