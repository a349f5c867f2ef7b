"""Track meets edge midpoints: straight through the centre, gentle curves of radius 1.5 hex
radii, sharp curves of radius 0.5 around the shared corner; stops of one hex never coincide."""

import math

import pytest

from railyard.framework.hexgrid import Grid
from railyard.framework.tiles import Stop, TileDef
from railyard.renderer.track import APOTHEM, edge_midpoint, edge_to_edge, tile_shape

GRID = Grid("pointy", "letter_row")


def _radius_about(points, center):
    return [math.dist(p, center) for p in points]


@pytest.mark.parametrize("a,b", [(0, 3), (1, 4), (2, 5)])
def test_opposite_edges_are_joined_by_a_straight_line_through_the_centre(a, b):
    line = edge_to_edge(GRID, a, b)
    assert len(line) == 2
    (x0, y0), (x1, y1) = line
    assert math.isclose((x0 + x1) / 2, 0, abs_tol=1e-9) and math.isclose((y0 + y1) / 2, 0, abs_tol=1e-9)


@pytest.mark.parametrize("a", range(6))
def test_track_ends_at_the_edge_midpoints(a):
    for b in range(6):
        if b == a:
            continue
        line = edge_to_edge(GRID, a, b)
        assert math.dist(line[0], edge_midpoint(GRID, a)) < 1e-9
        assert math.dist(line[-1], edge_midpoint(GRID, b)) < 1e-9
        assert math.isclose(math.hypot(*line[0]), APOTHEM)


def test_sharp_curve_is_a_half_radius_arc_round_the_shared_corner():
    line = edge_to_edge(GRID, 0, 1)
    # edges 0 (SW) and 1 (W) share corner 1: at 150 degrees from the centre on a pointy hex
    corner = (math.cos(math.radians(150)), math.sin(math.radians(150)))
    for r in _radius_about(line, corner):
        assert math.isclose(r, 0.5, rel_tol=1e-6)


def test_gentle_curve_has_radius_one_and_a_half():
    line = edge_to_edge(GRID, 0, 2)
    # the centre lies two apothems out, beyond edge 1 (west)
    center = (-2 * APOTHEM, 0.0)
    for r in _radius_about(line, center):
        assert math.isclose(r, 1.5, rel_tol=1e-6)


def test_town_on_through_track_is_a_bar_across_the_curve_midpoint():
    tile = TileDef("58", "yellow", 1, (Stop("town", 10),), ((0, "s0"), (2, "s0")))
    shape = tile_shape(GRID, tile, 0)
    (place,) = shape.stops
    assert place.bar is not None
    # the midpoint of the gentle 0-2 curve lies on its arc, 1.5 from the arc centre
    assert math.isclose(math.dist(place.pos, (-2 * APOTHEM, 0.0)), 1.5, rel_tol=1e-6)


def test_four_cities_of_one_hex_get_four_separate_places():
    title_stops = tuple(Stop("city", 40, group="W") for _ in range(4))
    tile = TileDef("@X", "yellow", 1, title_stops, ((0, "s0"), (1, "s1"), (2, "s2"), (3, "s3")))
    places = [p.pos for p in tile_shape(GRID, tile, 0).stops]
    for i in range(4):
        for j in range(i + 1, 4):
            assert math.dist(places[i], places[j]) >= 0.45


def test_rotation_turns_track_clockwise():
    tile = TileDef("9", "yellow", 1, (), ((0, 3),))
    (line,) = tile_shape(GRID, tile, 1).paths
    ends = {tuple(round(v, 6) for v in p) for p in (line[0], line[-1])}
    want = {tuple(round(v, 6) for v in edge_midpoint(GRID, e)) for e in (1, 4)}
    assert ends == want
