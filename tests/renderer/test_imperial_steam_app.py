"""The Imperial Steam client driven through its UI layer: real clicks and keys on the app
(the opening blind bid, main actions of different kinds, a free action, undo/redo), then the
game state; the drawn table checked on pixels where a colour means something."""

from __future__ import annotations

import json
import math

import pygame
import pytest

from railyard.framework.core.game import Game
from railyard.framework.loader import load_title
from railyard.renderer import colors
from railyard.renderer.imperial_steam import palette, words
from railyard.renderer.imperial_steam.app import App
from railyard.renderer.imperial_steam.mapview import R
from tests.renderer.helpers import pixel, start_pygame

PLAYERS = ["Ann", "Bob", "Cid"]  # seed 1: Bob, Ann, Cid bid in that order


@pytest.fixture(scope="module")
def title():
    return load_title("imperial_steam")


@pytest.fixture
def app(title, tmp_path):
    start_pygame()
    a = App(Game(title, PLAYERS, seed=1), surface=pygame.Surface((1600, 1000)),
            autosave=tmp_path / "auto.json")
    a.draw()
    return a


def click(app: App, pos) -> None:
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.draw()


def key(app: App, k: int, mod: int = 0, char: str = "") -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=char))
    app.draw()


def press(app: App, kind: str, **fields) -> None:
    """Click the menu button of the shown action of ``kind`` with ``fields``, turning the
    wheel over the menu until it is in sight."""
    for _ in range(40):
        matches = [b for b in app.menu.buttons if b.action is not None
                   and type(b.action).__name__ == kind
                   and all(getattr(b.action, k) == v for k, v in fields.items())]
        if matches:
            break
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.layout.actions.center, button=5))
        app.draw()
    assert matches, f"no {kind} {fields} button among {[b.label for b in app.menu.buttons]}"
    assert app.layout.actions.contains(matches[0].rect), "the button is drawn inside the menu"
    click(app, matches[0].rect.center)


def type_amount(app: App, heading: str, digits: str) -> None:
    field = app.menu.field_for(heading)
    assert field is not None
    click(app, field.rect.center)
    for ch in digits:
        key(app, getattr(pygame, f"K_{ch}"), char=ch)
    key(app, pygame.K_RETURN)


BIDS = {"Bob": 30, "Ann": 20, "Cid": 0}  # so the turn order after the bids is Bob, Ann, Cid


def bids(app: App) -> None:
    """Opening blind bid, each in the order asked: Ann types hers, the others click."""
    for _ in PLAYERS:
        who = app.acting()
        if who == "Ann":
            type_amount(app, "Opening blind bid", str(BIDS[who]))
        else:
            press(app, "Bid", amount=BIDS[who])


def test_opening_blind_bid_clicked_and_typed_pays_and_sets_influence_and_turn_order(app):
    bids(app)
    state = app.game.state
    cash = app.data.counts[3].cash  # the starting money at 3 players
    assert [state.players[p].cash for p in PLAYERS] == [cash - 20, cash - 30, cash]
    assert [state.players[p].influence for p in PLAYERS] == [2, 3, 0]  # 10 guldens a step
    assert state.phase == 7 and state.order == ["Bob", "Ann", "Cid"]


def test_a_bid_stays_secret_until_all_are_in(app):
    first = app.acting()
    press(app, "Bid", amount=30)
    assert app.game.state.bids == {first: 30}
    second = app.acting()
    labels = [b.label for b in app.menu.buttons]
    assert second != first and "30G" in labels  # the next bidder's own choices
    assert all(type(b.action).__name__ != "Bid" or b.action.entity == second for b in app.menu.buttons)
    assert first in app.game.state.bids and app.game.ruleset.view(app.game.state).bids[first] == -1


def test_a_refused_typed_bid_shows_the_rule(app):
    type_amount(app, "Opening blind bid", "15")
    assert app.error and app.message == "Refused - Opening blind bid: bid a multiple of 10 guldens"
    assert app.refusal is not None and app.refusal.rule == "Opening blind bid"
    assert app.game.actions == ()
    banner = app.layout.map.move(10, 8)  # the rule's banner over the map, outlined in red
    assert pixel(app.surface, banner.x + 30, banner.y) == colors.ERROR
    key(app, pygame.K_ESCAPE)
    assert app.refusal is None


def test_hovering_an_action_previews_it_from_the_engine_without_doing_it(app):
    bids(app)
    action = next(b.action for b in app.menu.buttons if type(b.action).__name__ == "Fundraise")
    assert app.preview(action) == ["Bob fundraises 10"]
    assert app.game.state.players["Bob"].cash == 100 and app.game.actions[-1].amount == 0


def test_build_tracks_by_clicking_the_connection_then_sell_a_share_then_end_the_turn(app):
    bids(app)
    click(app, app.site_pos("WIE-BAD"))
    assert app.selected == "WIE-BAD"
    shown = [b.action for b in app.menu.buttons if b.action is not None]
    assert shown and all("WIE-BAD" in a.connections for a in shown)
    press(app, "BuildTracks", connections=("WIE-BAD",))
    bob = app.game.state.players["Bob"]
    assert bob.tracks == ["WIE-BAD"]
    assert (bob.goods["wood"], bob.goods["stone"], bob.goods["iron"]) == (0, 0, 0)  # 1+1+1 spent
    assert (bob.training[1], bob.working[1]) == (1, 1)  # Baden's Effort 1: one L1 worker
    assert app.selected is None
    press(app, "SellShare")  # free action: the 40 Investor pays the share value, 40
    assert (bob.cash, bob.shareholders) == (140, 1)
    key(app, pygame.K_RETURN)  # End the turn
    assert app.game.state.current == "Ann"


def test_hire_and_fundraise_then_ctrl_z_undoes_and_ctrl_y_redoes(app):
    bids(app)
    press(app, "Fundraise")
    key(app, pygame.K_RETURN)
    prices = app.data.hire_prices  # the bronze column's marker starts on the bottom row
    press(app, "Hire", column="bronze", workers=2)
    ann = app.game.state.players["Ann"]
    assert (ann.training[1], ann.cash) == (4, 110 - prices[0] - prices[1])
    key(app, pygame.K_RETURN)
    press(app, "Philanthropize", amount=20)  # Cid: two steps for 20
    assert app.game.state.players["Cid"].influence == 2
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    cid = app.game.state.players["Cid"]
    assert (cid.influence, cid.cash, app.game.state.main_done) == (0, 130, False)
    key(app, pygame.K_y, mod=pygame.KMOD_CTRL)
    assert app.game.state.players["Cid"].influence == 2


def test_a_repeat_on_the_same_tile_names_its_penalty(app):
    bids(app)
    for _ in range(3):  # Bob, Ann, Cid fundraise; Bob is on turn again with a hand on it
        press(app, "Fundraise")
        key(app, pygame.K_RETURN)
    assert app.game.state.current == "Bob"
    headings = [g.title for g in app.menu.groups]
    assert "10 Fundraise  (repeat penalty: 1 influence)" in headings


def test_every_action_is_autosaved(app, tmp_path):
    bids(app)
    press(app, "Fundraise")
    saved = json.loads((tmp_path / "auto.json").read_text())
    assert [a["type"] for a in saved["actions"]] == ["is_bid"] * 3 + ["is_fundraise"]


def test_the_map_shows_stations_crowns_and_tracks_in_their_colours(app):
    bids(app)
    press(app, "BuildTracks", connections=("WIE-BAD",))
    surface = app.draw()
    view = app.map
    x, y = view.pos("WIE")
    for i, owner in enumerate(app.game.state.sites["WIE"].stations):  # station squares
        assert pixel(surface, x + R + 3 + i * 9 + 4, y - 12 + 4) == palette.player_color(app.game.players, owner)
    cx, cy = view.connection_mid("GRA-MAR")  # a crowned State Railway
    assert pixel(surface, cx, cy + 2) == palette.CROWN
    (ax, ay), (bx, by) = view.pos("WIE"), view.pos("BAD")
    length = math.hypot(bx - ax, by - ay)
    nx, ny = -(by - ay) / length, (bx - ax) / length
    mx, my = (ax + bx) / 2 + nx * 6, (ay + by) / 2 + ny * 6  # Bob's track beside the line
    assert pixel(surface, mx, my) == palette.player_color(app.game.players, "Bob")


def test_a_clicked_city_narrows_the_menu_to_its_actions(app):
    bids(app)
    click(app, app.site_pos("WIE"))
    assert app.selected == "WIE"
    shown = [b.action for b in app.menu.buttons if b.action is not None]
    assert {type(a).__name__ for a in shown} == {"BuildTracks"}  # Wien: only tracks from it
    key(app, pygame.K_ESCAPE)
    assert app.selected is None and len(app.menu.buttons) > len(shown)


def chip(app: App, label_start: str) -> None:
    buttons = [b for b in app.menu.buttons if b.action is None and b.label.startswith(label_start)]
    assert buttons, f"no {label_start!r} among {[b.label for b in app.menu.buttons]}"
    click(app, buttons[0].rect.center)


def test_a_composed_build_takes_the_chosen_workers_and_business_spending(app):
    bids(app)
    points = app.game.state.business[-1]  # Baden's Business token, the top of the stack
    click(app, app.site_pos("WIE-BAD"))
    chip(app, "+L1")
    chip(app, "+L1")  # two level-1 workers where one would do (no credit, but legal)
    chip(app, "+share")  # the first point raises the share value; the rest go to influence
    chip(app, "Build WIE-BAD")
    bob = app.game.state.players["Bob"]
    assert bob.tracks == ["WIE-BAD"]
    assert (bob.training[1], bob.working[1]) == (0, 2)
    assert (bob.share_row, bob.influence) == (1, 3 + points - 1)


def test_a_shift_clicked_second_connection_is_refused_when_the_workers_fall_short(app):
    bids(app)
    click(app, app.site_pos("WIE-BAD"))
    pos = app.site_pos("BAD-WNS")
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, shift=True))
    app.draw()
    assert app.composer.connections == ["WIE-BAD", "BAD-WNS"]
    chip(app, "+L1")
    chip(app, "+L1")
    chip(app, "Build WIE-BAD + BAD-WNS")
    assert app.game.state.players["Bob"].tracks == []
    assert app.refusal is not None and app.refusal.rule == "Workers and effort"
    assert "Effort 3" in app.message  # Baden 1 + Wiener Neustadt 2


def test_a_hub_city_clicked_composes_a_hire_of_any_size_with_an_engineer(app):
    bids(app)
    click(app, app.site_pos("WNS"))  # Wiener Neustadt holds the bronze hub
    assert app.hiring.column == "bronze"
    for _ in range(3):
        chip(app, "+1")  # 4 workers, each dearer as the column's marker climbs
    chip(app, "Bridge Engineer (bronze)")  # and a Bridge Engineer
    chip(app, "Hire")
    bob = app.game.state.players["Bob"]
    cost = sum(app.data.hire_prices[:4]) + app.data.engineer_cost
    assert (bob.training[1], bob.bridge, bob.cash) == (6, True, 100 - cost)
    assert app.game.state.hubs["bronze"].hire_row == 4


@pytest.mark.slow
def test_a_whole_two_player_game_is_played_to_the_standings_by_clicks_alone(title, tmp_path):
    """Each move is a seeded random pick among the legal actions, made by clicking its button
    (the wheel turned until it is in sight); the game reaches its end and the standings."""
    import random

    start_pygame()
    app = App(Game(title, ["Ann", "Bob"], seed=4), surface=pygame.Surface((1600, 1000)))
    app.draw()
    rng = random.Random(4)
    while not app.game.is_over():
        legal = app.legal()
        kinds = sorted({type(a).__name__ for a in legal} - {"Pass"}) or ["Pass"]
        kind = rng.choice(kinds)
        wanted = rng.choice([a for a in legal if type(a).__name__ == kind])
        before = len(app.game.actions)
        app.menu.scroll = 0
        app.draw()
        for _ in range(40):
            button = app.menu.button_for(wanted)
            if button is not None:
                break
            app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.layout.actions.center, button=5))
            app.draw()
        assert button is not None, f"no button for {wanted}"
        click(app, button.rect.center)
        assert len(app.game.actions) == before + 1, app.message
    assert app.menu_title() == "Game over" and app.show_standings
    surface = app.draw()
    box = pygame.Rect(0, 0, 520, 130 + 34 * 2)  # the standings box, outlined in the accent
    box.center = (800, 500)
    assert pixel(surface, box.centerx, box.y) == colors.PANEL_ACCENT
    click(app, (10, 100))  # a click puts the standings away to look at the board
    assert not app.show_standings


def test_another_good_to_return_may_be_chosen_when_storage_overflows(app):
    bids(app)
    # Bob's cars are full (wood, stone, iron) and the engine holds the coal: buying wood means
    # a cube goes back; the list offers the wood, the player may send back the iron instead
    chip(app, "show other goods to return")  # (and share steps)
    price = words.price(app.data, app.game.state, "wood")  # the market's topmost wood cube
    press(app, "BuyGood", good="wood", discard=("iron",))
    bob = app.game.state.players["Bob"]
    assert (bob.goods["wood"], bob.goods["iron"], bob.cash) == (2, 0, 100 - price)


def test_ctrl_s_saves_to_a_typed_path_and_ctrl_o_loads_it_back(app, tmp_path):
    bids(app)
    press(app, "Fundraise")
    path = str(tmp_path / "mine.json")

    def typed(content: str) -> None:
        field = app.prompt[1]
        field.text = ""
        for ch in content:
            key(app, pygame.K_a, char=ch)  # the character comes with the event

    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    assert app.prompt is not None and app.prompt[0] == "save"
    typed(path)
    key(app, pygame.K_RETURN)
    assert app.prompt is None and app.message == f"saved to {path}"
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)  # undo the fundraise, then load the save
    assert len(app.game.actions) == 3
    key(app, pygame.K_o, mod=pygame.KMOD_CTRL)
    typed(path)
    key(app, pygame.K_RETURN)
    assert len(app.game.actions) == 4 and app.game.state.players["Bob"].cash == 110


def test_goods_may_be_produced_at_two_of_three_sites(app):
    import sys

    bids(app)
    state = app.game.state
    factory = sys.modules[type(state).__module__].Factory
    bob = state.players["Bob"]
    bob.factories = [factory("BAD#0", "BAD", "wood", 1, 2), factory("WNS#0", "WNS", "wood", 1, 2),
                     factory("WNS#1", "WNS", "stone", 1, 2)]  # a position with three ready sites
    app._legal_key = None  # the position was set by hand: list again
    chip(app, "show other goods to return")
    press(app, "Produce", factories=("BAD#0", "WNS#1"))
    assert [f.goods for f in bob.factories] == [1, 2, 1]
    assert sum(bob.goods.values()) == 4  # full: two cubes went back to the supply


def test_the_worker_running_a_new_factory_may_be_chosen(app):
    bids(app)
    bob = app.game.state.players["Bob"]
    bob.tracks = ["WIE-BAD"]  # a position set by hand: Baden joined, a level 2 worker in training
    bob.training = {1: 1, 2: 1, 3: 0}
    app._legal_key = None
    listed = [a for a in app.legal() if type(a).__name__ == "BuildFactory"]
    assert [(a.site, a.level) for a in listed] == [("BAD", 2)]  # the list offers the best worker
    chip(app, "show other goods to return")
    press(app, "BuildFactory", site="BAD", area="training", level=1)
    assert [(f.site, f.level, f.goods) for f in bob.factories] == [("BAD", 1, 2)]  # L1 takes 2 wood
    assert bob.training == {1: 0, 2: 1, 3: 0}


def test_state_railway_access_is_bought_on_the_crown_with_business_points_spent_as_chosen(app):
    bids(app)
    bob = app.game.state.players["Bob"]
    bob.tracks = ["WIE-ODE", "ODE-FUE", "GRA-FUE"]  # a position set by hand: Bob's line reaches Graz
    app._legal_key = None
    points = app.game.state.business[-1]  # Marburg's Business token, the top of the stack
    cost = max(words.content(app.data, app.game.state, s).station_cost for s in ("GRA", "MAR"))
    click(app, app.site_pos("GRA-MAR"))  # the crowned connection
    chip(app, "+share")
    chip(app, "Buy access to GRA-MAR")
    assert bob.tracks[-1] == "GRA-MAR"
    assert (bob.cash, bob.share_row, bob.influence) == (100 - cost, 1, 3 + points - 1)
    assert not app.game.state.main_done  # a free action: the main action is still to come


def test_the_round_track_counts_the_unbuilt_station_tiles_in_the_box_and_discarded(app, monkeypatch):
    """Components: 8 Unbuilt Train Station tiles, 2 on each of 3 boards, so 2 stay in the box;
    none is discarded before a station is built. The round track's title line says both."""
    from railyard.renderer.imperial_steam import boards

    titles: list[str] = []
    real = boards.frame
    monkeypatch.setattr(boards, "frame", lambda s, r, t: titles.append(t) or real(s, r, t))
    app.draw()
    (line,) = [t for t in titles if t.startswith("Round track")]
    assert line.endswith("unbuilt station tiles: box 2, discarded 0")
    assert [p.stations_left for p in app.game.state.players.values()] == [2, 2, 2]
