"""The window's own loop (under SDL's dummy driver): the new game dialog leads into the game;
bots in every seat play on their own and every action is autosaved."""

import json

import pygame

import railyard.renderer.window as window
from tests.renderer.helpers import start_pygame, title_1837


def _quit_after(ms: int) -> None:
    pygame.time.set_timer(pygame.QUIT, ms, 1)


def test_new_game_dialog_then_the_game_loop_until_quit(tmp_path, monkeypatch):
    start_pygame()
    monkeypatch.setattr(window, "_autosave_path", lambda title_id: tmp_path / "auto.json")
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    _quit_after(400)
    assert window.play_window(title_1837(), offscreen_ok=True) == 0


def test_bots_in_every_seat_play_and_autosave(tmp_path, monkeypatch):
    start_pygame()
    monkeypatch.setattr(window, "_autosave_path", lambda title_id: tmp_path / "auto.json")
    monkeypatch.setattr("railyard.renderer.app.BOT_DELAY", 0.0)
    pygame.event.clear()
    _quit_after(1200)
    assert window.play_window(title_1837(), players=3, bot_seats={1, 2, 3},
                               offscreen_ok=True) == 0
    saved = json.loads((tmp_path / "auto.json").read_text())
    assert len(saved["actions"]) >= 3
    assert saved["players"] == ["Player 1", "Player 2", "Player 3"]
