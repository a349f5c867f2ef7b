"""Hand-built 18xx positions on the packetrail test title (tinyrail plus a start packet).

packetrail: bank 4000; 3 players get 400 each, certificate limit 12. Majors AR, CR, ER: 20%
director's certificate + eight 10% shares, float at 60%, full capitalisation. Market (grid):
row 0: 60 70p 80p 90 100 110 120 / row 1: 50 60 70p 80 90 100 / row 2: 40y 50y 60 70.
Packet: P1 (private, 20), P2 (private, 40), M1 (minor, 100, capital 90).
"""

from __future__ import annotations

import functools
from pathlib import Path

from railyard.framework.core.actions import Action
from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen import G18Ruleset, G18State
from railyard.framework.eighteen.rounds import RoundType, start_round
from railyard.framework.eighteen.state import IPO, POOL
from railyard.framework.loader import load_title

TITLE = Path(__file__).resolve().parent.parent / "fixtures" / "packetrail"
PLAYERS = ("ann", "bob", "cy")


class PlaceholderOperatingRound(RoundType):
    """A test stand-in for the operating round: it ends at once and every floated company
    counts as having operated, so that a position tests the rounds around it alone."""

    kind = "operating"

    def start(self, rules: G18Ruleset, state: G18State) -> list[str]:
        for company in state.companies.values():
            if company.floated and not company.closed:
                company.operated = True
        return []

    def active_entities(self, rules: G18Ruleset, state: G18State) -> tuple[str, ...]:
        return ()

    def legal_actions(self, rules: G18Ruleset, state: G18State, entity: str) -> list[Action]:
        return []

    def apply(self, rules: G18Ruleset, state: G18State, action: Action) -> list[str]:
        raise IllegalAction("rule:operating_round", "the test's operating round takes no action")

    def is_finished(self, rules: G18Ruleset, state: G18State) -> bool:
        return True


@functools.cache
def _title(variant: str | None, overrides: tuple[str, ...]):
    return load_title(TITLE, variant, overrides)


def ruleset(variant: str | None = None, overrides: tuple[str, ...] = ()) -> G18Ruleset:
    """The packetrail rules with the placeholder operating round (which ends at once and marks
    floated companies operated), so that these positions test the stock round alone."""
    return G18Ruleset(
        _title(variant, tuple(overrides)), round_types={"operating": PlaceholderOperatingRound()}
    )


def new_game(variant: str | None = None, overrides: tuple[str, ...] = (), players=PLAYERS):
    from railyard.framework.core.rng import GameRng

    rules = ruleset(variant, overrides)
    state = rules.new_state(rules.title, tuple(players), GameRng(1))
    return rules, state


def stock_position(overrides: tuple[str, ...] = (), priority: int = 0, players=PLAYERS):
    """A stock round with the packet gone (its items stay unsold in the initial offering)."""
    rules, state = new_game(None, overrides, players)
    state.packet_remaining = []
    state.priority = priority
    start_round(rules, state, "stock")
    return rules, state


def give(state: G18State, player: str, company: str, percent: int, director: bool = False) -> None:
    """Hand ``percent`` of a company's offering certificates to a player (test setup)."""
    certs = [c for c in state.companies[company].certificates if c.owner == IPO]
    if director:
        d = next(c for c in certs if c.director)
        d.owner = player
        percent -= d.percent
    for c in certs:
        if percent <= 0:
            break
        if not c.director:
            c.owner = player
            percent -= c.percent
    assert percent == 0


def started(rules: G18Ruleset, state: G18State, company: str, cell: tuple[int, int], operated=True) -> None:
    """Mark a corporation started, floated and (by default) operated, its marker on ``cell``."""
    c = state.companies[company]
    c.par_price = rules.spec.cell(cell).price
    c.par_cell = cell
    c.floated = True
    c.operated = operated
    state.place_marker(company, cell)


def to_pool(state: G18State, company: str, percent: int) -> None:
    give(state, POOL, company, percent)


def act(rules: G18Ruleset, state: G18State, action) -> list[str]:
    """Apply an action and check every invariant still holds."""
    lines = rules.apply(state, action)
    problems = rules.invariants(state)
    assert problems == [], problems
    return lines
