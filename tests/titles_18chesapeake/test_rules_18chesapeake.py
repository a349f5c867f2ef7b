"""18Chesapeake rules (../shared/reference/18chesapeake/FACTS.md) that need vocabulary of their
own, each played through ``game.process`` in a concrete position; RULES.md names the test for
every rule. Seats A-D; PRR (home F2 Harrisburg) is the corporation most positions float."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from railyard.framework.core.game import Game
from railyard.framework.eighteen import phases
from railyard.framework.eighteen.actions import BuyItem, Pass
from railyard.framework.eighteen.drawn import site_lcg_index
from railyard.framework.eighteen.or_actions import BuyTrain
from railyard.framework.loader import TitleErrors, load_title

from tests.titles_1889.positions import (
    SEATED,
    finish_stock_round,
    float_corporation,
    give_train,
    new_game,
    no_problems,
    settle,
    stock_round,
    title,
    to_act,
)

TITLE = "18chesapeake"
TITLES = Path(__file__).resolve().parents[2] / "titles"


def step_on(game: Game, until: str | None = None) -> None:
    """Play the operating round on (pass, no run, first dividend) until the step ``until`` or
    the end of the round."""
    while game.state.round.kind == "operating" and game.state.round.step != until:
        (who,) = game.active_entities()
        legal = game.legal_actions(who)
        game.process(Pass(who) if Pass(who) in legal else
                     next(a for a in legal if not isinstance(a, BuyTrain)))


def depot_count(game: Game, name: str) -> int:
    state = game.state
    return sum(1 for stack in state.depot.stacks.values() for t in stack if state.trains[t].name == name)


def test_the_next_2_is_exported_at_the_end_of_an_operating_round_set() -> None:
    """FACTS "Trains": at the end of every OR set the next bank train (a 2, 3 or 4) leaves."""
    game = stock_round(TITLE)
    float_corporation(game, "PRR", 95, {"A": 30, "B": 10, "C": 10, "D": 10})
    finish_stock_round(game)
    give_train(game, "PRR", "2")  # a train of its own: PRR may end its turn
    assert game.state.round.kind == "operating" and depot_count(game, "2") == 6
    step_on(game)
    assert depot_count(game, "2") == 5
    assert [game.state.trains[t].name for t in game.state.depot.scrapped] == ["2"]
    no_problems(game)


def test_exporting_the_first_4_starts_phase_4_and_rusts_the_2s() -> None:
    """FACTS "Phases": "first bought" includes an export (phase change, rusting)."""
    game = stock_round(TITLE)
    float_corporation(game, "PRR", 95, {"A": 30, "B": 10, "C": 10, "D": 10})
    finish_stock_round(game)
    two = give_train(game, "PRR", "2")
    give_train(game, "PRR", "3")  # the first 3: phase 3
    for name in ("2", "3"):  # every other 2 and 3 gone: the next bank train is a 4
        for train_id in [t for s in game.state.depot.stacks.values() for t in s
                         if game.state.trains[t].name == name]:
            phases.scrap(game.state, train_id)
    game.state.phase = "3"
    settle(game)
    step_on(game)
    assert game.state.phase == "4"
    assert two not in game.state.companies["PRR"].trains
    assert depot_count(game, "4") == 4


def test_every_player_passing_after_the_cheapest_private_is_sold_exports_a_2() -> None:
    """FACTS "Rules ... change": the waterfall's everyone-passed branch pays the privates and
    exports a train, once the Delaware and Raritan Canal is sold."""
    game = new_game(TITLE)
    game.process(BuyItem("A", "D&R", 20))
    for who in ("B", "C", "D", "A"):
        game.process(Pass(who))
    assert game.state.player("A").cash == 600 - 20 + 5
    assert depot_count(game, "2") == 6


def test_passing_while_the_cheapest_is_unsold_lowers_its_price_and_exports_nothing() -> None:
    game = new_game(TITLE)
    for who in ("A", "B", "C", "D"):
        game.process(Pass(who))
    assert depot_count(game, "2") == 7


@pytest.mark.parametrize("seed,drawn", [(1277, "SRR"), (1905, "C&A"), (14377, "C&A"),
                                        (22383, "C&O"), (3055, "C&O")])
def test_cornelius_vanderbilt_carries_the_presidency_the_site_draws_for_the_seed(seed: int,
                                                                                drawn: str) -> None:
    """FACTS "Private companies": CV's corporation is drawn with the game's seeded numbers;
    ``draw: site_lcg`` draws the one the site drew in each recorded game."""
    game = Game(title(TITLE), ("A", "B", "C", "D"), seed, None, SEATED)
    assert game.state.extra["drawn"] == {"CV": drawn}


def test_the_buyer_of_cornelius_vanderbilt_gets_the_drawn_presidency_and_sets_its_par() -> None:
    game = Game(title(TITLE), ("A", "B", "C", "D"), 22383, None, SEATED)
    state = game.state
    from railyard.framework.eighteen.auction import sell_item

    sell_item(game.ruleset, state, "CV", "B", 200)
    assert state.cert("C&O.0").owner == "B"
    assert state.extra["must_par"] == ["C&O", "B"]


def test_the_site_draw_is_the_first_number_of_its_linear_congruential_sequence() -> None:
    assert site_lcg_index(1277, 8) == 2
    assert site_lcg_index(0, 8) == 12345 % 8


def test_a_corporation_buys_another_players_train_at_any_price_without_consent() -> None:
    """FACTS "Engine base rules": trains from other corporations at any price >= 1; the
    site asks no consent (trains_between_players: any)."""
    game = stock_round(TITLE)
    float_corporation(game, "PRR", 95, {"A": 60})
    float_corporation(game, "C&O", 70, {"B": 60})
    finish_stock_round(game)
    to_act(game, "PRR")
    sold = give_train(game, "C&O", "2")
    give_train(game, "PRR", "3")
    step_on(game, "trains")
    game.process(BuyTrain("PRR", sold, 1))
    assert sold in game.state.companies["PRR"].trains
    assert game.state.cash_of("C&O") == 700 + 1
    no_problems(game)


def test_a_misspelt_export_option_is_an_error_at_its_file_line_and_path(tmp_path: Path) -> None:
    copy = tmp_path / TITLE
    shutil.copytree(TITLES / TITLE, copy)
    setup = copy / "setup.yaml"
    setup.write_text(setup.read_text().replace("export_trains:", "export_train:"))
    with pytest.raises(TitleErrors) as caught:
        load_title(str(copy))
    text = str(caught.value)
    assert "setup.yaml" in text and "export_train" in text
    setup.write_text(setup.read_text().replace("export_train:", "export_trains:")
                     .replace('["2", "3", "4"]', '["2", "3", "9"]'))
    with pytest.raises(TitleErrors, match="9"):
        load_title(str(copy))
