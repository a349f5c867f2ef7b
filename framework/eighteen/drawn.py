"""Corporations drawn at setup (``shares`` ability ``random_director``): 18Chesapeake's
Cornelius Vanderbilt carries the director's certificate of one corporation drawn when the game
is set up. ``state.extra["drawn"]`` maps the private to the drawn corporation; the ``shares``
ability hands that certificate to the buyer and ``close: drawn_bought_train`` closes the
private when that corporation buys a train.

``draw: site_lcg`` draws the way the 18xx.games site does for the same seed, so a recorded
game's private carries the same corporation here: the site's generator is the linear
congruential sequence x' = (1103515245 x + 12345) mod 2^31 started at seed mod 2^31, and its
first number modulo the number of corporations picks one (checked on the recorded games:
seeds 1277 -> SRR, 1905 and 14377 -> C&A, 22383 -> C&O).

The site draws in a fixed order, each draw taking the sequence's next number: first the train
of ``setup.drawn_train_event`` (its train handler is built first), then the companies'
``random_director`` / ``random_share`` corporations in company order. ``random_share`` (1882's
Trestle Bridge) hands over the first 10% certificate of the drawn corporation; 1882's seeds
5585 -> 5 train and GT, 10526 -> 6 and HBR (the site's logs agree).
"""

from __future__ import annotations

from railyard.framework.eighteen.context import Context
from railyard.framework.eighteen.state import G18State
from railyard.framework.model.abilities import Shares

DRAWN = "drawn"
DRAWN_EVENT = "drawn_train_event"
_A, _C, _M = 1_103_515_245, 12_345, 2**31


def site_lcg_next(value: int) -> int:
    """The site generator's number after ``value`` (its state is its last number)."""
    return ((_A * value) + _C) % _M


def site_lcg_start(seed: int) -> int:
    """The site generator's state before its first draw for ``seed``."""
    return seed % _M


def site_lcg_index(seed: int, size: int) -> int:
    """The index the site's first draw for ``seed`` picks among ``size`` items."""
    return site_lcg_next(site_lcg_start(seed)) % size


class _Draws:
    """The site's sequence for one seed, a number per draw (engine draws use the game's RNG)."""

    def __init__(self, state: G18State) -> None:
        self.state = state
        self.last = state.rng.seed % _M

    def index(self, draw: str, size: int) -> int:
        if draw != "site_lcg":
            return self.state.rng.randint(0, size - 1)
        self.last = (_A * self.last + _C) % _M
        return self.last % size


def draw_at_setup(ctx: Context, state: G18State) -> list[str]:
    """Draw the train of the drawn event, then every ``random_director`` and ``random_share``
    corporation (in company order), in the site's order."""
    lines: list[str] = []
    draws = _Draws(state)
    event = ctx.spec.setup.drawn_train_event
    if event is not None:
        train = event.trains[draws.index(event.draw, len(event.trains))]
        state.extra[DRAWN_EVENT] = [train, event.event]
        lines.append(f"{event.event} comes with the first {train} train bought")
    for cid, cdef in ctx.spec.companies.items():
        for ability in cdef.abilities_of(Shares):
            pool = ability.random_director or ability.random_share
            if not pool:
                continue
            chosen = pool[draws.index(ability.draw, len(pool))]
            state.extra.setdefault(DRAWN, {})[cid] = chosen
            what = "president's certificate" if ability.random_director else "a 10% share"
            lines.append(f"{cid} comes with the {what} of {chosen}")
    return lines


def drawn_events(state: G18State, train_name: str) -> tuple[str, ...]:
    """The drawn event the first purchase of ``train_name`` raises (none if another train's)."""
    found = state.extra.get(DRAWN_EVENT)
    return (found[1],) if found and found[0] == train_name else ()


def drawn_for(state: G18State, company_id: str) -> str | None:
    """The corporation drawn for ``company_id`` (None: none drawn)."""
    found = state.extra.get(DRAWN, {})
    return found.get(company_id) if isinstance(found, dict) else None
