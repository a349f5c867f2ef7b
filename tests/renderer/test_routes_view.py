"""Best routes are shown along the track in the train's colour, with revenue per train."""

import pygame

from railyard.framework.core.game import Game
from railyard.renderer import colors
from railyard.renderer.app import App
from railyard.renderer.routes_view import best_routes_for, route_points
from tests.renderer.helpers import SEATED, pixel, start_pygame, title_1837


def _position():
    """BK (token in Prague, one 2-train) with track Prague - C13 - the town on C15."""
    game = Game(title_1837(), ["Ann", "Bob", "Cid"], seed=1, overrides=SEATED)
    state = game.state
    board = state.board
    board.lay("C13", "9", 1)  # straight W-E
    board.lay("C15", "4", 1)  # town on a straight W-E
    board.place_token("C11", 0, "BK")
    train = next(t for t in state.trains.values() if t.name == "2")
    state.depot.stacks["passenger"].remove(train.id)
    train.owner = "BK"
    state.companies["BK"].trains.append(train.id)
    return game


def test_search_result_is_shown_with_revenue_per_train():
    start_pygame()
    shown = best_routes_for(_position(), "BK")
    assert shown is not None
    (run,) = shown.runs
    assert run.train == "2" and run.revenue == 30  # Prague 20 + town 10
    assert run.nodes[0] in ("C11.0", "C15.0") and run.nodes[-1] in ("C11.0", "C15.0")
    assert shown.total == 30


def test_the_route_is_drawn_in_the_first_train_colour_where_track_crosses_hexes():
    start_pygame()
    app = App(_position(), surface=pygame.Surface((1600, 1000)))
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=0, unicode="t"))
    assert app.routes_company == "BK"
    surface = app.draw()
    # the C13|C15 crossing: the midpoint between the two hex centres
    a, b = app.hex_pos("C13"), app.hex_pos("C15")
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    found = {pixel(surface, mid[0] + dx, mid[1] + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    assert colors.ROUTE_COLORS[0] in found


def test_route_points_follow_the_track_to_the_town_bar():
    start_pygame()
    game = _position()
    app = App(game, surface=pygame.Surface((1600, 1000)))
    shown = best_routes_for(game, "BK")
    pts = route_points(app.board, app.snap(), shown.runs[0].nodes, 40.0)
    xs = {round(x) for x, _ in pts}
    ys = {round(y) for _, y in pts}
    assert len(pts) >= 3 and len(ys) <= 2  # a straight west-east run stays on one row
    prague, town = app.board.layout.center("C11", 40.0), app.board.layout.center("C15", 40.0)
    assert min(xs) <= min(prague[0], town[0]) + 1 and max(xs) >= max(prague[0], town[0]) - 1
