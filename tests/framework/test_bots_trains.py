"""The greedy bot's train sense: a company with room under its train limit buys the best train
its treasury can pay, keeps its revenue back only when that pays for the train at once, and at
its limit gives up its weakest train for a better one it can afford."""

import random

from railyard.framework.bots import make_bot
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


def test_greedy_buys_a_third_train_of_the_same_type_when_it_has_room_and_cash():
    # two 2-trains, limit 4, 300 in the treasury: the next 2-train (80) is another run
    rules, state = at_trains_step(300, ("2", "2"))
    legal = rules.legal_actions(state, "AR")
    assert BuyTrain("AR", "2#3", 80) in legal and Pass("AR") in legal
    choice = make_bot("greedy", rules).choose(state, legal, random.Random(0))
    assert choice == BuyTrain("AR", "2#3", 80)
    rules.apply(state, choice)
    assert state.companies["AR"].cash == 220 and len(state.companies["AR"].trains) == 3


def test_greedy_withholds_only_when_the_revenue_pays_for_the_next_train():
    # AR owns a 2-train and 30 cash; the next train costs 80
    rules, state = at_trains_step(300, ("2",))
    state.pay("AR", "@bank", 270)
    assert state.companies["AR"].cash == 30
    bot = make_bot("greedy", rules)
    options = [Dividend("AR", "payout"), Dividend("AR", "withhold")]
    state.round.revenue = 50  # 30 + 50 = 80: keep it and buy the train this turn
    assert bot.choose(state, options, random.Random(0)) == Dividend("AR", "withhold")
    state.round.revenue = 40  # 70 < 80: withholding would not buy it now, so pay out
    assert bot.choose(state, options, random.Random(0)) == Dividend("AR", "payout")


def test_greedy_at_its_limit_surrenders_its_weakest_train_for_a_better_one_it_can_pay():
    # four 2-trains (phase 2 limit 4), the last 2-train gone to ER: the depot sells a 3 (180)
    rules, state = at_trains_step(300, ("2", "2", "2", "2", "2"), others=1)
    legal = rules.legal_actions(state, "AR")
    assert SurrenderTrain("AR", "2#1") in legal and not any(isinstance(a, BuyTrain) for a in legal)
    bot = make_bot("greedy", rules)
    choice = bot.choose(state, legal, random.Random(0))
    assert choice == SurrenderTrain("AR", "2#1")  # fee 40 + 180 <= 300
    rules.apply(state, choice)
    assert state.companies["AR"].cash == 260
    assert bot.choose(state, rules.legal_actions(state, "AR"), random.Random(0)) == BuyTrain("AR", "3#1", 180)


def test_greedy_at_its_limit_keeps_its_trains_when_fee_and_new_train_are_too_dear():
    rules, state = at_trains_step(210, ("2", "2", "2", "2", "2"), others=1)  # 40 + 180 > 210
    assert make_bot("greedy", rules).choose(state, rules.legal_actions(state, "AR"), random.Random(0)) == Pass("AR")
