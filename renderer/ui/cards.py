"""A company's card, as 18xx.games shows one per company: what a player needs to read to
value it (name, face value, revenue, ability, owner; for an operating company its cash,
trains, stations left, share price and who holds its shares).

Built from the title data and the state only (read, never decided); ``card_view`` draws it.
"""

from __future__ import annotations

from typing import Any

import attrs

from railyard.framework.records import Record
from railyard.renderer import view
from railyard.renderer.ui.ability_words import describe

#: a company's kind in words (the engine's kinds)
KIND_WORDS = {"private": "private company", "minor": "minor company", "corporation": "corporation"}


@attrs.frozen(repr=False)
class Card(Record):
    id: str
    label: str
    name: str
    kind: str  # "coal (minor company)"
    facts: tuple[str, ...]  # "Face value 20¥", "Revenue 5¥", "Owner Anna"...
    abilities: tuple[str, ...]
    trains: tuple[str, ...]  # one chip each
    holders: tuple[str, ...]  # "Anna 30% (president)", "IPO 50%"
    closed: bool = False


def _hex_name(title: Any) -> Any:
    def name(coord: str) -> str:
        hexdef = title.map.hexes.get(coord)
        return f"{coord} ({hexdef.name})" if hexdef is not None and hexdef.name else coord
    return name


def _revenue(cdef: Any, cur: str) -> str | None:
    if cdef.income is None:
        return None
    steps = cdef.income.steps
    first = f"Revenue {steps[0][1]}{cur}"
    later = [f"{value}{cur} from phase {phase}" for phase, value in steps[1:] if phase is not None]
    return first + (f", {', '.join(later)}" if later else "")


def _holders(state: Any, company: Any) -> tuple[str, ...]:
    held: dict[str, int] = {}
    president = None
    for cert in company.certificates:
        held[cert.owner] = held.get(cert.owner, 0) + cert.percent
        if cert.director:
            president = cert.owner
    out = []
    for owner, percent in held.items():
        who = view.BANK_IDS.get(owner, owner)
        out.append(f"{who} {percent}%" + (" (president)" if owner == president and who == owner else ""))
    return tuple(out)


def card(game: Any, cid: str) -> Card:
    """The card of company ``cid`` as the position stands."""
    title = game.title
    cdef = title.companies[cid]
    cur = title.manifest.currency
    state = game.state
    company = state.companies.get(cid) if hasattr(state, "companies") else None
    kind: str = getattr(company, "kind", "") or getattr(title.company_types.get(cdef.type), "kind", "")
    kind_words = KIND_WORDS.get(kind, kind)
    type_words = cdef.type.replace("_", " ")
    facts: list[str] = []
    if cdef.min_bid is not None:
        # a plain private's printed price is its face value; another kind's (1837's mountain
        # railways, sold with an Sd minor as a pair) is the lowest bid printed for it
        facts.append(f"{'Face value' if cdef.type == 'private' else 'Minimum bid'} {cdef.min_bid}{cur}")
    if cdef.start_price is not None:
        facts.append(f"Price {cdef.start_price}{cur}")
    revenue = _revenue(cdef, cur)
    if revenue:
        facts.append(revenue)
    name = _hex_name(title)
    homes = [name(h.hex) for h in cdef.home]
    if homes:
        facts.append(("Home " if len(homes) == 1 else "Home: one of ") + ", ".join(homes))
    if cdef.capital is not None:
        facts.append(f"Capital {cdef.capital}{cur}")
    if cdef.exchanges_into:
        facts.append(f"Exchanged for a share of {cdef.exchanges_into}")
    if cdef.merges_into:
        facts.append(f"Merges into {cdef.merges_into}")
    if cdef.closes_on_phase:
        facts.append(f"Closes in phase {cdef.closes_on_phase}")
    trains: tuple[str, ...] = ()
    holders: tuple[str, ...] = ()
    closed = False
    if company is not None:
        closed = bool(company.closed)
        owner = state.director(cid)
        who = "President" if kind == "corporation" else "Owner"
        facts.insert(0, f"{who} {owner}" if owner else
                     ("Not started" if kind == "corporation" else "Not sold yet"))
        if kind != "private":
            facts.append(f"Cash {company.cash}{cur}")
            facts.append(f"Stations left {company.tokens_left}")
            price = view.price_of(game, company)
            if price is not None or company.par_price is not None:
                shown = f"{price}{cur}" if price is not None else "not on the chart yet"
                facts.append(f"Share price {shown}"
                             + (f" (par {company.par_price}{cur})" if company.par_price else ""))
            trains = tuple(state.trains[t].name for t in company.trains if t in state.trains)
        if kind == "corporation" or len(company.certificates) > 1:
            holders = _holders(state, company)
        if closed:
            facts.insert(0, "Closed")
    abilities = tuple(describe(a, cdef.hexes, name) for a in cdef.ability_defs)
    return Card(cid, cdef.label, cdef.name or cid, f"{type_words} ({kind_words})" if type_words != kind
                else kind_words, tuple(facts), abilities, trains, holders, closed)


def companies_named(game: Any, action: Any) -> list[str]:
    """The companies an action is about (its ``company``, ``corporation`` or start-packet
    ``item``), for the cards shown while its button is hovered."""
    title = game.title
    out: list[str] = []
    for field in ("company", "corporation", "target"):
        value = getattr(action, field, None)
        if isinstance(value, str) and value in title.companies:
            out.append(value)
    item = getattr(action, "item", None)
    if isinstance(item, str):
        start = getattr(getattr(title, "setup", None), "start_packet", None)
        items = getattr(start, "items", {}) or {}
        if item in items:
            out += list(items[item].companies)
        elif item in title.companies:
            out.append(item)
    entity = getattr(action, "entity", None)
    if not out and isinstance(entity, str) and entity in title.companies:
        out.append(entity)
    return list(dict.fromkeys(out))
