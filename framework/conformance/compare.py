"""Differences between our state and the referee's, each of a named kind so that a run counts
disagreements by kind (which rule area is wrong) rather than by game."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from railyard.framework.records import Record

#: every kind of difference, in the order a summary lists them
KINDS: tuple[str, ...] = (
    "verdict", "player_cash", "corp_cash", "started", "price", "trains", "president",
    "private_owner", "phase", "bank", "result", "acting", "legal_kinds", "referee", "export", "engine",
)


@attrs.frozen(repr=False)
class Difference(Record):
    """One fact the engines disagree on: ``key`` names what (a player, a company...)."""

    kind: str
    key: str
    ours: Any
    theirs: Any

    def __str__(self) -> str:
        where = f" {self.key}" if self.key else ""
        return f"{self.kind}{where}: ours {self.ours!r}, referee {self.theirs!r}"


def _keyed(kind: str, ours: Mapping[str, Any], theirs: Mapping[str, Any]) -> list[Difference]:
    keys = sorted(set(ours) | set(theirs))
    return [Difference(kind, k, ours.get(k), theirs.get(k)) for k in keys if ours.get(k) != theirs.get(k)]


def compare_states(ours: Mapping[str, Any], theirs: Mapping[str, Any], *,
                   acting: bool = True) -> list[Difference]:
    """What differs between two states of the referee's shape (``acting``: whether whose turn
    it is can be compared now; the referee may be inside a step we do not have)."""
    diffs = _keyed("player_cash", ours.get("players") or {}, theirs.get("players") or {})
    our_corps: Mapping[str, Any] = ours.get("corporations") or {}
    their_corps: Mapping[str, Any] = theirs.get("corporations") or {}
    for name in sorted(set(our_corps) | set(their_corps)):
        mine, other = our_corps.get(name), their_corps.get(name)
        if mine is None or other is None:
            diffs.append(Difference("started", name, mine is not None, other is not None))
            continue
        for field, kind in (("cash", "corp_cash"), ("price", "price"), ("trains", "trains"),
                            ("owner", "president")):
            if mine.get(field) != other.get(field):
                diffs.append(Difference(kind, name, mine.get(field), other.get(field)))
    diffs += _keyed("private_owner", ours.get("companies") or {}, theirs.get("companies") or {})
    for field, kind in (("phase", "phase"), ("bank", "bank")):
        if ours.get(field) != theirs.get(field):
            diffs.append(Difference(kind, "", ours.get(field), theirs.get(field)))
    if bool(ours.get("finished")) != bool(theirs.get("finished")):
        diffs.append(Difference("result", "finished", bool(ours.get("finished")), bool(theirs.get("finished"))))
    elif ours.get("finished"):
        diffs += _keyed("result", ours.get("result") or {}, theirs.get("result") or {})
    if acting and not ours.get("finished") and ours.get("acting") != theirs.get("acting"):
        diffs.append(Difference("acting", "", ours.get("acting"), theirs.get("acting")))
    return diffs


def compare_legal(ours: Iterable[str], theirs: Iterable[str]) -> list[Difference]:
    """Kinds of move one engine offers the acting entity and the other does not."""
    mine, other = set(ours), set(theirs)
    if mine == other:
        return []
    return [Difference("legal_kinds", "", sorted(mine - other), sorted(other - mine))]


def refused(error: str | None, site_action: Mapping[str, Any] | None) -> Difference:
    """The referee refused a site action of one of ours (which our engine took)."""
    return Difference("verdict", str((site_action or {}).get("type", "")), "accepted", error or "refused")


def kinds_of(diffs: Iterable[Difference]) -> list[str]:
    """The distinct kinds among ``diffs``, in :data:`KINDS` order."""
    found = {d.kind for d in diffs}
    return [k for k in KINDS if k in found] + sorted(found - set(KINDS))
