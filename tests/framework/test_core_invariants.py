"""The 18xx invariants catch what the rules must never do: make or lose money, certificates,
trains, or leave a price marker out of its stack."""

from railyard.framework.eighteen.state import BANK, POOL
from tests.framework.g18_helpers import new_game


def test_a_fresh_game_keeps_every_invariant():
    rules, state = new_game()
    assert rules.invariants(state) == []
    assert state.money_total == 4000 and state.bank == 4000 - 3 * 400
    assert state.certificates_total == 3 * 9 + 3  # three majors of nine, three one-certificate companies


def test_money_made_from_nothing_is_caught():
    rules, state = new_game()
    state.player("ann").cash += 10
    assert rules.invariants(state) == ["money: 4010 in play, expected 4000"]


def test_money_moved_by_pay_is_conserved():
    rules, state = new_game()
    state.pay(BANK, "AR", 500)
    state.pay("AR", "bob", 120)
    assert rules.invariants(state) == []


def test_certificates_must_add_up_to_100_percent():
    rules, state = new_game()
    state.companies["AR"].certificates[1].percent = 20
    assert rules.invariants(state) == ["certificates: AR adds up to 110%, expected 100%"]


def test_a_train_in_two_places_is_caught():
    rules, state = new_game()
    train = state.depot.stacks["main"][0]
    state.depot.pool.append(train)
    problems = rules.invariants(state)
    assert f"trains: {train} is in 2 places" in problems


def test_trains_are_all_in_the_depot_in_order_of_sale_at_the_start():
    rules, state = new_game()
    names = [state.trains[t].name for t in state.depot.stacks["main"]]
    assert names == ["2"] * 5 + ["3"] * 3 + ["4"] * 2 + ["5E"] * 2
    assert state.trains_created == 12


def test_a_marker_missing_from_its_stack_is_caught():
    rules, state = new_game()
    state.place_marker("AR", (0, 1))
    state.market_stacks[(0, 1)].remove("AR")
    assert any("missing from its stack" in p for p in rules.invariants(state))
    assert POOL == "@pool"


def test_a_token_lost_or_made_is_caught():
    rules, state = new_game()
    ar = state.companies["AR"]
    supply = ar.tokens_left
    ar.tokens_left -= 1  # a token leaves the charter but reaches no station
    assert rules.invariants(state) == [f"tokens: AR has 0 on the board and {supply - 1} left, not its {supply}"]
