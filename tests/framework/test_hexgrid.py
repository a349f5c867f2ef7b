"""Hex grid: printed coordinates, the edge numbering of docs/data-model.md, distances, drawing."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from railyard.framework.hexgrid import Grid, Hex, opposite

POINTY = Grid("pointy", "letter_row", parity=1)  # the doubled layout of a letter-row map
FLAT = Grid("flat", "letter_column", parity=1)
GRIDS = [POINTY, FLAT, Grid("pointy", "letter_row"), Grid("flat", "letter_column", parity=0)]


def hexes(grid: Grid):
    parity = 1 if grid.parity is None else grid.parity  # a map uses one parity throughout

    def fix(rc):
        r, c = rc
        if (r + c) % 2 != parity:
            c += 1
        return Hex(r, c)

    return st.tuples(st.integers(0, 60), st.integers(0, 80)).map(fix)


grids = st.sampled_from(GRIDS)
edges = st.integers(0, 5)


# -- printed coordinates -------------------------------------------------------------------


def test_letter_row_coordinate_reads_letter_as_row_and_number_as_column():
    assert POINTY.parse("A11") == Hex(0, 11)
    assert POINTY.parse("G17") == Hex(6, 17)
    assert POINTY.parse("B10") == Hex(1, 10)
    assert POINTY.format(Hex(15, 20)) == "P20"


def test_letter_column_coordinate_reads_letter_as_column_and_number_as_row():
    assert FLAT.parse("B10") == Hex(10, 1)
    assert FLAT.format(Hex(10, 1)) == "B10"


def test_multi_letter_coordinates_continue_after_z():
    g = Grid("pointy", "letter_row")
    assert g.parse("Z1") == Hex(25, 1)
    assert g.parse("AA2") == Hex(26, 2)
    assert g.format(Hex(27, 4)) == "AB4"


@pytest.mark.parametrize("bad", ["", "11A", "g17", "G", "17", "G-1", "G 17", "G17x"])
def test_malformed_coordinate_is_refused_with_an_example(bad):
    with pytest.raises(ValueError, match="bad hex coordinate .*e.g. 'G17'"):
        POINTY.parse(bad)


def test_coordinate_of_the_wrong_parity_does_not_exist_on_a_doubled_map():
    # Row A holds odd columns only.
    with pytest.raises(ValueError, match="row A has no number 12"):
        POINTY.parse("A12")
    with pytest.raises(ValueError, match="row B has no number 11"):
        POINTY.parse("B11")


def test_unknown_layout_and_axes_are_refused():
    with pytest.raises(ValueError, match="layout"):
        Grid("round", "letter_row")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="axes"):
        Grid("pointy", "numbers")  # type: ignore[arg-type]


@given(grids, st.data())
def test_parse_format_round_trip(grid, data):
    h = data.draw(hexes(grid))
    assert grid.parse(grid.format(h)) == h


# -- edges and neighbours ------------------------------------------------------------------


def test_pointy_edges_are_numbered_clockwise_from_south_west():
    g = POINTY
    g17 = g.parse("G17")
    assert [g.format(g.neighbour(g17, e)) for e in range(6)] == [
        "H16",  # 0 SW (+1, -1)
        "G15",  # 1 W  (0, -2)
        "F16",  # 2 NW (-1, -1)
        "F18",  # 3 NE (-1, +1)
        "G19",  # 4 E  (0, +2)
        "H18",  # 5 SE (+1, +1)
    ]
    assert [g.edge_name(e) for e in range(6)] == ["SW", "W", "NW", "NE", "E", "SE"]


def test_flat_edges_are_numbered_clockwise_from_south():
    g = FLAT
    c11 = g.parse("C11")  # column C (2), row 11
    assert [g.format(g.neighbour(c11, e)) for e in range(6)] == [
        "C13",  # 0 S
        "B12",  # 1 SW
        "B10",  # 2 NW
        "C9",  # 3 N
        "D10",  # 4 NE
        "D12",  # 5 SE
    ]


def test_opposite_edges():
    assert [opposite(e) for e in range(6)] == [3, 4, 5, 0, 1, 2]


@given(grids, st.data(), edges)
def test_neighbour_of_neighbour_across_opposite_edge_is_the_start(grid, data, edge):
    h = data.draw(hexes(grid))
    n = grid.neighbour(h, edge)
    assert grid.neighbour(n, opposite(edge)) == h
    assert grid.edge_between(h, n) == edge
    assert grid.edge_between(n, h) == opposite(edge)


def test_edge_between_non_neighbours_is_none():
    assert POINTY.edge_between(POINTY.parse("G17"), POINTY.parse("G21")) is None


# -- distance -------------------------------------------------------------------------------


def test_distance_examples_on_a_pointy_map():
    g = POINTY
    d = lambda a, b: g.distance(g.parse(a), g.parse(b))  # noqa: E731
    assert d("G17", "G17") == 0
    assert d("G17", "G21") == 2  # two steps east
    assert d("G17", "C11") == 5  # four rows up, 6 columns west: 4 diagonal + 1 west
    assert d("G17", "K17") == 4  # straight down: zig-zag SW/SE
    assert d("A11", "P20") == 15


@given(grids, st.data())
def test_distance_is_a_metric(grid, data):
    a, b, c = (data.draw(hexes(grid)) for _ in range(3))
    assert grid.distance(a, a) == 0
    assert grid.distance(a, b) == grid.distance(b, a)
    assert (grid.distance(a, b) == 0) == (a == b)
    assert grid.distance(a, c) <= grid.distance(a, b) + grid.distance(b, c)


@given(grids, st.data(), edges)
def test_distance_is_one_exactly_for_neighbours(grid, data, edge):
    h = data.draw(hexes(grid))
    assert grid.distance(h, grid.neighbour(h, edge)) == 1
    far = grid.neighbour(grid.neighbour(h, edge), edge)
    assert grid.distance(h, far) == 2


@given(grids, st.data())
def test_distance_equals_breadth_first_steps(grid, data):
    a = data.draw(hexes(grid))
    dr, dc = data.draw(st.tuples(st.integers(-6, 6), st.integers(-6, 6)))
    b = Hex(a.row + dr, a.col + dc + (dr + dc) % 2)  # same parity as a
    frontier, seen, steps = {a}, {a}, 0
    while b not in frontier:
        assert steps < 40
        frontier = {n for h in frontier for n in grid.neighbours(h)} - seen
        seen |= frontier
        steps += 1
    assert grid.distance(a, b) == steps


# -- drawing --------------------------------------------------------------------------------


@given(grids, st.data(), edges, st.floats(1.0, 100.0))
def test_pixel_centres_of_neighbours_are_sqrt3_size_apart(grid, data, edge, size):
    h = data.draw(hexes(grid))
    (x1, y1), (x2, y2) = grid.pixel_center(h, size), grid.pixel_center(grid.neighbour(h, edge), size)
    assert math.hypot(x2 - x1, y2 - y1) == pytest.approx(math.sqrt(3) * size)


@given(grids, st.data(), edges)
def test_edge_midpoint_is_halfway_to_the_neighbour_and_between_its_corners(grid, data, edge):
    size = 10.0
    h = data.draw(hexes(grid))
    (cx, cy), (nx, ny) = grid.pixel_center(h, size), grid.pixel_center(grid.neighbour(h, edge), size)
    mx, my = grid.edge_midpoint(h, edge, size)
    assert (mx, my) == (pytest.approx((cx + nx) / 2), pytest.approx((cy + ny) / 2))
    corners = grid.corners(h, size)
    (ax, ay), (bx, by) = corners[edge], corners[(edge + 1) % 6]
    assert (mx, my) == (pytest.approx((ax + bx) / 2), pytest.approx((ay + by) / 2))


def test_pointy_hex_has_a_corner_at_the_top_and_flat_edges_east_and_west():
    corners = POINTY.corners(Hex(0, 0), 10.0)
    assert min(corners, key=lambda p: p[1]) == (pytest.approx(0.0), pytest.approx(-10.0))
    e_mid = POINTY.edge_midpoint(Hex(0, 0), 4, 10.0)
    assert e_mid == (pytest.approx(10 * math.sqrt(3) / 2), pytest.approx(0.0))


def test_grid_for_a_map_takes_its_parity_from_the_first_hex():
    assert Grid.for_coords("pointy", "letter_row", ["A11", "B10"]) == POINTY
    assert Grid.for_coords("pointy", "letter_row", ["A2"]).parity == 0
    assert Grid.for_coords("flat", "letter_column", []).parity is None


def test_hex_before_the_first_row_has_no_printed_name():
    with pytest.raises(ValueError, match="no printed name"):
        POINTY.format(POINTY.neighbour(POINTY.parse("A11"), 2))
