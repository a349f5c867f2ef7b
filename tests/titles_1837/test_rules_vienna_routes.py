"""Rule VII (both editions): "The k.k. National Railway is the only corporation that is allowed
to run trains through Vienna" (map.yaml: G17 ``pass_through``).

The position: phase 5 (kk formed from the three kk minors), Vienna brown (tile 436, rotation
5) with kk's single token on its three-track station G17.2, whose track leaves to G15, F16
and F18. MS (home Brünn, E17: yellow X tile 402, 20K) reaches Vienna (80K) over the printed
town F18 (10K); the town F16 (tile 58, 10K) lies beyond Vienna. A 4 train of MS:
Brünn - F18 - Vienna = 110K with Vienna as the end; Brünn - F18 - Vienna - F16 = 120K through
it, which only kk may run.
"""

from __future__ import annotations

import pytest

from railyard.framework.core.errors import IllegalAction
from railyard.framework.core.game import Game
from railyard.framework.eighteen import running, tile_lay
from railyard.framework.eighteen.or_actions import LayTile, RunRoutes, TrainRoute
from railyard.framework.routes.board_graph import graph_for_board

from .positions import kk_with_green_vienna, lay
from .rules_helpers import add_train, new_game, start_major

BRUNN_TO_VIENNA = ("E17.0", "E17|F18", "F18.0", "F18|G17", "G17.2")
THROUGH_TO_F16 = (*BRUNN_TO_VIENNA, "F16|G17", "F16.0")
RULE = "VII: only the k.k. National Railway runs through Vienna"


def _vienna_brown() -> tuple[Game, str, str]:
    """The position above; returns the game and the 4 train of MS and the 5 train of kk."""
    game = kk_with_green_vienna(new_game())
    state = game.state
    tile_lay.apply(game.ruleset, state, LayTile("KK", "G17", "436", 5), 0)
    game.ruleset.hooks.on_operating_turn_start(state, "KK")  # kk's tokens merge on G17.2
    assert state.board.token_map()[("G17", 2)] == ("KK",)
    start_major(game, "MS", 91, {"D": 50})  # its flotation puts its token on Brünn
    assert state.board.tokens_of("MS") == [("E17", 0)]
    assert lay(game, "E17", {5, 1}) == ("402", 5)
    assert lay(game, "F16", {5, 1}) == ("58", 5)
    return game, add_train(game, "MS", "4"), add_train(game, "KK", "5")


def _best(game: Game, company: str) -> tuple[tuple[tuple[str, ...], ...], int]:
    action = running.best(game.ruleset, game.state, company, [])
    result = running.check(game.ruleset, game.state, action, [])
    return tuple(run.nodes for run in action.runs), result.revenue


def _run(game: Game, company: str, train: str, nodes: tuple[str, ...]) -> running.RunResult:
    return running.check(game.ruleset, game.state, RunRoutes(company, (TrainRoute(train, nodes),)), [])


def test_VII_a_major_s_4_train_ends_in_vienna_110_rather_than_running_through_for_120():
    game, ms4, _ = _vienna_brown()
    assert _best(game, "MS") == ((BRUNN_TO_VIENNA,), 20 + 10 + 80)
    assert _run(game, "MS", ms4, BRUNN_TO_VIENNA).revenue == 110


def test_VII_a_route_of_another_company_through_vienna_is_refused_naming_the_rule():
    game, ms4, _ = _vienna_brown()
    with pytest.raises(IllegalAction) as refused:
        _run(game, "MS", ms4, THROUGH_TO_F16)
    assert refused.value.rule == "rule:running.route"
    assert refused.value.message == (
        f"train {ms4}: {RULE} (route passes through G17.2, where only KK may run through)"
    )


def test_VII_only_kk_runs_through_vienna_even_where_its_station_there_has_room():
    # the rule stands by itself, not only through kk's token filling the station: with the
    # token gone (and so a free space), MS still may not pass, and the search knows it
    game, ms4, _ = _vienna_brown()
    game.state.board.remove_token("G17", 2, "KK")
    graph = graph_for_board(game.state.board, game.ruleset.spec.title, game.state.phase)
    assert not graph.stops["G17.2"].tokens
    assert _best(game, "MS") == ((BRUNN_TO_VIENNA,), 110)
    with pytest.raises(IllegalAction, match=RULE):
        _run(game, "MS", ms4, THROUGH_TO_F16)


def test_VII_kk_runs_through_vienna_f16_vienna_f18_brunn_for_120():
    game, _, kk5 = _vienna_brown()
    through = ("F16.0", "F16|G17", "G17.2", "F18|G17", "F18.0", "E17|F18", "E17.0")
    assert _best(game, "KK") == ((through,), 10 + 80 + 10 + 20)
    assert _run(game, "KK", kk5, THROUGH_TO_F16[::-1]).revenue == 120


@pytest.mark.parametrize("variant", [None, "first_edition", "18xx_games"])
def test_VII_both_editions_let_only_kk_through_vienna(variant):
    # the first-edition translation says the same (VII.9), and so does the 18xx.games reading
    through = new_game(variant).ruleset.spec.title.map.hexes["G17"].pass_through
    assert (through.companies, through.rule) == (("KK",), RULE)
