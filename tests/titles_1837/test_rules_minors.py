"""Rules I, II, VII, IX: the national railways' minors."""

from __future__ import annotations

from railyard.framework.eighteen import dividends

from .rules_helpers import cash, hooks, new_game, no_problems, pass_packet, sell


def test_I_sd5_owner_chooses_venice_before_the_first_tile_is_laid():
    game = new_game()
    sell(game, "SD5", "C")
    sell(game, "SD1", "A")
    pass_packet(game)
    assert game.state.round.kind == "1837_start_of_round"
    choose = hooks(game, "actions").ChooseHome
    assert game.legal_actions() == [choose("C", "SD5", "L2"), choose("C", "SD5", "L8")]
    game.process(choose("C", "SD5", "L8"))
    assert game.state.board.tokens_of("SD5") == [("L8", 0)]
    assert game.state.companies["SD5"].home == "L8"
    assert game.state.round.kind == "operating"
    no_problems(game)


def test_VII_national_minors_place_only_their_home_token():
    game = new_game()
    sell(game, "KK2", "A")
    sell(game, "UG2", "B")
    state = game.state
    assert state.board.tokens_of("KK2") == [("G17", 1)]  # Vienna, placed when bought (I)
    assert state.board.tokens_of("UG2") == [("K21", 0)]
    assert state.companies["KK2"].tokens_left == 0 and state.companies["UG2"].tokens_left == 0
    assert state.companies["KK2"].cash == 140 and state.companies["UG2"].cash == 90


def test_IX_ug1_pays_25_percent_to_each_certificate_with_fractions_to_the_bank():
    game = new_game()
    sell(game, "UG1", "A", 100)
    pass_packet(game)
    state = game.state
    cert = state.cert("UG1.1")
    cert.owner = "B"  # B bought the second 25% (its 90K aside)
    before, bank, treasury = cash(state), state.bank, state.companies["UG1"].cash
    dividends.distribute(game.ruleset, state, "UG1", 75, "split")
    assert state.companies["UG1"].cash == treasury + 37  # 37.5 rounded for the bank
    assert cash(state)["A"] == before["A"] + 18 and cash(state)["B"] == before["B"] + 18
    assert state.bank == bank - 73


def test_IX_coal_company_keeps_half_and_pays_half_to_its_owner():
    game = new_game()
    sell(game, "EPP", "C")
    state = game.state
    before, treasury = cash(state)["C"], state.companies["EPP"].cash
    dividends.distribute(game.ruleset, state, "EPP", 50, "split")
    assert state.companies["EPP"].cash == treasury + 25 and cash(state)["C"] == before + 25
