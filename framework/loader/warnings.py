"""Warnings for an 18xx title: data that loads but is probably a designer's mistake.

Unlike errors they do not stop the title from loading; ``railyard validate`` prints them.
- a map hex that no tile of the manifest can ever replace (white, yellow or green);
- a label on the map that no tile carries (labels are case-sensitive: ``k`` is not ``K``);
- preprinted track running off the map.
"""

from __future__ import annotations

from typing import Any

from railyard.framework.board import Board
from railyard.framework.loader.errors import DocPath
from railyard.framework.tiles import Placed, next_color, upgrade_options

REPLACEABLE = ("white", "yellow", "green")


def problems(title: Any) -> list[tuple[DocPath, str]]:
    """(path, message) of each warning, paths from the concern (``map.hexes.K4.labels``)."""
    found: list[tuple[DocPath, str]] = []
    tile_labels = {label for t in title.tiles.values() for label in t.labels}
    board = Board.from_title(title)
    for coord, h in title.map.hexes.items():
        base: DocPath = ("map", "hexes", coord)
        for i, label in enumerate(h.labels):
            if label not in tile_labels:
                found.append(((*base, "labels", i), _label_message(label, tile_labels)))
        if h.future_label is not None and h.future_label.label not in tile_labels:
            found.append(((*base, "future_label", "label"), _label_message(h.future_label.label, tile_labels)))
        if h.color in REPLACEABLE:
            old = Placed(h.as_tile(), h.rotation % 6)
            want = "yellow" if h.color == "white" else next_color(h.color)
            if not any(t.color == want and upgrade_options(old, t) for t in title.tiles.values()):
                found.append((base, f"no tile can ever be laid on {coord} (no {want} tile fits it)"))
        for i, path in enumerate(h.paths):
            for end in path:
                if isinstance(end, int) and board.neighbour_across(coord, (end + h.rotation) % 6) is None:
                    found.append(((*base, "paths", i), f"track on {coord} runs off the map (edge {end})"))
    return found


def _label_message(label: str, known: set[str]) -> str:
    close = [k for k in known if k.lower() == label.lower()]
    hint = f" (did you mean {close[0]!r}? labels are case-sensitive)" if close else ""
    return f"label {label!r} is on no tile{hint}"
