"""The greedy bot's train sense: a company with room under its train limit buys the best train
its treasury can pay (once it runs a train, only one that outlives its temperament's rust
margin), keeps its revenue back when its temperament's number of rounds of it pays for the
next train, and at its limit gives up its weakest train for a better one it can afford."""

import random

from railyard.framework.bots import make_bot
from railyard.framework.bots.greedy import Temperament
from railyard.framework.eighteen.actions import Pass
from railyard.framework.eighteen.or_actions import BuyTrain, Dividend, RunRoutes, SurrenderTrain
from tests.framework.or_helpers import give_train, major, operating, position, step


def at_trains_step(ar_cash: int, owned: tuple[str, ...], others: int = 0):
    """AR (ann 60% director) in phase 2 at its trains step, owning ``owned`` but the last
    ``others`` of them, which go to ER (directed by nobody)."""
    rules, state = position()
    major(rules, state, "AR", (0, 3), {"ann": 60}, cash=ar_cash)
    for i, name in enumerate(owned):
        give_train(rules, state, "AR" if i < len(owned) - others else "ER", name)
    operating(rules, state)
    while step(state) != ("AR", "trains"):
        run = step(state)[1] == "run"
        rules.apply(state, RunRoutes("AR", ()) if run else Pass("AR"))  # no lay, token or run
    return rules, state


def greedy_with(rules, rust_margin: int = 0, save_rounds: int = 1):
    """A greedy bot with its temperament fixed (no draw from the seat's rng)."""
    bot = make_bot("greedy", rules)
    bot.temperament = Temperament(premium=1.1, par_step=0, jitter=1.0, rust_margin=rust_margin,
                                  save_rounds=save_rounds)
    return bot


def test_greedy_buys_a_third_train_of_the_same_type_when_it_has_room_and_cash():
    # two 2-trains, limit 4, 300 in the treasury: the next 2-train (80) is another run, and
    # the depot sells 6 trains (this 2, two more 2s, three 3s) before the first 4 rusts it
    rules, state = at_trains_step(300, ("2", "2"))
    legal = rules.legal_actions(state, "AR")
    assert BuyTrain("AR", "2#3", 80) in legal and Pass("AR") in legal
    choice = greedy_with(rules, rust_margin=5).choose(state, legal, random.Random(0))
    assert choice == BuyTrain("AR", "2#3", 80)
    rules.apply(state, choice)
    assert state.companies["AR"].cash == 220 and len(state.companies["AR"].trains) == 3


def test_greedy_skips_an_extra_train_that_rusts_within_its_rust_margin():
    # the same position, but this bot wants a train to outlive 6 more purchases: the 2-train
    # (6 trains before the first 4) is not worth it, the 3-trains are not on sale yet
    rules, state = at_trains_step(300, ("2", "2"))
    legal = rules.legal_actions(state, "AR")
    bot = greedy_with(rules, rust_margin=6)
    assert bot._purchases_to_rust(state, "2#3") == 6
    assert bot.choose(state, legal, random.Random(0)) == Pass("AR")


def test_greedy_withholds_only_when_the_revenue_pays_for_the_next_train():
    # AR owns a 2-train and 30 cash; the next train costs 80
    rules, state = at_trains_step(300, ("2",))
    state.pay("AR", "@bank", 270)
    assert state.companies["AR"].cash == 30
    bot = greedy_with(rules, save_rounds=1)
    options = [Dividend("AR", "payout"), Dividend("AR", "withhold")]
    state.round.revenue = 50  # 30 + 50 = 80: keep it and buy the train this turn
    assert bot.choose(state, options, random.Random(0)) == Dividend("AR", "withhold")
    state.round.revenue = 40  # 70 < 80: withholding would not buy it now, so pay out
    assert bot.choose(state, options, random.Random(0)) == Dividend("AR", "payout")


def test_greedy_with_save_rounds_two_withholds_for_a_train_it_buys_next_round():
    # the same 30 cash and 40 revenue: 30 + 2 x 40 >= 80, so a saver keeps this round's money
    rules, state = at_trains_step(300, ("2",))
    state.pay("AR", "@bank", 270)
    options = [Dividend("AR", "payout"), Dividend("AR", "withhold")]
    state.round.revenue = 40
    assert greedy_with(rules, save_rounds=2).choose(state, options, random.Random(0)) == Dividend("AR", "withhold")
    state.round.revenue = 20  # 30 + 2 x 20 = 70 < 80: two rounds would not pay for it
    assert greedy_with(rules, save_rounds=2).choose(state, options, random.Random(0)) == Dividend("AR", "payout")


def test_greedy_at_its_limit_surrenders_its_weakest_train_for_a_better_one_it_can_pay():
    # four 2-trains (phase 2 limit 4), the last 2-train gone to ER: the depot sells a 3 (180)
    rules, state = at_trains_step(300, ("2", "2", "2", "2", "2"), others=1)
    legal = rules.legal_actions(state, "AR")
    assert SurrenderTrain("AR", "2#1") in legal and not any(isinstance(a, BuyTrain) for a in legal)
    bot = greedy_with(rules)
    choice = bot.choose(state, legal, random.Random(0))
    assert choice == SurrenderTrain("AR", "2#1")  # fee 40 + 180 <= 300
    rules.apply(state, choice)
    assert state.companies["AR"].cash == 260
    assert bot.choose(state, rules.legal_actions(state, "AR"), random.Random(0)) == BuyTrain("AR", "3#1", 180)


def test_greedy_at_its_limit_keeps_its_trains_when_fee_and_new_train_are_too_dear():
    rules, state = at_trains_step(210, ("2", "2", "2", "2", "2"), others=1)  # 40 + 180 > 210
    assert make_bot("greedy", rules).choose(state, rules.legal_actions(state, "AR"), random.Random(0)) == Pass("AR")
