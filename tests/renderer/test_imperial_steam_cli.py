"""``railyard play imperial_steam --headless`` and ``railyard render``: through the title's
``view:`` entry to its own client."""

from __future__ import annotations

import pygame

from railyard.framework.cli import main
from railyard.framework.core.game import Game
from railyard.renderer.imperial_steam import palette


def test_headless_play_runs_a_bot_game_to_the_end_saves_it_and_draws_it(tmp_path, capsys):
    save = tmp_path / "is.json"
    assert main(["play", "imperial_steam", "--headless", "--players", "3", "--seed", "1",
                 "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "the game is over" in out and "Final standings" in out
    assert "random bots play" not in out  # the title's own greedy bot played
    game = Game.load(save)
    assert game.is_over() and len(game.players) == 3
    image = pygame.image.load(str(save.with_suffix(".png")))
    assert image.get_size() == (1600, 1000)


def test_headless_play_names_the_fallback_to_random_bots(tmp_path, capsys):
    save = tmp_path / "is.json"
    assert main(["play", "imperial_steam", "--headless", "--players", "2", "--bot", "no_such_bot",
                 "--max-actions", "6", "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "Played 6 actions" in out and "(no bot 'no_such_bot' for this title: random bots play)" in out


def test_render_draws_a_new_game_of_the_title(tmp_path, capsys):
    out = tmp_path / "table.png"
    assert main(["render", "imperial_steam", "--players", "2", "--out", str(out)]) == 0
    image = pygame.image.load(str(out))
    assert image.get_at((300, 45))[:3] == palette.MAP_BG  # the map's ground, top left


def test_the_window_loop_lets_bot_seats_move_and_autosaves(tmp_path, monkeypatch):
    """The window under SDL's dummy driver: bots in both seats bid, every move autosaved, the
    window closed by a QUIT event."""
    import argparse
    import json

    from railyard.framework.loader import load_title
    from railyard.renderer.imperial_steam import app as app_module
    from railyard.renderer.imperial_steam import dispatch

    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setattr(app_module, "BOT_DELAY", 0.0)
    frames: list[int] = []
    draw = app_module.App.draw

    def counting_draw(self):
        frames.append(len(self.game.actions))
        if len(frames) == 4:
            pygame.event.post(pygame.event.Event(pygame.QUIT))
        return draw(self)

    monkeypatch.setattr(app_module.App, "draw", counting_draw)
    game = dispatch.new_game(load_title("imperial_steam"), 2, seed=2)
    args = argparse.Namespace(bots="1,2", seed=2, bot="random")
    assert dispatch.window(game, args, None, offscreen_ok=True) == 0
    assert len(game.actions) >= 2 and [type(a).__name__ for a in game.actions[:2]] == ["Bid", "Bid"]
    autosaves = list((tmp_path / ".railyard" / "autosave").glob("imperial_steam-*.json"))
    assert len(autosaves) == 1  # one file for this game, named after it
    saved = json.loads(autosaves[0].read_text())
    assert len(saved["actions"]) == len(game.actions)
    assert saved["table"] == {"names": list(game.players), "bots": ["random", "random"]}
