"""Setup for 2-4 players and the three setup options (game help, "Setup essentials", "Setup option")."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from .helpers import fresh


@pytest.mark.parametrize(("n", "cash"), [(2, 120), (3, 130), (4, 140)])
def test_setup_essentials_starting_position(n, cash):
    rules, state = fresh(n)
    for p in state.players.values():
        assert p.cash == cash
        assert p.stations == ["WIE"]
        assert [(t.engine, t.freight, t.passenger, t.reserved) for t in p.trains] == [("IS-3", 3, 0, 0)]
        assert p.goods == {"wood": 1, "stone": 1, "iron": 1, "coal": 1}
        assert p.training == {1: 2, 2: 0, 3: 0}
        assert p.share_row == 0 and p.investors == [1, 0, 0, 0, 0, 0]
    assert state.phase == 0  # the opening blind bid comes first
    assert rules.invariants(state) == []


@pytest.mark.parametrize(("n", "display", "engines", "shipped", "row"), [(2, 3, 2, 1, 6), (3, 4, 3, 2, 9), (4, 5, 4, 3, 12)])
def test_player_count_differences(n, display, engines, shipped, row):
    rules, state = fresh(n)
    assert {deck: len(cards) for deck, cards in state.display.items()} == {"I": display, "II": display}
    assert state.engines_track == {"IS-3": 0, "IS-4": engines, "IS-5": engines, "IS-6": engines, "IS-7": engines, "IS-8": engines}
    assert {r: sum(goods.values()) for r, goods in state.shipments.items()} == dict.fromkeys((4, 5, 6, 7, 8), shipped)
    assert state.factories_per_row == row
    bridges = sum(h.engineers["bridge"] for h in state.hubs.values())
    tunnels = sum(h.engineers["tunnel"] for h in state.hubs.values())
    assert bridges == tunnels == n


def test_fixed_setup_places_every_piece_at_its_predetermined_place():
    rules, state = fresh(4, seed=1)
    _, other = fresh(4, seed=99)
    assert {c: h.site for c, h in state.hubs.items()} == {"bronze": "WNS", "white": "GRA", "green": "MAR", "blue": "LAI"}
    assert state.crowned == ["GRA-MAR", "STB-LAI", "KLA-VIL"]
    assert [state.shipment_tiles[r] for r in range(1, 8)] == [2, 3, 3, 4, 3, 4, 5]
    assert {s: x.tile for s, x in state.sites.items()} == {s: x.tile for s, x in other.sites.items()}
    assert state.sites["LEO"].tile == "4-08"


def test_normal_setup_follows_a_normal_setup_card_and_draws_the_rest():
    rules, state = fresh(4, seed=5, option="normal")
    hubs = {c: h.site for c, h in state.hubs.items()}
    card = next(c for c in rules.data.normal_cards.values() if dict(c.hubs) == hubs)
    for site, number in card.tiles.items():
        assert state.sites[site].tile == f"4-{number:02d}"
    tiles = [s.tile for s in state.sites.values() if s.tile != "printed"]
    assert len(tiles) == len(set(tiles)) == 27
    assert len(state.crowned) == 3


def test_random_setup_puts_one_hub_in_each_region_and_draws_the_state_railway_count():
    rules, state = fresh(3, seed=11, option="random")
    regions = Counter(rules.data.sites[h.site].region for h in state.hubs.values())
    assert sorted(regions.values()) == [1, 1, 1, 1]
    assert 2 <= len(state.crowned) <= 4
    assert all(t.startswith("3-") or t.startswith("hub:") for s in state.sites.values() if (t := s.tile) != "printed")
    _, again = fresh(3, seed=11, option="random")
    assert rules.state_dict(state) == rules.state_dict(again)


@settings(max_examples=25, deadline=None)
@given(n=st.integers(2, 4), seed=st.integers(0, 10_000), option=st.sampled_from(["fixed", "normal", "random"]))
def test_every_setup_keeps_every_component_accounted_for(n, seed, option):
    rules, state = fresh(n, seed, option)
    assert rules.invariants(state) == []
    tiles = [s.tile for s in state.sites.values() if s.tile != "printed"]
    assert len(tiles) == len(set(tiles)) == 27
    assert sorted(h.site for h in state.hubs.values()) == sorted(s for s, x in state.sites.items() if x.tile.startswith("hub:"))
