"""The board is drawn from tile geometry: pixels where track, tokens and shading must be."""

from types import SimpleNamespace

import pygame
import pytest

from railyard.renderer import colors
from railyard.renderer.board import BoardRenderer
from railyard.renderer.snapshot import region_states, snapshot
from railyard.renderer.track import edge_midpoint
from tests.renderer.helpers import fake_state, pixel, start_pygame, title_1837

SIZE = 60.0


@pytest.fixture(scope="module")
def board():
    start_pygame()
    return BoardRenderer(title_1837())


def _inward(board, coord, edge, by=4.0):
    """A pixel just inside ``coord`` at the middle of ``edge``."""
    cx, cy = board.layout.center(coord, SIZE)
    mx, my = edge_midpoint(board.grid, edge)
    scale = (SIZE * 0.866 - by) / 0.866
    return cx + mx * scale, cy + my * scale


def test_laid_straight_tile_has_track_at_both_edge_midpoints_and_none_elsewhere(board):
    state = fake_state(board=SimpleNamespace(placed={"E19": ("9", 1)}))  # rot 1: edges 1 and 4
    surface = board.render_whole(SIZE, snapshot(title_1837(), state))
    for edge in (1, 4):
        assert pixel(surface, *_inward(board, "E19", edge)) == colors.TRACK
    for edge in (0, 2, 3, 5):
        assert pixel(surface, *_inward(board, "E19", edge)) == colors.TILE["yellow"]


def test_blank_hex_is_drawn_in_the_white_hex_colour_without_track(board):
    surface = board.render_whole(SIZE, snapshot(title_1837()))
    for edge in range(6):
        assert pixel(surface, *_inward(board, "E19", edge)) == colors.TILE["white"]


def test_a_token_shows_its_company_colour_in_the_city(board):
    title = title_1837()
    state = fake_state(tokens={"BK": [("C11", 0)]})
    surface = board.render_whole(SIZE, snapshot(title, state))
    cx, cy = board.layout.center("C11", SIZE)  # Prague: one city in the middle of the hex
    r = SIZE * 0.25
    fill, _ = colors.company_colors(title.companies["BK"])
    assert pixel(surface, cx - r * 0.75, cy) == fill


def test_an_untokened_home_is_a_reserved_slot_not_a_token(board):
    title = title_1837()
    surface = board.render_whole(SIZE, snapshot(title))
    cx, cy = board.layout.center("C11", SIZE)
    fill, _ = colors.company_colors(title.companies["BK"])
    r = SIZE * 0.25
    assert pixel(surface, cx - (r - 3.5), cy) == fill  # a ring of the company's colour
    assert pixel(surface, cx - r * 0.55, cy) != fill  # with a pale inside: not a token


def test_bosnia_is_shaded_closed_until_phase_3_and_italy_closes_with_phase_4():
    title = title_1837()
    closed, opened = region_states(title, "2")
    assert "bosnia" in closed and "italy" in opened
    closed, opened = region_states(title, "3")
    assert "bosnia" in opened and "italy" in opened
    closed, _ = region_states(title, "4")
    assert "italy" in closed


def test_closed_region_hex_is_darker_than_an_open_one(board):
    title = title_1837()
    early = board.render_whole(SIZE, snapshot(title, fake_state("2")))
    later = board.render_whole(SIZE, snapshot(title, fake_state("3")))
    cx, cy = board.layout.center("L16", SIZE)  # blank Bosnian hex
    spot = (cx + SIZE * 0.3, cy + SIZE * 0.35)
    assert sum(pixel(early, *spot)) < sum(pixel(later, *spot)) - 100


def test_geography_prague_north_west_of_vienna_budapest_east_triest_south_west(board):
    c = {name: board.layout.center(coord, SIZE) for name, coord in
         {"Prague": "C11", "Vienna": "G17", "Budapest": "H22", "Triest": "L12"}.items()}
    assert c["Prague"][0] < c["Vienna"][0] and c["Prague"][1] < c["Vienna"][1]
    assert c["Budapest"][0] > c["Vienna"][0] and abs(c["Budapest"][1] - c["Vienna"][1]) <= SIZE * 1.5
    assert c["Triest"][0] < c["Vienna"][0] and c["Triest"][1] > c["Vienna"][1]


def test_every_hex_centre_and_a_point_near_its_corner_hit_that_hex(board):
    layout = board.layout
    for coord in layout.coords:
        x, y = layout.center(coord, SIZE)
        assert layout.hex_at(x, y, SIZE) == coord
        assert layout.hex_at(x + SIZE * 0.8, y - SIZE * 0.1, SIZE) == coord
    assert layout.hex_at(1, 1, SIZE) is None


def test_the_static_layer_is_reused_for_an_unchanged_board(board):
    snap = snapshot(title_1837())
    first = board.static_layer(SIZE, snap)
    assert board.static_layer(SIZE, snapshot(title_1837())) is first
    assert isinstance(first, pygame.Surface)


def test_the_engine_board_drives_the_drawing_tile_and_token_follow_it(board):
    from railyard.framework.board import Board

    title = title_1837()
    real = Board.from_title(title)
    real.lay("F28", "57", 0)  # Kaschau: a yellow city tile with track SW-NE (edges 0 and 3)
    real.place_token("F28", 0, "TI")
    surface = board.render_whole(SIZE, snapshot(title, fake_state(board=real)))
    for edge in (0, 3):
        assert pixel(surface, *_inward(board, "F28", edge)) == colors.TRACK
    assert pixel(surface, *_inward(board, "F28", 1)) == colors.TILE["yellow"]
    cx, cy = board.layout.center("F28", SIZE)
    fill, _ = colors.company_colors(title.companies["TI"])
    assert pixel(surface, cx - SIZE * 0.25 * 0.75, cy) == fill


def test_a_board_change_redraws_only_its_hexes_and_matches_a_full_redraw():
    from railyard.framework.board import Board

    start_pygame()
    title = title_1837()
    renderer = BoardRenderer(title)
    real = Board.from_title(title)
    before = snapshot(title, fake_state(board=real))
    renderer.static_layer(30.0, before)
    real.lay("F28", "57", 0)
    real.place_token("F28", 0, "TI")
    real.lay("L16", "9", 0)  # Bosnia: shaded, patched with its shade
    after = snapshot(title, fake_state(board=real))
    from railyard.renderer.board import changed_hexes

    assert changed_hexes(before, after) == {"F28", "L16"}
    patched = renderer.static_layer(30.0, after)
    full = renderer.draw_static(30.0, after)
    near = {"F28", "L16"}
    for coord in ("F28", "L16"):
        for n in renderer.grid.neighbours(renderer.layout.hexes[coord]):
            if n in renderer.layout.by_hex:
                near.add(renderer.layout.by_hex[n])
    boxes = []
    for coord in near:
        x, y = renderer.layout.center(coord, 30.0)
        boxes.append(pygame.Rect(int(x - 32), int(y - 32), 64, 64))
    # outside the changed hexes and their neighbours the two pictures are identical...
    a, b = patched.copy(), full.copy()
    for box in boxes:
        a.fill((0, 0, 0), box)
        b.fill((0, 0, 0), box)
    assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")
    # ...and inside only rims shared with neighbours may differ (which hex was drawn last)
    differ = {(x, y) for box in boxes for x in range(box.left, box.right)
              for y in range(box.top, box.bottom) if patched.get_at((x, y)) != full.get_at((x, y))}
    assert len(differ) < 0.25 * sum(box.width * box.height for box in boxes) / len(boxes)


def test_while_zooming_a_scaled_cached_layer_stands_in_for_the_exact_one():
    start_pygame()
    renderer = BoardRenderer(title_1837())
    snap = snapshot(title_1837())
    renderer.static_layer(30.0, snap)
    quick = renderer.quick_layer(34.5, snap)
    assert quick is not None and quick.get_size() == renderer.layout.size_px(34.5)
    assert (34.5, snap.key()) not in renderer._cache  # the exact layer is drawn later
    assert renderer.quick_layer(30.0, snap) is None  # nothing to stand in for


def test_homes_after_an_upgrade_follow_the_board_not_the_printed_city_number():
    from railyard.framework.board import Board

    title = title_1837()
    real = Board.from_title(title)
    before = snapshot(title, fake_state(board=real))
    assert before.homes[("G17", 0)][0] == "SD1"  # Vienna's printed reservation holds the slot
    assert before.homes[("C11", 0)] == ("BK",)  # Prague: BK's home, from the company data
    real.lay("C11", "406", 0, check=False)
    after = snapshot(title, fake_state(board=real))
    assert after.homes.get(("C11", 0)) == ("BK",)  # still one city: still shown
    assert sum(cids.count("SD1") for cids in after.homes.values()) == 1


def test_an_off_board_drawing_over_two_hexes_shows_its_value_once_on_its_named_hex(monkeypatch):
    """1830's Canada (A9 with A11, 'Canadian West') and Gulf (I1 with J2): one value each."""
    from railyard.framework.core.game import Game
    from railyard.framework.loader import load_title
    from railyard.renderer.hexdraw import HexPainter

    start_pygame()
    title = load_title("1830")
    renderer = BoardRenderer(title)
    shown: list[tuple[str, int]] = []
    drawing = [""]
    real_tile, real_bubble = HexPainter.draw_tile, HexPainter.revenue_bubble

    def tile(self, surface, center, size, *args, coord=None, **kwargs):
        drawing[0] = coord
        return real_tile(self, surface, center, size, *args, coord=coord, **kwargs)

    def bubble(self, surface, pos, size, value):
        shown.append((drawing[0], value))
        return real_bubble(self, surface, pos, size, value)

    monkeypatch.setattr(HexPainter, "draw_tile", tile)
    monkeypatch.setattr(HexPainter, "revenue_bubble", bubble)
    game = Game(title, ["A", "B", "C", "D"], 0)
    renderer.render_whole(30.0, snapshot(title, game.state))
    coords = [c for c, _ in shown]
    assert coords.count("A11") == 1 and coords.count("J2") == 1
    assert "A9" not in coords and "I1" not in coords


def test_a_name_at_the_edge_of_the_board_is_drawn_whole_inside_it():
    """1830's Maritime Provinces (B24, on the east edge) was cut by the board's edge."""
    from railyard.framework.core.game import Game
    from railyard.framework.loader import load_title

    start_pygame()
    title = load_title("1830")
    renderer = BoardRenderer(title)
    surface = renderer.static_layer(28.0, snapshot(title, Game(title, ["A", "B", "C", "D"], 0).state))
    shown = renderer.painter.shown_names
    assert "B24" in shown
    assert all(surface.get_rect().contains(r) for r in shown.values())


def test_a_board_patched_move_by_move_looks_like_the_board_drawn_whole():
    """Names placed among their neighbours: when a redrawn hex moves a neighbour's name, the
    board is drawn whole again rather than leave the old letters behind (only the rims shared
    by redrawn hexes may differ)."""
    import random

    from railyard.framework.bots import make_bot
    from railyard.framework.core.game import Game

    start_pygame()
    game = Game(title_1837(), ["A", "B", "C", "D"], seed=3, overrides=("setup.seating=as_given",))
    bot, rng = make_bot("greedy", game.ruleset), random.Random(0)
    renderer = BoardRenderer(game.title)
    size = 20.0  # a small board: names nudged among their neighbours
    renderer.static_layer(size, snapshot(game.title, game.state))
    for _ in range(400):
        game.process(bot.choose(game.view(), game.legal_actions(), rng))
        layer = renderer.static_layer(size, snapshot(game.title, game.state))
    full = renderer.draw_static(size, snapshot(game.title, game.state))
    a, b = pygame.image.tobytes(layer, "RGB"), pygame.image.tobytes(full, "RGB")
    differ = sum(1 for x, y in zip(a[::3], b[::3], strict=True) if x != y)
    assert differ < 0.01 * layer.get_width() * layer.get_height()
