"""First edition XII.3, XII.6: the order of the goods trains."""

from __future__ import annotations

from .rules_helpers import add_train, first_purchase, new_game


def _first_3g(game) -> str:
    return next(t.id for t in game.state.trains.values() if t.name == "3G")


def test_FE_XII_3_a_new_3G_only_once_every_new_1G_and_2G_is_sold():
    game = new_game("first_edition")
    first_purchase(game, "4")
    hooks = game.ruleset.hooks
    refused = hooks.can_buy_train(game.state, "BK", _first_3g(game))
    assert refused is not None and refused.startswith("XII.3")
    for name, count in (("1G", 10), ("2G", 6)):
        for _ in range(count):
            add_train(game, "MS", name)
    assert hooks.can_buy_train(game.state, "BK", _first_3g(game)) is None


def test_FE_XII_6_a_new_4G_only_once_every_new_3G_is_sold():
    game = new_game("first_edition")
    first_purchase(game, "5")
    hooks = game.ruleset.hooks
    four_g = next(t.id for t in game.state.trains.values() if t.name == "4G")
    assert hooks.can_buy_train(game.state, "BK", four_g).startswith("XII.6")
    add_train(game, "MS", "3G")
    add_train(game, "MS", "3G")
    assert hooks.can_buy_train(game.state, "BK", four_g) is None


def test_XII_second_edition_3G_comes_with_the_first_4_alone():
    game = new_game()
    first_purchase(game, "4")
    assert game.ruleset.hooks.can_buy_train(game.state, "BK", _first_3g(game)) is None
