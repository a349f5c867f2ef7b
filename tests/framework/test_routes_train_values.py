"""A stop may pay one train more than its value (1889, FACTS "Map": D trains always get the
third off-board value, 100 at Imabari whatever the phase): the route search ranks and pays
routes with that train's own value, so the off-board goes to the train it pays most."""

from __future__ import annotations

from railyard.framework.routes import Piece, StopNode, TrackGraph, TrainSpec, best_routes
from tests.framework.test_routes_bruteforce import RULES

X = "X"


def _graph() -> TrackGraph:
    # the off-board O (60 in this phase) and the city B (40) on two tracks out of A (20, X's)
    stops = [
        StopNode("O", "offboard", 60, terminal=True),
        StopNode("A", "city", 20, slots=1, tokens=(X,)),
        StopNode("B", "city", 40),
    ]
    return TrackGraph(stops, (), [Piece(0, "O", "A"), Piece(1, "A", "B")])


def test_1889_map_a_d_train_runs_to_the_offboard_that_pays_it_100() -> None:
    d, five = TrainSpec("D", "plain", 99), TrainSpec("5", "plain", 5)
    result = best_routes(_graph(), [five, d], X, RULES, stop_values=[None, {"O": 100}])
    by_train = {run.train.name: run.route for run in result.runs}
    assert by_train["D"] is not None and set(by_train["D"].stops) == {"O", "A"}
    assert by_train["D"].revenue == 100 + 20
    assert by_train["5"] is not None and set(by_train["5"].stops) == {"A", "B"}
    assert result.total == 120 + 60


def test_without_its_own_values_the_offboard_pays_the_phase_value() -> None:
    d, five = TrainSpec("D", "plain", 99), TrainSpec("5", "plain", 5)
    assert best_routes(_graph(), [five, d], X, RULES).total == 80 + 60
