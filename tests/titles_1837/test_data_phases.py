"""1837 phases (rule XII): tiles, operating rounds and train limits by limit group."""

from __future__ import annotations

import pytest

from tests.titles_1837.test_data_loading import title

LIMITS = {  # phase: coal, sd_minor, kk_minor, ug_minor, major, national
    "2": (2, 2, 2, 2, 4, 4),
    "3": (2, 2, 2, 2, 3, 4),
    "3+1": (1, 1, 1, 2, 3, 4),
    "4": (1, 1, 1, 2, 3, 4),
    "4E": (1, 1, 1, 2, 3, 4),
    "4+1": (1, 1, 1, 2, 3, 4),
    "5": (1, 1, 1, 2, 2, 3),
}
GROUPS = ("coal", "sd_minor", "kk_minor", "ug_minor", "major", "national")


def phases():
    return title().phases


def test_phase_order_and_the_trains_that_start_them():
    assert list(phases()) == ["2", "3", "3+1", "4", "4E", "4+1", "5"]
    assert [p.starts_on for p in phases().values()] == [None, "3", "3+1", "4", "4E", "4+1", "5"]


@pytest.mark.parametrize("phase", list(LIMITS))
def test_train_limits_XII(phase):
    limits = phases()[phase].train_limits
    assert tuple(limits[g] for g in GROUPS) == LIMITS[phase]


def test_ug_minors_may_always_own_two_trains_XII():
    assert {p.train_limits["ug_minor"] for p in phases().values()} == {2}


def test_every_operating_type_has_a_limit_group_of_every_phase():
    groups = {t.limit_group for t in title().company_types.values() if t.operates}
    assert groups == set(GROUPS)
    for phase in phases().values():
        assert set(phase.train_limits) == groups


def test_tile_colours_II_V_VI():
    assert {n: p.tiles for n, p in phases().items()} == {
        "2": ("yellow",),
        "3": ("yellow", "green"), "3+1": ("yellow", "green"), "4": ("yellow", "green"),
        "4E": ("yellow", "green"), "4+1": ("yellow", "green"),
        "5": ("yellow", "green", "brown"),
    }


def test_operating_rounds_one_two_three_from_the_next_set_XII_XIII():
    assert [p.operating_rounds for p in phases().values()] == [1, 2, 2, 2, 2, 2, 3]
    assert phases()["3"].operating_rounds_from == "next_set"
    assert phases()["5"].operating_rounds_from == "next_set"


def test_trains_may_be_bought_from_companies_from_phase_3_XI():
    assert [p.buy_from_companies for p in phases().values()] == [False] + [True] * 6


def test_phase_events_live_on_the_trains():
    assert all(p.events == () for p in phases().values())
