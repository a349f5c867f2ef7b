"""Certificate arithmetic every share move needs: which ordinary certificates make up a
percent, and the director's certificate changing hands for them.

A leaf module (it needs only the state) so that the share rules, the engine's primitives and
the phases can all use it without importing each other.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations

from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen.state import Certificate, G18State


def pick_certificates(certs: Iterable[Certificate], percent: int) -> list[Certificate] | None:
    """Ordinary certificates summing exactly to ``percent`` (fewest first), or None."""
    pool = [c for c in certs if not c.director]
    if percent == 0:
        return []
    # certificates of one size are the common case: take the first ones
    sizes = {c.percent for c in pool}
    if len(sizes) == 1:
        size = sizes.pop()
        if percent % size == 0 and percent // size <= len(pool):
            return pool[: percent // size]
        return None
    for n in range(1, len(pool) + 1):
        for combo in combinations(pool, n):
            if sum(c.percent for c in combo) == percent:
                return list(combo)
    return None


def swap_director(state: G18State, company_id: str, new_director: str) -> None:
    """Hand the director's certificate to ``new_director`` for ordinary certificates of the same
    percent (rule: the old director receives the same percentage in ordinary shares)."""
    company = state.companies[company_id]
    director_cert = next(c for c in company.certificates if c.director)
    old = director_cert.owner
    give = pick_certificates(state.certs_held(new_director, company_id), director_cert.percent)
    if give is None:
        raise IllegalAction(
            "rule:director.exchange",
            f"{new_director} cannot hand over {director_cert.percent}% for the director's certificate",
        )
    for cert in give:
        cert.owner = old
    director_cert.owner = new_director
