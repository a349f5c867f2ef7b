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


@pytest.mark.parametrize("title_id", ["1837", "1889", "1830"])
def test_one_rotation_of_an_upgrade_is_the_entry_of_the_whole_list(title_id: str, monkeypatch) -> None:
    """``upgrade_in`` (a lay's check and the lay ask about one rotation) works out that
    rotation alone until the pair's whole list is known, and gives that list's entry then."""
    from railyard.framework import tiles
    from railyard.framework.memo import Memo

    monkeypatch.setattr(tiles, "_UPGRADES", {})
    monkeypatch.setattr(tiles, "_ONE_ROTATION", Memo(tiles._ONE_ROTATION.limit))
    title = load_title(title_id)
    olds = {content_id(t): t for t in [*title.tiles.values(),
                                        *(h.as_tile() for h in title.map.hexes.values())]}
    alone = 0
    for old_tile in olds.values():
        for rotation in range(6):
            old = Placed(old_tile, rotation)
            for new in title.tiles.values():
                expected = {u.rotation: u for u in _every_rotation(old, new)}
                for r in range(6):  # before the pair's list is known: one rotation at a time
                    assert tiles.upgrade_in(old, new, r) == expected.get(r), (old_tile.id, rotation, new.id, r)
                    assert tiles.upgrade_for(old, Placed(new, r)) == expected.get(r)
                alone += (content_id(old_tile), rotation, new) not in tiles._UPGRADES
                upgrade_options(old, new)
                for r in range(6):  # and read off the list once it is
                    assert tiles.upgrade_in(old, new, r) == expected.get(r)
    assert alone > 1000  # the single rotations were worked out without the whole list
    first = next(iter(title.tiles.values()))
    assert tiles.upgrade_in(Placed(first, 0), first, 6) is None  # no such rotation
