"""1846's draft and random removals (FACTS.md "Draft", "Removals"), played through
``game.process``. The expected hands, removals and payments are those the 18xx.games engine
deals for the same seeds (its ``DraftDistribution`` step and ``setup``, run on the oracle)."""

from __future__ import annotations

from typing import Any

from railyard.framework.core.game import Game
from railyard.framework.eighteen.actions import BuyItem, Pass
from railyard.framework.loader import load_title
from tests.titles_1889.positions import SEATED, title

TITLE = "1846"


def _game(players: tuple[str, ...], seed: int, variant: str | None = None) -> Game[Any]:
    loaded = title(TITLE) if variant is None else load_title(TITLE, variant, SEATED)
    return Game(loaded, players, seed, None, SEATED)


def _hand(game: Game[Any]) -> list[str]:
    (who,) = game.active_entities()
    return [a.item for a in game.legal_actions(who) if isinstance(a, BuyItem)]


def _in_play(game: Game[Any], kind: str) -> list[str]:
    return sorted(c for c, co in game.state.companies.items() if co.kind == kind and not co.closed)


def test_the_draft_deals_players_plus_two_cards_in_reverse_seat_order() -> None:
    game = _game(("A", "B", "C"), 1)
    assert game.active_entities() == ("C",)
    assert _hand(game) == ["MPC", "BIG4", "Pass (1)", "C&WI", "Pass (2)"]
    game.process(BuyItem("C", "MPC", 60))
    assert game.active_entities() == ("B",)
    assert _hand(game) == ["LM", "MS", "MAIL", "Pass (3)", "BIG4"]


def test_the_random_removals_are_the_sites_for_the_seed() -> None:
    """3 players: two of each orange and blue group and two green corporations leave (one
    fewer orange and blue in the first edition); 4 players, second edition: two, two, one."""
    game = _game(("A", "B", "C"), 1)
    assert _in_play(game, "private") == ["C&WI", "LM", "MAIL", "MPC"]
    assert _in_play(game, "corporation") == ["B&O", "GT", "IC", "NYC", "PRR"]
    game = _game(("A", "B", "C", "D"), 1093335663)
    assert _in_play(game, "private") == ["BT", "C&WI", "LM", "MAIL", "O&I", "TBC"]
    assert "ERIE" not in _in_play(game, "corporation")
    assert _hand(game) == ["BIG4", "Pass (1)", "MAIL", "LM", "TBC", "C&WI"]
    game = _game(("A", "B", "C"), 12666, "first_ed")
    assert _in_play(game, "private") == ["C&WI", "MAIL", "MC", "MPC"]
    assert _in_play(game, "corporation") == ["B&O", "ERIE", "GT", "IC", "NYC"]
    assert _hand(game) == ["MAIL", "Pass (2)", "MC", "BIG4", "MS"]


def test_a_chosen_card_is_paid_at_its_price_when_the_draft_ends() -> None:
    """Choices are secret: nobody pays before the draft ends; MS costs $140, BIG4 $100 and
    each minor then starts with its capital."""
    game = _game(("A", "B", "C"), 1)
    for _ in range(9):
        (who,) = game.active_entities()
        first = _hand(game)[0]
        if game.state.round.kind == "draft":
            assert game.state.cash_of(who) == 400
        game.process(next(a for a in game.legal_actions(who) if isinstance(a, BuyItem) and a.item == first))
    assert game.state.round.kind == "stock"
    assert {p: game.state.cash_of(p) for p in "ABC"} == {"A": 340, "B": 180, "C": 200}
    assert game.state.companies["MS"].cash == 60
    assert game.state.companies["BIG4"].cash == 40
    assert game.active_entities() == ("A",)


def test_a_pass_on_the_last_card_lowers_its_price_by_10_until_it_is_given_away() -> None:
    game = _game(("A", "B", "C"), 1)
    for _ in range(8):
        (who,) = game.active_entities()
        first = _hand(game)[0]
        game.process(next(a for a in game.legal_actions(who) if isinstance(a, BuyItem) and a.item == first))
    prices = []
    for _ in range(6):
        (who,) = game.active_entities()
        (buy,) = [a for a in game.legal_actions(who) if isinstance(a, BuyItem)]
        prices.append(buy.price)
        game.process(Pass(who))
    assert prices == [60, 50, 40, 30, 20, 10]
    assert game.state.round.kind == "stock"
    assert game.state.cash_of("A") == 400
    assert game.state.companies["C&WI"].certificates[0].owner == "A"
