"""Shipment goods and Shipment tiles, played through ``Game.process``.

Game help: "Round structure", phase 2 (goods stored above the current round drop into the
Shipment market, filling each column bottom to top; overflow returns to the supply); "Player
count differences" (Shipment goods per round (4-8): 1 / 2 / 3); "5. Buy or order goods" (order
up to N, the Shipment tile above the current round); "Setup option" (Fixed: every Shipment tile
at its predetermined place; Normal: the shipment order drawn at random). Which goods are shipped
is not in the game help: our reading draws them blind from the supply (``shipment_mix: drawn``),
the other reading (``each``) ships that many of every good.
"""

from __future__ import annotations

from collections import Counter

import pytest

from railyard.framework.core.errors import IllegalAction
from railyard.titles.imperial_steam.hooks.actions import Bid, BuyGood, OrderGoods
from railyard.titles.imperial_steam.hooks.data import GOODS

from .game_play import bid_nothing, new_game, quiet_turn, to_round, turn


def _waiting(game) -> dict[int, dict[str, int]]:
    return {r: {g: n for g, n in goods.items() if n} for r, goods in game.state.shipments.items()}


@pytest.mark.parametrize("n", [2, 3, 4])
def test_player_count_differences_shipment_goods_per_round_one_two_three(n):
    game = new_game(n, 5)
    per_round = {r: sum(goods.values()) for r, goods in game.state.shipments.items()}
    assert per_round == dict.fromkeys((4, 5, 6, 7, 8), n - 1)
    # every shipped cube left the supply: 40 of each good are all somewhere
    for good in GOODS:
        held = sum(p.goods[good] for p in game.state.players.values())
        shipped = sum(s[good] for s in game.state.shipments.values())
        assert game.state.supply[good] + game.state.market[good] + shipped + held == 40
    assert game.check_invariants() == []


def test_shipment_goods_are_drawn_with_the_seeded_rng_not_a_fixed_mix():
    assert _waiting(new_game(2, 1)) == {4: {"stone": 1}, 5: {"iron": 1}, 6: {"wood": 1}, 7: {"iron": 1}, 8: {"coal": 1}}
    assert _waiting(new_game(2, 1)) == _waiting(new_game(2, 1))  # a seed reproduces them
    mixes = {tuple(sorted(Counter(g for s in new_game(4, seed).state.shipments.values()
                                  for g, k in s.items() for _ in range(k)).items()))
             for seed in range(12)}
    assert len(mixes) > 6  # 15 cubes at 4 players: the mix differs from game to game
    # the Fixed setup is the same board every time, yet the goods are drawn (our reading):
    assert _waiting(new_game(3, 2)) != _waiting(new_game(3, 3))


def test_phase_two_drawn_shipment_fills_its_column_and_overflow_returns_to_the_supply():
    """2 players, seed 1: one good above each of Rounds 4-8 (stone, iron, wood, iron, coal).
    Every column starts full (6 cubes); in Round 1 A buys a stone and B an iron (each returning
    a wood), so only those two columns have room."""
    game = new_game(2, 1)
    bid_nothing(game)
    turn(game, "A", BuyGood("A", "stone", ("wood",)))
    turn(game, "B", BuyGood("B", "iron", ("wood",)))
    seen = {}
    for number in range(2, 9):
        to_round(game, number)
        seen[number] = (dict(game.state.market), dict(game.state.supply))
    six = dict.fromkeys(GOODS, 6)
    supply = {"wood": 33, "stone": 31, "iron": 30, "coal": 31}  # 40 less 6, the cars, the shipments
    assert seen[3] == ({**six, "stone": 5, "iron": 5}, supply)
    assert seen[4] == ({**six, "iron": 5}, supply)  # the stone fills its column
    assert seen[5] == (six, supply)
    # from Round 6 on the columns are full: the wood, the iron and the coal return to the supply
    assert seen[6] == (six, {**supply, "wood": 34})
    assert seen[7] == (six, {**supply, "wood": 34, "iron": 31})
    assert seen[8] == (six, {"wood": 34, "stone": 31, "iron": 31, "coal": 32})
    assert game.state.shipments == {}
    assert game.check_invariants() == []


def test_shipment_mix_each_ships_that_many_of_every_good():
    """The other reading, as a named option: ``--set setup.shipment_mix=each``."""
    game = new_game(3, 1, overrides=["setup.shipment_mix=each"])
    assert game.state.shipments == {r: dict.fromkeys(GOODS, 2) for r in (4, 5, 6, 7, 8)}
    bid_nothing(game)
    to_round(game, 4)
    assert game.state.market == dict.fromkeys(GOODS, 6)  # 6 at setup, a full column: overflow
    assert game.state.shipments[5] == dict.fromkeys(GOODS, 2) and 4 not in game.state.shipments
    assert game.check_invariants() == []


def test_setup_option_fixed_lays_the_predetermined_shipment_tiles_every_game():
    for seed in (1, 2, 3):
        tiles = new_game(4, seed).state.shipment_tiles
        assert [tiles[r] for r in range(1, 8)] == [2, 3, 3, 4, 3, 4, 5]


@pytest.mark.parametrize("variant", ["normal", "random"])
def test_setup_option_draws_the_shipment_order_from_the_nine_tiles(variant):
    """Normal: "the shipment order ... drawn at random"; Random: the same (our reading). Seven
    of the 9 tiles lie above Rounds 1-7 (none above Round 8: no ordering then)."""
    orders = set()
    for seed in range(8):
        tiles = new_game(3, seed, variant).state.shipment_tiles
        assert sorted(tiles) == [1, 2, 3, 4, 5, 6, 7]
        left = Counter([2, 2, 3, 3, 3, 4, 4, 5, 5])
        left.subtract(tiles.values())
        assert min(left.values()) >= 0 and sum(left.values()) == 2
        orders.add(tuple(tiles[r] for r in range(1, 8)))
    assert len(orders) == 8


def test_order_goods_up_to_the_shipment_tile_above_the_round_on_a_drawn_order():
    """Normal setup, 2 players, seed 3: the tiles drawn above Rounds 1-7 are 2, 4, 5, 2, 5, 3, 4.
    In Round 1 A (bid 10: 1 influence for the repeat penalty) orders 2, and a third is refused."""
    game = new_game(2, 3, "normal")
    assert [game.state.shipment_tiles[r] for r in range(1, 8)] == [2, 4, 5, 2, 5, 3, 4]
    for pid in list(game.state.order):
        game.process(Bid(pid, 10 if pid == "A" else 0))
    turn(game, "A", OrderGoods("A", ("wood", "coal")))  # 6 cubes a column: 10 + 10
    a = game.state.players["A"]
    assert (a.ordered, a.landing["wood"], a.landing["coal"], a.cash) == (2, 1, 1, 120 - 10 - 20)
    while game.state.current != "A":
        quiet_turn(game)
    with pytest.raises(IllegalAction, match="Buy or order goods: the landing holds at most 2"):
        game.process(OrderGoods("A", ("stone",)))
    a = game.state.players["A"]  # a refusal rebuilds the state: read it again
    assert (a.ordered, a.influence, a.hands) == (2, 1, 1)  # refused whole: no penalty paid
