"""Transcribe the board and tile manifest of a standard 18xx title (1889, 1830) into YAML.

    python3 tools/transcribe_standard.py 1889 [REFERENCE_DIR]
    python3 tools/transcribe_standard.py 1830 [REFERENCE_DIR]

writes ``titles/<id>/map.yaml`` and ``titles/<id>/tiles.yaml``. The other files of the title
(trains, phases, market, companies, setup) are short and written by hand from FACTS.md.

Source (facts only, read from the reference folder, never shipped): ``board_18xxgames.json``,
whose ``_about`` explains its encoding: every hex as [preprinted colour, code], the names, the
manifest with every tile's track code. Its coordinates, tile numbers and edge numbering are the
ones recorded games use, and ours are the same for both layouts (docs/data-model.md), so a
recorded lay's rotation means the same thing here.

The shared helpers (flow-style output, path order, the general upgrade rule used to say where
explicit lists are needed) are the 1837 transcriber's.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from transcribe_1837 import flow, general_upgrade, key, normalise_paths  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = Path("/work/shared/reference")

# What each title's map is, and the hand-written notes the board file cannot give.
TITLES = {
    "1889": {
        "layout": "flat",
        "axes": "letter_column",
        "intro": [
            "# Shikoku 1889 board: every printed hex (52). Transcribed by",
            "# tools/transcribe_standard.py from the reference board (coordinates, tile numbers and",
            "# edges as recorded 18xx.games games use them). Flat-topped hexes; letter = column",
            "# (A west), number = row (1 north). Edges: 0 S, 1 SW, 2 NW, 3 N, 4 NE, 5 SE.",
        ],
        # the colour name of the phase where each printed value starts (yellow_30|brown_60)
        "colour_phase": {"yellow": "2", "green": "3", "brown": "5"},
        "notes": {
            "I4": "Kotohira: only H tiles; 80 on every lay (438, 439, 492)",
            "K4": "home of KO; blocked by the private TR while a player owns it",
            "C4": "blocked by the private ER while a player owns it",
            "F9": "home of TR (the corporation); 80 to upgrade",
            "B7": "home of UR",
            "K8": "home of AR",
            "E2": "home of IR",
            "I2": "home of SR",
            "C10": "home of KU",
            "B11": "port: tile 437 only by the Mitsubishi Ferry",
            "G10": "port: tile 437 only by the Mitsubishi Ferry",
            "I12": "port: tile 437 only by the Mitsubishi Ferry",
            "J9": "port: tile 437 only by the Mitsubishi Ferry",
        },
        "manifest": {
            "yellow": "3 5 6 7 8 9 57 58 437 438",
            "green": "12 13 14 15 16 19 20 23 24 25 26 27 28 29 205 206 439 440",
            "brown": "39 40 41 42 45 46 47 448 465 466 492 611",
        },
    },
    "1830": {
        "layout": "pointy",
        "axes": "letter_row",
        "intro": [
            "# 1830 board: every printed hex (93). Transcribed by tools/transcribe_standard.py from",
            "# the reference board (coordinates, tile numbers and edges as recorded 18xx.games",
            "# games use them). Pointy-topped hexes; letter = row (A north), number = column.",
            "# Edges: 0 SW, 1 W, 2 NW, 3 NE, 4 E, 5 SE.",
        ],
        "colour_phase": {"yellow": "2", "green": "3", "brown": "5"},
        # FACTS "Map": Gulf = J2 + I1 and Canada = A11 + A9, each one stop for a route; the
        # board file names the group on I1, A9 and A11 only
        "groups": {"J2": "Gulf"},
        "notes": {
            "H12": "home of PRR",
            "E19": "home of NYC",
            "A19": "home of CPR",
            "I15": "home of B&O; blocked by the private BO while a player owns it",
            "F6": "home of C&O",
            "E11": "home of ERIE (either city; its president picks when a tile is laid)",
            "G19": "home of NYNH (city 0) ",
            "E23": "home of B&M",
            "G15": "blocked by the private SV while a player owns it",
            "B20": "blocked by the private CS while a player owns it",
            "F16": "blocked by the private DH while a player owns it",
            "D18": "blocked by the private MH while a player owns it",
            "H18": "blocked by the private CA while a player owns it",
            "I13": "blocked by the private BO while a player owns it",
            "I1": "Gulf (one drawing with J2: a route uses one of the two)",
            "A9": "Canada (one drawing with A11: a route uses one of the two)",
        },
        "manifest": {
            "yellow": "1 2 3 4 7 8 9 55 56 57 58 69",
            "green": "14 15 16 18 19 20 23 24 25 26 27 28 29 53 54 59",
            "brown": "39 40 41 42 43 44 45 46 47 61 62 63 64 65 66 67 68 70",
        },
    },
}


# --------------------------------------------------------------------------- parsing


def parse_revenue(text: str, colour_phase: dict[str, str]) -> tuple[int | dict, int | None]:
    """``yellow_30|brown_60|diesel_100`` -> ({"2": 30, "5": 60}, 100): the value from the
    phase where that colour first appears, and the value for D trains (None if not given)."""
    if "|" not in text:
        return int(text), None
    values: dict[str, int] = {}
    diesel = None
    for part in text.split("|"):
        colour, _, amount = part.partition("_")
        if colour == "diesel":
            diesel = int(amount)
        else:
            values[colour_phase[colour]] = int(amount)
    return values, diesel


def end(text: str) -> int | str:
    return f"s{text[1:]}" if text.startswith("_") else int(text)


def parse_code(code: str, colour_phase: dict[str, str]) -> dict:
    """One hex or tile code of the board file as our record fields."""
    out: dict = {"stops": [], "paths": [], "labels": [], "terrain": [], "borders": [],
                 "icons": [], "lay_cost": None, "train_revenue": {}}
    if code in ("", "blank"):
        return out
    code = {"city": "city=revenue:0", "town": "town=revenue:0"}.get(code, code)
    for part in code.split(";"):
        kind, _, rest = part.partition("=")
        attrs = dict(kv.split(":", 1) for kv in rest.split(",") if ":" in kv)
        if kind in ("city", "town", "offboard"):
            revenue, diesel = parse_revenue(attrs.get("revenue", "0"), colour_phase)
            stop: dict = {"kind": kind, "revenue": revenue}
            if kind == "city" and int(attrs.get("slots", 1)) != 1:
                stop["slots"] = int(attrs["slots"])
            if "groups" in attrs:
                stop["group"] = attrs["groups"]
            if diesel is not None:
                stop["train_revenue"] = {"D": diesel}  # D trains, whatever the phase
                out["train_revenue"][len(out["stops"])] = {"D": diesel}
            out["stops"].append(stop)
        elif kind == "path":
            out["paths"].append([end(attrs["a"]), end(attrs["b"])])
        elif kind == "label":
            out["labels"].append(rest)
        elif kind == "upgrade":
            cost = int(attrs["cost"])
            kinds = attrs["terrain"].split("|") if "terrain" in attrs else []
            if not kinds:
                out["lay_cost"] = cost  # a cost without a terrain type (Kotohira)
            else:
                # two types on one hex share one cost: the first carries it
                out["terrain"].extend(
                    {"kind": k, "cost": cost if i == 0 else 0} for i, k in enumerate(kinds)
                )
        elif kind == "border":
            # a border without a type joins the halves of a two-hex off-board drawing
            out["borders"].append({"edge": int(attrs["edge"]), "kind": attrs.get("type", "drawing")})
        elif kind == "icon":
            out["icons"].append(attrs["image"])
        else:
            raise ValueError(f"unknown part {part!r} in {code!r}")
    return out


# --------------------------------------------------------------------------- records


def hex_record(coord: str, color: str, parsed: dict, names: dict) -> dict:
    rec: dict = {}
    if coord in names:
        rec["name"] = names[coord]
    if color != "white":
        rec["color"] = color
    terrain = list(parsed["terrain"])
    if parsed["lay_cost"] is not None:
        # a cost with no terrain type, printed on the hex and on its tiles: paid on every lay
        terrain.append({"kind": "building", "cost": parsed["lay_cost"], "every_lay": True})
    if terrain:
        rec["terrain"] = terrain
    if parsed["stops"]:
        rec["stops"] = parsed["stops"]
    if parsed["labels"]:
        rec["labels"] = parsed["labels"]
    if parsed["paths"]:
        rec["paths"] = normalise_paths(parsed["paths"])
    if parsed["borders"]:
        rec["borders"] = parsed["borders"]
    return rec


def classify(color: str, parsed: dict) -> str:
    kinds = [s["kind"] for s in parsed["stops"]]
    if color == "red":
        return "offboard"
    if color == "gray":
        return "gray"
    if color in ("yellow", "green"):
        return "preprinted"
    if "city" in kinds:
        return "city"
    if "town" in kinds:
        return "town"
    if parsed["terrain"] or parsed["borders"]:
        return "terrain"
    return "blank"


SECTIONS = [
    ("offboard", "Off-boards (red; value in the early phases / from phase 5), never replaced"),
    ("gray", "Gray hexes (printed track, never replaced)"),
    ("preprinted", "Preprinted yellow and green hexes"),
    ("city", "Cities without track"),
    ("town", "Towns without track (two dots = two towns)"),
    ("terrain", "Terrain and borders without stops"),
    ("blank", "Blank buildable hexes"),
]


def sort_key(coord: str) -> tuple[str, int]:
    return (coord[0], int(coord[1:]))


def write_map(title: str, board: dict) -> tuple[str, dict]:
    spec = TITLES[title]
    names = board["location_names"]
    groups: dict[str, list[str]] = {s: [] for s, _ in SECTIONS}
    parsed_all = {}
    for coord, (color, code) in board["hexes"].items():
        parsed = parse_code(code, spec["colour_phase"])
        if coord in spec.get("groups", {}):
            for stop in parsed["stops"]:
                stop["group"] = spec["groups"][coord]
        parsed_all[coord] = {"color": color, **parsed}
        groups[classify(color, parsed)].append(coord)
    lines = [*spec["intro"], f"layout: {spec['layout']}", f"axes: {spec['axes']}", "", "hexes:"]
    for section, heading in SECTIONS:
        coords = sorted(groups[section], key=sort_key)
        if not coords:
            continue
        lines.append(f"  # --- {heading} ({len(coords)})")
        for coord in coords:
            p = parsed_all[coord]
            rec = hex_record(coord, p["color"], p, names)
            note = spec["notes"].get(coord, "").strip()
            comment = f"  # {note}" if note else ""
            text = f"  {coord}: {flow(rec)}"
            if len(text) + len(comment) <= 100:
                lines.append(text + comment)
                continue
            lines.append(f"  {coord}:{comment}")
            for k, v in rec.items():
                lines.append(f"    {k}: {flow(v)}")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n", parsed_all


def tile_records(title: str, board: dict) -> dict[str, dict]:
    spec = TITLES[title]
    codes = board["tiles_standard_codes"]
    counts = board["tile_counts"]
    tiles = {}
    for color, numbers in spec["manifest"].items():
        for number in numbers.split():
            assert board["tile_colors"][number] == color, number
            parsed = parse_code(codes[number], spec["colour_phase"])
            rec = {"color": color, "count": counts[number], "stops": parsed["stops"],
                   "paths": normalise_paths(parsed["paths"]), "labels": parsed["labels"],
                   "_icons": parsed["icons"], "_lay_cost": parsed["lay_cost"]}
            tiles[number] = rec
    missing = set(counts) - set(tiles) - set(board.get("tiles_custom", {}))
    assert not missing, f"manifest misses {sorted(missing)}"
    return tiles


def write_tiles(title: str, tiles: dict[str, dict]) -> str:
    total = sum(r["count"] for r in tiles.values())
    by_colour = {c: sum(r["count"] for r in tiles.values() if r["color"] == c)
                 for c in ("yellow", "green", "brown")}
    lines = [
        f"# {title} tile manifest: {total} tiles (yellow {by_colour['yellow']}, green "
        f"{by_colour['green']}, brown {by_colour['brown']}). Transcribed by",
        "# tools/transcribe_standard.py from the reference manifest (tile numbers and track as",
        "# recorded 18xx.games games use them). `s<i>` is the i-th stop. Upgrades follow the",
        "# general rule of docs/data-model.md (next colour, same labels and stops, every path kept).",
    ]
    current = None
    for number, rec in tiles.items():
        if rec["color"] != current:
            current = rec["color"]
            lines += ["", f"# --- {current} ({by_colour[current]})"]
        notes = []
        if "port" in rec["_icons"]:
            notes.append("port tile: laid only by the Mitsubishi Ferry")
        if rec["_lay_cost"]:
            notes.append(f"Kotohira: the hex's {rec['_lay_cost']} is paid again (every_lay)")
        out = {k: v for k, v in rec.items() if not k.startswith("_") and (v != [] or k == "paths")}
        comment = f"  # {'; '.join(notes)}" if notes else ""
        text = f"{key(number)}: {flow(out)}"
        if len(text) + len(comment) <= 100:
            lines.append(text + comment)
            continue
        lines.append(f"{key(number)}:{comment}")
        for k, v in out.items():
            lines.append(f"  {k}: {flow(v)}")
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    title = argv[1]
    ref = Path(argv[2]) if len(argv) > 2 else REFERENCE / title
    board = json.loads((ref / "board_18xxgames.json").read_text(encoding="utf-8"))
    map_text, parsed_hexes = write_map(title, board)
    tiles = tile_records(title, board)
    out = ROOT / "titles" / title
    out.mkdir(parents=True, exist_ok=True)
    (out / "map.yaml").write_text(map_text, encoding="utf-8")
    (out / "tiles.yaml").write_text(write_tiles(title, tiles), encoding="utf-8")

    # For the hand check: what the general upgrade rule lets each tile and preprinted hex become.
    for number, rec in tiles.items():
        ups = [n for n, t in tiles.items() if general_upgrade(rec, t)]
        print(f"tile {number} ({rec['color']}, {rec['labels']}): -> {ups}", file=sys.stderr)
    for coord, p in sorted(parsed_hexes.items()):
        if p["color"] in ("white", "yellow", "green") and (p["stops"] or p["color"] != "white"):
            color = "white" if p["color"] == "white" else p["color"]
            rec = {"color": color, "labels": p["labels"], "stops": p["stops"], "paths": p["paths"]}
            ups = [n for n, t in tiles.items() if general_upgrade(rec, t)]
            print(f"hex {coord}: -> {ups}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
