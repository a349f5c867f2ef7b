"""The engine's log lines as a player reads them: places by name, trains by their name.

The engine logs ids (``RGTE runs 2#1: G17.0 - I15.0 for 60``) so that a line names exactly
one thing; the table reads names (``RGTE 2-train: Vienna - Graz, 60``). Only words change
here: every number and every name of a company stays as the engine wrote it.
"""

from __future__ import annotations

import re
from typing import Any

_RUN = re.compile(r"^(?P<who>\S+) runs (?P<train>\S+): (?P<stops>.*) for (?P<revenue>-?\d+)$")
_STOP = re.compile(r"\b(?P<hex>[A-Z]{1,2}\d{1,2})\.(?P<city>\d+)\b")
_TRAIN = re.compile(r"\b(?:train )?(?P<name>[0-9A-Za-z+]+)#\d+\b")
_ITEM = re.compile(r"\b(?P<company>[A-Za-z0-9&]+)_share\b")  # a packet item's id: "UG1_share"
_HEX = re.compile(r"\b(?P<verb>on|in|at) (?P<hex>[A-Z]{1,2}\d{1,2})\b(?! \()")


class LogWords:
    """Turns one title's log lines into words (the title's hex names)."""

    def __init__(self, title: Any) -> None:
        hexes = getattr(getattr(title, "map", None), "hexes", {}) or {}
        self.names: dict[str, str] = {c: h.name for c, h in hexes.items() if getattr(h, "name", None)}

    def place(self, coord: str) -> str:
        return self.names.get(coord, coord)

    def line(self, text: str) -> str:
        run = _RUN.match(text)
        if run:
            stops = _STOP.sub(lambda m: self.place(m["hex"]), run["stops"])
            train = _TRAIN.sub(lambda m: m["name"], run["train"])
            return f"{run['who']} {train}-train: {stops}, {run['revenue']}"
        text = _ITEM.sub(lambda m: f"{m['company']} share", text)
        text = _TRAIN.sub(lambda m: f"{m['name']}-train", text)
        text = _STOP.sub(lambda m: self.place(m["hex"]), text)
        return _HEX.sub(lambda m: f"{m['verb']} {m['hex']}"
                        + (f" ({self.names[m['hex']]})" if m["hex"] in self.names else ""), text)

    def lines(self, lines: list[str]) -> list[str]:
        return [self.line(text) for text in lines]
