"""Playing at one screen (issue 18): both windows lay out at a 1280x720 laptop's size with every
button inside; the save remembers the table (names, which seats are bots) and is never the
autosave; the log reads in words; Pass comes first; alike tile rotations are offered once; undo
in a game with bots takes back to the person's own last decision."""

from __future__ import annotations

import json
import random

import pygame
import pytest

from railyard.framework.core.actions import tag_of
from railyard.framework.core.game import Game
from railyard.renderer import session
from railyard.renderer.app import App
from tests.renderer.helpers import SEATED, start_pygame, title_1837

NAMES = ["Anna", "Bela", "Carl", "Dora"]
SMALL = [(1280, 720), (1240, 640), (1000, 600)]


def _advance(game: Game, wanted, limit: int = 2500) -> Game:
    """The greedy bots play every seat until ``wanted(game)`` holds."""
    from railyard.framework.bots import make_bot

    bot = make_bot("greedy", game.ruleset)
    rng = random.Random(0)
    for _ in range(limit):
        if wanted(game):
            return game
        game.process(bot.choose(game.view(), game.legal_actions(), rng))
    pytest.skip("the position was not reached")


def _legal(tag: str):
    return lambda g: any(tag_of(a) == tag for a in g.legal_actions())


def _game() -> Game:
    return Game(title_1837(), NAMES, seed=3, overrides=SEATED)


def _inside(app, size) -> list[str]:
    window = pygame.Rect((0, 0), size)
    return [f"{b.label} {tuple(b.rect)}" for b in [*app.top_buttons, *app.menu.buttons]
            if not window.contains(b.rect)]


@pytest.mark.parametrize("size", SMALL)
def test_the_1837_window_at_a_laptop_size_has_every_button_and_panel_inside(size):
    start_pygame()
    game = _game()
    app = App(game, surface=pygame.Surface(size))
    for wanted in (lambda g: True, lambda g: g.state.round.kind == "stock", _legal("lay_tile"),
                   _legal("buy_train")):
        _advance(game, wanted)
        app.draw()
        assert app.menu.buttons, "the one to act has buttons"
        assert _inside(app, size) == []
        lay = app.layout
        parts = [lay.status, lay.board, lay.market, lay.log, lay.players, lay.companies,
                 lay.depot, lay.actions]
        window = pygame.Rect((0, 0), size)
        assert all(window.contains(r) and r.width > 0 and r.height > 0 for r in parts)
        assert lay.log.width >= 280  # room for a log line in words
        assert lay.actions.height >= 200


@pytest.mark.parametrize("size", SMALL)
def test_the_imperial_steam_window_at_a_laptop_size_has_every_button_inside(size):
    from railyard.framework.loader import load_title
    from railyard.renderer.imperial_steam.app import App as SteamApp

    start_pygame()
    game = Game(load_title("imperial_steam"), NAMES[:3], seed=1)
    app = SteamApp(game, surface=pygame.Surface(size))
    app.draw()
    assert app.menu.buttons and _inside(app, size) == []
    lay = app.layout
    window = pygame.Rect((0, 0), size)
    for part in (lay.status, lay.map, lay.influence, lay.rounds, lay.tiles, lay.boards,
                 lay.contracts, lay.factories, lay.workers, lay.market, lay.actions, lay.log):
        assert window.contains(part) and part.height > 0, part
    assert lay.log.height >= 120


def test_open_display_asks_for_no_more_than_a_1280x720_screen_gives():
    from railyard.renderer.display import MINIMUM

    assert MINIMUM[0] <= 1240 and MINIMUM[1] <= 640


# -------------------------------------------------------------- the table in the save
def test_the_save_keeps_names_and_bot_seats_and_a_loaded_app_seats_them_again(tmp_path):
    start_pygame()
    game = _game()
    app = App(game, bots={"Bela": "greedy", "Dora": "random"}, autosave=tmp_path / "auto.json")
    app.save(tmp_path / "mine.json")
    saved = json.loads((tmp_path / "mine.json").read_text())
    assert saved["table"] == {"names": NAMES, "bots": [None, "greedy", None, "random"]}
    other = App(_game())
    other.load(tmp_path / "mine.json")
    assert other.bots == {"Bela", "Dora"}
    assert other.bot_names == {"Bela": "greedy", "Dora": "random"}
    assert not other.bots_running  # they wait until B (or a person's move)


def test_play_window_restores_the_bots_of_a_loaded_game(tmp_path, monkeypatch):
    import railyard.renderer.window as window

    start_pygame()
    game = _game()
    game.table = session.table_of(game.players, {"Carl": "greedy"})
    game.save(tmp_path / "g.json")
    seen = {}
    monkeypatch.setattr(window.App, "run", lambda self: seen.setdefault("bots", self.bot_names))
    monkeypatch.setattr(window, "_autosave_path", lambda title_id: tmp_path / "auto.json")
    window.play_window(title_1837(), game=Game.load(tmp_path / "g.json"), offscreen_ok=True)
    assert seen["bots"] == {"Carl": "greedy"}


def test_save_to_is_written_after_every_action_and_the_autosave_is_a_different_file(tmp_path):
    start_pygame()
    game = _game()
    app = App(game, autosave=tmp_path / "auto.json", save_to=tmp_path / "table.json")
    app.act(game.legal_actions()[0])
    assert len(json.loads((tmp_path / "table.json").read_text())["actions"]) == 1
    assert len(json.loads((tmp_path / "auto.json").read_text())["actions"]) == 1
    app.save(tmp_path / "auto.json")  # the autosave is never offered as a save point
    assert app.error and "autosave" in app.message
    app.open_prompt("save")
    assert app.prompt[1].text == str(tmp_path / "table.json")


def test_the_save_prompt_never_suggests_the_autosave_file(tmp_path):
    start_pygame()
    app = App(_game(), autosave=tmp_path / "auto.json")
    app.open_prompt("save")
    suggested = app.prompt[1].text
    assert suggested != str(tmp_path / "auto.json") and "autosave" not in suggested


def test_autosave_keeps_one_file_per_game_and_only_the_last_few(tmp_path):
    paths = []
    for i in range(7):
        path = session.new_autosave_path("1837", tmp_path, keep=3, now=1_700_000_000 + i)
        path.write_text("{}")
        paths.append(path)
    assert len(set(paths)) == 7  # a second game never overwrites the first
    assert sorted(tmp_path.glob("*.json")) == sorted(paths[-3:])


# -------------------------------------------------------------- words, order, choices
def test_a_run_reads_in_place_and_train_names():
    from railyard.renderer.ui.log_words import LogWords

    words = LogWords(title_1837())
    assert words.line("RGTE runs 2#1: G17.0 - I15.0 for 60") == "RGTE 2-train: Vienna - Graz, 60"
    assert words.line("SD places a token on I15 for 80") == "SD places a token on I15 (Graz) for 80"
    assert words.line("KK1 takes train 1G#4; the bank finances 20") == \
        "KK1 takes 1G-train; the bank finances 20"


def test_pass_is_the_first_row_of_the_menu():
    start_pygame()
    game = _advance(_game(), _legal("buy_train"))
    app = App(game, surface=pygame.Surface((1280, 720)))
    app.draw()
    assert tag_of(app.menu.rows[0].actions[0]) == "pass"
    assert any(tag_of(r.actions[0]) == "buy_train" for r in app.menu.rows[1:])


def test_the_prompt_names_the_step_of_the_operating_turn():
    start_pygame()
    game = _advance(_game(), _legal("lay_tile"))
    app = App(game, surface=pygame.Surface((1280, 720)))
    legal = game.legal_actions()
    assert app.step_text(legal) == "lay a tile (or pass)"


def test_tile_rotations_that_leave_the_same_track_are_offered_once():
    from railyard.framework.tiles import connectivity

    start_pygame()
    game = _advance(_game(), _legal("lay_tile"))
    app = App(game, surface=pygame.Surface((1280, 720)))
    app.draw()
    lays = [a for a in game.legal_actions() if tag_of(a) == "lay_tile"]
    offered = app.placement.actions
    tiles = title_1837().tiles
    keys = [(a.hex, a.tile, connectivity(tiles[a.tile], a.rotation).path_keys) for a in offered]
    assert len(keys) == len(set(keys))
    everything = {(a.hex, a.tile, connectivity(tiles[a.tile], a.rotation).path_keys) for a in lays}
    assert set(keys) == everything  # nothing different is lost
    assert len(offered) < len(lays), "this position has alike rotations (a straight track)"


def test_a_token_button_says_what_the_engine_charges_for_it():
    start_pygame()
    game = _advance(_game(), _legal("place_token"))
    app = App(game, surface=pygame.Surface((1280, 720)))
    token = next(a for a in game.legal_actions() if tag_of(a) == "place_token")
    label = app.button_label(token)
    cost = app.cost(token)
    assert label.startswith(f"city {token.city + 1}")
    if cost:
        assert label.endswith(f"{cost}{game.title.manifest.currency}")


# -------------------------------------------------------------- undo with bots
def test_undo_takes_back_the_bots_moves_since_the_persons_last_decision():
    start_pygame()
    game = _game()
    app = App(game, bots={"Bela": "greedy", "Carl": "greedy", "Dora": "greedy"})
    app.act(next(a for a in game.legal_actions() if tag_of(a) != "pass"))  # Anna's move
    mine = len(game.actions)
    for _ in range(20):  # the bots play until Anna is asked again
        if app.human_to_act():
            break
        assert app.bot_step()
    assert app.human_to_act() and len(game.actions) > mine
    app.undo()
    assert len(game.actions) == mine - 1  # back to before Anna's own move
    assert app.human_to_act() and not app.bots_running
    assert not app.bot_step()  # the bots do not play it all again
    app.redo()
    assert app.human_to_act() and len(game.actions) > mine


# -------------------------------------------------------------- signals
def test_drawing_off_screen_leaves_sigterm_to_python_so_a_suite_can_be_stopped():
    """SDL would turn SIGTERM into a QUIT event nobody reads: the process would not stop."""
    import subprocess
    import sys

    code = ("import os, signal, time; os.environ['SDL_VIDEODRIVER'] = 'dummy'; "
            "from railyard.renderer.headless import init_headless; init_headless(); "
            "os.kill(os.getpid(), signal.SIGTERM); time.sleep(5); print('survived')")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == -15 and "survived" not in done.stdout


def test_the_start_packet_panel_shows_every_item_left_its_minimum_and_what_it_gives():
    from railyard.renderer import view

    start_pygame()
    game = _game()
    app = App(game, surface=pygame.Surface((1280, 720)))
    assert app.packet_shown()
    rows = {r.id: r for r in view.packet(game)}
    assert len(rows) == len(game.state.packet_remaining)
    assert rows["SD1"].price == 100 and "Semmering Railway (mountain, revenue 5)" in rows["SD1"].what
    assert rows["EPP"].price == 40
    app.draw()
    _advance(game, lambda g: getattr(g.state.round, "high_bidder", None) is not None)
    item = game.state.round.item
    hot = next(r for r in view.packet(game) if r.id == item)
    assert hot.bidding == f"high bid {game.state.round.high_bid} by {game.state.round.high_bidder}"


def test_the_zoomed_map_follows_the_acting_company_to_its_legal_hexes():
    start_pygame()
    game = _advance(_game(), _legal("lay_tile"))
    app = App(game, surface=pygame.Surface((1280, 720)))
    app.draw()
    app.camera.size = 80.0
    app.camera.offset = (-100000.0, -100000.0)  # zoomed in, far from every legal hex
    app._followed = None  # the next step's hexes
    app.draw()
    board = app.layout.board
    assert any(board.collidepoint(app.hex_pos(c)) for c in app.placement.hexes)


# -------------------------------------------------------------- the Imperial Steam map
def _steam(size):
    from railyard.framework.loader import load_title
    from railyard.renderer.imperial_steam.app import App as SteamApp

    start_pygame()
    app = SteamApp(Game(load_title("imperial_steam"), NAMES[:3], seed=1),
                   surface=pygame.Surface(size))
    app.draw()
    return app


def _label_problems(app) -> list[str]:
    from railyard.renderer.imperial_steam.mapview import label_problems

    return label_problems(app.map, app.game.state)


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768), (1600, 1000), (1920, 1080)])
def test_imperial_steam_city_labels_cover_no_label_city_crown_or_legend_at_the_fit_size(size):
    app = _steam(size)
    assert _label_problems(app) == []
    labels = app.map._place_labels(app.game.state)
    assert len(labels) == len(app.data.sites)  # every city named
    assert sum(app.map._short.values()) <= 2  # all but a few keep their opportunities (under or beside the name)


def test_imperial_steam_city_labels_stay_clear_zoomed_in_on_a_small_screen():
    small = _steam((1280, 720))
    small.zoom_map(2.0, small.site_pos("WIE"))  # the crowded corner round Vienna
    assert _label_problems(small) == []
    assert not any(small.map._short.values())  # zoomed, every label has room for all of it


def test_imperial_steam_map_zooms_at_the_mouse_pans_by_dragging_and_fits_with_f():
    app = _steam((1280, 720))
    before = app.site_pos("GRA")
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=before, button=4))  # wheel up
    assert app.map_zoom > 1.0
    assert max(abs(a - b) for a, b in zip(app.site_pos("GRA"), before, strict=True)) <= 1
    start = app.site_pos("WIE")
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(200, 300), button=3))
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(260, 340), rel=(60, 40), buttons=(0, 0, 1)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(260, 340), button=3))
    assert app.site_pos("WIE") == (start[0] + 60, start[1] + 40)
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_f, mod=0, unicode="f"))
    assert app.map_zoom == 1.0 and app.site_pos("GRA") == before


def test_hex_values_and_names_are_legible_at_the_fit_size_of_a_1600x1000_window(monkeypatch):
    """Every number on the board at least 11 px high, every name at least 10 px."""
    import railyard.renderer.hexdraw as hexdraw

    start_pygame()
    drawn: list[tuple[str, int]] = []
    real = hexdraw.text

    def recording(surface, content, pos, size, *args, **kwargs):
        drawn.append((str(content), size))
        return real(surface, content, pos, size, *args, **kwargs)

    monkeypatch.setattr(hexdraw, "text", recording)
    app = App(_game(), surface=pygame.Surface((1600, 1000)))
    app.fit()
    assert app.camera.size < 36  # small hexes: without a floor the values would be 6 px high
    app.board._cache.clear() if hasattr(app.board, "_cache") else None
    app.draw()
    from railyard.renderer.fonts import font

    def high(size: int) -> int:  # the pixels a line of text of this size takes
        return font(size).get_height()

    values = [high(size) for content, size in drawn if content.isdigit()]
    tokens = {c.label for c in title_1837().companies.values()}  # a token's label fits its disc
    names = [high(size) for content, size in drawn
             if content.isalpha() and len(content) > 3 and content not in tokens]
    assert values and min(values) >= 11
    assert names and min(names) >= 10


def test_a_previewed_upgrade_draws_the_tokens_the_engine_says_it_keeps():
    start_pygame()

    def upgrade_of_a_token_hex(g: Game) -> bool:
        tokened = {h for (h, _), cids in _snap(g).tokens.items() if cids}
        return any(tag_of(a) == "lay_tile" and a.hex in tokened for a in g.legal_actions())

    game = _advance(_game(), upgrade_of_a_token_hex, limit=4000)
    app = App(game, surface=pygame.Surface((1280, 720)))
    tokened = {h for (h, _), cids in _snap(game).tokens.items() if cids}
    lay = next(a for a in game.legal_actions() if tag_of(a) == "lay_tile" and a.hex in tokened)
    kept = app.tokens_after(lay)
    before = sorted(c for (h, _), cids in _snap(game).tokens.items() if h == lay.hex for c in cids)
    assert sorted(c for cids in kept.values() for c in cids) == before


def _snap(game: Game):
    from railyard.renderer.snapshot import snapshot

    return snapshot(game.title, game.state)


def test_imperial_steam_undo_with_bots_goes_back_to_the_persons_last_decision():
    from railyard.framework.loader import load_title
    from railyard.renderer.imperial_steam.app import App as SteamApp

    start_pygame()
    game = Game(load_title("imperial_steam"), NAMES[:3], seed=1)
    first = game.active_entities()[0]
    app = SteamApp(game, bots=[p for p in game.players if p != first])
    app.act(app.legal()[0])
    mine = len(game.actions)
    for _ in range(30):
        if app.human_to_act() or game.is_over():
            break
        assert app.bot_step()
    assert len(game.actions) > mine
    app.undo()
    assert len(game.actions) == mine - 1 and app.human_to_act() and not app.bot_step()


def test_long_text_gets_a_smaller_face_or_an_ellipsis_never_a_silent_cut():
    from railyard.renderer.fonts import font
    from railyard.renderer.panels.base import fit_text

    start_pygame()
    short, size = fit_text("Semmering", 200, 18)
    assert (short, size) == ("Semmering", 18)
    name = "Wiener Neustadt-Grazer Eisenbahn " * 3
    shown, size = fit_text(name, 300, 18)
    assert shown.endswith("...") and font(size).size(shown)[0] <= 300
    middle, size = fit_text("Karawanken, SPB, BB, SD2, UG1, KK 10%", 230, 18)
    assert middle == "Karawanken, SPB, BB, SD2, UG1, KK 10%" and size < 18


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768), (1600, 1000), (1920, 1080)])
def test_1837_city_names_cover_no_other_name_nor_a_neighbours_token_value_or_terrain_at_fit(size):
    from railyard.renderer.hexdraw import COMPACT_SIZE

    start_pygame()
    game = _advance(_game(), _legal("lay_tile"))
    app = App(game, surface=pygame.Surface(size))
    app.fit()
    painter = app.board.painter
    app.board._cache.clear()
    app.draw()
    shown = painter.shown_names
    marks = painter._marks[app.camera.size]
    rects = list(shown.items())
    assert [(a, b) for i, (a, ra) in enumerate(rects) for b, rb in rects[i + 1:] if ra.colliderect(rb)] == []
    hard = [(o, m) for o, m in marks if (o, tuple(m)) not in painter._soft]  # tokens, values, labels
    assert [(c, o) for c, r in shown.items() for o, m in hard if o != c and r.colliderect(m)] == []
    if app.camera.size < COMPACT_SIZE:  # a small board covers no neighbour's terrain either
        assert [(c, o) for c, r in shown.items() for o, m in marks if o != c and r.colliderect(m)] == []
    named = [c for c, h in game.title.map.hexes.items() if h.name]
    assert sorted(shown) == sorted(named)  # and none left out (a small board may drop some)


def test_1837_a_name_keeps_clear_of_the_tokens_of_its_own_crowded_hex():
    """Vienna's three cities and Budapest's two: the name goes where none of them is."""
    start_pygame()
    app = App(_game(), surface=pygame.Surface((1600, 1000)))
    app.fit()
    painter = app.board.painter
    app.board._cache.clear()
    app.draw()
    marks = painter._marks[app.camera.size]
    for coord, rect in painter.shown_names.items():
        hexdef = app.game.title.map.hexes[coord]
        if sum(s.kind == "city" for s in hexdef.as_tile().stops) >= 2:
            own = [m for c, m in marks if c == coord]
            assert rect.collidelist(own) < 0, hexdef.name


def test_a_start_packet_item_left_for_the_stock_round_is_named_in_words():
    from railyard.framework.eighteen.actions import BuyItem

    start_pygame()
    app = App(_game(), surface=pygame.Surface((1280, 720)))
    assert app.name_value("item", "UG1_share") == "UG1 share"
    assert "_" not in describe_title(BuyItem(entity="Anna", item="UG1_share", price=90), app)


def describe_title(action, app) -> str:
    from railyard.renderer.ui.describe import group_title

    return group_title(action, app.name_value)


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768), (1920, 1080)])
def test_imperial_steam_influence_track_draws_no_value_over_another_or_over_a_marker(size, monkeypatch):
    import railyard.renderer.imperial_steam.boards as boards

    app = _steam(size)
    game = app.game
    for pid, step in zip(game.players, (0, 0, 13), strict=True):  # two markers stacked on step 0
        game.state.players[pid].influence = step
    texts: list[pygame.Rect] = []
    marks: list[pygame.Rect] = []
    real_text, real_rect = boards.text, pygame.draw.rect

    def record_text(surface, content, pos, size_, *args, **kwargs):
        rect = real_text(surface, content, pos, size_, *args, **kwargs)
        texts.append(rect.inflate(-2, -2))
        return rect

    def record_rect(surface, color, rect, width=0, *args, **kwargs):
        if width == 0 and tuple(color) in [tuple(c) for c in boards.palette.PLAYERS]:
            marks.append(pygame.Rect(rect))
        return real_rect(surface, color, rect, width, *args, **kwargs)

    monkeypatch.setattr(boards, "text", record_text)
    monkeypatch.setattr(pygame.draw, "rect", record_rect)
    boards.influence_track(pygame.Surface(size), app.layout.influence, game)
    cells = texts
    assert len(marks) == 3
    assert [(a, b) for i, a in enumerate(cells) for b in cells[i + 1:] if a.colliderect(b)] == []
    assert [(t, m) for t in cells for m in marks if t.colliderect(m)] == []


@pytest.mark.parametrize(("size", "hex_px"), [((1280, 720), 20.0), ((1366, 768), 21.0), ((1600, 1000), 27.0)])
def test_the_1837_map_at_fit_takes_the_height_a_laptop_screen_leaves(size, hex_px):
    """The map's Fit size is set by the window's height there: the bottom strip gives some."""
    start_pygame()
    app = App(_game(), surface=pygame.Surface(size))
    app.fit()
    assert app.camera.size >= hex_px
    assert app.layout.market.height >= 150  # the market's rows keep their face


def test_imperial_steam_labels_move_with_a_dragged_map_and_are_placed_for_the_view_after():
    from railyard.renderer.imperial_steam import mapview

    app = _steam((1280, 720))
    app.zoom_map(2.0, app.site_pos("GRA"))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(200, 300), button=3))
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(210, 305), rel=(10, 5), buttons=(0, 0, 1)))
    before = app.map._place_labels(app.game.state)
    solved = len(mapview._PLACED)
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(240, 325), rel=(30, 20), buttons=(0, 0, 1)))
    during = app.map._place_labels(app.game.state)
    assert len(mapview._PLACED) == solved  # no new placement while the map is dragged
    assert during == {sid: rect.move(30, 20) for sid, rect in before.items()}
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(240, 325), button=3))
    assert _label_problems(app) == []  # dropped: placed for the view, none cut at its edge
    view = app.layout.map.inflate(-4, -4)
    assert all(view.contains(r) for r in app.map._place_labels(app.game.state).values())


def test_an_amount_field_is_offered_only_where_the_engine_takes_an_amount_it_did_not_list():
    """A bid may be any amount (a field); a par price or a packet item's price is one of the
    buttons (no field that could only be refused)."""
    start_pygame()
    game = _game()
    app = App(game, surface=pygame.Surface((1280, 720)))
    _advance(game, lambda g: len(g.actions) >= 3)
    app.draw()
    bids = [r for r in app.menu.rows if tag_of(r.actions[0]) == "bid"]
    assert bids and all(r.free == "price" for r in bids)
    _advance(game, lambda g: g.state.round.kind == "stock"
             and any(tag_of(a) == "par" for a in g.legal_actions()))
    app.draw()
    pars = [r for r in app.menu.rows if tag_of(r.actions[0]) == "par"]
    assert pars and all(r.free is None for r in pars)
    assert not any(r.free for r in app.menu.rows if tag_of(r.actions[0]) == "buy_item")
