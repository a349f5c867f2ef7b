"""Tile upgrades (the tile rule: an upgrade keeps every old path) found as before when the
rotations that lose an old exit are dropped unexamined (``tiles._compute_upgrades``)."""

from __future__ import annotations

import pytest
from railyard.framework.loader import load_title
from railyard.framework.tiles import (
    Placed,
    Upgrade,
    _match_stops,
    _may_replace,
    connectivity,
    content_id,
    upgrade_options,
)


def _every_rotation(old: Placed, new) -> tuple[Upgrade, ...]:
    """The rule's definition, each of the six rotations tried in full."""
    if not _may_replace(old.tile, new):
        return ()
    strict = old.tile.upgrades_to is None
    out = []
    for r in range(6):
        nc = connectivity(new, r)
        if old.conn.edge_edges and not old.conn.edge_edges <= nc.edge_edges:
            continue
        stop_map = _match_stops(old.conn, old.tile.stops, nc, new.stops, strict)
        if stop_map is not None:
            out.append(Upgrade(r, stop_map))
    return tuple(out)


@pytest.mark.parametrize("title_id", ["1837", "1889", "1830"])
def test_every_tile_rule_upgrade_of_the_title_is_found_as_in_full(title_id: str) -> None:
    title = load_title(title_id)
    olds = {content_id(t): t for t in [*title.tiles.values(),
                                        *(h.as_tile() for h in title.map.hexes.values())]}
    checked = legal = 0
    for old_tile in olds.values():
        for rotation in range(6):
            old = Placed(old_tile, rotation)
            for new in title.tiles.values():
                expected = _every_rotation(old, new)
                assert upgrade_options(old, new) == expected, (old_tile.id, rotation, new.id)
                checked += 1
                legal += bool(expected)
    assert checked > 1000 and legal > 100
