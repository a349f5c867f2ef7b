"""1837 share price chart (market.yaml) and its moves (rules X, XIII)."""

from __future__ import annotations

import pytest

from tests.titles_1837.test_data_loading import title


def market():
    return title().market


def at(price: int, row: int):
    cell = next(c for c in market().rows[row] if c.price == price)
    return cell


def move(price: int, row: int, direction: str) -> tuple[int, int]:
    cell = market().move(at(price, row), direction)
    return cell.price, cell.row


def test_chart_shape_nine_rows():
    assert [len(r) for r in market().rows] == [15, 15, 15, 13, 11, 10, 8, 7, 7]
    assert market().layout == "hex"


def test_seven_par_values_two_majors_each_XIV():
    assert [c.price for c in market().par_cells()] == [104, 97, 91, 85, 80, 75, 70]
    assert {c.column for c in market().par_cells()} == {2}
    assert market().par_slots == 2


def test_yellow_cells_outside_the_certificate_limit_XIII():
    yellow = sorted((c.row, c.price) for c in market().cells() if c.has("y"))
    assert yellow == [(5, 69), (6, 64), (6, 67), (7, 59), (7, 62), (7, 65),
                      (8, 54), (8, 57), (8, 60), (8, 63)]


def test_national_start_cells_on_the_fourth_row_XII():
    starts = {c.price: (c.row, c.column) for c in market().cells() if c.has("n")}
    assert starts == {120: (3, 8), 142: (3, 10), 175: (3, 12)}
    for national in ("SD", "KK", "UG"):
        assert title().companies[national].start_price in starts


def test_full_dividend_moves_right_X():
    assert move(104, 0, "right") == (114, 0)
    assert move(85, 3, "right") == (89, 3)


def test_full_dividend_at_a_row_end_follows_the_arrow_up_right_X():
    assert move(175, 3, "right") == (210, 2)
    assert move(360, 1, "right") == (460, 0)


def test_full_dividend_at_the_top_right_corner_stays_X():
    assert move(460, 0, "right") == (460, 0)


def test_half_dividend_moves_down_right_or_stays_X():
    assert move(104, 0, "down_right") == (102, 1)
    assert move(72, 8, "down_right") == (72, 8)


def test_withholding_moves_left_then_down_left_at_the_edge_X():
    assert move(104, 0, "left") == (99, 0)
    assert move(95, 0, "left") == (89, 1)
    assert move(54, 8, "left") == (54, 8)


def test_each_sale_moves_down_left_and_stays_at_the_bottom_XIII():
    assert move(104, 0, "down_left") == (97, 1)
    assert move(70, 6, "down_left") == (65, 7)
    assert move(60, 8, "down_left") == (60, 8)


def test_a_sale_where_no_cell_lies_below_left_stays_XIII():
    assert move(280, 2, "down_left") == (280, 2)
    assert move(125, 4, "down_left") == (125, 4)


@pytest.mark.parametrize(
    "price, row, direction, expected",
    [(97, 1, "up_right", (104, 0)), (97, 1, "up_left", (99, 0)), (95, 0, "up_right", (95, 0))],
)
def test_sold_out_moves_up_right_or_up_left_XIII(price, row, direction, expected):
    assert move(price, row, direction) == expected


def test_par_cells_lie_on_one_up_right_diagonal():
    cells = market().par_cells()
    for lower, upper in zip(cells[1:], cells[:-1], strict=True):
        assert market().move(lower, "up_right") == upper
