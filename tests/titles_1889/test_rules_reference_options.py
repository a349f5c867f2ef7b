"""Rules where 1889 and 1830 follow 18xx.games' base engine and 1837 its own rulebook, each a
named option of ``setup.operating_round`` (docs/data-model.md): ``surrender_train``,
``token_connection``, ``must_buy_train``. Every test plays the rule through ``game.process``
in a real position (seats A-D; IR home E2 Matsuyama, PRR home H12 Altoona)."""

from __future__ import annotations

import copy

import pytest

from railyard.framework.eighteen.actions import Pass
from railyard.framework.eighteen.or_actions import BuyTrain, LayTile, PlaceToken, SurrenderTrain

from .positions import give_train, lay, no_problems, operating, refusal

FLOATED = {
    "1889": ("IR", {"A": 20, "B": 10, "C": 10, "D": 10}),
    "1830": ("PRR", {"A": 30, "B": 10, "C": 10, "D": 10}),
}


def _at_trains_step(title: str, trains: int, tile: LayTile | None = None):
    """The floated corporation at its first turn, owning ``trains`` 2 trains, laying ``tile``
    (or none) and passing on to its train step."""
    corp, holders = FLOATED[title]
    game = operating(title, corp, 100, holders)
    for _ in range(trains):
        give_train(game, corp, "2")
    if tile is not None:
        game.process(tile)
    for _ in range(6):
        if game.state.round.step == "trains":  # type: ignore[attr-defined]
            return game, corp
        legal = game.legal_actions(corp)
        game.process(Pass(corp) if Pass(corp) in legal else legal[0])
    raise AssertionError(f"{corp} never reaches its train step")


@pytest.mark.parametrize("title", ["1889", "1830"])
def test_no_train_is_surrendered_for_half_its_price(title: str) -> None:
    """18xx.games has no voluntary surrender in 1889 or 1830 (1837 XI has it:
    ``surrender_train: half_price``). With three 2 trains the corporation buys a fourth for
    80, reaching its limit of four: no surrender is on offer, so its turn ends there, 920 in
    the treasury; a surrender at the limit is refused."""
    game, corp = _at_trains_step(title, 3)
    at_limit = copy.deepcopy(game)
    give_train(at_limit, corp, "2")
    assert not any(isinstance(a, SurrenderTrain) for a in at_limit.legal_actions(corp))
    refused = refusal(at_limit, SurrenderTrain(corp, at_limit.state.companies[corp].trains[0]))
    assert refused.rule == "rule:trains.surrender" and "may not surrender" in str(refused)
    bought = next(a for a in game.legal_actions(corp) if isinstance(a, BuyTrain))
    assert bought.price == 80
    game.process(bought)
    assert game.active_entities() != (corp,)  # the turn ended: nothing left to offer
    assert game.state.companies[corp].cash == 920
    assert len(game.state.companies[corp].trains) == 4
    no_problems(game)


@pytest.mark.parametrize("title", ["1889", "1830"])
def test_a_trainless_corporation_without_a_route_need_not_buy_a_train(title: str) -> None:
    """MUST_BUY_TRAIN :route: a corporation whose station reaches no second stop (no track
    laid from its home) may end its turn without a train."""
    game, corp = _at_trains_step(title, 0)
    assert Pass(corp) in game.legal_actions(corp)
    game.process(Pass(corp))
    assert game.state.companies[corp].trains == []
    assert game.state.companies[corp].cash == 1000
    no_problems(game)


def test_a_trainless_corporation_with_a_route_must_buy_a_train() -> None:
    """Once IR's tile 57 on Matsuyama runs to Imabari (a route of two stops) it must buy."""
    game, corp = _at_trains_step("1889", 0, LayTile("IR", "E2", "57", 1))
    assert Pass(corp) not in game.legal_actions(corp)
    assert refusal(game, Pass(corp)).rule == "rule:trains.must_own"


def test_a_token_connection_never_turns_back_at_a_hex_edge() -> None:
    """``token_connection: route``: from Matsuyama (57) over D3 (7) IR's track enters E4's
    25 by its west edge and leaves by its SE edge, where the 25's other line back to Saijou
    (F3, tile 6) meets it; only a turn back at that edge reaches Saijou, so no token goes
    there (18xx.games: "not connected"; 1837's ``backtrack`` allows it)."""
    corp, holders = FLOATED["1889"]
    game = operating("1889", corp, 100, holders)
    lay(game, "E2", "57", 1)
    lay(game, "D3", "7", 4)
    lay(game, "E4", "8", 0)
    lay(game, "E4", "25", 0)
    lay(game, "F3", "6", 5)
    game.process(Pass(corp))  # no tile
    assert game.state.round.step == "token"  # type: ignore[attr-defined]
    assert game.legal_actions(corp) == [Pass(corp)]
    assert refusal(game, PlaceToken(corp, "F3", 0)).rule == "rule:tokens.connection"
    assert game.state.companies[corp].cash == 1000


def test_every_home_token_goes_down_as_the_operating_round_starts() -> None:
    """HOME_TOKEN_TIMING :operating_round (``home_token_on: operating_round``): IR (par 100)
    and KO (par 65) float in the stock round; as the operating round starts, before IR's
    turn, KO's home token already holds Takamatsu's one slot (a route of IR may no longer
    pass through K4: 18xx.games refused a bot's upgrade of I6 counting on that way)."""
    from .positions import finish_stock_round, float_corporation, stock_round

    game = stock_round("1889")
    float_corporation(game, "IR", 100, {"A": 20, "B": 10, "C": 10, "D": 10})
    float_corporation(game, "KO", 65, {"B": 20, "C": 10, "D": 10, "A": 10})
    finish_stock_round(game)
    assert game.active_entities() == ("IR",)
    board = game.state.board
    assert board.tokens_at("K4", 0) == ("KO",)
    assert board.tokens_at("E2", 0) == ("IR",)
    assert game.state.companies["KO"].tokens_left == 1  # of its two (FACTS: 0, 40)
    no_problems(game)
