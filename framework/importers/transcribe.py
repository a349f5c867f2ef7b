"""Turn an 18xx.games board file (``board_18xxgames.json``) into a title's ``map.yaml`` and
``tiles.yaml``.

The board file holds facts only: every printed hex as [preprinted colour, code], the location
names, the tile manifest (standard codes, the title's own tiles, counts, "unlimited"), and the
neighbours as the site links them. Its ``_about`` explains the code. The site's coordinates,
tile numbers and edge numbering are the ones its recorded games use, and ours are the same for
both layouts (docs/data-model.md), so the YAML written here replays those games unchanged.

What the board file cannot say is in which of our phases a colour's value starts (its
revenues are written ``yellow_30|brown_60``): ``colour_phases`` maps colours to phase names,
by default the usual 18xx names (yellow 2, green 3, brown 5, gray D).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

DEFAULT_COLOUR_PHASES: dict[str, str] = {"yellow": "2", "green": "3", "brown": "5", "gray": "D"}
"""Where each colour's printed value starts, for the usual phase names."""

TILE_COLOURS = ("yellow", "green", "brown", "gray")

_ALIASES = {"": "", "blank": "", "city": "city=revenue:0", "town": "town=revenue:0"}


class BoardError(ValueError):
    """The board file says something this transcriber cannot write (an unknown code part)."""


# --------------------------------------------------------------------------- YAML output


def key(value: Any) -> str:
    """A mapping key or scalar as flow YAML: bare when YAML would read it back as the same
    text (never a boolean or null look-alike), quoted otherwise."""
    if isinstance(value, int):
        return str(value)
    text = str(value)
    if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", text) and text.lower() not in {
        "y", "n", "yes", "no", "on", "off", "true", "false", "null"
    }:
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def flow(value: Any) -> str:
    """One value as flow-style YAML: the files stay one line per hex or tile where it fits."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key(k)}: {flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, int):
        return str(value)
    return key(value)


def _end_key(end: int | str) -> tuple[int, int]:
    return (1, int(end[1:])) if isinstance(end, str) else (0, end)


def normalise_paths(paths: Iterable[list[int | str]]) -> list[list[int | str]]:
    """Edges before stops, lower edge first, in a stable order: two transcriptions of one
    board are then equal as text, and a diff shows real changes only."""
    fixed = [sorted(p, key=_end_key) for p in paths]
    return sorted(fixed, key=lambda p: (_end_key(p[0]), _end_key(p[1])))


# --------------------------------------------------------------------------- codes


def parse_revenue(text: str, colour_phases: Mapping[str, str]) -> tuple[int | dict[str, int],
                                                                         int | None]:
    """``yellow_30|brown_60|diesel_100`` -> ({"2": 30, "5": 60}, 100): each colour's value from
    the phase where that colour starts, and the value for D trains (None if not given)."""
    if "|" not in text and "_" not in text:
        return int(text), None
    values: dict[str, int] = {}
    diesel = None
    for part in text.split("|"):
        colour, _, amount = part.partition("_")
        if colour == "diesel":
            diesel = int(amount)
        elif colour not in colour_phases:
            raise BoardError(f"no phase given for the colour {colour!r} (revenue {text!r})")
        else:
            values[colour_phases[colour]] = int(amount)
    return values, diesel


def _end(text: str) -> int | str:
    return f"s{text[1:]}" if text.startswith("_") else int(text)


def parse_code(code: str, colour_phases: Mapping[str, str]) -> dict[str, Any]:
    """One hex or tile code of the board file as our record fields (``lay_cost``: a cost with
    no terrain type, paid on every lay, as 1889's Kotohira)."""
    out: dict[str, Any] = {"stops": [], "paths": [], "labels": [], "terrain": [],
                           "borders": [], "icons": [], "lay_cost": None}
    code = _ALIASES.get(code, code)
    if not code:
        return out
    for part in code.split(";"):
        kind, _, rest = part.partition("=")
        attrs = dict(kv.split(":", 1) for kv in rest.split(",") if ":" in kv)
        if kind in ("city", "town", "offboard"):
            revenue, diesel = parse_revenue(attrs.get("revenue", "0"), colour_phases)
            stop: dict[str, Any] = {"kind": kind, "revenue": revenue}
            if kind == "city" and int(attrs.get("slots", 1)) != 1:
                stop["slots"] = int(attrs["slots"])
            if "groups" in attrs:
                stop["group"] = attrs["groups"]
            if diesel is not None:
                stop["train_revenue"] = {"D": diesel}  # D trains, whatever the phase
            out["stops"].append(stop)
        elif kind == "path":
            out["paths"].append([_end(attrs["a"]), _end(attrs["b"])])
        elif kind == "label":
            out["labels"].append(rest)
        elif kind == "upgrade":
            cost = int(attrs["cost"])
            kinds = attrs["terrain"].split("|") if "terrain" in attrs else []
            if not kinds:
                out["lay_cost"] = cost
            else:
                # two types on one hex share one cost: the first carries it
                out["terrain"].extend(
                    {"kind": k, "cost": cost if i == 0 else 0} for i, k in enumerate(kinds)
                )
        elif kind == "border":
            # a border without a type joins the halves of a two-hex off-board drawing
            border: dict[str, Any] = {"edge": int(attrs["edge"]), "kind": attrs.get("type", "drawing")}
            if "cost" in attrs:  # paid once when track first crosses it (1882's rivers)
                border["cost"] = int(attrs["cost"])
            out["borders"].append(border)
        elif kind == "icon":
            out["icons"].append(attrs["image"])
        else:
            raise BoardError(f"unknown part {part!r} in {code!r}")
    return out


# --------------------------------------------------------------------------- map


def hex_record(color: str, parsed: Mapping[str, Any], name: str | None) -> dict[str, Any]:
    """One map hex in our fields, defaults left out."""
    rec: dict[str, Any] = {}
    if name:
        rec["name"] = name
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


def _share_groups(parsed: dict[str, dict[str, Any]], board: Mapping[str, Any]) -> None:
    """A two-hex off-board is one place for a route: the half the site leaves without a group
    (1830's J2 beside I1) takes the group of the half its drawing border joins."""
    neighbours = board.get("neighbors", {})
    for coord, rec in parsed.items():
        for border in rec["borders"]:
            if border["kind"] != "drawing":
                continue
            other = neighbours.get(coord, {}).get(str(border["edge"]))
            if other is None or other not in parsed:
                continue
            groups = {s.get("group") for s in parsed[other]["stops"]} - {None}
            if len(groups) == 1:
                for stop in rec["stops"]:
                    stop.setdefault("group", next(iter(groups)))


SECTIONS = [
    ("offboard", "Off-boards (red), never replaced"),
    ("gray", "Gray hexes (printed track, never replaced)"),
    ("preprinted", "Preprinted tiles"),
    ("city", "Cities without track"),
    ("town", "Towns without track (two dots = two towns)"),
    ("terrain", "Terrain and borders without stops"),
    ("blank", "Blank buildable hexes"),
]


def _section(color: str, parsed: Mapping[str, Any]) -> str:
    kinds = [s["kind"] for s in parsed["stops"]]
    if color == "red":
        return "offboard"
    if color == "gray":
        return "gray"
    if color != "white":
        return "preprinted"
    if "city" in kinds:
        return "city"
    if "town" in kinds:
        return "town"
    if parsed["terrain"] or parsed["borders"] or parsed["lay_cost"] is not None:
        return "terrain"
    return "blank"


def _coord_key(coord: str) -> tuple[str, int]:
    match = re.fullmatch(r"([A-Za-z]+)(-?\d+)", coord)
    return (match.group(1), int(match.group(2))) if match else (coord, 0)


def layout_of(board: Mapping[str, Any]) -> tuple[str, str]:
    """Our ``layout`` and ``axes`` from the board file's prose about its grid."""
    about = board.get("layout", {})
    flat = "flat-topped" in str(about.get("orientation", ""))
    coords = str(about.get("coordinates", ""))
    if "letter is the column" in coords:
        axes = "letter_column"
    elif "letter is the row" in coords:
        axes = "letter_row"
    else:
        axes = "letter_column" if flat else "letter_row"
    return ("flat" if flat else "pointy"), axes


def map_yaml(board: Mapping[str, Any], colour_phases: Mapping[str, str] = DEFAULT_COLOUR_PHASES,
             *, title: str = "") -> str:
    """The text of ``map.yaml``: every hex of the board, grouped by kind for reading."""
    names = board.get("location_names", {})
    parsed: dict[str, dict[str, Any]] = {}
    colours: dict[str, str] = {}
    for coord, (color, code) in board["hexes"].items():
        parsed[coord] = parse_code(code, colour_phases)
        colours[coord] = color
    _share_groups(parsed, board)
    layout, axes = layout_of(board)
    edges = board.get("layout", {}).get("edges", {})
    edge_text = ", ".join(f"{e} {d.split(' ')[0]}" for e, d in edges.items())
    lines = [
        "# yaml-language-server: $schema=../../schemas/18xx/map.schema.json",
        f"# {title or 'The'} board: every printed hex ({len(parsed)}). Transcribed by",
        "# `railyard transcribe-18xxgames` from the 18xx.games board file (coordinates, tile",
        "# numbers and edges as recorded games use them).",
        *([f"# Edges: {edge_text}."] if edge_text else []),
        f"layout: {layout}",
        f"axes: {axes}",
        "",
        "hexes:",
    ]
    sections: dict[str, list[str]] = {s: [] for s, _ in SECTIONS}
    for coord in parsed:
        sections[_section(colours[coord], parsed[coord])].append(coord)
    for section, heading in SECTIONS:
        coords = sorted(sections[section], key=_coord_key)
        if not coords:
            continue
        lines.append(f"  # --- {heading} ({len(coords)})")
        for coord in coords:
            rec = hex_record(colours[coord], parsed[coord], names.get(coord))
            text = f"  {key(coord)}: {flow(rec)}"
            if len(text) <= 100:
                lines.append(text)
                continue
            lines.append(f"  {key(coord)}:")
            lines.extend(f"    {k}: {flow(v)}" for k, v in rec.items())
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


# --------------------------------------------------------------------------- tiles


def tile_records(board: Mapping[str, Any], colour_phases: Mapping[str, str] = DEFAULT_COLOUR_PHASES,
                 *, skip: Iterable[str] = ()) -> dict[str, dict[str, Any]]:
    """Every manifest tile (standard and the title's own) in our fields, by colour then in
    manifest order; ``count`` None = unlimited."""
    skipped = set(skip)
    standard = board.get("tiles_standard_codes", {})
    custom = board.get("tiles_custom", {})
    unlimited = set(board.get("tiles_unlimited", []))
    records: dict[str, dict[str, Any]] = {}
    for number, count in board["tile_counts"].items():
        if number in skipped:
            continue
        if number in custom:
            code, color = custom[number]["code"], custom[number]["color"]
        elif number in standard:
            code, color = standard[number], board["tile_colors"][number]
        else:
            raise BoardError(f"tile {number!r} has no code in the board file")
        parsed = parse_code(code, colour_phases)
        rec: dict[str, Any] = {
            "color": color,
            "count": None if count == "unlimited" or number in unlimited else int(count),
        }
        if parsed["stops"]:
            rec["stops"] = parsed["stops"]
        rec["paths"] = normalise_paths(parsed["paths"])
        if parsed["labels"]:
            rec["labels"] = parsed["labels"]
        records[number] = rec
    order = {c: i for i, c in enumerate(TILE_COLOURS)}
    return dict(sorted(records.items(), key=lambda kv: order.get(kv[1]["color"], 99)))


def tiles_yaml(board: Mapping[str, Any], colour_phases: Mapping[str, str] = DEFAULT_COLOUR_PHASES,
               *, title: str = "", skip: Iterable[str] = ()) -> str:
    """The text of ``tiles.yaml``: the manifest by colour, one line per tile where it fits."""
    tiles = tile_records(board, colour_phases, skip=skip)
    limited = {c: sum(r["count"] for r in tiles.values() if r["color"] == c and r["count"])
               for c in TILE_COLOURS}
    unlimited = [n for n, r in tiles.items() if r["count"] is None]
    summary = ", ".join(f"{c} {n}" for c, n in limited.items() if n)
    lines = [
        "# yaml-language-server: $schema=../../schemas/18xx/tiles.schema.json",
        f"# {title or 'The'} tile manifest: {sum(limited.values())} tiles ({summary})"
        + (f", and {', '.join(unlimited)} unlimited (count: null)." if unlimited else "."),
        "# Transcribed by `railyard transcribe-18xxgames` from the 18xx.games board file (tile",
        "# numbers and track as recorded games use them). `s<i>` is the i-th stop. Upgrades",
        "# follow the general rule of docs/data-model.md (next colour, same labels and stops,",
        "# every path kept).",
    ]
    current = None
    for number, rec in tiles.items():
        if rec["color"] != current:
            current = rec["color"]
            lines += ["", f"# --- {current}"]
        text = f"{key(number)}: {flow(rec)}"
        if len(text) <= 100:
            lines.append(text)
            continue
        lines.append(f"{key(number)}:")
        lines.extend(f"  {k}: {flow(v)}" for k, v in rec.items())
    return "\n".join(lines) + "\n"


def parse_colour_phases(text: str | None) -> dict[str, str]:
    """``yellow=2,green=3`` -> the defaults with those colours changed."""
    phases = dict(DEFAULT_COLOUR_PHASES)
    for part in (text or "").split(","):
        if part.strip():
            colour, _, phase = part.partition("=")
            phases[colour.strip()] = phase.strip()
    return phases


def transcribe(board: Mapping[str, Any], out: Path, *,
               colour_phases: Mapping[str, str] = DEFAULT_COLOUR_PHASES, title: str = "",
               skip_tiles: Iterable[str] = ()) -> list[Path]:
    """Write ``map.yaml`` and ``tiles.yaml`` for ``board`` into the folder ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    written = [out / "map.yaml", out / "tiles.yaml"]
    written[0].write_text(map_yaml(board, colour_phases, title=title), encoding="utf-8")
    written[1].write_text(tiles_yaml(board, colour_phases, title=title, skip=skip_tiles),
                          encoding="utf-8")
    return written
