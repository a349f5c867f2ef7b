"""Bots: the registry (title bots first), the random bot's sense, determinism, and the greedy
bot beating the random one."""

from __future__ import annotations

import random

import pytest

from railyard.framework.bots import UnknownBot, bot_names, make_bot
from railyard.framework.bots.random_bot import RandomBot, group_by_tag, sensible_move
from railyard.framework.core.game import Game
from railyard.framework.core.ruleset import ruleset_for
from railyard.framework.eighteen.actions import Pass
from railyard.framework.eighteen.or_actions import BuyTrain, RunRoutes, TrainRoute
from railyard.framework.loader import load_title
from railyard.framework.simulate import stats
from railyard.framework.simulate.runner import SimConfig, jobs_for, run_jobs

from .sim_helpers import PACKETRAIL, TINYRAIL, pile_title


def test_random_bot_always_runs_the_best_routes_offered():
    best = RunRoutes("AR", (TrainRoute("2#1", ("A1.0", "B2.0")),))
    groups = group_by_tag([RunRoutes("AR", ()), best])
    assert sensible_move(groups) is best


def test_random_bot_buys_the_cheapest_train_when_it_may_not_end_its_turn():
    groups = group_by_tag([BuyTrain("AR", "3#1", 180), BuyTrain("AR", "2#4", 80), BuyTrain("AR", "2#1", 1)])
    assert sensible_move(groups) == BuyTrain("AR", "2#1", 1)
    # with a pass on offer it is not forced
    assert sensible_move(group_by_tag([BuyTrain("AR", "2#4", 80), Pass("AR")])) is None


def test_random_bot_is_deterministic_for_a_seed():
    title = load_title(TINYRAIL)
    game = Game(title, ("a", "b", "c"), 3)
    bot = RandomBot(game.ruleset)
    legal = game.legal_actions()
    picks = [bot.choose(game.view(), legal, random.Random(42)) for _ in range(3)]
    assert picks[0] == picks[1] == picks[2]
    assert len({bot.choose(game.view(), legal, random.Random(s)) for s in range(30)}) > 1


def test_title_bots_come_first_and_greedy_needs_the_18xx_family(tmp_path):
    title = load_title(pile_title(tmp_path / "pile"))
    rules = ruleset_for(title)
    assert bot_names(rules)[:2] == ["adder", "crasher"]
    assert "random" in bot_names(rules) and "greedy" not in bot_names(rules)
    assert type(make_bot("adder", rules)).__name__ == "Adder"
    with pytest.raises(UnknownBot, match=r"no bot 'greedy' for this title \(known: adder, crasher, random, uniform\)"):
        make_bot("greedy", rules)
    assert "greedy" in bot_names(ruleset_for(load_title(TINYRAIL)))


def test_greedy_floats_a_corporation_it_can_afford_at_the_highest_par():
    # packetrail after the packet: 3 players; tinyrail has no packet, so use it: 400 each,
    # float 60% (director 20% + 4 shares): par 70 needs 420 > 400, so the greedy bot can float
    # nothing alone and starts the cheapest corporation for others to help
    title = load_title(TINYRAIL)
    game = Game(title, ("a", "b", "c"), 1)
    bot = make_bot("greedy", game.ruleset)
    choice = bot.choose(game.view(), game.legal_actions(), random.Random(0))
    assert type(choice).__name__ == "Par" and choice.price == 70
    # the next greedy player helps that company float instead of starting another one
    game.process(choice)
    second = bot.choose(game.view(), game.legal_actions(), random.Random(0))
    assert type(second).__name__ == "BuyShares" and second.company == choice.company


def test_greedy_beats_random_by_a_clear_margin_on_packetrail():
    config = SimConfig(str(PACKETRAIL), 3, ("greedy", "random"))
    records = run_jobs(jobs_for(config, 12, 7), workers=2)
    table = stats.per_bot(records)
    assert stats.crash_count(records) == 0
    assert table["greedy"]["win_rate"].mean >= table["random"]["win_rate"].mean + 0.3
    assert table["greedy"]["net_worth"].mean > 1.3 * table["random"]["net_worth"].mean
