"""The combination of trains' routes reads the clashes of the links its candidates use, and
nothing else: so the search works them out among those links alone (a few, where the stations'
components hold thousands), and picks what it picked with the components' whole clash table.
Checked at every combination of greedy games (1837, 1830), and the pairwise comparison of few
links against the by-bit grouping of many on random masks.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from railyard.framework.routes import graph as graph_module
from railyard.framework.routes import search
from railyard.framework.simulate import runner


def _by_bit(masks: dict[int, int]) -> dict[int, set[int]]:
    found: dict[int, set[int]] = {uid: {uid} for uid in masks}
    for uid, mask in masks.items():
        for other, m in masks.items():
            if m & mask:
                found[uid].add(other)
    return found


@pytest.mark.parametrize("count", [1, 5, 32, 33, 200])
def test_clashes_of_masks_are_the_links_sharing_a_bit(count: int) -> None:
    rng = random.Random(count)
    masks = {uid * 3 + 1: rng.getrandbits(60) | (1 << rng.randrange(60)) for uid in range(count)}
    found = graph_module.clashes_of_masks(masks)
    assert {uid: set(others) for uid, others in found.items()} == _by_bit(masks)
    assert all(len(set(others)) == len(others) for others in found.values())


@pytest.mark.parametrize("title,seed", [("1837", 1), ("1830", 2)])
def test_combinations_over_the_candidates_clashes_pick_what_the_whole_table_picks(
        monkeypatch: pytest.MonkeyPatch, title: str, seed: int) -> None:
    combine_routes = search._combine
    best_combination = search.best_combination
    views: list[Any] = []
    asked = {"combinations": 0}

    def with_view(view: Any, *args: Any) -> Any:
        views.append(view)
        try:
            return combine_routes(view, *args)
        finally:
            views.pop()

    def compared(groups: Any, clashes: Any, floor: int = -1, budget: Any = None) -> Any:
        whole = views[-1].clashes
        used = {uid for group in groups for uids in group.links for uid in uids}
        assert set(clashes) == used
        for uid in used:
            assert set(clashes[uid]) == set(whole[uid]) & used
        found = best_combination(groups, clashes, floor, budget)
        if budget is None:
            assert found == best_combination(groups, whole, floor, None)
        asked["combinations"] += 1
        return found

    monkeypatch.setattr(search, "_combine", with_view)
    monkeypatch.setattr(search, "best_combination", compared)
    config = runner.SimConfig(title, 4, ("greedy",))
    runner.loaded(config)
    record = runner.play_game(runner.Job(config, 0, seed))
    assert record.get("error") is None
    assert asked["combinations"] > 30
