"""Rule XII (and VII, III): forming the three national railways."""

from __future__ import annotations

from railyard.framework.eighteen import dividends, running, tile_lay
from railyard.framework.eighteen.operating_round import operating_order
from railyard.framework.eighteen.or_actions import LayTile
from railyard.framework.eighteen.shares import give_certificate
from railyard.framework.eighteen.state import BANK, CLOSED, IPO

from .positions import kk_with_green_vienna
from .rules_helpers import (
    add_train,
    finish_round,
    first_purchase,
    fund,
    hooks,
    ipo_percent,
    new_game,
    no_problems,
    pass_packet,
    sell,
)


def _sd_game(owners: dict[str, str]):
    game = new_game()
    for item, player in owners.items():
        sell(game, item, player)
    return game


def test_XII_first_4_forms_sd_and_removes_sd5_token():
    game = _sd_game({"SD1": "A", "SD2": "B", "SD3": "C", "SD4": "D", "SD5": "A"})
    state = game.state
    hooks(game, "minors").choose_home(game.ruleset, state, "SD5", "L8")
    fund(state, "SD1", 50)
    add_train(game, "SD1", "3")
    add_train(game, "SD3", "3+1")
    first_purchase(game, "4")
    sd = state.companies["SD"]
    assert sd.cash == 710 + 140 + 4 * 90
    assert sorted(state.trains[t].name for t in sd.trains) == ["3", "3+1"]
    # A had Sd #1 and Sd #5: 20% with the director's certificate
    assert state.director("SD") == "A" and state.percent_held("A", "SD") == 20
    assert [state.percent_held(p, "SD") for p in "BCD"] == [10, 10, 10]
    assert ipo_percent(state, "SD") == 50
    assert game.ruleset.spec.cell(sd.market).price == 142
    # tokens: Sd #1-#4's homes become Sd's; Sd #5's Venice token is gone; one token to place
    assert sorted(state.board.tokens_of("SD")) == [("G17", 0), ("I7", 0), ("J16", 0), ("K5", 0)]
    assert state.board.tokens_of("SD5") == [] and state.board.tokens_at("L8", 0) == ()
    assert sd.tokens_left == 1
    for minor in ("SD1", "SD2", "SD3", "SD4", "SD5"):
        assert state.companies[minor].closed and state.companies[minor].cash == 0
        assert state.cert(f"{minor}.0").owner == CLOSED
    no_problems(game)


def test_XII_sd_director_tie_goes_to_the_lowest_numbered_minor():
    game = _sd_game({"SD2": "A", "SD1": "B", "SD3": "C", "SD4": "D"})  # Sd #5 unsold
    state = game.state
    first_purchase(game, "4")
    assert state.director("SD") == "B"
    assert [state.percent_held(p, "SD") for p in "ABCD"] == [10, 10, 10, 10]
    # the unsold Sd #5 leaves the game; its exchange share joins the initial offering
    assert state.companies["SD5"].closed and "SD5" not in state.offers
    assert "SD5" not in state.packet_remaining
    assert ipo_percent(state, "SD") == 60
    no_problems(game)


def test_XII_sd_tie_among_buyers_goes_to_the_first_clockwise_from_the_sd1_owner():
    game = _sd_game({"SD1": "A", "SD2": "B"})
    state = game.state
    for player in ("D", "C", "D", "C"):  # bought from the initial offering before the 4
        cert = next(c for c in state.companies["SD"].certificates if c.owner == IPO)
        give_certificate(game.ruleset, state, cert, player, 142, BANK)
    first_purchase(game, "4")
    assert state.percent_held("C", "SD") == 20 and state.percent_held("D", "SD") == 20
    assert state.director("SD") == "C"  # clockwise from A: B (10%), then C
    no_problems(game)


def test_IV_XII_a_national_formed_during_an_operating_round_does_not_run_in_it():
    game = _sd_game({"SD1": "A", "SD2": "B"})
    pass_packet(game)
    assert game.state.round.kind == "operating"
    first_purchase(game, "4")
    assert game.state.companies["SD"].floated
    assert "SD" not in operating_order(game.ruleset, game.state)


def _kk_game():
    game = new_game()
    for item, player in {"KK1": "A", "KK2": "B", "KK3": "C", "SD1": "D"}.items():
        sell(game, item, player)
    pass_packet(game)
    return game


def test_XII_kk1_owner_opens_kk_at_the_start_of_a_round_and_the_others_fold_in_clockwise():
    game = _kk_game()
    state = game.state
    actions = hooks(game, "actions")
    first_purchase(game, "4")
    finish_round(game)
    assert state.round.kind == "1837_start_of_round"
    assert game.active_entities() == ("A",)
    kk1_cash = state.companies["KK1"].cash
    game.process(actions.OpenNational("A", "KK", True))
    kk = state.companies["KK"]
    assert kk.cash == 840 + kk1_cash
    assert state.director("KK") == "A" and state.percent_held("A", "KK") == 10
    assert ipo_percent(state, "KK") == 70
    # kk #2 and #3 decide from the kk director clockwise: B, then C
    assert game.active_entities() == ("B",)
    game.process(actions.FoldIn("B", "KK2", False))
    assert game.active_entities() == ("C",)
    kk3_cash = state.companies["KK3"].cash
    game.process(actions.FoldIn("C", "KK3", True))
    assert kk.cash == 840 + kk1_cash + kk3_cash
    assert state.percent_held("C", "KK") == 10 and not state.companies["KK2"].closed
    # VII: kk's tokens stay in Vienna (kk #1's and kk #3's cities) until the tile is brown
    assert sorted(state.board.tokens_of("KK")) == [("G17", 2), ("G17", 3)]
    assert state.board.tokens_of("KK2") == [("G17", 1)]
    assert kk.tokens_left == 0
    no_problems(game)


def test_XII_kk_declined_is_offered_again_at_the_next_round():
    game = _kk_game()
    actions = hooks(game, "actions")
    first_purchase(game, "4")
    finish_round(game)
    game.process(actions.OpenNational("A", "KK", False))
    assert not game.state.companies["KK"].floated
    finish_round(game)  # the stock round
    assert game.state.round.kind == "1837_start_of_round"
    assert actions.OpenNational("A", "KK", True) in game.legal_actions()


def test_XII_first_4_plus_1_forces_kk_with_every_minor_at_once():
    game = _kk_game()
    state = game.state
    cash = sum(state.companies[m].cash for m in ("KK1", "KK2", "KK3"))
    first_purchase(game, "4")
    first_purchase(game, "4+1")
    kk = state.companies["KK"]
    assert kk.floated and kk.cash == 840 + cash == 840 + 90 + 140 + 90
    assert state.director("KK") == "A"
    assert [state.percent_held(p, "KK") for p in "ABC"] == [10, 10, 10]
    assert sorted(state.board.tokens_of("KK")) == [("G17", 1), ("G17", 2), ("G17", 3)]
    assert all(state.companies[m].closed for m in ("KK1", "KK2", "KK3"))
    assert ipo_percent(state, "KK") == 70
    no_problems(game)


def _ug_game(owners: dict[str, str], halves: dict[str, str]):
    game = new_game()
    for item, player in owners.items():
        sell(game, item, player)
    pass_packet(game)
    for minor, player in halves.items():
        cert = game.state.cert(f"{minor}.1")
        give_certificate(game.ruleset, game.state, cert, player, 90, BANK)
        del game.state.offers[f"{minor}_share"]
    return game


def test_XII_first_5_forces_ug_and_both_halves_of_ug1_and_ug3_exchange():
    game = _ug_game({"UG1": "A", "UG2": "C", "UG3": "D"}, {"UG1": "B", "UG3": "A"})
    state = game.state
    cash = sum(state.companies[m].cash for m in ("UG1", "UG2", "UG3"))
    first_purchase(game, "5")
    ug = state.companies["UG"]
    assert ug.cash == 875 + cash == 875 + 180 + 90 + 180
    # A held Ug #1's director's certificate and Ug #3's second half: 20%
    assert state.director("UG") == "A" and state.percent_held("A", "UG") == 20
    assert [state.percent_held(p, "UG") for p in "BCD"] == [10, 10, 10]
    assert ipo_percent(state, "UG") == 50
    assert sorted(state.board.tokens_of("UG")) == [("H22", 0), ("H22", 1), ("K21", 0)]
    assert ug.tokens_left == 0  # VII: Ug's tokens stay in Budapest until it is brown
    no_problems(game)


def test_XII_ug_tie_goes_by_minor_seniority_director_certificate_first():
    # Ug#1-d: B, Ug#1: A, Ug#2: C, Ug#3-d: D; everyone ends with 10%
    game = _ug_game({"UG1": "B", "UG2": "C", "UG3": "D"}, {"UG1": "A"})
    state = game.state
    first_purchase(game, "5")
    assert [state.percent_held(p, "UG") for p in "ABCD"] == [10, 10, 10, 10]
    assert state.director("UG") == "B"
    assert "UG3_share" not in state.offers  # Ug #3's unsold half is out of play
    assert ipo_percent(state, "UG") == 60
    no_problems(game)


def test_XII_ug1_director_opens_ug_after_the_first_4E_and_ug3_halves_fold_in_together():
    game = _ug_game({"UG1": "A", "UG2": "D", "UG3": "C"}, {"UG3": "B"})
    state = game.state
    actions = hooks(game, "actions")
    first_purchase(game, "4")
    first_purchase(game, "4E")
    finish_round(game)
    assert state.round.kind == "1837_start_of_round"
    assert game.active_entities() == ("A",)  # kk has no minors running: Ug's turn
    game.process(actions.OpenNational("A", "UG", True))
    assert state.director("UG") == "A"
    assert game.active_entities() == ("C",)  # clockwise from A: C (Ug #3), then D (Ug #2)
    game.process(actions.FoldIn("C", "UG3", True))
    assert state.percent_held("B", "UG") == 10 and state.percent_held("C", "UG") == 10
    assert game.active_entities() == ("D",)
    game.process(actions.FoldIn("D", "UG2", False))
    assert not state.companies["UG2"].closed
    assert sorted(state.board.tokens_of("UG")) == [("H22", 0), ("H22", 1)]
    no_problems(game)


def test_XIII_national_shares_bought_before_its_formation_do_not_float_it():
    game = _kk_game()
    state = game.state
    for player in ("D", "D", "D", "B", "B", "B", "C"):  # 70%: the whole initial offering
        cert = next(c for c in state.companies["KK"].certificates if c.owner == IPO)
        give_certificate(game.ruleset, state, cert, player, 120, BANK)
    assert not state.companies["KK"].floated and state.companies["KK"].cash == 0
    assert state.director("KK") is None  # the director's certificate waits for the formation


def test_VI_VII_brown_vienna_merges_kks_three_stations_and_frees_two_tokens():
    game = kk_with_green_vienna(new_game())  # kk's tokens on green Vienna's stations 1, 2, 3
    state = game.state
    reach = tile_lay.company_reach(game.ruleset, state, "KK")
    verdicts = {
        upgrade.rotation: tile_lay.refusal(game.ruleset, state, "KK", "G17", tile, upgrade, reach)
        for tile, upgrade in state.board.lay_choices("G17")
    }
    assert verdicts[5] is None
    assert {r: v[0] for r, v in verdicts.items() if v} == {0: "VI", 1: "VI", 2: "VI", 3: "VI", 4: "VI"}
    tile_lay.apply(game.ruleset, state, LayTile("KK", "G17", "436", 5), 0)
    game.ruleset.hooks.on_operating_turn_start(state, "KK")
    assert state.board.tokens_of("KK") == [("G17", 2)]  # the station with three tracks
    assert state.companies["KK"].tokens_left == 2
    no_problems(game)


def test_VIII_XII_a_minor_folded_in_after_running_neither_runs_again_nor_earns_twice():
    game = _kk_game()  # the first operating round is under way
    state = game.state
    first_purchase(game, "4")
    hooks(game, "nationals").open_national(game.ruleset, state, "KK")  # kk #2 stays out
    train = add_train(game, "KK2", "3")
    state.round.ran.append(train)  # kk #2 has run its 3 train this round
    state.round.done.append("KK2")
    first_purchase(game, "4+1")  # kk #2 must convert now
    assert train in state.companies["KK"].trains
    assert train not in running.runnable(state, "KK", state.round.ran)
    before = {p: state.player(p).cash for p in "ABC"}
    dividends.distribute(game.ruleset, state, "KK", 100, "payout")
    assert state.player("B").cash == before["B"]  # B's new kk share is not paid this round
    assert state.player("A").cash == before["A"] + 10  # kk #1's exchange: paid
    assert state.player("C").cash == before["C"] + 10  # kk #3 had not run yet: paid


def test_XI_XII_a_bankrupt_player_is_asked_nothing_at_the_start_of_a_round():
    game = _kk_game()
    first_purchase(game, "4")
    game.state.player("A").bankrupt = True  # kk #1's owner left the game
    finish_round(game)
    assert game.state.round.kind == "operating"  # the set's second round, with no choices first
    assert not game.state.companies["KK"].floated
