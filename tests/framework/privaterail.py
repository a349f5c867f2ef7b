"""Positions on the privaterail test title (tests/fixtures/privaterail, YAML only): the
packetrail board with one private per ability kind (issue 15).

Map (pointy, letter = row): A1 red off-board (20, 40 from phase 4; D trains 80), A3 Alton (AR's
home), A5 mountain 40, A7 Bury town, B2 Bexley (city, water 20), B4 Carrow (yellow city 20,
W-E, CR's home), B6 water 20 + mountain 20, B8 Dunmore (gray), C1 blank, C3 Easton (ER's home,
hill 30 on every lay), C5 Fenwick (town), C7 blank. Edges: 0 SW, 1 W, 2 NW, 3 NE, 4 E, 5 SE.
Privates (face value, ability): TB 20 blocks C7; MF 30 port tile 437 on C5 in the tile step of
a company its owner directs (only MF may lay 437); EH 40 blocks B4, on sale the seller lays
green 14/15 there; SM 50 mountain 30 off (exact); DR 60 exchange for an AR share; CS 40 a
yellow 7/8/9 on C1 in the owner's turn; DH 70 teleport 57 to B2 + token; UF 150 stays open
and pays 50 from phase 5 while a player holds it; CA 160 gives ER.1; BO 100 no_buy, gives
CR.0, closes when CR buys a train. All privates close in phase 5. Trains 2 3 4 5 D (D 600,
100 off trading in a 3 or 4). Corporations buy privates in phases 3 and 4 for 50%-200%.
Market rows: 0: 60 70p 80p 90 100 110 120; 1: 50 60 70p 80 90 100; 2: 40y 50y 60 70;
3: 30o 40o 50b; 4: 0c 30b.
"""

from __future__ import annotations

import functools
from pathlib import Path

from railyard.framework.core.rng import GameRng
from railyard.framework.eighteen import G18Ruleset, G18State
from railyard.framework.eighteen.phases import start_phase
from railyard.framework.eighteen.rounds import start_round
from railyard.framework.eighteen.state import DEPOT
from railyard.framework.eighteen.trains import transfer
from railyard.framework.loader import load_title  # noqa: F401
from tests.framework.g18_helpers import act, give, started

TITLE = Path(__file__).resolve().parent.parent / "fixtures" / "privaterail"
PLAYERS = ("ann", "bob", "cy")

__all__ = ["act", "give", "started"]


@functools.cache
def _title():
    return load_title(TITLE)


def position(phase: str = "2") -> tuple[G18Ruleset, G18State]:
    rules = G18Ruleset(_title())
    state = rules.new_state(rules.title, PLAYERS, GameRng(1))
    state.packet_remaining = []
    if phase != "2":
        start_phase(rules, state, phase)
    return rules, state


def own(state: G18State, private: str, holder: str) -> None:
    cert = next(c for c in state.companies[private].certificates if c.director)
    cert.owner = holder


def major(rules: G18Ruleset, state: G18State, company: str, director: str, cash: int,
          cell: tuple[int, int] = (0, 1)) -> None:
    give(state, director, company, 60, director=True)
    started(rules, state, company, cell)
    state.pay("@bank", company, cash)


def train(rules: G18Ruleset, state: G18State, company: str, name: str) -> str:
    train_id = next(t.id for t in state.trains.values() if t.name == name and t.owner == DEPOT)
    transfer(rules, state, train_id, company)
    return train_id


def operate(rules: G18Ruleset, state: G18State) -> list[str]:
    return start_round(rules, state, "operating")
