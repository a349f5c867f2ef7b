"""Acting in the operating round through the UI: laying a tile by clicking a hex, buying a
train from the menu, accepting the offered routes. Skipped until the engine has the round."""

from __future__ import annotations

import random

import pygame
import pytest

from railyard.framework.core.actions import tag_of
from railyard.framework.core.game import Game
from railyard.renderer.app import App
from tests.renderer.helpers import SEATED, start_pygame, title_1837

pytest.importorskip("railyard.framework.eighteen.or_actions")


def _advance_to(tag: str, limit: int = 200) -> Game:
    """Bots (random, preferring to do something) play until ``tag`` is legal."""
    game = Game(title_1837(), ["Ann", "Bob", "Cid"], seed=1, overrides=SEATED)
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
    assert row.title.startswith("Buy a ") and "-train from the depot" in row.title  # "Buy a 2-train from the depot"
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
    game = Game(title_1837(), ["Ann", "Bob", "Cid"], seed=1, overrides=SEATED)
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


def _stop_pixel(app: App, stop: str) -> tuple[int, int]:
    from railyard.renderer.track import tile_shape

    coord, index = stop.rsplit(".", 1)
    placed = app.snap().tiles[coord]
    place = tile_shape(app.board.grid, placed.tile, placed.rotation).stops[int(index)]
    cx, cy = app.hex_pos(coord)
    return (round(cx + place.pos[0] * app.camera.size), round(cy + place.pos[1] * app.camera.size))


def test_routes_edited_by_clicking_stops_run_as_drawn():
    game = _advance_to("run_routes")
    app = _app(game)
    offered = app.offered_run()
    if offered is None:
        pytest.skip("the company has no route to run here")
    app.camera.size = 60.0  # big enough to click the right stop
    app.draw()
    wanted = offered.runs[0]
    graph_stops = [n for n in wanted.nodes if "|" not in n]
    _press(app, pygame.K_e)
    assert app.editor.active
    train_index = app.editor.runs.index(next(r for r in app.editor.runs if r.train == wanted.train))
    _press(app, pygame.K_1 + train_index)
    for stop in graph_stops:
        pos = _stop_pixel(app, stop)
        lay = app.layout.board
        app.camera.pan(lay.centerx - pos[0], lay.centery - pos[1])  # bring the stop into view
        app.draw()
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=_stop_pixel(app, stop), button=1))
        assert not app.error, app.message
    shown = app.shown_routes()
    assert shown is not None and shown.runs[0].problem == ""
    _press(app, pygame.K_RETURN)
    ran = game.actions[-1]
    assert [r.train for r in ran.runs] == [wanted.train]
    assert [n for n in ran.runs[0].nodes if "|" not in n] == graph_stops


def test_a_start_of_round_choice_is_asked_in_a_dialog_with_what_each_answer_does():
    """The first question greedy bots meet (a home to choose, a coal exchange) is asked in a
    dialog over the board, each answer spelled out by the engine's dry run."""
    from railyard.renderer.bots import Seats
    from railyard.renderer.ui.describe import is_choice

    game = Game(title_1837(), ["Ann", "Bob", "Cid"], seed=1, overrides=SEATED)
    seats = Seats(game, "greedy", 1)
    for _ in range(400):
        legal = game.legal_actions()
        if legal and all(is_choice(a) for a in legal):
            break
        game.process(seats.choose(legal))
    else:
        pytest.skip("no choice reached")
    app = _app(game)
    assert app.dialog_mode() and app.layout.board.contains(app.menu_rect())
    row = app.menu.rows[0]
    details = app.row_details(row)
    assert len(details) == len(row.actions)  # one line per answer, from the engine's dry run
    yes = next((a for a in row.actions if getattr(a, "accept", None) is True), row.actions[-1])
    button = app.menu.button_for(yes)
    assert button is not None
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1))
    assert game.actions[-1] == yes


@pytest.mark.slow
def test_a_whole_game_of_bots_through_the_client_ends_in_the_standings_screen():
    """Four greedy bots play through the app (its bot seats, its drawing) to the end."""
    start_pygame()
    game = Game(title_1837(), ["Ann", "Bob", "Cid", "Dee"], seed=3, overrides=SEATED)
    app = App(game, surface=pygame.Surface((1600, 1000)), bots={"Ann", "Bob", "Cid", "Dee"})
    moves = 0
    while not game.is_over() and moves < 2500:
        assert app.bot_step(), app.message
        moves += 1
        if moves % 25 == 0:
            app.draw()
    if not game.is_over():
        pytest.skip(f"no end within {moves} moves")
    app.draw()
    assert app.show_standings and [p for p, _ in game.standings()]


def test_enter_lays_the_previewed_tile_though_a_bid_amount_was_typed_in_the_packet():
    game = Game(title_1837(), ["Ann", "Bob", "Cid"], seed=1, overrides=SEATED)
    app = _app(game)
    field = next(iter(r.title for r in app.menu.rows if r.free is not None))
    bid = app.menu.field_for(field)
    assert bid is not None
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=bid.rect.center, button=1))
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_5, mod=0, unicode="5"))
    assert bid.focused and bid.text == "5"
    rng = random.Random(0)
    while not any(tag_of(a) == "lay_tile" for a in game.legal_actions()):
        legal = game.legal_actions()
        game.process(rng.choice([a for a in legal if tag_of(a) != "pass"] or legal))
    app.bots_running = False
    app.draw()
    assert app.menu.focused_field() is None  # the packet's field let go when the step changed
    target = sorted(app.placement.hexes)[0]
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.hex_pos(target), button=1))
    app.draw()
    chosen = app.placement.current()
    assert chosen is not None
    _press(app, pygame.K_RETURN)
    assert not app.error, app.message
    assert game.state.board.laid()[target] == (chosen.tile, chosen.rotation)


def test_enter_goes_to_the_previewed_tile_even_while_an_amount_field_is_focused():
    game = _advance_to("lay_tile")
    app = _app(game)
    from railyard.renderer.ui.widgets import TextField

    target = sorted(app.placement.hexes)[0]
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.hex_pos(target), button=1))
    app.draw()
    stale = TextField(pygame.Rect(0, 0, 60, 22), "5", numeric=True, focused=True)
    app.menu.fields["Bid for EPP"] = stale  # as a field left focused would be
    chosen = app.placement.current()
    _press(app, pygame.K_RETURN)
    assert not app.error, app.message
    assert game.state.board.laid()[target] == (chosen.tile, chosen.rotation)


def _advance_until(wanted, limit: int = 1500) -> Game:
    game = Game(title_1837(), ["Ann", "Bob", "Cid"], seed=1, overrides=SEATED)
    rng = random.Random(0)
    for _ in range(limit):
        if wanted(game):
            return game
        legal = game.legal_actions()
        game.process(rng.choice([a for a in legal if tag_of(a) != "pass"] or legal))
    pytest.skip("no such position within the limit")


def _step(game: Game) -> str:
    return getattr(game.state.round, "step", "") or ""


def test_a_token_step_with_no_city_to_use_says_so_in_the_prompt():
    game = _advance_until(lambda g: _step(g) == "token"
                          and all(tag_of(a) == "pass" for a in g.legal_actions()))
    app = _app(game)
    assert not app.placement.hexes
    assert "no city where a station can go - pass (P)" in app.step_text(game.legal_actions())


def test_a_run_step_without_a_route_says_no_route_exists():
    game = _advance_until(lambda g: _step(g) == "run"
                          and not any(getattr(a, "runs", None) for a in g.legal_actions()))
    app = _app(game)
    assert "no route for its trains" in app.step_text(game.legal_actions())
