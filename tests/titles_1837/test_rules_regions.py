"""Rule XII: Italy closes with the first "4" (tiles and tokens removed, Bozen gets 426);
Bosnia opens with phase 3."""

from __future__ import annotations

from railyard.framework.eighteen import phases

from .rules_helpers import first_purchase, hooks, new_game, no_problems, sell


def test_XII_first_4_closes_italy_returning_tiles_and_tokens_and_lays_426_on_bozen():
    game = new_game()
    state = game.state
    sell(game, "SD5", "C")
    sell(game, "SD4", "D")
    hooks(game, "minors").choose_home(game.ruleset, state, "SD5", "L8")  # Venice
    board = state.board
    board.lay("M5", "3", 0)
    board.lay("K3", "7", 0)
    supply_3, supply_7 = board.available("3"), board.available("7")
    first_purchase(game, "4")
    assert board.is_printed("M5") and board.is_printed("K3")
    assert board.available("3") == supply_3 + 1 and board.available("7") == supply_7 + 1
    assert board.tokens_at("L8", 0) == ()
    assert board.tile("K5").id == "426" and board.tile("K5").color == "green"
    assert board.tokens_of("SD") == [("K5", 0)]  # Sd #4's Bozen token, now Sd's
    assert phases.region_closed(game.ruleset, state, "M5") == "italy"
    no_problems(game)


def test_XII_bosnia_takes_track_only_from_phase_3():
    game = new_game()
    assert phases.region_closed(game.ruleset, game.state, "L16") == "bosnia"
    first_purchase(game, "3")
    assert phases.region_closed(game.ruleset, game.state, "L16") is None


def test_XII_a_majors_token_in_italy_comes_back_to_its_charter_when_italy_closes():
    # MS (home Brünn) has spent two of its three tokens, one of them on Milan (L2); the first
    # "4" removes the Milan token and MS may place it again: two tokens left, one on the board
    game = new_game()
    state = game.state
    board = state.board
    ms = state.companies["MS"]
    for coord in ("E17", "L2"):
        board.place_token(coord, 0, "MS")
        ms.tokens_left -= 1
    assert ms.tokens_left == 1
    first_purchase(game, "4")
    assert board.tokens_of("MS") == [("E17", 0)]
    assert ms.tokens_left == 2
    no_problems(game)
