"""Main actions 3 (Build a building) and 4 (Produce goods), and the Factory board's price steps."""

from __future__ import annotations

import pytest

from railyard.framework.core.errors import IllegalAction
from railyard.framework.loader.errors import TitleErrors
from railyard.titles.imperial_steam.hooks.actions import (
    BuildFactory,
    BuildStation,
    BuildTracks,
    OrderGoods,
    Philanthropize,
    Produce,
)
from railyard.titles.imperial_steam.hooks.factories import delivery_value
from railyard.titles.imperial_steam.hooks.state import Factory

from .game_play import bid_nothing, new_game, to_round, turn
from .helpers import connect, in_round_one


def test_train_station_pays_the_printed_cost_and_opens_a_warehouse_space():
    rules, state = in_round_one(4)
    connect(state, "A", "WIE-BAD")
    a = state.players["A"]
    rules.apply(state, BuildStation("A", "BAD"))
    assert (a.cash, a.warehouse, a.stations_left) == (130, 1, 1)
    assert a.stations == ["WIE", "BAD"] and state.sites["BAD"].stations == ["A"]


@pytest.mark.parametrize(("n", "box"), [(2, 4), (3, 2), (4, 0)])
def test_setup_every_player_board_holds_two_stations_on_unbuilt_train_station_tiles(n, box):
    """8 Unbuilt Train Station tiles, one beneath each buildable station: 2 per player board
    (our reading); the tiles of boards not in play stay in the box."""
    game = new_game(n, 1)
    assert [p.stations_left for p in game.state.players.values()] == [2] * n
    assert (game.state.unbuilt_box, game.state.unbuilt_discarded) == (box, 0)


def test_train_station_discards_the_unbuilt_train_station_tile_beneath_it():
    """Build a building, Train station: "place a station from your player board, discarding
    the Unbuilt Train Station tile beneath it. This removes the 2-track limit in that city,
    opens a warehouse space, and adds 10 guldens to your income each round." Fixed setup, 2
    players, seed 1, both bid 0 (A first)."""
    game = new_game(2, 1)
    bid_nothing(game)
    turn(game, "A", BuildTracks("A", ("WIE-BAD",), (1,)))  # Baden: Effort 1, station cost 10
    turn(game, "A", BuildStation("A", "BAD"))
    lines = "\n".join(game.log)
    state = game.state
    a = state.players["A"]
    assert "discarding the Unbuilt Train Station tile beneath it" in lines
    assert (a.cash, a.stations_left, a.warehouse) == (110, 1, 1)
    assert (state.unbuilt_box, state.unbuilt_discarded) == (4, 1)
    to_round(game, 2)
    assert game.state.players["A"].cash == 120  # Phase 4: 10 for the uncovered warehouse space
    turn(game, "A", OrderGoods("A", ("wood", "stone", "iron")))  # Shipment tile 3: 10 + 10 + 10
    turn(game, "A", Philanthropize("A", 10))  # influence for a repeat penalty in Round 3
    to_round(game, 3)
    # Workers rested in Round 2 advance: A builds Baden-Wiener Neustadt and Wien-Ödenburg
    # (Effort 2 + 2) with Level 2 + Level 3, then a station in Wiener Neustadt (20)
    turn(game, "A", BuildTracks("A", ("BAD-WNS", "WIE-ODE"), (2, 3)))
    turn(game, "A", BuildStation("A", "WNS"))
    a = game.state.players["A"]
    assert (a.stations, a.stations_left, a.warehouse, a.cash) == (["WIE", "BAD", "WNS"], 0, 2, 80)
    assert (game.state.unbuilt_box, game.state.unbuilt_discarded) == (4, 2)
    # the board is empty: no tile, no station for Ödenburg (the repeat penalty was payable)
    with pytest.raises(IllegalAction, match="no station left on the player board"):
        turn(game, "A", BuildStation("A", "ODE"))
    a = game.state.players["A"]
    assert (a.stations_left, a.cash, game.state.unbuilt_discarded) == (0, 80, 2)
    assert game.check_invariants() == []


def test_stations_per_board_cannot_outnumber_the_unbuilt_train_station_tiles():
    """The earlier reading (5 stations a board) needs 20 tiles: say so, or the title is refused."""
    with pytest.raises(TitleErrors, match="setup.start.stations: 4 player boards of 5 stations"):
        new_game(2, 1, overrides=["setup.start.stations=5"])
    game = new_game(2, 1, overrides=["setup.start.stations=5", "setup.components.unbuilt_station_tiles=20"])
    assert (game.state.players["A"].stations_left, game.state.unbuilt_box) == (5, 10)


def test_train_station_needs_an_empty_site_in_a_connected_city():
    rules, state = in_round_one(4)
    with pytest.raises(IllegalAction, match="not connected"):
        rules.apply(state, BuildStation("A", "BAD"))
    connect(state, "A", "WIE-BAD")
    state.sites["BAD"].stations = ["B", "C"]  # Baden has 2 station sites
    with pytest.raises(IllegalAction, match="no empty station site"):
        rules.apply(state, BuildStation("A", "BAD"))


def test_factory_cost_from_the_factory_board_and_goods_by_worker_level():
    rules, state = in_round_one(4)
    connect(state, "A", "WIE-BAD")
    a = state.players["A"]
    assert delivery_value(rules.data, state, "wood") == 50
    rules.apply(state, BuildFactory("A", "BAD", 0, "training", 1))
    assert a.cash == 130  # wood row: 10 left of the leftmost factory
    assert a.factories == [Factory("BAD#0", "BAD", "wood", 1, 2)]  # Level 1 takes 2 goods
    assert a.training[1] == 1 and state.factories_bought["wood"] == 1
    assert delivery_value(rules.data, state, "wood") == 45  # the payout steps down
    assert rules.invariants(state) == []


def test_factory_with_a_custom_cost_or_the_station_symbol():
    rules, state = in_round_one(4)
    connect(state, "A", "WIE-ODE")
    a = state.players["A"]
    a.working[2] = 1
    rules.apply(state, BuildFactory("A", "ODE", 1, "working", 2))  # printed 30
    assert a.cash == 110 and a.factories[0].goods == 3  # Level 2 takes 3
    state.main_done = False
    connect(state, "A", "WIE-WNS", "WNS-NEU", "NEU-GLO", "GLO-MUR", "MUR-KIN", "KIN-BRU", "BRU-LEO")
    a.training[3] = 1
    a.placed = {}
    rules.apply(state, BuildFactory("A", "LEO", 1, "training", 3))  # station symbol: Leoben's 30
    assert a.cash == 80 and a.factories[1].goods == 4  # Level 3 takes 4


def test_factory_site_valid_for_the_player_count():
    rules, state = in_round_one(2)
    connect(state, "A", "WIE-WNS")
    with pytest.raises(IllegalAction, match="3\\+ players"):
        rules.apply(state, BuildFactory("A", "WNS", 1, "training", 1))


def test_no_factory_left_on_the_board():
    rules, state = in_round_one(2)
    connect(state, "A", "WIE-BAD")
    state.factories_bought["wood"] = 6  # 6 per row at 2 players
    with pytest.raises(IllegalAction, match="no wood factory left"):
        rules.apply(state, BuildFactory("A", "BAD", 0, "training", 1))


def test_produce_moves_one_good_per_site_and_a_full_store_never_blocks():
    rules, state = in_round_one(4)
    a = state.players["A"]
    state.factories_bought.update(wood=1, iron=1)
    a.factories = [Factory("BAD#0", "BAD", "wood", 1, 2), Factory("NEU#0", "NEU", "iron", 1, 1)]
    state.sites["BAD"].factories = ["A"]
    state.sites["NEU"].factories = ["A"]
    state.supply["wood"] -= 2
    state.supply["iron"] -= 1
    # storage: 3 cars + 1 engine, holding 4 goods: both new cubes come in, 2 cubes go back
    with pytest.raises(IllegalAction, match="exactly 2"):
        rules.apply(state, Produce("A", ("BAD#0", "NEU#0"), ("stone",)))
    rules.apply(state, Produce("A", ("BAD#0", "NEU#0"), ("stone", "iron")))
    assert a.goods == {"wood": 2, "stone": 0, "iron": 1, "coal": 1}
    assert [f.goods for f in a.factories] == [1, 0]
    assert rules.invariants(state) == []


def test_produce_refuses_an_empty_site():
    rules, state = in_round_one(4)
    state.players["A"].factories = [Factory("BAD#0", "BAD", "wood", 1, 0)]
    with pytest.raises(IllegalAction, match="no goods left"):
        rules.apply(state, Produce("A", ("BAD#0",)))
