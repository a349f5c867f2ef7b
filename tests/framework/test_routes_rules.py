"""The route rules one by one, each on a small hand-built track graph with exact revenues.

Stop kinds and train kinds follow the data model's routes.yaml example (plain N and N+M,
express NE, goods NG); the company running is always "X".
"""

from __future__ import annotations

from railyard.framework.routes import (
    Piece,
    Route,
    RouteRules,
    StopNode,
    TrackGraph,
    TrainSpec,
    best_routes,
    validate_routes,
)
from tests.framework.test_routes_bruteforce import RULES

X = "X"


def city(sid: str, revenue: int, tokens: tuple[str, ...] = (), slots: int = 1,
         group: str | None = None) -> StopNode:
    return StopNode(sid, "city", revenue, group=group, slots=slots, tokens=tokens)


def town(sid: str, revenue: int) -> StopNode:
    return StopNode(sid, "town", revenue)


def mine(sid: str, revenue: int, homes: tuple[str, ...] = ()) -> StopNode:
    return StopNode(sid, "mine", revenue, slots=1, homes=homes)


def graph(stops: list[StopNode], track: list[tuple[str, str]],
          junctions: tuple[str, ...] = ()) -> TrackGraph:
    return TrackGraph(stops, junctions, [Piece(i, a, b) for i, (a, b) in enumerate(track)])


def train(name: str) -> TrainSpec:
    """A train from its card name: "3", "2+1", "2E", "1G"."""
    if name.endswith("E"):
        return TrainSpec(name, "express", int(name[:-1]))
    if name.endswith("G"):
        return TrainSpec(name, "goods", int(name[:-1]))
    n, _, m = name.partition("+")
    return TrainSpec(name, "plain", int(n), int(m or 0))


def best(g: TrackGraph, *names: str, rules: RouteRules = RULES):
    return best_routes(g, [train(n) for n in names], X, rules)


def reasons(g: TrackGraph, name: str, nodes: list[str]) -> tuple[str, ...]:
    (check,) = validate_routes(g, [(train(name), nodes)], X, RULES)
    return check.reasons


def test_route_needs_two_different_stops() -> None:
    g = graph([city("A", 20, (X,))], [("A", "j")], junctions=("j",))
    result = best(g, "4")
    assert result.total == 0
    assert result.runs[0].route is None
    assert reasons(g, "4", ["A", "j"]) == (
        "route must start and end at a stop (a city, town, mine or off-board area)",
        "route must visit at least 2 different stops",
    )


def test_route_may_not_visit_the_same_stop_twice() -> None:
    # A - B - C - D and D back to B: a 5 train may not run A B C D B (170)
    g = graph(
        [city("A", 20, (X,)), city("B", 30), city("C", 40), city("D", 50)],
        [("A", "B"), ("B", "C"), ("C", "D"), ("D", "B")],
    )
    assert best(g, "5").total == 140
    assert reasons(g, "5", ["A", "B", "C", "D", "B"]) == ("route visits B twice",)


def test_stops_of_one_group_count_as_one_stop() -> None:
    # the four cities of one hex: a route may visit only one of them
    g = graph(
        [city("A", 20, (X,)), city("W1", 30, group="W"), city("W2", 30, group="W"),
         city("W3", 30, group="W"), town("T", 10)],
        [("A", "W1"), ("W1", "W2"), ("W2", "W3"), ("W1", "T")],
    )
    assert best(g, "3").total == 60  # A W1 T, not A W1 W2 (80)
    assert reasons(g, "3", ["A", "W1", "W2"]) == (
        "route visits W1 and W2, which count as one stop",
    )


def test_two_separate_cities_on_one_tile_both_count_when_linked() -> None:
    # Buda and Pest: a 2 train between them earns both values
    g = graph([city("Buda", 50, (X,)), city("Pest", 50)], [("Buda", "Pest")])
    result = best(g, "2")
    assert result.total == 100
    assert result.runs[0].route.stops in (("Buda", "Pest"), ("Pest", "Buda"))


def test_route_may_not_use_a_stretch_of_track_twice() -> None:
    # A - j - C with a loop j - B - j: A j B j C uses four different pieces, but the track
    # where they meet at j twice (a branch merges into one track)
    g = graph(
        [city("A", 20, (X,)), town("B", 30), city("C", 50)],
        [("A", "j"), ("j", "B"), ("B", "j"), ("j", "C")],
        junctions=("j",),
    )
    assert best(g, "3").total == 70
    assert reasons(g, "3", ["A", "j", "B", "j", "C"]) == (
        "route is ambiguous between j and B: more than one track",
        "route is ambiguous between B and j: more than one track",
    )
    drawn = Route(("A", "j", "B", "j", "C"), ("A", "B", "C"), (0, 1, 2, 3))
    (check,) = validate_routes(g, [(train("3"), drawn)], X, RULES)
    assert check.reasons == ("route uses the same track twice (where track meets at j)",)
    # spur: A j B j C would run j - B both ways
    spur = graph(
        [city("A", 20, (X,)), town("B", 30), city("C", 50)],
        [("A", "j"), ("j", "B"), ("j", "C")],
        junctions=("j",),
    )
    assert best(spur, "3").total == 70
    assert reasons(spur, "3", ["A", "j", "B", "j", "C"]) == (
        "route uses the same track twice (track piece 1)",
        "route uses the same track twice (where track meets at j)",
    )


def test_separate_tracks_of_one_tile_may_both_be_used_when_linked_outside() -> None:
    # two crossing pieces need no shared junction: a loop through both is fine
    g = graph(
        [city("A", 20, (X,)), city("B", 30), city("C", 40)],
        [("A", "j1"), ("j1", "B"), ("B", "j2"), ("j2", "C")],
        junctions=("j1", "j2"),
    )
    assert best(g, "3").total == 90


def test_trains_may_meet_at_a_stop_but_share_no_track() -> None:
    # a star: two 2 trains leave A by different track and both run (50 + 60)
    star = graph(
        [city("A", 20, (X,)), city("B", 30), city("C", 40)],
        [("A", "B"), ("A", "C")],
    )
    assert best(star, "2", "2").total == 110
    # a branch: A - j, then j to B or C; the piece A-j and junction j carry one train only
    branch = graph(
        [city("A", 20, (X,)), city("B", 30), city("C", 40)],
        [("A", "j"), ("j", "B"), ("j", "C")],
        junctions=("j",),
    )
    result = best(branch, "2", "2")
    assert result.total == 60
    assert sum(1 for r in result.runs if r.route) == 1
    checks = validate_routes(branch, [(train("2"), ["A", "j", "B"]),
                                      (train("2"), ["A", "j", "C"])], X, RULES)
    assert checks[0].ok
    assert checks[1].reasons == ("route uses track already used by another train (route 1)",)


def test_a_full_city_may_end_a_route_but_not_be_passed_through() -> None:
    stops = [city("A", 20, (X,)), city("F", 40, ("Y",)), city("G", 60)]
    track = [("A", "F"), ("F", "G")]
    g = graph(stops, track)
    assert best(g, "3").total == 60  # A F, not A F G (120)
    assert reasons(g, "3", ["A", "F", "G"]) == (
        "route passes through F, whose stations are all taken by other companies",
    )
    # with a free space, or a token of the company running, F can be passed
    open_city = graph([stops[0], city("F", 40, ("Y",), slots=2), stops[2]], track)
    assert best(open_city, "3").total == 120
    own = graph([stops[0], city("F", 40, (X,)), stops[2]], track)
    assert best(own, "3").total == 120


def test_route_must_include_a_station_of_the_company() -> None:
    g = graph(
        [city("A", 20, (X,)), town("T", 10), city("B", 60), city("C", 70)],
        [("A", "T"), ("B", "C")],
    )
    assert best(g, "2").total == 30  # B C (130) has no station of X
    assert reasons(g, "2", ["B", "C"]) == ("route must include a station of X",)


def test_express_ignores_towns_and_counts_cities_only() -> None:
    g = graph(
        [city("A", 20, (X,)), town("T1", 10), town("T2", 10), town("T3", 10), city("C", 40)],
        [("A", "T1"), ("T1", "T2"), ("T2", "T3"), ("T3", "C")],
    )
    result = best(g, "2E")
    assert result.total == 60
    assert result.runs[0].route.stops[0] in ("A", "C")
    assert best(g, "2").total == 30


def test_express_needs_two_cities() -> None:
    g = graph([city("A", 50, (X,)), town("T1", 30), town("T2", 30)], [("A", "T1"), ("T1", "T2")])
    assert best(g, "3E").total == 0
    assert reasons(g, "3E", ["A", "T1", "T2"]) == (
        "a 3E train's route needs at least 2 stops of kind city/offboard, this one has 1",
    )


def test_express_counts_at_most_its_number_of_cities() -> None:
    g = graph(
        [city("A", 20, (X,)), city("B", 30), town("T", 10), city("C", 40)],
        [("A", "B"), ("B", "T"), ("T", "C")],
    )
    assert best(g, "2E").total == 50
    assert best(g, "3E").total == 90


def test_goods_train_runs_from_a_mine_and_pays_the_mine_to_the_treasury() -> None:
    g = graph(
        [mine("M", 30), town("T", 10), city("A", 20, (X,)), city("B", 50), city("C", 40)],
        [("M", "T"), ("T", "A"), ("A", "B"), ("B", "C")],
    )
    one = best(g, "1G")
    assert (one.revenue, one.treasury) == (30, 30)  # M T A: any towns, one city
    two = best(g, "2G")
    assert (two.revenue, two.treasury) == (80, 30)  # M T A B
    assert two.runs[0].route.stops == ("M", "T", "A", "B")


def test_goods_train_needs_exactly_one_mine_at_an_end() -> None:
    g = graph(
        [mine("M1", 30), city("A", 20, (X,)), mine("M2", 40), city("B", 10)],
        [("M1", "A"), ("A", "M2"), ("M2", "B")],
    )
    result = best(g, "2G")
    assert (result.revenue, result.treasury) == (20, 40)  # M2 A
    assert reasons(g, "2G", ["M1", "A", "M2"]) == (
        "a 2G train's route must include exactly 1 mine, this one has 2",
    )
    assert reasons(g, "2G", ["A", "M2", "B"]) == ("M2 (mine) must be an end of a 2G train's route",)
    no_mine = graph([city("A", 20, (X,)), city("B", 30)], [("A", "B")])
    assert best(no_mine, "2G").total == 0


def test_only_goods_trains_may_visit_a_mine() -> None:
    g = graph([mine("M", 60), city("A", 20, (X,))], [("M", "A")])
    assert best(g, "2").total == 0
    assert reasons(g, "2", ["A", "M"]) == ("a 2 train may not visit a mine (M)",)
    assert best(g, "1G").total == 80


def test_a_home_mine_is_the_station_of_its_company() -> None:
    g = graph([mine("M", 30, homes=(X,)), town("T", 10), city("B", 40)],
              [("M", "T"), ("T", "B")])
    result = best(g, "1G")
    assert (result.revenue, result.treasury) == (50, 30)
    foreign = graph([mine("M", 30, homes=("Y",)), town("T", 10), city("B", 40)],
                    [("M", "T"), ("T", "B")])
    assert best(foreign, "1G").total == 0


def test_plus_train_takes_extra_towns_and_a_town_may_replace_a_city() -> None:
    g = graph(
        [town("T0", 10), city("A", 20, (X,)), town("T1", 10), city("B", 30), town("T2", 10),
         city("C", 40)],
        [("T0", "A"), ("A", "T1"), ("T1", "B"), ("B", "T2"), ("T2", "C")],
    )
    # 2+2: two cities and two towns: T0 A T1 B (70) or A T1 B T2 (70); not A T1 B T2 C
    assert best(g, "2+2").total == 70
    assert reasons(g, "2+2", ["A", "T1", "B", "T2", "C"]) == (
        "route includes 3 stops of kind city/offboard, a 2+2 train may include at most 2",
        "route counts 5 stops, a 2+2 train counts at most 4",
    )
    # 1+1: a town may fill the base place (T0 A: 30), a city may not fill the plus place
    assert best(g, "1+1").total == 30
    assert reasons(g, "1+1", ["A", "T1", "B"]) == (
        "route includes 2 stops of kind city/offboard, a 1+1 train may include at most 1",
        "route counts 3 stops, a 1+1 train counts at most 2",
    )
    towns_only = graph([town("T0", 10), town("T1", 20), town("T2", 30), city("A", 5, (X,))],
                       [("T0", "T1"), ("T1", "T2"), ("T2", "A")])
    assert best(towns_only, "2+1").total == 5 + 30 + 20  # a town in the base part


def test_train_counts_at_most_its_number_of_stops() -> None:
    g = graph(
        [city("A", 20, (X,)), town("T", 10), city("B", 30), city("C", 40)],
        [("A", "T"), ("T", "B"), ("B", "C")],
    )
    assert best(g, "2").total == 30
    assert best(g, "3").total == 60
    assert best(g, "4").total == 100
    assert reasons(g, "2", ["A", "T", "B"]) == ("route counts 3 stops, a 2 train counts at most 2",)


def test_several_trains_take_the_best_disjoint_routes() -> None:
    # the line F - B - A - D - E with the station at A
    g = graph(
        [city("B", 30), city("A", 20, (X,)), city("D", 40), city("E", 50), city("F", 10)],
        [("B", "A"), ("A", "D"), ("D", "E"), ("B", "F")],
    )
    assert best(g, "4").total == 140  # B A D E
    result = best(g, "4", "2")  # A D E (110) and B A (50) beat B A D E alone
    assert result.total == 160
    assert [r.revenue for r in result.runs] == [110, 50]
    assert best(g, "2", "2").total == 110  # B A and A D
    assert best(g, "2", "2", "2").total == 110


def test_a_bonus_hook_adds_to_a_routes_revenue() -> None:
    g = graph([city("A", 20, (X,)), city("B", 30), city("C", 40)], [("A", "B"), ("A", "C")])

    def east_west(route: Route) -> int:
        return 100 if "B" in route.stops and "C" in route.stops else 0

    result = best_routes(g, [train("3")], X, RULES, bonus=east_west)
    assert result.total == 190
    assert best(g, "3").total == 90


def test_a_search_cut_by_its_budget_says_it_is_incomplete() -> None:
    stops = [city(f"C{i}", 10 * (i % 5 + 1), (X,) if i == 0 else ()) for i in range(12)]
    track = [(f"C{i}", f"C{j}") for i in range(12) for j in range(i + 1, 12) if (i * j) % 3 != 1]
    g = graph(stops, track)
    full = best_routes(g, [train("4"), train("3")], X, RULES)
    assert full.complete
    cut = best_routes(g, [train("4"), train("3")], X, RULES, max_nodes=50)
    assert not cut.complete
    assert cut.total <= full.total
    checks = validate_routes(g, [(r.train, r.route) for r in cut.runs if r.route], X, RULES)
    assert all(c.ok for c in checks)


def test_each_refusal_names_its_rule() -> None:
    g = graph(
        [city("A", 20, (X,)), city("F", 40, ("Y",)), city("G", 60), mine("M", 30),
         city("W1", 30, group="W"), city("W2", 30, group="W")],
        [("A", "F"), ("F", "G"), ("A", "M"), ("A", "W1"), ("W1", "W2")],
    )

    def rules_of(name: str, nodes: list[str]) -> tuple[str, ...]:
        (check,) = validate_routes(g, [(train(name), nodes)], X, RULES)
        return check.rules

    assert rules_of("3", ["A", "F", "G"]) == ("stop.blocked",)
    assert rules_of("3", ["F", "G"]) == ("route.station",)
    assert rules_of("3", ["A", "W1", "W2"]) == ("stop.group",)
    assert rules_of("3", ["M", "A"]) == ("train.forbids",)
    assert rules_of("2", ["G", "F", "A", "W1"]) == ("stop.blocked", "train.distance")
    assert rules_of("1+1", ["A", "W1", "W2"]) == ("stop.group", "train.distance", "train.distance")
    assert rules_of("2G", ["A", "F"]) == ("train.requires",)
    assert rules_of("2E", ["A", "M"]) == ("train.forbids", "train.min_counted")
    assert rules_of("3", ["A", "G"]) == ("track.missing",)
    assert rules_of("3", ["A", "Q"]) == ("track.unknown",)
    checks = validate_routes(g, [(train("2"), ["A", "F"]), (train("2"), ["F", "A"])], X, RULES)
    assert [c.rules for c in checks] == [(), ("trains.shared_track",)]


def test_equal_positions_give_equal_routes() -> None:
    g = graph(
        [city("A", 30, (X,)), city("B", 30), city("C", 30), city("D", 30), town("T", 30)],
        [("A", "B"), ("A", "C"), ("A", "D"), ("A", "T"), ("B", "C")],
    )
    first = best(g, "2", "2")
    for _ in range(3):
        again = best(g, "2", "2")
        assert [r.route for r in again.runs] == [r.route for r in first.runs]
    assert first.total == 120
