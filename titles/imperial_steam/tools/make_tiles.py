"""One-off generator of cities.yaml and components.yaml (our own design, seeded, reproducible).

The YAML files are the source of truth once written; this script only records how the first
version was drawn up. Run: python3 titles/imperial_steam/tools/make_tiles.py
"""

import random
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

# site: effort, station cost, station sites, factory sites, demands (3-4p), business, influence
BASE = [
    ("BAD", 1, 10, 2, ["wood"], ["stone"], True, 0),
    ("ODE", 2, 20, 2, ["wood", "wood@30"], ["iron"], False, 1),
    ("NEU", 1, 10, 2, ["iron"], ["coal"], True, 0),
    ("GLO", 2, 20, 1, ["stone"], [], False, 1),
    ("MUR", 3, 20, 2, ["iron", "wood"], [], True, 0),
    ("KIN", 2, 10, 1, ["wood"], ["stone"], False, 0),
    ("BRU", 2, 20, 2, ["iron"], ["wood"], True, 1),
    ("LEO", 3, 30, 2, ["iron", "coal@station"], [], True, 0),
    ("JUD", 3, 20, 1, ["wood"], ["iron"], False, 2),
    ("KOF", 2, 20, 2, ["coal", "coal@40"], [], True, 0),
    ("FUE", 1, 10, 1, ["wood"], ["coal"], False, 1),
    ("RAD", 2, 10, 1, ["stone"], ["wood"], True, 0),
    ("MSO", 2, 20, 2, ["wood"], ["iron"], False, 1),
    ("PET", 1, 10, 1, ["stone"], ["coal"], True, 0),
    ("CIL", 2, 20, 2, ["coal", "iron@station"], ["stone"], True, 1),
    ("STB", 3, 20, 1, ["coal"], [], False, 2),
    ("UDR", 3, 20, 1, ["wood", "wood"], ["iron"], True, 0),
    ("SVE", 2, 10, 1, ["iron"], ["wood"], False, 1),
    ("KLA", 2, 30, 2, ["stone", "wood"], ["coal"], True, 1),
    ("VIL", 3, 20, 2, ["iron"], ["stone"], True, 0),
    ("TAR", 4, 30, 1, ["coal"], [], False, 2),
    ("GOE", 3, 20, 2, ["stone"], ["wood"], True, 1),
    ("ADE", 3, 20, 1, ["stone", "stone@30"], ["iron"], False, 1),
]
HUBS = {
    "bronze": ("WNS", 2, 20, 3, ["wood", "stone@3"], 2),
    "white": ("GRA", 3, 30, 3, ["iron", "coal@3"], 4),
    "green": ("MAR", 3, 30, 3, ["wood", "coal@4"], 6),
    "blue": ("LAI", 4, 40, 3, ["stone", "iron@3"], 8),
}


def site(text, hub=False):
    good, _, extra = text.partition("@")
    if not extra:
        return f"{{good: {good}}}"
    if hub:
        return f"{{good: {good}, min_players: {extra}}}"
    cost = '"station"' if extra == "station" else extra
    return f"{{good: {good}, cost: {cost}}}"


def tiles():
    out = ["# City tiles: 23 per player count (69 in all, published count); contents are our own",
           "# design (PROVENANCE.md). `fixed_site` is where the Fixed setup places the tile.",
           "tiles:"]
    for players in (2, 3, 4):
        for i, (at, effort, cost, slots, facs, demands, business, infl) in enumerate(BASE, 1):
            if players < 4:
                facs = facs[:1]
            if players == 2:
                demands = []
            out.append(f'  "{players}-{i:02d}":')
            out.append(f"    players: {players}")
            out.append(f"    fixed_site: {at}")
            out.append(f"    effort: {effort}")
            out.append(f"    station_cost: {cost}")
            out.append(f"    station_sites: {slots}")
            out.append(f"    factory_sites: [{', '.join(site(f) for f in facs)}]")
            out.append(f"    demands: [{', '.join(demands)}]")
            out.append(f"    business: {'true' if business else 'false'}")
            out.append(f"    influence: {infl}")
    out.append("# Hub City tiles: one per colour, each with a gold and a silver City Key.")
    out.append("hubs:")
    for colour, (at, effort, cost, slots, facs, start) in HUBS.items():
        out.append(f"  {colour}:")
        out.append(f"    fixed_site: {at}")
        out.append(f"    effort: {effort}")
        out.append(f"    station_cost: {cost}")
        out.append(f"    station_sites: {slots}")
        out.append(f"    factory_sites: [{', '.join(site(f, True) for f in facs)}]")
        out.append("    demands: [wood, stone, iron, coal, coal]")
        out.append("    business: true")
        out.append("    influence: 0")
        out.append(f"    start_influence: {start}")
    return "\n".join(out) + "\n"


def components():
    rng = random.Random(1837)
    sites = [b[0] for b in BASE] + [h[0] for h in HUBS.values()]
    regions = {
        "lower_austria": ["BAD", "WNS", "ODE", "NEU", "GLO"],
        "upper_styria": ["MUR", "KIN", "BRU", "LEO", "JUD", "KOF", "GRA"],
        "lower_styria": ["FUE", "RAD", "MSO", "MAR", "PET", "CIL", "STB"],
        "carinthia": ["UDR", "SVE", "KLA", "VIL", "TAR", "LAI", "GOE", "ADE"],
    }
    out = ["# Normal Setup cards (15, published count): each fixes the hub city sites and four",
           "# City tiles (by number 1-23 within the player count's set). Contents: our own design.",
           "normal_setup_cards:"]
    for card in range(1, 16):
        colours = list(HUBS)
        rng.shuffle(colours)
        hubs = {c: rng.choice(regions[r]) for c, r in zip(colours, regions, strict=True)}
        free = [s for s in sites if s not in hubs.values()]
        chosen = rng.sample(free, 4)
        numbers = rng.sample(range(1, 24), 4)
        out.append(f'  "N{card:02d}":')
        out.append("    hubs: {" + ", ".join(f"{c}: {s}" for c, s in hubs.items()) + "}")
        out.append("    tiles: {" + ", ".join(f'{s}: {n}' for s, n in zip(chosen, numbers, strict=True)) + "}")
    out.append("# State Railway Setup cards (35, published count): five per crownable connection;")
    out.append("# `count` is read from the first card drawn in the Random setup (our own design).")
    out.append("state_railway_cards:")
    crowns = ["WIE-WNS", "BRU-LEO", "GRA-MAR", "MAR-CIL", "STB-LAI", "KLA-VIL", "LAI-ADE"]
    counts = [2, 3, 3, 4, 3]
    n = 0
    for conn in crowns:
        for c in counts:
            n += 1
            out.append(f'  "S{n:02d}": {{connection: {conn}, count: {c}}}')
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    (HERE / "cities.yaml").write_text(tiles(), encoding="utf-8")
    (HERE / "components.yaml").write_text(components(), encoding="utf-8")
