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
"""

from __future__ import annotations

from railyard.framework.eighteen.context import Context
from railyard.framework.eighteen.state import G18State
from railyard.framework.model.abilities import Shares

DRAWN = "drawn"
_A, _C, _M = 1_103_515_245, 12_345, 2**31


def site_lcg_index(seed: int, size: int) -> int:
    """The index the site's first draw for ``seed`` picks among ``size`` items."""
    return ((_A * (seed % _M)) + _C) % _M % size


def draw_at_setup(ctx: Context, state: G18State) -> list[str]:
    """Draw every ``random_director`` corporation (in company order)."""
    lines: list[str] = []
    for cid, cdef in ctx.spec.companies.items():
        for ability in cdef.abilities_of(Shares):
            pool = ability.random_director
            if not pool:
                continue
            if ability.draw == "site_lcg":
                index = site_lcg_index(state.rng.seed, len(pool))
            else:
                index = state.rng.randint(0, len(pool) - 1)
            state.extra.setdefault(DRAWN, {})[cid] = pool[index]
            lines.append(f"{cid} comes with the president's certificate of {pool[index]}")
    return lines


def drawn_for(state: G18State, company_id: str) -> str | None:
    """The corporation drawn for ``company_id`` (None: none drawn)."""
    found = state.extra.get(DRAWN, {})
    return found.get(company_id) if isinstance(found, dict) else None
