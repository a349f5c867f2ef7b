"""The engine side of the ability vocabulary (``framework/model/abilities.py``): one module per
kind, each saying where in the rules its kind acts. This package holds what they share: who
holds a company and whether an ability's ``owner`` condition holds now.

``holder`` is the owner of the company's director's certificate (a player, or the company
that bought it); an ability with ``owner: player`` works only while that is a player,
``owner: corporation`` only while it is a company, ``any`` while anyone holds it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from railyard.framework.eighteen.context import Context
from railyard.framework.eighteen.state import G18State
from railyard.framework.memo import IdMemo


def holder(state: G18State, company_id: str) -> str | None:
    """Who holds the company: a player id, a company id, or None (unsold, closed)."""
    company = state.companies[company_id]
    if company.closed:
        return None
    owner = next((c.owner for c in company.certificates if c.director), None)
    if owner is None:
        return None
    if state.is_player(owner) or owner in state.companies:
        return owner
    return None


def holder_kind(state: G18State, company_id: str) -> str | None:
    """``player``, ``corporation`` (held by a company) or None."""
    who = holder(state, company_id)
    if who is None:
        return None
    return "player" if state.is_player(who) else "corporation"


def owner_ok(owner: str, state: G18State, company_id: str) -> bool:
    kind = holder_kind(state, company_id)
    return kind is not None and owner in ("any", kind)


def hexes_of(ctx: Context, company_id: str, ability: Any) -> tuple[str, ...]:
    """The hexes an ability names, else its company's ``hexes``."""
    return tuple(getattr(ability, "hexes", ())) or ctx.spec.companies[company_id].hexes


# spec -> class -> (company id, ability) in company order, filled as asked: the title's
# abilities never change, and the tile-lay rules ask for them once per candidate lay
_BY_CLASS: IdMemo[dict[Any, tuple[tuple[str, Any], ...]]] = IdMemo(64)


def abilities_by_class(ctx: Context, cls: Any) -> tuple[tuple[str, Any], ...]:
    """(company id, ability) for every company with an ability of class ``cls``, open or not."""
    companies = ctx.spec.companies
    spec = ctx.spec
    found = _BY_CLASS.get(id(spec))
    by_class = found[1] if found is not None and found[0] is spec \
        else _BY_CLASS.put(spec, id(spec), {})
    pairs = by_class.get(cls)
    if pairs is None:
        pairs = by_class[cls] = tuple(
            (cid, ability) for cid, cdef in companies.items() for ability in cdef.abilities_of(cls)
        )
    return pairs


def open_abilities(ctx: Context, state: G18State, cls: Any) -> Iterator[tuple[str, Any]]:
    """(company id, ability) for every open company with an ability of class ``cls``."""
    companies = state.companies
    for cid, ability in abilities_by_class(ctx, cls):
        if not companies[cid].closed:
            yield cid, ability


def has(ctx: Context, company_id: str, cls: Any) -> bool:
    return bool(ctx.spec.companies[company_id].abilities_of(cls))
