"""The commands: ``railyard render`` writes a PNG without a window; ``railyard play`` with no
display says so, plays headless as far as the engine allows, saves, draws and exits 0."""

import json

import pygame

from railyard.framework.cli import main


def test_render_a_title_writes_the_starting_board_png(tmp_path, capsys):
    out = tmp_path / "board.png"
    assert main(["render", "1837", "--out", str(out), "--board-only", "--size", "20"]) == 0
    image = pygame.image.load(str(out))
    assert image.get_width() > 600 and image.get_height() > 400
    assert "wrote" in capsys.readouterr().out


def test_render_with_panels_is_wider_than_the_board_alone(tmp_path):
    board, full = tmp_path / "b.png", tmp_path / "f.png"
    assert main(["render", "1837", "--out", str(board), "--board-only", "--size", "20"]) == 0
    assert main(["render", "1837", "--out", str(full), "--size", "20"]) == 0
    assert pygame.image.load(str(full)).get_width() > pygame.image.load(str(board)).get_width()


def test_render_reports_an_unknown_title(tmp_path, capsys):
    assert main(["render", "no_such_title", "--out", str(tmp_path / "x.png")]) == 1
    assert not (tmp_path / "x.png").exists()


def test_play_without_a_display_says_so_and_plays_headless(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    save = tmp_path / "g.json"
    code = main(["play", "1837", "--players", "3", "--save", str(save), "--max-actions", "40",
                 "--seed", "5"])
    out = capsys.readouterr().out
    assert code == 0
    assert "No display found" in out
    assert "Played 40 actions" in out
    data = json.loads(save.read_text())
    assert len(data["actions"]) == 40 and data["players"] == ["Player 1", "Player 2", "Player 3"]
    assert save.with_suffix(".png").exists()


def test_headless_save_replays_and_renders(tmp_path, capsys):
    save = tmp_path / "g.json"
    assert main(["play", "1837", "--headless", "--players", "4", "--save", str(save),
                 "--max-actions", "25", "--seed", "2"]) == 0
    out = tmp_path / "again.png"
    assert main(["render", str(save), "--out", str(out), "--size", "20"]) == 0
    assert out.exists()


def test_render_hands_a_title_with_its_own_view_to_that_view(tmp_path, capsys):
    out = tmp_path / "x.png"
    assert main(["render", "imperial_steam", "--out", str(out)]) == 0
    assert "wrote" in capsys.readouterr().out
    assert out.exists()


def test_headless_names_the_fallback_when_the_bot_is_unknown(tmp_path, capsys):
    save = tmp_path / "g.json"
    assert main(["play", "1837", "--headless", "--players", "3", "--bot", "no_such_bot",
                 "--save", str(save), "--max-actions", "5"]) == 0
    out = capsys.readouterr().out
    assert "no bot 'no_such_bot' for this title: random bots play" in out
    assert "Played 5 actions" in out


def test_play_falls_back_to_headless_when_the_named_display_draws_nowhere(tmp_path, capsys,
                                                                          monkeypatch):
    monkeypatch.setenv("DISPLAY", ":77")  # named, but SDL can only draw off-screen here
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    save = tmp_path / "g.json"
    assert main(["play", "1837", "--players", "3", "--save", str(save), "--max-actions", "3"]) == 0
    out = capsys.readouterr().out
    assert "No display could be opened" in out and "Played 3 actions" in out
    assert save.exists()


def test_play_load_takes_the_title_from_the_save_and_refuses_a_title_that_disagrees(tmp_path, capsys):
    save = tmp_path / "g.json"
    assert main(["play", "1837", "--headless", "--players", "3", "--save", str(save),
                 "--max-actions", "10", "--seed", "2"]) == 0
    again = tmp_path / "again.json"
    assert main(["play", "--load", str(save), "--headless", "--save", str(again),
                 "--max-actions", "5"]) == 0
    assert len(json.loads(again.read_text())["actions"]) == 15
    capsys.readouterr()
    assert main(["play", "imperial_steam", "--load", str(save), "--headless"]) == 1
    err = capsys.readouterr().err
    assert "cannot load the save" in err and "'1837'" in err and "'imperial_steam'" in err
    assert main(["play", "--headless"]) == 2
    assert "--load SAVE" in capsys.readouterr().err
    steam = tmp_path / "steam.json"
    assert main(["play", "imperial_steam", "--headless", "--players", "3", "--save", str(steam),
                 "--max-actions", "5"]) == 0
    capsys.readouterr()
    assert main(["play", "1837", "--load", str(steam), "--headless"]) == 1
    err = capsys.readouterr().err
    assert "the save is a game of 'imperial_steam', not of '1837'" in err


def test_play_of_an_unknown_title_lists_the_titles_and_suggests_the_nearest(capsys):
    assert main(["play", "1838"]) == 1
    said = capsys.readouterr().err
    assert "no title '1838'" in said and "Did you mean 1830 or 1837?" in said
    assert "imperial_steam" in said and "site-packages" not in said and "/" not in said


def test_render_of_a_finished_game_draws_no_dialog_and_says_where_it_wrote(tmp_path, capsys,
                                                                           monkeypatch):
    from railyard.framework.core.game import Game
    from railyard.framework.loader import load_title

    game = Game(load_title("1889"), ["A", "B", "C"], seed=1)
    save = tmp_path / "game.json"
    game.save(save)
    playing, over = tmp_path / "playing.png", tmp_path / "over.png"
    assert main(["render", str(save), "--out", str(playing), "--size", "20"]) == 0
    monkeypatch.setattr(Game, "is_over", lambda self: True)
    assert main(["render", str(save), "--out", str(over), "--size", "20"]) == 0
    assert f"wrote {over}" in capsys.readouterr().out
    a, b = pygame.image.load(str(playing)), pygame.image.load(str(over))
    middle = (a.get_width() // 2, a.get_height() // 2)
    # the board where the standings box would sit is as it was: no box, no shade over it
    assert [a.get_at((middle[0] + dx, middle[1])) for dx in range(-150, 150, 10)] \
        == [b.get_at((middle[0] + dx, middle[1])) for dx in range(-150, 150, 10)]
