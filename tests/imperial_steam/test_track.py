"""Main action 1 (Build tracks), connecting a city and its opportunities, State Railway access."""

from __future__ import annotations

import pytest

from railyard.framework.core.errors import IllegalAction
from railyard.titles.imperial_steam.hooks.actions import BuildTracks, BuyStateRailway

from .helpers import connect, in_round_one


def test_build_two_tracks_pays_materials_fees_effort_and_takes_business_tokens():
    rules, state = in_round_one(4)
    a, b = state.players["A"], state.players["B"]
    a.training = {1: 1, 2: 1, 3: 0}
    connect(state, "B", "WIE-BAD")
    state.business, state.business_used = [1, 1, 2, 3], 20  # top last: Baden takes 3, WNS 2
    rules.apply(state, BuildTracks("A", ("WIE-BAD", "BAD-WNS"), (1, 2), ("passenger", "share")))
    assert a.tracks == ["WIE-BAD", "BAD-WNS"]
    assert a.goods == {"wood": 0, "stone": 0, "iron": 0, "coal": 1}  # 1 wood + 1 stone + 1 iron in total
    assert (a.cash, b.cash) == (130, 150)  # 10 to B, already on Wien-Baden
    assert a.training == {1: 0, 2: 0, 3: 0} and a.working == {1: 1, 2: 1, 3: 0}
    # 5 points: a passenger car, a share step, the rest influence
    assert (a.trains[0].freight, a.trains[0].passenger) == (2, 1)
    assert a.share_row == 1 and a.influence == 3
    assert state.business == [1, 1] and state.business_used == 22
    assert rules.invariants(state) == []


def test_effort_needs_worker_levels_totalling_the_new_cities_efforts():
    rules, state = in_round_one(4)
    with pytest.raises(IllegalAction, match="Effort 3 needs worker levels totalling 3"):
        rules.apply(state, BuildTracks("A", ("WIE-BAD", "BAD-WNS"), (1, 1)))
    assert state.players["A"].tracks == []


def test_a_connection_between_two_network_cities_uses_the_lower_effort_and_no_opportunities():
    rules, state = in_round_one(4)
    connect(state, "A", "WIE-BAD", "WIE-WNS")
    a = state.players["A"]
    before = list(state.business)
    rules.apply(state, BuildTracks("A", ("BAD-WNS",), (1,)))  # min(Baden 1, Wiener Neustadt 2)
    assert state.business == before and a.influence == 0 and a.working[1] == 1


def test_city_limit_two_own_tracks_without_a_station():
    rules, state = in_round_one(4)
    connect(state, "A", "WIE-WNS", "BAD-WNS", "WIE-BAD")
    state.players["A"].training[1] = 3
    with pytest.raises(IllegalAction, match="city limit"):
        rules.apply(state, BuildTracks("A", ("WNS-NEU",), (1,)))
    state.players["A"].stations.append("WNS")
    state.sites["WNS"].stations.append("A")
    rules.apply(state, BuildTracks("A", ("WNS-NEU",), (1,)))
    assert "WNS-NEU" in state.players["A"].tracks


def test_tunnel_needs_a_tunnel_engineer_and_an_extra_iron_and_semmering_goes_to_the_first():
    rules, state = in_round_one(4)
    connect(state, "A", "WIE-WNS", "WNS-NEU", "NEU-GLO")
    a = state.players["A"]
    a.training = {1: 0, 2: 0, 3: 1}
    with pytest.raises(IllegalAction, match="Tunnel Engineer"):
        rules.apply(state, BuildTracks("A", ("GLO-MUR",), (3,)))
    a.tunnel = True
    with pytest.raises(IllegalAction, match="needs 2 iron"):
        rules.apply(state, BuildTracks("A", ("GLO-MUR",), (3,)))
    a.goods["iron"] = 2
    rules.apply(state, BuildTracks("A", ("GLO-MUR",), (3,)))
    assert a.goods == {"wood": 0, "stone": 0, "iron": 0, "coal": 1}
    assert a.semmering and state.semmering == "A"


def test_bridge_needs_a_bridge_engineer_and_an_extra_stone():
    rules, state = in_round_one(4)
    connect(state, "A", "WIE-WNS", "WNS-NEU", "NEU-GLO", "GLO-MUR", "MUR-KIN", "KIN-BRU")
    a = state.players["A"]
    a.bridge = True
    a.training = {1: 0, 2: 0, 3: 1}
    a.goods = {"wood": 1, "stone": 2, "iron": 1, "coal": 0}
    rules.apply(state, BuildTracks("A", ("BRU-GRA",), (3,)))  # Graz (white hub) effort 3
    assert a.goods == {"wood": 0, "stone": 0, "iron": 0, "coal": 0}


def test_crowned_connections_cannot_be_built_and_tracks_must_extend_the_network():
    rules, state = in_round_one(4)
    with pytest.raises(IllegalAction, match="does not extend"):
        rules.apply(state, BuildTracks("A", ("NEU-GLO",), (1, 1)))
    connect(state, "A", "STB-LAI")
    connect(state, "A", "WIE-WNS")
    with pytest.raises(IllegalAction, match="crowned"):
        rules.apply(state, BuildTracks("A", ("GRA-MAR",), (1, 1)))


def test_fees_must_be_payable():
    rules, state = in_round_one(4)
    for pid in "BCD":
        connect(state, pid, "WIE-BAD")
    state.players["A"].cash = 20
    with pytest.raises(IllegalAction, match="fees of 30"):
        rules.apply(state, BuildTracks("A", ("WIE-BAD",), (1,)))


def test_connecting_trieste_pays_ten_per_own_track():
    rules, state = in_round_one(4)
    path = ["WIE-WNS", "WNS-NEU", "NEU-GLO", "GLO-MUR", "MUR-KIN", "KIN-BRU", "BRU-GRA", "GRA-MAR",
            "MAR-CIL", "CIL-STB", "STB-LAI", "LAI-ADE"]
    connect(state, "A", *path)
    a = state.players["A"]
    a.training = {1: 0, 2: 2, 3: 0}
    rules.apply(state, BuildTracks("A", ("ADE-TRI",), (2, 2)))  # Trieste effort 4
    assert a.cash == 140 + 130 and a.trieste and state.trieste_by == ["A"]


def test_influence_hexagon_steps_on_connecting():
    rules, state = in_round_one(4)
    rules.apply(state, BuildTracks("A", ("WIE-ODE",), (1, 1)))  # Ödenburg: hexagon 1, no business
    assert state.players["A"].influence == 1


def test_business_remainder_is_lost_when_every_cap_is_reached():
    rules, state = in_round_one(4)
    a = state.players["A"]
    a.influence = 30
    a.share_row = 5
    a.goods = {"wood": 1, "stone": 1, "iron": 1, "coal": 1}
    a.trains[0].freight, a.trains[0].reserved = 0, 3
    state.business = [3]
    lines = rules.apply(state, BuildTracks("A", ("WIE-BAD",), (1,)))
    assert any("loses 3 Business point(s)" in line for line in lines)
    assert (a.influence, a.share_row, a.trains[0].passenger) == (30, 5, 0)


def test_a_bad_business_choice_refuses_the_whole_action():
    rules, state = in_round_one(4)
    a = state.players["A"]
    a.share_row = 5
    state.business = [1]
    with pytest.raises(IllegalAction, match="Business token"):
        rules.apply(state, BuildTracks("A", ("WIE-BAD",), (1,), ("share",)))
    assert a.tracks == [] and a.goods["wood"] == 1 and a.hands == 2


def test_state_railway_access_with_nobody_on_it_pays_the_higher_station_price():
    rules, state = in_round_one(4)
    connect(state, "A", "WIE-WNS", "CIL-STB")  # network touches Steinbrück (positions only)
    a = state.players["A"]
    state.business = [2]
    rules.apply(state, BuyStateRailway("A", "STB-LAI"))
    assert a.cash == 140 - 40  # Laibach (blue hub) 40 over Steinbrück 20
    assert "STB-LAI" in a.tracks and a.influence == 2  # Laibach's Business token, on influence
    assert state.main_done is False  # a free action


def test_state_railway_access_pays_each_owner_the_lower_station_price():
    rules, state = in_round_one(4)
    connect(state, "A", "CIL-STB")
    connect(state, "B", "STB-LAI")
    connect(state, "C", "STB-LAI")
    rules.apply(state, BuyStateRailway("A", "STB-LAI"))
    assert [state.players[p].cash for p in "ABC"] == [100, 160, 160]


def test_state_railway_access_needs_the_network_to_touch_it():
    rules, state = in_round_one(4)
    with pytest.raises(IllegalAction, match="does not touch"):
        rules.apply(state, BuyStateRailway("A", "STB-LAI"))
    with pytest.raises(IllegalAction, match="not a crowned"):
        rules.apply(state, BuyStateRailway("A", "WIE-BAD"))
