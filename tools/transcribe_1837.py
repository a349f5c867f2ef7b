"""Transcribe the 1837 board and tile manifest into ``titles/1837/map.yaml`` and ``tiles.yaml``.

Run once (``python3 tools/transcribe_1837.py [REFERENCE_DIR]``); afterwards the YAML is what is
maintained by hand, so the output is laid out for people: sections with comments, one hex or
tile per line in flow style.

Sources (facts only, read from the reference folder, never shipped):
- ``board_18xxgames.json``: every map hex, the city names and the manifest with the track of
  the 1837-only tiles 401-436. Its coordinates, tile numbers and edge numbering are the ones
  recorded games use, and our edge numbering is the same (0 SW, 1 W, 2 NW, 3 NE, 4 E, 5 SE).
- ``STANDARD_TRACK`` below: the track of the standard tile numbers 1837 uses, in the same
  orientation as the recorded games (a lay's rotation must mean the same thing).
- ``rails/Tiles.xml`` and ``rails/TileSet.xml`` (Rails' sideN is our edge (N + 3) % 6): used
  here to cross-check every track layout under rotation and to find the upgrade lists that
  the general upgrade rule of docs/data-model.md does not reproduce; those become explicit
  ``upgrades_to`` (tiles) or ``upgrades`` (map hexes).
"""

from __future__ import annotations

import itertools
import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from railyard.framework.importers.transcribe import flow, key

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_REF = Path("/work/shared/reference/1837")
OUT = ROOT / "titles" / "1837"

# Track of the standard tiles (tile-number conventions shared by 18xx titles), written in the
# board file's encoding so that one parser reads both.
STANDARD_TRACK = {
    "1": "town=revenue:10;town=revenue:10;path=a:1,b:_0;path=a:_0,b:3;path=a:0,b:_1;path=a:_1,b:4",
    "2": "town=revenue:10;town=revenue:10;path=a:0,b:_0;path=a:_0,b:3;path=a:1,b:_1;path=a:_1,b:2",
    "3": "town=revenue:10;path=a:0,b:_0;path=a:_0,b:1",
    "4": "town=revenue:10;path=a:0,b:_0;path=a:_0,b:3",
    "5": "city=revenue:20;path=a:0,b:_0;path=a:1,b:_0",
    "7": "path=a:0,b:1",
    "8": "path=a:0,b:2",
    "9": "path=a:0,b:3",
    "55": "town=revenue:10;town=revenue:10;path=a:0,b:_0;path=a:_0,b:3;path=a:1,b:_1;path=a:_1,b:4",
    "56": "town=revenue:10;town=revenue:10;path=a:0,b:_0;path=a:_0,b:2;path=a:1,b:_1;path=a:_1,b:3",
    "57": "city=revenue:20;path=a:0,b:_0;path=a:_0,b:3",
    "58": "town=revenue:10;path=a:0,b:_0;path=a:_0,b:2",
    "69": "town=revenue:10;town=revenue:10;path=a:0,b:_0;path=a:_0,b:3;path=a:2,b:_1;path=a:_1,b:4",
    "201": "city=revenue:30;path=a:0,b:_0;path=a:1,b:_0;label=Y",
    "202": "city=revenue:30;path=a:0,b:_0;path=a:2,b:_0;label=Y",
    "12": "city=revenue:30;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0",
    "16": "path=a:0,b:2;path=a:1,b:3",
    "17": "path=a:1,b:3;path=a:0,b:4",
    "18": "path=a:0,b:3;path=a:1,b:2",
    "19": "path=a:0,b:3;path=a:2,b:4",
    "20": "path=a:0,b:3;path=a:1,b:4",
    "23": "path=a:0,b:3;path=a:0,b:4",
    "24": "path=a:0,b:3;path=a:0,b:2",
    "25": "path=a:0,b:2;path=a:0,b:4",
    "26": "path=a:0,b:3;path=a:0,b:5",
    "27": "path=a:0,b:3;path=a:0,b:1",
    "28": "path=a:0,b:4;path=a:0,b:5",
    "29": "path=a:0,b:2;path=a:0,b:1",
    "30": "path=a:0,b:4;path=a:0,b:1",
    "31": "path=a:0,b:2;path=a:0,b:5",
    "87": "town=revenue:10;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0",
    "88": "town=revenue:10;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0",
    "204": "town=revenue:10;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0",
    "205": "city=revenue:30;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0",
    "206": "city=revenue:30;path=a:0,b:_0;path=a:5,b:_0;path=a:3,b:_0",
    "207": "city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;label=Y",
    "208": "city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=Y",
    "39": "path=a:0,b:2;path=a:0,b:1;path=a:1,b:2",
    "40": "path=a:0,b:2;path=a:2,b:4;path=a:0,b:4",
    "41": "path=a:0,b:3;path=a:0,b:1;path=a:1,b:3",
    "42": "path=a:0,b:3;path=a:3,b:5;path=a:0,b:5",
    "43": "path=a:0,b:3;path=a:0,b:2;path=a:1,b:3;path=a:1,b:2",
    "44": "path=a:0,b:3;path=a:1,b:4;path=a:0,b:1;path=a:3,b:4",
    "45": "path=a:0,b:3;path=a:2,b:4;path=a:0,b:4;path=a:2,b:3",
    "46": "path=a:0,b:3;path=a:2,b:4;path=a:3,b:4;path=a:0,b:2",
    "47": "path=a:0,b:3;path=a:1,b:4;path=a:1,b:3;path=a:0,b:4",
    "63": "city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0",
    "70": "path=a:0,b:1;path=a:0,b:2;path=a:1,b:3;path=a:2,b:3",
    "216": "city=revenue:50,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=Y",
}

# Manifest order (FACTS.md / the rulebook's component list): colour, then tile number.
MANIFEST = {
    "yellow": "1 2 3 4 5 7 8 9 55 56 57 58 69 201 202 401 402 404",
    "green": "12 16 17 18 19 20 23 24 25 26 27 28 29 30 31 87 88 204 205 206 207 208 405 406 408 "
    "410 411 412 413 414 415 416 417 418 419 420 421 422 423 424 425 426 427 429",
    "brown": "39 40 41 42 43 44 45 46 47 63 70 216 430 431 432 434 435 436",
}

# Explicit upgrades that no geometric rule can find: rule VI says the Vienna tile becomes
# brown "such that the three home stations of the k.k. National Railway are merged", Budapest's
# two cities become one in brown, and the Bozen tile (Bo) is promoted to the brown B tile.
EXPLICIT_TILE_UPGRADES = {"425": ["435"], "426": ["434"], "427": ["436"]}
# Preprinted hexes whose promotions the general rule does not reproduce (Rails' TileSet lists
# for its preprinted tiles -37156, -37103 and -37158: a preprinted town keeps to the tiles
# the manifest gives its printed twin 56, 3 and 58).
EXPLICIT_HEX_UPGRADES = {
    "G17": ["427"],
    "F18": ["87"],
    "G27": ["416", "417", "422", "423"],
    "L22": ["412", "413", "418", "419", "420", "421", "424"],
}

MOUNTAIN_RAILWAY_HEXES = {
    "H16": "Semmering", "K13": "Karst", "J6": "Brenner", "I5": "Arlberg",
    "J12": "Karawanken", "K11": "Wocheiner", "J10": "Tauern",
}
MINE_OWNERS = {
    "A13": "RGTE", "B32": "MLB", "C19": "EOD", "C21": "EKT", "E11": "EPP",
    "F26": "EHS", "K31": "SPB", "K33": "ZKB", "L30": "LRB", "P20": "BB",
}
# Reserved city slots: stop index -> company (rule I and VII; which city of the hex each company
# holds follows the direction its line leaves Vienna/Budapest: Sd1 to Gloggnitz (SW), kk1 north
# (NE), kk2 west (W), kk3 north-west (NW); Ug1 and Ug3 as in Rails, translated to our indices).
RESERVED = {
    "G17": {0: "SD1", 1: "KK2", 2: "KK3", 3: "KK1"},
    "H22": {0: "UG3", 1: "UG1"},
}
STOP_GROUPS = {"Vienna": "Wien"}
NOTES = {
    "G17": "four cities, one stop for a route (VIII); slots kept for Sd1, kk1-3 (I)",
    "H22": "Buda and Pest count separately (VIII); slots kept for Ug1, Ug3 (I)",
    "K5": "tile 426 (Bo) is laid here when Italy closes (XII)",
}
ITALY = ["K1", "K3", "K7", "K9", "L2", "L4", "L6", "L8", "M3", "M5", "M7"]
BOSNIA = ["L16", "L18", "L20", "M17", "M19", "M21", "N18", "N20"]


# --------------------------------------------------------------------------- parsing


def parse_revenue(text: str) -> int | dict[str, int]:
    if "|" not in text:
        return int(text)
    # "yellow_30|brown_50": the first value until brown tiles (phase 5), then the second.
    values = [int(part.split("_")[1]) for part in text.split("|")]
    return {"2": values[0], "5": values[1]}


def parse_code(code: str) -> dict:
    """Parse the board file's tile/hex encoding into our record fields."""
    out: dict = {"stops": [], "paths": [], "labels": [], "terrain": [], "borders": []}
    if code == "blank":
        return out
    for part in code.split(";"):
        kind, _, rest = part.partition("=")
        attrs = dict(kv.split(":", 1) for kv in rest.split(",") if ":" in kv)
        if kind in ("city", "town"):
            stop: dict = {"kind": kind, "revenue": parse_revenue(attrs.get("revenue", "0"))}
            if kind == "city" and int(attrs.get("slots", 1)) != 1:
                stop["slots"] = int(attrs["slots"])  # the default is one slot
            if "groups" in attrs:
                stop["group"] = STOP_GROUPS.get(attrs["groups"], attrs["groups"])
            out["stops"].append(stop)
        elif kind == "path":
            out["paths"].append([end(attrs["a"]), end(attrs["b"])])
        elif kind == "label":
            out["labels"].append(rest)
        elif kind == "upgrade":
            out["terrain"].append({"kind": attrs["terrain"], "cost": int(attrs["cost"])})
        elif kind == "border":
            out["borders"].append({"edge": int(attrs["edge"]), "kind": attrs["type"]})
        elif kind == "future_label":
            out["future_label"] = attrs["label"]
        else:
            raise ValueError(f"unknown part {part!r}")
    return out


def end(text: str) -> int | str:
    return f"s{text[1:]}" if text.startswith("_") else int(text)


def normalise_paths(paths: list) -> list:
    """Edges before stops, lower edge first, in a stable order (easier to read and diff)."""

    def key(e):
        return (1, int(e[1:])) if isinstance(e, str) else (0, e)

    fixed = [sorted(p, key=key) for p in paths]
    return sorted(fixed, key=lambda p: (key(p[0]), key(p[1])))


# --------------------------------------------------------------------------- geometry checks


def signature(stops: list, paths: list, rotation: int, perm: tuple[int, ...]) -> set:
    """Connections of a tile rotated by ``rotation`` with stops renamed by ``perm``."""
    sig = set()
    for a, b in paths:
        ends = []
        for e in (a, b):
            if isinstance(e, int):
                ends.append(("e", (e + rotation) % 6))
            else:
                ends.append(("s", perm[int(e[1:])]))
        sig.add(frozenset(ends))
    return sig


def same_shape(t1: dict, t2: dict) -> bool:
    if [s["kind"] for s in t1["stops"]] != [s["kind"] for s in t2["stops"]]:
        return False
    n = len(t1["stops"])
    target = signature(t2["stops"], t2["paths"], 0, tuple(range(n)))
    for r in range(6):
        for perm in itertools.permutations(range(n)):
            if signature(t1["stops"], t1["paths"], r, perm) == target:
                return True
    return False


def general_upgrade(old: dict, new: dict) -> bool:
    """The general rule of docs/data-model.md, used only to decide where explicit lists are
    needed: next colour, same labels, same stop kinds and count, every old connection kept."""
    order = ["white", "yellow", "green", "brown"]
    if old["color"] not in order[:-1] or new["color"] != order[order.index(old["color"]) + 1]:
        return False
    if sorted(old["labels"]) != sorted(new["labels"]):
        return False
    if sorted(s["kind"] for s in old["stops"]) != sorted(s["kind"] for s in new["stops"]):
        return False
    n = len(new["stops"])
    for r in range(6):
        for perm in itertools.permutations(range(n)):
            # old stop i is new stop perm[i]; rotate the old tile onto the new one
            if [old["stops"][i]["kind"] for i in range(n)] != [
                new["stops"][perm[i]]["kind"] for i in range(n)
            ]:
                continue
            old_sig = signature(old["stops"], old["paths"], r, perm)
            new_sig = signature(new["stops"], new["paths"], 0, tuple(range(n)))
            if old_sig <= new_sig:
                return True
    return False


def rails_tiles(ref: Path) -> dict[str, dict]:
    root = ET.parse(ref / "rails" / "Tiles.xml").getroot()
    tiles = {}
    for tile in root.iter("Tile"):
        stations = [s.get("id") for s in tile.iter("Station")]
        stops = [
            {"kind": "city" if s.get("type") == "City" else "town"} for s in tile.iter("Station")
        ]

        def conv(t: str, stations=stations) -> int | str:
            if t.startswith("side"):
                return (int(t[4:]) + 3) % 6
            return f"s{stations.index(t)}"

        paths = [[conv(t.get("from")), conv(t.get("to"))] for t in tile.iter("Track")]
        tiles[tile.get("id")] = {"stops": stops, "paths": paths}
    return tiles


def rails_upgrades(ref: Path) -> dict[str, list[str]]:
    root = ET.parse(ref / "rails" / "TileSet.xml").getroot()
    out = {}
    for tile in root.iter("Tile"):
        ups = [u for up in tile.iter("Upgrade") for u in up.get("id").split(",")]
        out[tile.get("id")] = ups
    return out


# --------------------------------------------------------------------------- YAML output


# flow() and key() are the engine transcriber's (framework/importers/transcribe.py)


def hex_record(coord: str, color: str, parsed: dict, names: dict) -> dict:
    rec: dict = {}
    if coord in names:
        rec["name"] = names[coord]
    elif coord in MOUNTAIN_RAILWAY_HEXES:
        rec["name"] = MOUNTAIN_RAILWAY_HEXES[coord]
    if color != "white":
        rec["color"] = color
    if parsed["terrain"]:
        rec["terrain"] = parsed["terrain"]
    stops = [dict(s) for s in parsed["stops"]]
    if color == "gray":
        for s in stops:
            if s["kind"] == "city" and isinstance(s["revenue"], dict):
                s["kind"] = "mine"  # the coal mines: gray, one slot, two values
    for i, s in enumerate(stops):
        if s["kind"] == "town":
            s.pop("slots", None)
        if coord in RESERVED and i in RESERVED[coord]:
            s["reserved"] = {0: RESERVED[coord][i]}
    if stops:
        rec["stops"] = stops
    if parsed["labels"]:
        rec["labels"] = parsed["labels"]
    if parsed["paths"]:
        rec["paths"] = normalise_paths(parsed["paths"])
    if parsed["borders"]:
        rec["borders"] = parsed["borders"]
    if coord in EXPLICIT_HEX_UPGRADES:
        rec["upgrades"] = EXPLICIT_HEX_UPGRADES[coord]
    if "future_label" in parsed:
        # Bozen: rule XII, Italy closes with the first "4" and tile 426 (label Bo) is laid.
        rec["future_label"] = {"label": "Bo", "phase": "4"}
    return rec


def sort_key(coord: str) -> tuple[str, int]:
    return (coord[0], int(coord[1:]))


def classify(coord: str, color: str, parsed: dict) -> str:
    kinds = [s["kind"] for s in parsed["stops"]]
    if color == "gray":
        if any(isinstance(s["revenue"], dict) for s in parsed["stops"]):
            return "mine"
        return "gray_town" if kinds else "gray_track"
    if color in ("yellow", "green"):
        return "preprinted"
    if coord in MOUNTAIN_RAILWAY_HEXES:
        return "mountain_railway"
    if "city" in kinds:
        return "city"
    if "town" in kinds:
        return "town"
    if parsed["terrain"] or parsed["borders"]:
        return "terrain"
    return "blank"


SECTIONS = [
    ("mine", "Coal mines (gray, one slot; value before phase 5 / from phase 5). The owning coal\n"
             "# company is the one whose `home` is this hex (companies.yaml)."),
    ("gray_town", "Gray towns at the map edge (value 10), never replaced"),
    ("gray_track", "Gray track without stops, never replaced"),
    ("preprinted", "Preprinted yellow and green hexes (upgraded in phases 3 and 5, rule V/VI)"),
    ("city", "Cities without track (white circles; labels X/Y/T restrict the tiles, rule V)"),
    ("town", "Towns without track (black dots; two dots = two towns)"),
    ("mountain_railway", "The seven mountain-railway hexes (110K, or free for the railway's\n"
                         "# owner, rule V)"),
    ("terrain", "Mountains (70K) and rivers (50K) without stops, and the province border"),
    ("blank", "Blank buildable hexes"),
]


def company_homes() -> dict[str, list[str]]:
    """Hex -> companies based there (from the hand-written companies.yaml, for comments)."""
    import yaml

    path = OUT / "companies.yaml"
    if not path.exists():
        return {}
    homes: dict[str, list[str]] = {}
    for cid, company in yaml.safe_load(path.read_text(encoding="utf-8")).items():
        if company.get("type") == "coal":
            continue  # the mine comment names its coal company
        home = company.get("home")
        for h in home if isinstance(home, list) else [home] if home else []:
            homes.setdefault(h if isinstance(h, str) else h["hex"], []).append(cid)
    return homes


def write_map(board: dict) -> tuple[str, dict[str, dict]]:
    names = board["location_names"]
    homes = company_homes()
    groups: dict[str, list[str]] = {s: [] for s, _ in SECTIONS}
    parsed_all = {}
    for coord, (color, code) in board["hexes"].items():
        parsed = parse_code(code)
        parsed_all[coord] = {"color": color, **parsed}
        groups[classify(coord, color, parsed)].append(coord)
    lines = [
        "# 1837 board: every printed hex (181). Transcribed by tools/transcribe_1837.py from the",
        "# reference board (coordinates and tile numbers as recorded games use them); maintained",
        "# by hand since. Edges: 0 SW, 1 W, 2 NW, 3 NE, 4 E, 5 SE (docs/data-model.md).",
        "layout: pointy",
        "axes: letter_row",
        "",
        "regions:",
        "  # Rule XII: with the first \"4\" Italy is off limits and its tiles are removed.",
        f"  italy: {{hexes: {flow(ITALY)}, closes_on_phase: \"4\"}}",
        "  # Rules V and XII: Bosnia-Herzegovina may not be built on until phase 3.",
        f"  bosnia: {{hexes: {flow(BOSNIA)}, opens_on_phase: \"3\"}}",
        "",
        "hexes:",
    ]
    for section, title in SECTIONS:
        coords = sorted(groups[section], key=sort_key)
        title = title.replace("\n# ", "\n  # ")
        lines.append(f"  # --- {title} ({len(coords)})")
        for coord in coords:
            p = parsed_all[coord]
            rec = hex_record(coord, p["color"], p, names)
            notes = []
            if coord in MINE_OWNERS:
                notes.append(f"{MINE_OWNERS[coord]} mine")
            if coord in ITALY:
                notes.append("Italy")
            if coord in BOSNIA:
                notes.append("Bosnia")
            if coord in homes:
                notes.append("home of " + ", ".join(homes[coord]))
            if coord in NOTES:
                notes.append(NOTES[coord])
            comment = f"  # {'; '.join(notes)}" if notes else ""
            text = f"  {coord}: {flow(rec)}{comment}"
            if len(text) > 110 + len(comment) and "stops" in rec:
                lines.append(f"  {coord}:{comment}")
                for k, v in rec.items():
                    if k == "stops":
                        lines.append("    stops:")
                        for s in v:
                            lines.append(f"      - {flow(s)}")
                    else:
                        lines.append(f"    {k}: {flow(v)}")
            else:
                lines.append(text)
        lines.append("")
    return "\n".join(lines).rstrip() + "\n", parsed_all


def tile_records(board: dict) -> dict[str, dict]:
    counts = {**board["tile_counts_standard"]}
    custom = board["tiles_custom"]
    tiles = {}
    for color, numbers in MANIFEST.items():
        for number in numbers.split():
            if number in custom:
                code, count, c = custom[number]["code"], custom[number]["count"], custom[number]["color"]
            else:
                code, count, c = STANDARD_TRACK[number], counts[number], color
            assert c == color, (number, c, color)
            parsed = parse_code(code)
            rec = {"color": color, "count": count, "stops": [], "paths": [], "labels": []}
            for s in parsed["stops"]:
                s = dict(s)
                if s["kind"] == "town":
                    s.pop("slots", None)
                rec["stops"].append(s)
            rec["paths"] = normalise_paths(parsed["paths"])
            rec["labels"] = parsed["labels"]
            tiles[number] = rec
    return tiles


def write_tiles(tiles: dict[str, dict]) -> str:
    lines = [
        "# 1837 tile manifest: 294 tiles (yellow 123, green 116, brown 55; Bozen's 426 is one",
        "# of the green ones, laid by the Italy-closing event, never by a company). Transcribed by",
        "# tools/transcribe_1837.py; maintained by hand since. Edges: 0 SW, 1 W, 2 NW, 3 NE, 4 E,",
        "# 5 SE; `s<i>` is the i-th stop. `upgrades_to` is given only where the general rule of",
        "# docs/data-model.md cannot find the promotion (stops merge or labels change, rule VI).",
    ]
    current = None
    for number, rec in tiles.items():
        if rec["color"] != current:
            current = rec["color"]
            n = sum(r["count"] for r in tiles.values() if r["color"] == current)
            lines.append("")
            lines.append(f"# --- {current} ({n})")
        out = {k: v for k, v in rec.items() if v != [] or k == "paths"}
        text = f"{key(number)}: {flow(out)}"
        if len(text) <= 120:
            lines.append(text)
            continue
        lines.append(f"{key(number)}:")
        for k, v in out.items():
            if k == "stops" and len(flow(v)) > 90:
                lines.append("  stops:")
                lines.extend(f"    - {flow(s)}" for s in v)
            else:
                lines.append(f"  {k}: {flow(v)}")
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    ref = Path(argv[1]) if len(argv) > 1 else DEFAULT_REF
    board = json.loads((ref / "board_18xxgames.json").read_text(encoding="utf-8"))
    map_text, parsed_hexes = write_map(board)
    tiles = tile_records(board)

    # Cross-check every standard and custom tile against Rails' layout (same shape under some
    # rotation), so a slip in either source shows up here.
    rails = rails_tiles(ref)
    for number, rec in tiles.items():
        if number in rails and not same_shape(
            {"stops": [{"kind": s["kind"]} for s in rec["stops"]], "paths": rec["paths"]},
            rails[number],
        ):
            print(f"note: tile {number} differs from Rails' layout", file=sys.stderr)

    # Upgrade lists: Rails' TileSet vs the general rule; where they differ, be explicit.
    rails_ups = rails_upgrades(ref)
    explicit = dict(EXPLICIT_TILE_UPGRADES)
    for number, rec in tiles.items():
        general = sorted(
            (n for n, t in tiles.items() if general_upgrade(rec, t)), key=lambda n: int(n)
        )
        listed = sorted(rails_ups.get(number, []), key=lambda n: int(n))
        if number in explicit:
            continue
        if general != listed:
            print(f"tile {number}: general rule {general} vs Rails {listed}", file=sys.stderr)
            explicit[number] = listed
    for number, ups in explicit.items():
        tiles[number]["upgrades_to"] = ups

    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "map.yaml").write_text(map_text, encoding="utf-8")
    (OUT / "tiles.yaml").write_text(write_tiles(tiles), encoding="utf-8")

    # Report the preprinted hexes' upgrades by the general rule (for the hand check).
    for coord, p in sorted(parsed_hexes.items()):
        if p["color"] in ("yellow", "green") or coord in EXPLICIT_HEX_UPGRADES:
            rec = {"color": p["color"], "labels": p["labels"], "stops": p["stops"],
                   "paths": p["paths"]}
            general = [n for n, t in tiles.items() if general_upgrade(rec, t)]
            print(f"hex {coord}: general rule gives {general}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
