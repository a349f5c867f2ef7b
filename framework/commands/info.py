"""``railyard info TITLE``: what a title holds, counted (hexes, stops, tiles, trains...)."""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from typing import Any

from railyard.framework.commands.common import add_title_arguments, load_or_report


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "info",
        help="summarise a title: hexes, stops, tiles, trains, companies, market",
        description="Count what a title holds (its data: the title's code is checked by validate).",
    )
    add_title_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print the counts as JSON")
    parser.set_defaults(func=run, quick_exit=True)  # reads and prints only


def summary(title: Any) -> dict[str, Any]:
    """The counts `info` prints, as plain data (an 18xx-family title)."""
    from railyard.framework.tiles import STOP_KINDS

    hexes = title.map.hexes.values()
    stops: Counter[str] = Counter()
    hexes_with: Counter[str] = Counter()
    slots = 0
    for h in hexes:
        kinds = {s.kind for s in h.stops}
        for stop in h.stops:
            stops[stop.kind] += 1
            if stop.kind == "city":
                slots += stop.slots
        for kind in kinds:
            hexes_with[kind] += 1
    tiles_by_colour: Counter[str] = Counter()
    unlimited_tiles = []
    for tile in title.tiles.values():
        if tile.count is None:
            unlimited_tiles.append(tile.id)
        else:
            tiles_by_colour[tile.color] += tile.count
    trains = {
        name: {"count": t.count, "cards": t.card_count, "price": t.price}
        for name, t in title.trains.items()
    }
    companies = Counter(c.type for c in title.companies.values())
    market_cells = list(title.market.cells())
    manifest = title.manifest
    return {
        "id": manifest.id,
        "name": manifest.name,
        "family": manifest.family,
        "variant": title.variant,
        "players": {"min": manifest.players.min, "max": manifest.players.max},
        "bank": title.setup.bank,
        "hexes": {
            "total": len(title.map.hexes),
            "by_colour": dict(Counter(h.color for h in hexes)),
            "with_stop": {k: hexes_with[k] for k in STOP_KINDS},
        },
        "stops": {**{k: stops[k] for k in STOP_KINDS}, "city_slots": slots},
        "tiles": {
            "by_colour": dict(tiles_by_colour),
            "total": sum(tiles_by_colour.values()),
            "kinds": len(title.tiles),
            "unlimited": unlimited_tiles,
        },
        "trains": trains,
        "unlimited_trains": [n for n, t in title.trains.items() if t.count is None],
        "phases": list(title.phase_order),
        "companies": dict(companies),
        "market": {"cells": len(market_cells), "par_cells": sum(c.par for c in market_cells)},
        "variants": list(manifest.variants),
    }


def _line(values: dict[str, Any]) -> str:
    return ", ".join(f"{k} {v}" for k, v in values.items())


def render(info: dict[str, Any], currency: str = "") -> str:
    trains = []
    for name, t in info["trains"].items():
        count = " unlimited" if t["count"] is None else f" x{t['count']}"
        cards = "" if t["cards"] in (None, t["count"]) else f" ({t['cards']} cards)"
        trains.append(f"{name}{count}{cards}")
    unlimited = ", ".join(info["tiles"]["unlimited"]) or "none"
    lines = [
        f"{info['name']} [{info['id']}, family {info['family']}]"
        + (f", variant {info['variant']}" if info["variant"] else ""),
        f"players: {info['players']['min']}-{info['players']['max']}; "
        f"bank: {info['bank']}{currency}",
        f"hexes: {info['hexes']['total']} ({_line(info['hexes']['by_colour'])})",
        f"hexes with: {_line(info['hexes']['with_stop'])}",
        f"stops: {_line(info['stops'])}",
        f"tiles: {info['tiles']['total']} in {info['tiles']['kinds']} kinds "
        f"({_line(info['tiles']['by_colour'])}); unlimited: {unlimited}",
        f"trains: {', '.join(trains)}",
        f"phases: {', '.join(info['phases'])}",
        f"companies: {_line(info['companies'])}",
        f"market: {info['market']['cells']} cells, {info['market']['par_cells']} par",
    ]
    if info["variants"]:
        lines.append(f"variants: {', '.join(info['variants'])}")
    return "\n".join(lines)


def generic_summary(title: Any) -> dict[str, Any]:
    """For a family without an info of its own: the manifest and the size of each file."""
    manifest = title.manifest

    def size(doc: Any) -> int | None:
        return len(doc) if isinstance(doc, dict | list) else None

    return {
        "id": manifest.id,
        "name": manifest.name,
        "family": manifest.family,
        "variant": title.variant,
        "players": {"min": manifest.players.min, "max": manifest.players.max},
        "entries": {concern: size(doc) for concern, doc in title.documents.items()},
        "variants": list(manifest.variants),
    }


def render_generic(info: dict[str, Any]) -> str:
    lines = [
        f"{info['name']} [{info['id']}, family {info['family']}]"
        + (f", variant {info['variant']}" if info["variant"] else ""),
        f"players: {info['players']['min']}-{info['players']['max']}",
        f"top-level entries per file: {_line(info['entries'])}",
    ]
    if info["variants"]:
        lines.append(f"variants: {', '.join(info['variants'])}")
    return "\n".join(lines)


def suggestion(name: str) -> str | None:
    """The title under titles/ a mistyped name most likely meant (a dash for an underscore)."""
    import difflib

    from railyard.framework.resources import titles_folder

    folder = titles_folder()
    known = sorted(p.name for p in folder.iterdir() if (p / "title.yaml").is_file()) if folder.is_dir() else []
    wanted = name.strip().lower().replace("-", "_").replace(" ", "_")
    if wanted in known:
        return wanted
    close = difflib.get_close_matches(wanted, known, n=1, cutoff=0.6)
    return close[0] if close else None


def run(args: argparse.Namespace) -> int:
    found = _counted(args)
    if found is None:
        meant = suggestion(str(args.title))
        if meant is not None and meant != args.title:
            print(f"did you mean: railyard info {meant}", file=sys.stderr)
        return 1
    if found["generic"]:
        print(json.dumps(found["info"], indent=2) if args.json else render_generic(found["info"]))
    else:
        print(json.dumps(found["info"], indent=2) if args.json
              else render(found["info"], found["currency"]))
    return 0


class _NotLoaded(Exception):
    pass


def _counted(args: argparse.Namespace) -> dict[str, Any] | None:
    """What ``info`` prints, as plain data, or None after the title's errors were printed.

    The counts depend only on the title's files (and the code): they are kept in the title
    cache beside the loaded title, under the same key, so a second ``info`` reads one small
    entry and imports neither the models nor the loader's checks. They come from the title's
    data alone: the title's own code (hooks) is not run for them; ``railyard validate`` runs
    it."""
    from railyard.framework.loader import cache as title_cache
    from railyard.framework.loader import find_title

    def count() -> dict[str, Any]:
        title = load_or_report(args, check_code=False)  # the counts read no title code
        if title is None:
            raise _NotLoaded
        if not hasattr(title, "tiles"):
            return {"generic": True, "info": generic_summary(title), "currency": ""}
        return {"generic": False, "info": summary(title), "currency": title.manifest.currency}

    try:
        folder = find_title(args.title)
    except Exception:  # noqa: BLE001 - no such title: loading it prints why
        folder = None
    try:
        if folder is None:
            return count()
        key = title_cache.entry_key(folder, args.variant, args.overrides)
        found: dict[str, Any] = title_cache.cached(
            f"{key}-info", count, lambda got: isinstance(got, dict) and "info" in got)
        return found
    except _NotLoaded:
        return None
