"""Hand-built operating-round positions on the packetrail test title.

packetrail map (pointy, letter = row): A1 red off-board (20, 40 from phase 4; track E and SE),
A3 Alton (city, AR's and M1's home), A5 mountain (40), A7 Bury (town, region east: phase 3),
B2 blank, B4 Carrow (yellow, city 20, W-E track, reserved for CR), B6 water (20), B8 Dunmore
(gray, city 30 with 2 slots, track W, NW, SW; region east), C1, C3 Easton (city, ER's home),
C5 Fenwick (town), C7. Edges: 0 SW, 1 W, 2 NW, 3 NE, 4 E, 5 SE.
Tiles: 57 (city 20, track 0-3), 3 (town), 7 (0-1), 8 (0-2), 9 (0-3), green 14, 15 (city 30,
2 slots), brown 63. Trains: 2 (80, 5, scrapped by the first 4), 3 (180, 3), 4 (300, 2),
5E (500, unlimited). Phases 2 (yellow, limit 4), 3 (on "3": green, 2 ORs), 4 (on "4": brown,
limit 3). Majors: fixed token costs 40, 60; dividends payout/withhold.
Market row 0: 60 70p 80p 90 100 110 120; row 1: 50 60 70p 80 90 100; row 2: 40y 50y 60 70.
"""

from __future__ import annotations

import functools
from pathlib import Path

from railyard.framework.core.rng import GameRng
from railyard.framework.eighteen import G18Ruleset, G18State
from railyard.framework.eighteen.hooks import Hooks
from railyard.framework.eighteen.rounds import start_round
from railyard.framework.eighteen.state import DEPOT, IPO
from railyard.framework.eighteen.trains import transfer
from railyard.framework.loader import load_title
from tests.framework.g18_helpers import give, started  # noqa: F401  (re-exported for OR tests)

TITLE = Path(__file__).resolve().parent.parent / "fixtures" / "packetrail"
PLAYERS = ("ann", "bob", "cy")


@functools.cache
def _title(overrides: tuple[str, ...]):
    # the title's code left out: these positions bring their own hooks (events among them)
    return load_title(TITLE, None, overrides, check_code=False)


def rules_for(overrides: tuple[str, ...] = (), hooks: type[Hooks] | None = None) -> G18Ruleset:
    return G18Ruleset(_title(tuple(overrides)), hooks=hooks)


def position(
    overrides: tuple[str, ...] = (),
    hooks: type[Hooks] | None = None,
    players: tuple[str, ...] = PLAYERS,
) -> tuple[G18Ruleset, G18State]:
    """A fresh game with the packet gone: nothing floated, nobody owns anything."""
    rules = rules_for(overrides, hooks)
    state = rules.new_state(rules.title, tuple(players), GameRng(1))
    state.packet_remaining = []
    return rules, state


def major(rules: G18Ruleset, state: G18State, company: str, cell: tuple[int, int], holders: dict[str, int],
          cash: int = 0, operated: bool = True) -> None:
    """Float a major: ``holders`` player -> percent (the first one named gets the director's
    certificate); the company gets ``cash`` from the bank."""
    first = True
    for player, percent in holders.items():
        give(state, player, company, percent, director=first)
        first = False
    started(rules, state, company, cell, operated=operated)
    if cash:
        state.pay("@bank", company, cash)


def minor(state: G18State, company: str, owner: str, cash: int = 0) -> None:
    cert = next(c for c in state.companies[company].certificates if c.director)
    cert.owner = owner
    state.companies[company].floated = True
    if cash:
        state.pay("@bank", company, cash)


def give_train(rules: G18Ruleset, state: G18State, company: str, name: str) -> str:
    """Move the next depot train of ``name`` to a company (phase effects included)."""
    train_id = next(t.id for t in state.trains.values() if t.name == name and t.owner == DEPOT)
    transfer(rules, state, train_id, company)
    return train_id


def operating(rules: G18Ruleset, state: G18State) -> list[str]:
    """Start an operating round on the position."""
    return start_round(rules, state, "operating")


def step(state: G18State) -> tuple[str | None, str]:
    return state.round.current, state.round.step  # type: ignore[attr-defined]


def ipo_percent(state: G18State, company: str) -> int:
    return state.percent_held(IPO, company)


def enter_phase(rules: G18Ruleset, state: G18State, name: str) -> list[str]:
    """Start a phase directly (its effects as on a train purchase, without the trains)."""
    from railyard.framework.eighteen.phases import start_phase

    return start_phase(rules, state, name)
