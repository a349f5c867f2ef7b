"""Our ids -> the site's, read backwards from the title's import map (one file says both
directions, so they cannot drift apart)."""

from __future__ import annotations

from typing import Any

from railyard.framework.importers.mapping import ImportMap


def _reverse(table: dict[str, str]) -> dict[str, str]:
    return {ours: site for site, ours in table.items()}


class SiteNames:
    """The site's name for each of our ids; an id the map does not list is the same."""

    def __init__(self, imap: ImportMap) -> None:
        self.map = imap
        self._entities = _reverse(imap.entities)
        self._companies = _reverse(imap.companies)
        self._items = _reverse(imap.items)
        self._trains = _reverse(imap.trains)
        self._tiles = _reverse(imap.tiles)
        self._actions = _reverse(imap.actions)
        self._stops = {where: _reverse_int(table) for where, table in imap.stops.items()}
        self.buy_item = str(imap.export.get("buy_item", "bid"))
        self._printed: dict[str, str] = {str(k): str(v) for k, v in (imap.export.get("printed") or {}).items()}

    def entity(self, ours: str) -> str:
        return self._entities.get(ours, ours)

    def company(self, ours: str) -> str:
        """A private company in a ``company`` field or as an acting company."""
        return self._companies.get(ours, self.entity(ours))

    def item(self, ours: str) -> str:
        return self._items.get(ours, self.company(ours))

    def train(self, ours: str) -> str:
        return self._trains.get(ours, ours)

    def tile(self, ours: str) -> str:
        return self._tiles.get(ours, ours)

    def action(self, ours: str) -> str:
        return self._actions.get(ours, ours)

    def site_stop(self, where: str, ours: int) -> int:
        return self._stops.get(where, {}).get(ours, ours)

    def printed(self, coord: str) -> str:
        """The site's id of the tile printed on a hex: the hex and its place among the hexes
        the site's map prints alike (0 unless the map's ``export.printed`` says otherwise)."""
        return self._printed.get(coord, f"{coord}-0")


def _reverse_int(table: Any) -> dict[int, int]:
    return {int(ours): int(site) for site, ours in table.items()}
