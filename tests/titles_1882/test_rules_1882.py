"""1882 rules (titles/1882/FACTS.md) that needed vocabulary of their own, each played through
``game.process`` in a concrete position; titles/1882/RULES.md names the test for every rule.
Seats A-D; CNR (home D8 Prince Albert, track south and south-west) operates first."""

from __future__ import annotations

from railyard.framework.core.game import Game
from railyard.framework.eighteen import border_costs
from railyard.framework.eighteen.actions import Pass
from railyard.framework.eighteen.auction import sell_item
from railyard.framework.eighteen.or_actions import LayTile
from railyard.framework.eighteen.rounds import start_round
from railyard.framework.tiles import Placed
from tests.titles_1889.positions import (
    PLAYERS,
    SEATED,
    lay,
    no_problems,
    operating,
    refusal,
    settle,
    title,
)

TITLE = "1882"


def _cnr_at_its_tile_step() -> Game:
    game = operating(TITLE, "CNR", 90, {"A": 30, "B": 20, "C": 10})
    assert game.state.round.step == "tile"
    return game


def _lays(game: Game, coord: str) -> list[LayTile]:
    return [a for a in game.legal_actions("CNR") if isinstance(a, LayTile) and a.hex == coord]


def _exits(game: Game, lay: LayTile) -> frozenset[int]:
    return Placed(game.state.board.tile_def(lay.tile), lay.rotation).exits


def test_crossing_a_river_costs_the_border_once() -> None:
    """FACTS "Map": the water border between D8 and F8 costs $40, paid by the lay that joins
    track across it (D8's track already faces F8); a lay not facing D8 pays nothing."""
    game = _cnr_at_its_tile_step()
    cash = game.state.companies["CNR"].cash
    facing = next(a for a in _lays(game, "F8") if 3 in _exits(game, a))
    game.process(facing)
    assert game.state.companies["CNR"].cash == cash - 40
    no_problems(game)


def test_a_second_yellow_lay_costs_20() -> None:
    """FACTS "Operating round": TILE_LAYS, two lays (the second for $20) or one upgrade."""
    game = _cnr_at_its_tile_step()
    first = next(a for a in _lays(game, "F8") if 3 in _exits(game, a))
    game.process(first)
    assert game.state.round.step == "tile"  # a second lay is open
    cash = game.state.companies["CNR"].cash
    second = next(a for a in game.legal_actions("CNR") if isinstance(a, LayTile)
                  and game.state.board.placed(a.hex).tile.color == "white")
    game.process(second)
    paid = cash - game.state.companies["CNR"].cash
    assert paid >= 20 and game.state.round.step != "tile"
    no_problems(game)


def test_no_second_lay_follows_an_upgrade() -> None:
    """FACTS "Operating round": an upgrade is the turn's only lay (the second lay is
    :not_if_upgraded and never an upgrade). CNR's straight track on E7 (laid earlier) in
    phase 3: its upgrade to green ends the tile step at once, no second lay on offer."""
    game = _cnr_at_its_tile_step()
    straight = next(a for a in _lays(game, "E7") if a.tile == "9")
    lay(game, "E7", "9", straight.rotation)
    game.state.phase = "3"
    settle(game)
    upgrades = [a for a in _lays(game, "E7") if game.state.board.tile_def(a.tile).color == "green"]
    assert upgrades, "E7's straight track has a green upgrade in phase 3"
    cash = game.state.companies["CNR"].cash
    game.process(upgrades[0])
    assert game.state.board.placed("E7").tile.color == "green"
    assert game.state.round.step != "tile"
    assert not any(isinstance(a, LayTile) for a in game.legal_actions("CNR"))
    assert game.state.companies["CNR"].cash == cash  # no second lay's 20 either
    no_problems(game)


def _cnr_at_its_train_step(lay_first: bool) -> Game:
    """CNR at its first turn, 900 in the treasury, no train; laying track toward F8 (a stop)
    first or not, then passing on to its train step."""
    game = _cnr_at_its_tile_step()
    if lay_first:
        game.process(next(a for a in _lays(game, "F8") if 3 in _exits(game, a)))
    for _ in range(6):
        if game.state.round.step == "trains":
            return game
        legal = game.legal_actions("CNR")
        game.process(Pass("CNR") if Pass("CNR") in legal else legal[0])
    raise AssertionError("CNR never reaches its train step")


def test_must_buy_a_train_only_with_a_route() -> None:
    """FACTS "Operating round" (MUST_BUY_TRAIN :route): Prince Albert's preprinted track
    reaches no second stop, so trainless CNR may pass its train step and keep its 900; once
    its lay joins F8 (the towns there) it must buy (a pass is refused)."""
    game = _cnr_at_its_train_step(lay_first=False)
    assert Pass("CNR") in game.legal_actions("CNR")
    game.process(Pass("CNR"))
    assert game.state.companies["CNR"].trains == []
    assert game.state.companies["CNR"].cash == 900
    joined = _cnr_at_its_train_step(lay_first=True)
    assert Pass("CNR") not in joined.legal_actions("CNR")
    assert refusal(joined, Pass("CNR")).rule == "rule:trains.must_own"


def _seeded(seed: int, owners: dict[str, str]) -> Game:
    """The first stock round of a game seeded ``seed``, privates sold at face value."""
    game = Game(title(TITLE), PLAYERS, seed, None, SEATED)
    rules, state = game.ruleset, game.state
    for item, player in owners.items():
        sell_item(rules, state, item, player, rules.spec.setup.start_packet.items[item].min_bid)
    state.packet_remaining = []
    start_round(rules, state, "stock")
    settle(game)
    return game


def test_trestle_bridge_comes_with_a_random_share() -> None:
    """FACTS "Private companies": TB comes with a 10% share of CNR, CPR, GT, HBR or QLL drawn
    with the site's seeded generator after the NWR train (seed 5585: the 5 train, then GT;
    seed 10526: the 6, then HBR, as the site's logs say); its buyer holds that share."""
    game = _seeded(5585, {"TB": "B"})
    assert game.state.percent_held("B", "GT") == 10
    assert game.state.cert("GT.1").owner == "B"
    assert [game.state.percent_held("B", c) for c in ("CNR", "CPR", "HBR", "QLL")] == [0] * 4
    other = _seeded(10526, {"TB": "C"})
    assert other.state.percent_held("C", "HBR") == 10
    no_problems(game)


def test_trestle_bridge_earns_10_per_river_crossing_paid() -> None:
    """FACTS "Private companies": TB's owner earns $10 from the bank whenever a corporation
    pays for a river: CNR's lay on F8 joining D8 across the $40 river pays D (TB's owner) 10;
    a lay crossing no river pays him nothing."""
    game = operating(TITLE, "CNR", 90, {"A": 30, "B": 20, "C": 10}, owners={"TB": "D"})
    cash = game.state.player("D").cash
    facing = next(a for a in _lays(game, "F8") if 3 in _exits(game, a))
    game.process(facing)
    assert game.state.player("D").cash == cash + 10
    state = game.state
    second = next(a for a in game.legal_actions("CNR") if isinstance(a, LayTile)
                  and border_costs.crossing_cost(game.ruleset, state, a.hex,
                                                 state.board.tile_def(a.tile), a.rotation) == 0)
    treasury = state.companies["CNR"].cash
    game.process(second)
    assert game.state.companies["CNR"].cash == treasury - 20  # the second lay's fee only
    assert game.state.player("D").cash == cash + 10
    no_problems(game)
