"""Acting through the UI layer: scripted clicks and keys on the app, then the game state."""

from __future__ import annotations

import json

import attrs
import pygame
import pytest

from railyard.framework.core.actions import Action
from railyard.framework.core.errors import IllegalAction
from railyard.framework.core.game import Game
from railyard.framework.eighteen.actions import Bid, Pass
from railyard.renderer.app import App
from railyard.renderer.ui.placement import Placement
from tests.renderer.helpers import SEATED, start_pygame, title_1837

PLAYERS = ["Ann", "Bob", "Cid"]


@pytest.fixture
def app(tmp_path):
    start_pygame()
    game = Game(title_1837(), PLAYERS, seed=1, overrides=SEATED)
    a = App(game, surface=pygame.Surface((1600, 1000)), autosave=tmp_path / "auto.json")
    a.draw()
    return a


def click(app: App, pos) -> None:
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.draw()


def key(app: App, k: int, mod: int = 0, char: str = "") -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=char))
    app.draw()


def test_clicking_a_bid_button_opens_the_auction_at_that_price(app):
    button = app.menu.button_for(Bid("Ann", "EPP", 40))
    assert button is not None
    click(app, button.rect.center)
    rnd = app.game.state.round
    assert (rnd.item, rnd.high_bid, rnd.high_bidder) == ("EPP", 40, "Ann")
    assert app.game.state.player("Ann").cash == 730  # nothing paid until the auction ends


def test_a_typed_bid_below_the_minimum_is_refused_with_the_rule(app):
    field = app.menu.field_for("Bid for EPP")
    assert field is not None
    click(app, field.rect.center)
    for ch in "10":
        key(app, getattr(pygame, f"K_{ch}"), char=ch)
    key(app, pygame.K_RETURN)
    with pytest.raises(IllegalAction) as refusal:
        Game(title_1837(), PLAYERS, seed=1, overrides=SEATED).process(Bid("Ann", "EPP", 10))
    assert app.error and app.message == str(refusal.value)
    assert app.game.actions == ()


def test_p_passes_ctrl_z_undoes_and_ctrl_y_redoes(app):
    key(app, pygame.K_p, char="p")
    assert app.game.actions == (Pass("Ann"),)
    assert app.game.active_entities() == ("Bob",)
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert app.game.actions == ()
    assert app.game.active_entities() == ("Ann",)
    key(app, pygame.K_y, mod=pygame.KMOD_CTRL)
    assert app.game.actions == (Pass("Ann"),)


def test_every_action_is_autosaved(app, tmp_path):
    key(app, pygame.K_p, char="p")
    saved = json.loads((tmp_path / "auto.json").read_text())
    assert [a["type"] for a in saved["actions"]] == ["pass"]


def test_save_through_the_prompt_and_load_it_back(app, tmp_path):
    key(app, pygame.K_p, char="p")
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    assert app.prompt is not None
    app.prompt[1].text = str(tmp_path / "mine.json")
    key(app, pygame.K_RETURN)
    assert (tmp_path / "mine.json").exists() and app.prompt is None
    key(app, pygame.K_p, char="p")
    assert len(app.game.actions) == 2
    app.load(tmp_path / "mine.json")
    assert app.game.actions == (Pass("Ann"),)


def test_bots_move_for_their_seats_and_wait_for_the_human(tmp_path):
    start_pygame()
    game = Game(title_1837(), PLAYERS, seed=1, overrides=SEATED)
    app = App(game, surface=pygame.Surface((1600, 1000)), bots={"Bob", "Cid"})
    assert not app.bot_step()  # Ann is human and to act
    app.act(Pass("Ann"))
    assert app.bot_step()  # Bob moves
    assert app.game.actions[1].entity == "Bob"


def test_wheel_zoom_keeps_the_hex_under_the_mouse(app):
    pos = app.hex_pos("G17")
    before = app.camera.size
    lay = app.layout
    app.camera.zoom(1.5, (pos[0] - lay.board.x, pos[1] - lay.board.y))
    assert app.camera.size > before
    assert app.hex_at(pos) == "G17"


# ---------------------------------------------------------------- acting on the board
@attrs.frozen
class LayStub(Action):
    """Stands in for a tile-laying action: only its field names matter to the client."""

    hex: str
    tile: str
    rotation: int


class BoardGame:
    """A real game whose legal actions are tile lays (until the operating round lands)."""

    def __init__(self, game: Game, lays: list[LayStub]) -> None:
        self._game = game
        self.lays = lays
        self.done: list[Action] = []

    def __getattr__(self, name):
        return getattr(self._game, name)

    def legal_actions(self, entity=None):
        return list(self.lays)

    def process(self, action):
        self.done.append(action)
        return [f"laid {action.tile}"]


def test_clicking_a_legal_hex_previews_r_cycles_and_enter_lays():
    start_pygame()
    lays = [LayStub("Ann", "F28", "57", 0), LayStub("Ann", "F28", "57", 1),
            LayStub("Ann", "E19", "8", 2)]
    game = BoardGame(Game(title_1837(), PLAYERS, seed=1, overrides=SEATED), lays)
    app = App(game, surface=pygame.Surface((1600, 1000)))
    app.draw()
    assert app.placement.hexes == {"F28", "E19"}
    click(app, app.hex_pos("F28"))
    assert app.placement.current() == lays[0]
    key(app, pygame.K_r, char="r")
    assert app.placement.current() == lays[1]
    click(app, app.hex_pos("F28"))  # clicking the selected hex cycles too
    assert app.placement.current() == lays[0]
    key(app, pygame.K_RETURN)
    assert game.done == [lays[0]]


def test_an_illegal_hex_is_not_selected_and_terrain_cost_is_in_the_hint():
    board = type("B", (), {"title": title_1837()})()
    placement = Placement(board)
    placement.update([LayStub("Ann", "G19", "57", 0)])  # Preßburg: river, 50
    assert not placement.click("E19")
    assert placement.click("G19")
    assert "terrain 50" in placement.hint()


class ChoiceGame(BoardGame):
    """A game asking a choice (an exchange, a home city) before anything else."""

    def legal_actions(self, entity=None):
        return list(self.lays)


def test_a_pending_choice_is_asked_in_a_dialog_over_the_board():
    from railyard.framework.eighteen.actions import Choose

    start_pygame()
    choices = [Choose("Ann", "home_SD5", "L2"), Choose("Ann", "home_SD5", "L8")]
    game = ChoiceGame(Game(title_1837(), PLAYERS, seed=1, overrides=SEATED), choices)
    app = App(game, surface=pygame.Surface((1600, 1000)))
    app.draw()
    assert app.dialog_mode()
    assert app.layout.board.contains(app.menu_rect())
    button = app.menu.button_for(choices[1])
    assert button is not None and app.menu_rect().contains(button.rect)
    click(app, button.rect.center)
    assert game.done == [choices[1]]


def test_hex_tooltip_names_the_stops_tokens_and_homes():
    from railyard.renderer.snapshot import snapshot
    from railyard.renderer.ui.help import hex_info

    title = title_1837()
    lines = hex_info(title, snapshot(title), "G17")
    assert lines[0].startswith("G17 Vienna: yellow, printed")
    assert any("home of SD1" in line for line in lines)
    assert any("city 40, 0/1 slots" in line for line in lines)
    assert "region bosnia: closed" in hex_info(title, snapshot(title), "L16")


def test_the_tile_tray_shows_each_legal_tile_and_a_click_turns_it():
    start_pygame()
    lays = [LayStub("Ann", "E19", "7", 0), LayStub("Ann", "E19", "7", 3),
            LayStub("Ann", "E19", "8", 1), LayStub("Ann", "E19", "9", 2)]
    game = BoardGame(Game(title_1837(), PLAYERS, seed=1, overrides=SEATED), lays)
    app = App(game, surface=pygame.Surface((1600, 1000)))
    app.draw()
    click(app, app.hex_pos("E19"))
    assert app.placement.tray_tiles() == ["7", "8", "9"]
    boxes = dict((tile, box) for box, tile in app.placement.tray)
    click(app, boxes["9"].center)
    assert app.placement.current() == lays[3]
    click(app, boxes["7"].center)
    assert app.placement.current() == lays[0]
    click(app, boxes["7"].center)  # the shown tile again: its next rotation
    assert app.placement.current() == lays[1]
    key(app, pygame.K_RETURN)
    assert game.done == [lays[1]]


def test_q_asks_where_to_save_then_enter_saves_and_quits(app, tmp_path):
    key(app, pygame.K_q, char="q")
    assert app.prompt is not None and app.prompt[0] == "quit" and not app.quit
    app.prompt[1].text = str(tmp_path / "left.json")
    key(app, pygame.K_RETURN)
    assert app.quit and (tmp_path / "left.json").exists()


def test_q_then_esc_stays_and_an_emptied_path_quits_unsaved(app):
    key(app, pygame.K_q, char="q")
    key(app, pygame.K_ESCAPE)
    assert app.prompt is None and not app.quit
    key(app, pygame.K_q, char="q")
    app.prompt[1].text = ""
    key(app, pygame.K_RETURN)
    assert app.quit


def test_the_help_names_the_quit_key_and_the_top_bar_has_a_quit_button(app):
    from railyard.renderer.ui.help import KEYS

    assert any(k == "Q" and "quit" in what for k, what in KEYS)
    assert "Quit" in [b.label for b in app.top_buttons]
