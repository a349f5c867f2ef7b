"""1882 rules (titles/1882/FACTS.md) that needed vocabulary of their own, each played through
``game.process`` in a concrete position; titles/1882/RULES.md names the test for every rule.
Seats A-D; CNR (home D8 Prince Albert, track south and south-west) operates first."""

from __future__ import annotations

from railyard.framework.core.game import Game
from railyard.framework.eighteen.actions import Pass
from railyard.framework.eighteen.or_actions import LayTile
from railyard.framework.tiles import Placed

from tests.titles_1889.positions import no_problems, operating, settle

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
    :not_if_upgraded and never an upgrade)."""
    game = _cnr_at_its_tile_step()
    game.state.phase = "3"
    settle(game)
    upgrades = [a for a in game.legal_actions("CNR") if isinstance(a, LayTile)
                and game.state.board.placed(a.hex).tile.color != "white"]
    if not upgrades:  # CNR reaches no preprinted tile from D8: lay a yellow first, then see
        first = next(a for a in _lays(game, "F8") if 3 in _exits(game, a))
        game.process(first)
        assert all(game.state.board.placed(a.hex).tile.color == "white"
                   for a in game.legal_actions("CNR") if isinstance(a, LayTile))
        return
    game.process(upgrades[0])
    assert game.state.round.step != "tile"
    assert Pass("CNR") in game.legal_actions("CNR") or game.state.round.step != "tile"
