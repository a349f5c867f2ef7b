"""The new game dialog (players 3-7, names, bot seats) and the end-of-game standings."""

from types import SimpleNamespace

import pygame

from railyard.renderer.screens.newgame import NewGameScreen
from railyard.renderer.screens.standings import draw, ranked
from tests.renderer.helpers import start_pygame


def _click_label(screen: NewGameScreen, surface, label: str, nth: int = 0) -> None:
    screen.draw(surface)
    hits = [b for b in screen.buttons if b.label == label]
    pos = hits[nth].rect.center
    screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))


def test_new_game_dialog_sets_players_names_and_bots():
    start_pygame()
    surface = pygame.Surface((1280, 900))
    screen = NewGameScreen("1837", players=3)
    _click_label(screen, surface, "-")  # already at the minimum of 3
    assert screen.count == 3
    _click_label(screen, surface, "+")
    assert screen.count == 4
    _click_label(screen, surface, "human", nth=1)  # seat 2 becomes a bot
    screen.draw(surface)
    name = screen.names[0]
    screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=name.rect.center, button=1))
    name.text = ""
    for ch in "Eve":
        screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e, mod=0, unicode=ch))
    screen.names[0].focused = False
    screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    assert screen.result is not None
    assert screen.result.players == ("Eve", "Player 2", "Player 3", "Player 4")
    assert screen.result.bots == frozenset({"Player 2"})
    assert screen.result.title == "1837"


def test_players_stop_at_the_title_maximum_of_7():
    start_pygame()
    surface = pygame.Surface((1280, 1000))
    screen = NewGameScreen("1837", players=6)
    for _ in range(3):
        _click_label(screen, surface, "+")
    assert screen.count == 7


def test_the_variant_button_cycles_through_the_title_variants():
    start_pygame()
    surface = pygame.Surface((1280, 900))
    screen = NewGameScreen("1837")
    seen = []
    for _ in range(3):
        screen.draw(surface)
        seen.append(screen.variant)
        _click_label(screen, surface, screen.variant or "standard rules")
    assert seen[0] is None and "first_edition" in seen


def test_standings_share_a_rank_on_equal_worth_and_draw():
    start_pygame()
    game = SimpleNamespace(
        standings=lambda: [("Ann", 900), ("Bob", 900), ("Cid", 500)],
        state=SimpleNamespace(end_reason="the bank is broken"),
        title=SimpleNamespace(manifest=SimpleNamespace(currency="K")),
    )
    assert ranked(game) == [(1, "Ann", 900), (1, "Bob", 900), (3, "Cid", 500)]
    surface = pygame.Surface((1000, 700))
    draw(surface, game)
