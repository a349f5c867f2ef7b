"""Acting in the operating round through the UI: laying a tile by clicking a hex, buying a
train from the menu, accepting the offered routes. Skipped until the engine has the round."""

from __future__ import annotations

import random

import pygame
import pytest

from framework.core.actions import tag_of
from framework.core.game import Game
from renderer.app import App
from tests.renderer.helpers import start_pygame, title_1837

pytest.importorskip("framework.eighteen.or_actions")


def _advance_to(tag: str, limit: int = 200) -> Game:
    """Bots (random, preferring to do something) play until ``tag`` is legal."""
    game = Game(title_1837(), ["Ann", "Bob", "Cid"], seed=1)
    rng = random.Random(0)
    for _ in range(limit):
        legal = game.legal_actions()
        if any(tag_of(a) == tag for a in legal):
            return game
        doing = [a for a in legal if tag_of(a) != "pass"]
        game.process(rng.choice(doing or legal))
    pytest.skip(f"no {tag} within {limit} actions")


def _app(game: Game) -> App:
    start_pygame()
    app = App(game, surface=pygame.Surface((1600, 1000)))
    app.draw()
    return app


def _press(app: App, key: int) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    app.draw()


def test_lay_a_tile_by_clicking_a_highlighted_hex_and_pressing_enter():
    game = _advance_to("lay_tile")
    app = _app(game)
    lays = [a for a in game.legal_actions() if tag_of(a) == "lay_tile"]
    assert app.placement.hexes == {a.hex for a in lays}
    target = lays[0].hex
    pos = app.hex_pos(target)
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.draw()
    chosen = app.placement.current()
    assert chosen is not None and chosen.hex == target
    _press(app, pygame.K_RETURN)
    assert game.state.board.laid()[target] == (chosen.tile, chosen.rotation)


def test_buy_a_train_from_the_menu_names_it_and_previews_the_purchase():
    game = _advance_to("buy_train")
    app = _app(game)
    buy = next(a for a in game.legal_actions() if tag_of(a) == "buy_train")
    button = app.menu.button_for(buy)
    assert button is not None
    row = next(r for r in app.menu.rows if buy in r.actions)
    assert row.title.startswith("Buy train ") and "from the depot" in row.title
    assert app.preview(buy)  # the engine's own lines for it, from a copy of the state
    before = len(game.state.companies[buy.entity].trains)
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1))
    assert len(game.state.companies[buy.entity].trains) == before + 1


def test_the_offered_run_is_drawn_and_accepted_from_the_menu():
    game = _advance_to("run_routes")
    app = _app(game)
    offered = app.offered_run()
    if offered is None:
        pytest.skip("the company has no route to run here")
    shown = app.shown_routes()
    assert shown is not None and len(shown.runs) == len(offered.runs)
    button = app.menu.button_for(offered)
    assert button is not None and button.label.startswith("run ")
    count = len(game.actions)
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1))
    assert len(game.actions) == count + 1 and game.actions[-1] == offered


def test_dividend_choices_spell_out_each_holders_payout_and_the_price_move():
    """Each dividend option is shown with the engine's dry run of it: who receives what and
    where the share price goes."""
    game = Game(title_1837(), ["Ann", "Bob", "Cid"], seed=1)
    rng = random.Random(0)
    prefer = ("dividend", "par", "buy_shares", "run_routes", "lay_tile", "buy_train",
              "buy_item", "bid")
    for _ in range(1500):
        legal = game.legal_actions()
        if any(tag_of(a) == "dividend" for a in legal):
            break
        for kind in prefer:
            found = [a for a in legal if tag_of(a) == kind and (kind != "run_routes" or a.runs)]
            if found:
                game.process(rng.choice(found))
                break
        else:
            doing = [a for a in legal if tag_of(a) != "pass"]
            game.process(rng.choice(doing or legal))
    else:
        pytest.skip("no dividend decision reached")
    app = _app(game)
    options = [a for a in game.legal_actions() if tag_of(a) == "dividend"]
    row = next(r for r in app.menu.rows if options[0] in r.actions)
    details = app.row_details(row)
    assert len(details) == len(options)
    for action, line in zip(options, details, strict=True):
        assert line.startswith(f"{action.kind}: ")
        assert line[len(action.kind) + 2:] == "; ".join(app.preview(action)[:10])
    payout = next((a for a in options if a.kind == "payout"), None)
    if payout is not None:
        lines = app.preview(payout)
        assert any("receives" in line for line in lines) or any("pays out 0" in line for line in lines)
