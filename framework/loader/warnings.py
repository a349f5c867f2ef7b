"""Warnings for an 18xx title: data that loads but is probably a designer's mistake.

Unlike errors they do not stop the title from loading; ``railyard validate`` prints them.
- a map hex that no tile of the manifest can ever replace (white, yellow or green);
- a label on the map that no tile carries (labels are case-sensitive: ``k`` is not ``K``);
- preprinted track running off the map;
- a tile of the manifest that no sequence of legal upgrades from the map ever reaches.
"""

from __future__ import annotations

from typing import Any

import attrs

from railyard.framework.hexgrid import Grid
from railyard.framework.loader.errors import DocPath
from railyard.framework.tiles import Placed, TileDef, next_color, upgrade_options

REPLACEABLE = ("white", "yellow", "green")


def problems(title: Any) -> list[tuple[DocPath, str]]:
    """(path, message) of each warning, paths from the concern (``map.hexes.K4.labels``)."""
    found: list[tuple[DocPath, str]] = []
    tile_labels = {label for t in title.tiles.values() for label in t.labels}
    across = _neighbours(title.map)
    # whether a tile fits depends on the hex's tile but not its id (``@<coord>``): hexes
    # printed alike are worked out once
    fits: dict[tuple[TileDef, int, str | None], bool] = {}
    for coord, h in title.map.hexes.items():
        base: DocPath = ("map", "hexes", coord)
        for i, label in enumerate(h.labels):
            if label not in tile_labels:
                found.append(((*base, "labels", i), _label_message(label, tile_labels)))
        if h.future_label is not None and h.future_label.label not in tile_labels:
            found.append(((*base, "future_label", "label"), _label_message(h.future_label.label, tile_labels)))
        if h.color in REPLACEABLE:
            want = "yellow" if h.color == "white" else next_color(h.color)
            key = (attrs.evolve(h.as_tile(), id=""), h.rotation % 6, want)
            if key not in fits:
                old = Placed(key[0], key[1])
                fits[key] = any(t.color == want and upgrade_options(old, t)
                                for t in title.tiles.values())
            if not fits[key]:
                found.append((base, f"no tile can ever be laid on {coord} (no {want} tile fits it)"))
        for i, path in enumerate(h.paths):
            for end in path:
                if isinstance(end, int) and across[coord][(end + h.rotation) % 6] is None:
                    found.append(((*base, "paths", i), f"track on {coord} runs off the map (edge {end})"))
    return found + unreachable_tiles(title)


def unreachable_tiles(title: Any) -> list[tuple[DocPath, str]]:
    """Tiles no sequence of legal upgrades from the printed map reaches: a tile meant to follow
    another by an explicit upgrade (``upgrades_to``) that was never written loads and plays,
    and is simply never offered. A title with hooks may lay tiles itself (an event placing a tile):
    only titles without hooks are checked."""
    if title.manifest.hooks:
        return []
    reached: dict[str, TileDef] = {}
    frontier: list[Placed] = []
    seen: set[tuple[TileDef, int]] = set()
    for h in title.map.hexes.values():
        key = (attrs.evolve(h.as_tile(), id=""), h.rotation % 6)
        if key not in seen:
            seen.add(key)
            frontier.append(Placed(*key))
    while frontier:
        old = frontier.pop()
        for tile_id, tile in title.tiles.items():
            if tile_id not in reached and upgrade_options(old, tile):
                reached[tile_id] = tile
                frontier.append(Placed(tile, 0))
    found: list[tuple[DocPath, str]] = []
    for tile_id, tile in title.tiles.items():
        if tile_id in reached or tile.count == 0:
            continue
        before = [t for t in title.tiles.values() if t.id != tile_id and upgrade_options(Placed(t, 0), tile)]
        if before:
            names = _either([t.id for t in before])
            why = f"it replaces only {names}, which can never be laid itself"
        else:
            why = _explicit_hint(title, tile, reached)
        found.append((("tiles", tile_id), f"tile {tile_id} can never be laid: {why}"))
    return found


def _explicit_hint(title: Any, tile: TileDef, reached: dict[str, TileDef]) -> str:
    """What would make ``tile`` reachable: an explicit upgrade from a reachable tile of the
    colour before it carrying its labels."""
    why = "no tile on the map or reachable from it may be replaced by it"
    earlier = [t.id for t in reached.values() if next_color(t.color) == tile.color
               and set(t.labels) == set(tile.labels)]
    if earlier:
        return (f"{why} by the general rule (same labels and stops, next colour); an explicit "
                f"upgrade would make it reachable, e.g. upgrades_to: [{tile.id}] on {_either(earlier)}")
    return f"{why} (no reachable {tile.color} predecessor carries its labels)"


def _either(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def _neighbours(map_def: Any) -> dict[str, list[str | None]]:
    """Per map hex, the map hex across each edge, None off the map or across an impassable
    border (as the board sees it, without building one)."""
    grid = Grid.for_coords(map_def.layout, map_def.axes, map_def.hexes)
    blocked: set[tuple[str, int]] = set()
    for coord, h in map_def.hexes.items():
        for border in h.borders:
            if border.kind == "impassable":
                blocked.add((coord, border.edge))
                other = grid.format(grid.neighbour(grid.parse(coord), border.edge))
                blocked.add((other, (border.edge + 3) % 6))
    out: dict[str, list[str | None]] = {}
    for coord in map_def.hexes:
        row: list[str | None] = []
        for edge, n in enumerate(grid.neighbours(grid.parse(coord))):
            name = grid.format(n) if n.row >= 0 and n.col >= 0 else None
            row.append(None if name not in map_def.hexes or (coord, edge) in blocked else name)
        out[coord] = row
    return out


def _label_message(label: str, known: set[str]) -> str:
    close = [k for k in known if k.lower() == label.lower()]
    hint = f" (did you mean {close[0]!r}? labels are case-sensitive)" if close else ""
    return f"label {label!r} is on no tile{hint}"
