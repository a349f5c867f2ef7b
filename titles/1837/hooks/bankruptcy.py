"""What becomes of a bankrupt player's minors and coal companies (XI is silent on them).

Our reading, which loses nobody's property (RULES.md, decision under XI): before the engine
closes the companies the player leaves without an owner,

- a minor of a national that has formed folds into it now, as its owner could have done; the
  player's exchange share then goes to the bank pool with the player's other shares;
- a coal company whose major may take it (half of the major sold) is exchanged now, the
  exchange share going the same way;
- a minor another player holds a certificate of (Ug #1, Ug #3) passes to that player: the
  director's certificate for theirs, the bankrupt player's certificate to the bank pool (it
  pays nobody and exchanges for nothing at the formation);
- anything else (a minor or coal company nobody else has a part of, a mountain railway)
  closes, as the engine does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen.primitives import change_director, move_certificate
from railyard.framework.eighteen.state import POOL, G18State

from . import coal_companies, nationals
from .minors import is_national_minor

if TYPE_CHECKING:
    from railyard.framework.eighteen.context import Context


def before_player_leaves(rules: Context, state: G18State, player: str) -> list[str]:
    lines: list[str] = []
    for cid, company in state.companies.items():
        if company.closed or company.kind == "corporation":
            continue
        if not any(c.owner == player for c in company.certificates):
            continue
        if is_national_minor(rules, cid):
            lines += _minor(rules, state, player, cid)
        elif cid in coal_companies.coal_companies(rules) and coal_companies.may_exchange(rules, state, cid):
            try:
                done = coal_companies.exchange(rules, state, cid)
            except IllegalAction:
                continue  # no exchange share left: it closes
            lines += [f"{player} is bankrupt: {cid} is exchanged", *done]
    return lines


def _minor(rules: Context, state: G18State, player: str, minor: str) -> list[str]:
    national = rules.spec.companies[minor].merges_into
    if national is not None and nationals.is_formed(state, national):
        return [f"{player} is bankrupt: {minor} folds into {national}"] + nationals.fold_in(
            rules, state, national, [minor]
        )
    company = state.companies[minor]
    others = [c.owner for c in company.certificates
              if state.is_player(c.owner) and c.owner != player and not state.player(c.owner).bankrupt]
    if not others:
        return []
    heir = others[0]
    lines = []
    if state.director(minor) == player:
        change_director(state, minor, heir)
    for cert in company.certificates:
        if cert.owner == player:
            move_certificate(state, cert.id, POOL)
    lines.append(f"{player} is bankrupt: {heir} takes {minor} over, {player}'s certificate goes to the bank pool")
    return lines
