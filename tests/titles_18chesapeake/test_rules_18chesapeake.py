"""18Chesapeake rules (../shared/reference/18chesapeake/FACTS.md) that need vocabulary of their
own, each played through ``game.process`` in a concrete position; RULES.md names the test for
every rule. Seats A-D; PRR (home F2 Harrisburg) is the corporation most positions float."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from railyard.framework.core.errors import IllegalAction
from railyard.framework.core.game import Game
from railyard.framework.eighteen import phases
from railyard.framework.eighteen.actions import BuyItem, BuyShares, Par, Pass
from railyard.framework.eighteen.drawn import site_lcg_index
from railyard.framework.eighteen.or_actions import BuyTrain, DiscardTrain
from railyard.framework.eighteen.private_actions import AbilityLay
from railyard.framework.eighteen.state import IPO, POOL
from railyard.framework.loader import TitleErrors, load_title
from tests.titles_1889.positions import (
    SEATED,
    finish_stock_round,
    float_corporation,
    give_train,
    lay,
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


def test_a_company_over_the_limit_after_an_export_discards_before_the_stock_round() -> None:
    """Found by ``validate --play`` (3 players, game 177): an export starting phase 4 (limit 3)
    left a company with four 3s in the stock round; it discards first, as on the site."""
    game = stock_round(TITLE)
    float_corporation(game, "PRR", 95, {"A": 30, "B": 10, "C": 10, "D": 10})
    finish_stock_round(game)
    threes = [give_train(game, "PRR", "3") for _ in range(4)]
    for name in ("2", "3"):  # every other 2 and 3 gone: the next bank train is a 4
        for train_id in [t for s in game.state.depot.stacks.values() for t in s
                         if game.state.trains[t].name == name]:
            phases.scrap(game.state, train_id)
    game.state.phase = "3"
    settle(game)
    while game.state.round.kind == "operating" and not any(
            isinstance(a, DiscardTrain) for a in game.legal_actions(game.active_entities()[0])):
        (who,) = game.active_entities()
        legal = game.legal_actions(who)
        game.process(Pass(who) if Pass(who) in legal else
                     next(a for a in legal if not isinstance(a, BuyTrain)))
    assert game.state.phase == "4" and game.state.round.kind == "operating"
    assert game.active_entities() == ("PRR",)
    game.process(DiscardTrain("PRR", threes[0]))
    assert game.state.round.kind == "stock"
    assert game.state.companies["PRR"].trains == threes[1:]
    no_problems(game)


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


# ------------------------------------------------------------------ two players (FACTS "Rules
# ... change": setup.yaml players 2 certificates / float_offering_to_pool / pool_share_out_on_buy)
TWO = ("A", "B")  # seed 1 draws C&A for Cornelius Vanderbilt


def two_player_float(par: int = 95) -> Game:
    """Two players, first stock round: A pars PRR (30%), B, A and B take 10% each: 60% sold."""
    game = stock_round(TITLE, players=TWO)
    game.process(Par("A", "PRR", par))
    for who in ("B", "A", "B"):
        game.process(BuyShares(who, "PRR"))
    return game


def test_two_players_every_corporation_but_the_drawn_one_has_a_30_percent_presidency() -> None:
    game = new_game(TITLE, TWO)
    state = game.state
    assert state.extra["drawn"] == {"CV": "C&A"}
    prr = state.companies["PRR"].certificates
    assert [(c.percent, c.director) for c in prr if c.owner == IPO] == [(30, True)] + [(10, False)] * 7
    ca = state.companies["C&A"].certificates
    assert [(c.percent, c.director) for c in ca if c.owner == IPO] == [(20, True)] + [(10, False)] * 8
    no_problems(game)


def test_two_players_a_corporation_floats_and_its_unsold_shares_go_to_the_pool() -> None:
    """The bank pays ten shares' capital, as with five players; the 40% left goes to the pool."""
    game = two_player_float()
    state = game.state
    assert state.companies["PRR"].floated
    assert state.cash_of("PRR") == 950
    assert state.percent_held(IPO, "PRR") == 0
    assert state.percent_held(POOL, "PRR") == 40
    no_problems(game)


def test_two_players_a_non_president_buying_from_the_pool_takes_one_more_share_out() -> None:
    game = two_player_float()
    state = game.state
    game.process(BuyShares("A", "PRR", "pool"))  # the president: nothing leaves
    assert state.percent_held("A", "PRR") == 50
    assert state.percent_held(POOL, "PRR") == 30
    game.process(BuyShares("B", "PRR", "pool"))
    assert state.percent_held("B", "PRR") == 30
    assert state.percent_held(POOL, "PRR") == 10  # 10% to B, 10% out of the game
    assert state.player("B").cash == 1200 - 3 * 95
    no_problems(game)


def test_two_players_when_the_share_taken_out_is_the_last_in_the_pool_the_buyer_gets_nothing() -> None:
    """FACTS: "if that was the very share being bought, the buyer receives nothing and pays
    nothing" (fixture 22383, action 104)."""
    game = two_player_float()
    state = game.state
    for cert in [c for c in state.companies["PRR"].certificates if c.owner == POOL][1:]:
        cert.owner = "A"
    settle(game)
    game.process(Pass("A"))
    game.process(BuyShares("B", "PRR", "pool"))
    assert state.percent_held("B", "PRR") == 20
    assert state.percent_held(POOL, "PRR") == 0
    assert state.player("B").cash == 1200 - 2 * 95
    no_problems(game)


def test_a_player_count_certificates_naming_an_unknown_type_is_an_error_at_its_line(tmp_path: Path) -> None:
    copy = tmp_path / TITLE
    shutil.copytree(TITLES / TITLE, copy)
    setup = copy / "setup.yaml"
    setup.write_text(setup.read_text().replace("      corporation: [{percent: 30",
                                               "      corporatoin: [{percent: 30"))
    with pytest.raises(TitleErrors) as caught:
        load_title(str(copy))
    text = str(caught.value)
    assert "setup.yaml:" in text and "players.2.certificates.corporatoin" in text
    assert "corporation" in text.split("corporatoin", 2)[-1]  # the hint names the right type
    setup.write_text(setup.read_text().replace("corporatoin", "corporation")
                     .replace("{percent: 10, count: 7}", "{percent: 10, count: 8}"))
    with pytest.raises(TitleErrors, match="110%"):
        load_title(str(copy))


# ------------------------------------------------------------------ C-P / B&S (FACTS "Private
# companies": tile_lay together, joined, lost_on_other_lay)
def columbia_philadelphia_at_prr() -> Game:
    """PRR owns the Columbia - Philadelphia Railroad and is at its tile step."""
    game = stock_round(TITLE, {"C-P": "B"})
    float_corporation(game, "PRR", 95, {"A": 60})
    finish_stock_round(game)
    next(c for c in game.state.companies["C-P"].certificates if c.director).owner = "PRR"
    settle(game)
    to_act(game, "PRR")
    step_on(game, "tile")
    return game


def cp_lays(game: Game) -> list[AbilityLay]:
    return [a for a in game.legal_actions("PRR") if isinstance(a, AbilityLay) and a.company == "C-P"]


def test_columbia_philadelphias_second_lay_follows_the_first_at_once() -> None:
    game = columbia_philadelphia_at_prr()
    game.process(next(a for a in cp_lays(game) if a.hex == "H2" and a.tile == "8"))
    legal = game.legal_actions("PRR")
    assert legal and all(isinstance(a, AbilityLay) and a.hex == "I3" for a in legal)
    with pytest.raises(IllegalAction):
        game.process(Pass("PRR"))
    game.process(legal[0])
    assert game.state.board.tile("I3").id in ("8", "9")
    assert not cp_lays(game)  # both used; the turn goes on with the normal lay
    assert game.active_entities() == ("PRR",) and game.state.round.step == "tile"
    no_problems(game)


def test_columbia_philadelphias_lays_join_each_other() -> None:
    game = columbia_philadelphia_at_prr()
    first = cp_lays(game)
    assert first and all(5 in game.state.board.placed("H2").__class__(
        game.state.board.tile_def(a.tile), a.rotation).exits for a in first if a.hex == "H2")
    game.process(next(a for a in first if a.hex == "H2"))
    second = cp_lays(game)
    assert second and all(2 in game.state.board.placed("I3").__class__(
        game.state.board.tile_def(a.tile), a.rotation).exits for a in second)
    away = next(r for r in range(6) if 2 not in game.state.board.placed("I3").__class__(
        game.state.board.tile_def("9"), r).exits)
    with pytest.raises(IllegalAction, match="join"):
        game.process(AbilityLay("PRR", "C-P", "I3", "9", away))


def test_columbia_philadelphias_lays_are_lost_once_another_tile_is_laid_on_its_hexes() -> None:
    game = columbia_philadelphia_at_prr()
    lay(game, "I3", "9", 2)  # laid by another company earlier
    assert cp_lays(game) == []
    with pytest.raises(IllegalAction):
        game.process(AbilityLay("PRR", "C-P", "H2", "9", 5))


def test_two_players_a_corporation_printing_its_own_certificates_keeps_them() -> None:
    """A company's own ``certificates`` are more particular than its type's at a player count."""
    own = 'companies.PRR.certificates=[{percent: 20, director: true}, {percent: 10, count: 8}]'
    game = Game(load_title(TITLE, None, (own,)), TWO, 1, None, SEATED)
    prr = game.state.companies["PRR"].certificates
    assert [c.percent for c in prr] == [20] + [10] * 8
    assert [c.percent for c in game.state.companies["SRR"].certificates] == [30] + [10] * 7
    no_problems(game)


def test_two_players_the_exporter_names_the_share_the_site_takes_out_of_the_pool() -> None:
    """The site takes the pool's last share out before a non-president's purchase; the
    exporter's share ledger follows it, so later actions name the shares the site's players
    really hold (a bot game sold a share the site had taken out)."""
    from railyard.framework.eighteen.state import CLOSED
    from railyard.framework.exporters import SiteExporter

    game = stock_round(TITLE, players=TWO)
    exporter = SiteExporter(game)

    def play(action: object) -> list[dict[str, object]]:
        out = exporter.translate(game, action)  # type: ignore[arg-type]
        game.process(action)
        return out + exporter.follow(game, action)  # type: ignore[arg-type]

    play(Par("A", "PRR", 95))
    for who in ("B", "A", "B"):
        play(BuyShares(who, "PRR"))
    play(Pass("A"))
    assert play(BuyShares("B", "PRR", "pool"))[0]["shares"] == ["PRR_4"]  # PRR_7 leaves
    assert play(BuyShares("A", "PRR", "pool"))[0]["shares"] == ["PRR_5"]  # the president's
    assert play(BuyShares("B", "PRR", "pool"))[0]["shares"] == ["PRR_6"]  # taken out: nothing
    held = exporter.shares.held["PRR"]
    assert held["B"] == ["PRR_1", "PRR_3", "PRR_4"] and held[CLOSED] == ["PRR_7", "PRR_6"]
    assert game.state.percent_held("B", "PRR") == 30
