"""The greedy bot in 1837's first stock round (rules III, XII): the nationals' shares are on
sale from the start but a national starts only by its formation, never by sales, so buying them
floats nothing. A bot that cannot float a major alone must still start one for the others to
help (once it has its temperament's start share of the float in cash): when it waited for the
nationals to float, no major started until some player was rich enough alone (12 stock rounds
where the recorded human game played 10)."""

from __future__ import annotations

import random

from railyard.framework.bots import make_bot
from railyard.framework.bots.greedy import Temperament
from railyard.framework.core.actions import tag_of

from .rules_helpers import new_game, pass_packet, play_until, sell


def first_stock_round(a_cash: int):
    """A bought Sd #1 in the packet, the rest of the packet is out of the game, operating
    round 1 is played: the first stock round, A to act with ``a_cash``."""
    game = new_game()
    sell(game, "SD1", "A")
    pass_packet(game)
    game.state.packet_remaining.clear()
    game.state.offers.clear()
    play_until(game, "stock")
    state = game.state
    player = state.player("A")
    state.pay("A", "@bank", player.cash - a_cash)
    return game


def greedy_with(game, start_share: float):
    bot = make_bot("greedy", game.ruleset)
    bot.temperament = Temperament(premium=1.1, par_step=0, jitter=1.0, start_share=start_share)
    return bot


def test_greedy_starts_a_major_it_cannot_float_alone_when_only_national_shares_are_on_sale():
    game = first_stock_round(300)  # 5 shares (50%) at the lowest par 70 cost 350 > 300
    legal = game.legal_actions()
    assert {a.company for a in legal if tag_of(a) == "buy_shares"} == {"KK", "SD", "UG"}
    assert not any(game.ruleset.hooks.may_float(game.state, c) for c in ("KK", "SD", "UG"))
    # 300 >= 0.6 x 350: this bot has enough of the float in cash to start the major
    choice = greedy_with(game, start_share=0.6).choose(game.view(), legal, random.Random(0))
    assert tag_of(choice) == "par" and choice.price == 70
    game.process(choice)
    assert game.state.player("A").cash == 300 - 140  # the director's 20% certificate


def test_greedy_waits_to_start_a_major_while_it_has_less_than_its_start_share_of_the_float():
    game = first_stock_round(300)  # 300 < 0.9 x 350: it buys a national share instead
    choice = greedy_with(game, start_share=0.9).choose(game.view(), game.legal_actions(), random.Random(0))
    assert tag_of(choice) == "buy_shares" and choice.company in ("KK", "SD", "UG")


def test_greedy_floats_a_major_alone_at_its_highest_par_when_it_can():
    game = first_stock_round(460)  # 5 shares at 91 cost 455 <= 460
    choice = greedy_with(game, start_share=0.9).choose(game.view(), game.legal_actions(), random.Random(0))
    assert tag_of(choice) == "par" and choice.price == 91
