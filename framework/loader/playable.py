"""18xx checks of what a game trips on rather than what a file says: data every schema accepts
and every reference resolves, yet a game cannot start, deadlocks or silently drops a rule.

Kept apart from :mod:`crossref` (which checks that names exist): these check that the named
things fit together (a company sold twice, more homes than a city has slots, an event no
hook handles, a negative revenue).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from types import SimpleNamespace
from typing import Any

from railyard.framework.loader.errors import DocPath
from railyard.framework.loader.families import Parts, Problem
from railyard.framework.model.values import PhaseValue
from railyard.framework.tiles import stop_index


def check(parts: Parts) -> list[Problem]:
    problems: list[Problem] = []
    problems += map_paths(parts)
    problems += packet_companies(parts)
    problems += shared_homes(parts)
    problems += negative_revenues(parts)
    problems += unknown_events(parts)
    problems += unknown_steps(parts)
    return problems


def map_paths(parts: Parts) -> list[Problem]:
    """A preprinted path names a stop the hex has (tiles check their own when built)."""
    out: list[Problem] = []
    for coord, h in parts.models["map"].hexes.items():
        for i, path in enumerate(h.paths):
            for end in path:
                index = stop_index(end)
                if index is not None and index >= len(h.stops):
                    out.append((("map", "hexes", coord, "paths", i),
                                f"path end {end!r} names stop {index}, but the hex has "
                                f"{len(h.stops)} stop(s)"))
    return out


def packet_companies(parts: Parts) -> list[Problem]:
    """Each company is sold by one start-packet lot at most (two lots selling one company
    leave the second unbuyable, and the packet round never ends)."""
    packet = parts.models["setup"].start_packet
    if packet is None:
        return []
    first: dict[str, str] = {}
    out: list[Problem] = []
    for item_id, item in packet.items.items():
        for i, cid in enumerate(item.companies):
            if cid in first:
                out.append((("setup", "start_packet", "items", item_id, "companies", i),
                            f"{cid} is already sold in item {first[cid]!r}"))
            first.setdefault(cid, item_id)
    return out  # after_packet releases further certificates of a company: no second sale


def shared_homes(parts: Parts) -> list[Problem]:
    """No city is home to more corporations with a fixed home than its printed slots (one of
    them could never place its home token: the game cannot go on)."""
    hexes = parts.models["map"].hexes
    homed: dict[tuple[str, int], list[str]] = defaultdict(list)
    types = parts.models["company_types"]
    for cid, company in parts.models["companies"].items():
        ctype = types.get(company.type)
        if ctype is None or ctype.kind != "corporation" or len(company.home) != 1:
            continue  # a choice of homes: decided in play
        home = company.home[0]
        h = hexes.get(home.hex)
        if h is None:
            continue  # crossref reports it
        cities = [i for i, s in enumerate(h.stops) if s.slots > 0]
        city = home.city if home.city is not None else (cities[0] if len(cities) == 1 else None)
        if city is not None:
            homed[(home.hex, city)].append(cid)
    merged = {cid: c.merges_into for cid, c in parts.models["companies"].items()}
    out: list[Problem] = []
    for (coord, city), homed_here in homed.items():
        # a company that merges into another homed there hands it its token: one slot
        companies = [c for c in homed_here if merged.get(c) not in homed_here]
        stops = hexes[coord].stops
        if city >= len(stops) or len(companies) < 2:
            continue
        if len(companies) > stops[city].slots:  # the home tokens go down before any upgrade
            out.append((("companies", companies[-1], "home"),
                        f"{', '.join(companies)} are all homed on {coord} city {city}, which has "
                        f"{stops[city].slots} slot(s)"))
    return out


def _revenues(value: Any) -> Iterable[int]:
    if isinstance(value, PhaseValue):
        return [v for _, v in value.steps]
    if isinstance(value, int):
        return [value]
    return []


def negative_revenues(parts: Parts) -> list[Problem]:
    out: list[Problem] = []
    for coord, h in parts.models["map"].hexes.items():
        for i, stop in enumerate(h.stops):
            if any(v < 0 for v in _revenues(stop.revenue)):
                out.append((("map", "hexes", coord, "stops", i, "revenue"), "a revenue cannot be negative"))
    for tile_id, tile in parts.models["tiles"].items():
        for i, stop in enumerate(tile.stops):
            if any(v < 0 for v in _revenues(stop.revenue)):
                out.append((("tiles", tile_id, "stops", i, "revenue"), "a revenue cannot be negative"))
    return out


def _hooks(parts: Parts) -> Any:
    """The title's hooks module (None when it has none or it does not import: the hooks stage
    reports that)."""
    if not parts.manifest.hooks:
        return None
    from railyard.framework.core.ruleset import title_hooks_module

    base = parts.path / parts.manifest.hooks
    try:
        return title_hooks_module(
            SimpleNamespace(hooks_path=base if base.is_dir() else base.with_suffix(".py"))
        )
    except Exception:  # noqa: BLE001 - the hooks stage reports a module that will not import
        return None


def _declared_events(parts: Parts) -> frozenset[str] | None:
    """The events the title's hooks handle (their ``EVENTS``), or None when they declare none
    (or the title's code is left out of this load)."""
    if not parts.manifest.hooks or not parts.check_code:
        return None
    module = _hooks(parts)
    if module is None:
        return None
    events = getattr(module, "EVENTS", None)
    return frozenset(events) if events is not None else None


def unknown_events(parts: Parts) -> list[Problem]:
    """Every event a train or phase raises is one the title's hooks handle: a misspelt event
    would otherwise drop its rule without a word."""
    known = _declared_events(parts)
    if known is None:
        return []
    out: list[Problem] = []
    named: list[tuple[DocPath, str]] = []
    for name, train in parts.models["trains"].items():
        named += [(("trains", name, "events", i), e) for i, e in enumerate(train.events)]
    for name, phase in parts.models["phases"].items():
        named += [(("phases", name, "events", i), e) for i, e in enumerate(phase.events)]
    for path, event in named:
        if event not in known:
            listed = ", ".join(sorted(known)) or "none"
            out.append((path, f"no hook handles event {event!r} (the title's hooks handle: {listed})"))
    return out


def unknown_steps(parts: Parts) -> list[Problem]:
    """Every operating-round step the setup names is registered (by the engine or the title's
    hooks): a misspelt step would otherwise pass validation and stop the game from starting.
    Steps are code, so this runs only when the title's code does."""
    if not parts.check_code:
        return []
    from railyard.framework.eighteen import or_steps  # noqa: F401 - registers the engine's steps
    from railyard.framework.eighteen.steps import registered_steps

    _hooks(parts)  # a title's hooks may register steps of their own
    known = registered_steps()
    out: list[Problem] = []
    for i, name in enumerate(parts.models["setup"].operating_round.steps):
        if name not in known:
            out.append((("setup", "operating_round", "steps", i),
                        f"no operating-round step {name!r} (known: {', '.join(sorted(known))})"))
    return out
