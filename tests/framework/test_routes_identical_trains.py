"""Route search with several identical trains (rule: two trains of one company share no track;
identical trains are interchangeable, so the search takes their routes in list order and bounds
the later ones by the routes after the earlier one's). Checked against brute force."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from railyard.framework.routes import TrainSpec, best_routes
from tests.framework.test_routes_bruteforce import COMPANY, RULES, brute_best, positions


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.sampled_from([TrainSpec("2", "plain", 2), TrainSpec("3", "plain", 3),
                                     TrainSpec("2+2", "plain", 2, 2)]), st.integers(2, 4))
def test_identical_trains_earn_what_brute_force_finds(position, train, count) -> None:
    graph, _ = position
    trains = [train] * count
    result = best_routes(graph, trains, COMPANY, RULES)
    assert result.complete
    assert result.total == brute_best(graph, trains)
