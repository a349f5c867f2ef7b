"""A route search shares what alike graphs have in common, and answers as if it did not.

A train's per-stop numbers (what each stop counts, pays, pays the treasury, whether it must
end a route, the bound table) depend on the train and on the stops' ids, kinds and values
alone, so graphs whose stops are alike (most look-ahead lays and the positions of one turn:
a lay changes one hex) share them; a view's clashes between links are worked out only when a
search combines routes. These tests play greedy games (1837, 1830) and, at every search,
compare the shared numbers with numbers worked out afresh for that graph, field by field, and
check that a view's clashes are those of its stations' components.
"""

from __future__ import annotations

from typing import Any

import pytest

from railyard.framework.routes import search
from railyard.framework.simulate import runner

FIELDS = ("n", "nm", "allowed", "ca", "cb", "pay", "tre", "at_end", "rq_target", "rq_limits",
          "rqinc", "anchor_kind", "rest", "negative")


@pytest.mark.parametrize("title,seed", [("1837", 1), ("1830", 2)])
def test_shared_stop_numbers_are_the_numbers_worked_out_for_each_graph(
        monkeypatch: pytest.MonkeyPatch, title: str, seed: int) -> None:
    shared_numbers = search._kind_numbers
    seen = {"asked": 0, "shared": 0, "clashes": 0}
    made: dict[int, int] = {}  # id(numbers) -> id(the graph memo they were first made for)

    def checked(view: Any, kind: Any, distance: int, plus: int, values: Any) -> Any:
        found = shared_numbers(view, kind, distance, plus, values)
        fresh = search._KindNumbers(view, kind, distance, plus, values)
        for name in FIELDS:
            assert getattr(found, name) == getattr(fresh, name), name
        seen["asked"] += 1
        if made.setdefault(id(found), id(view.graph.memo)) != id(view.graph.memo):
            seen["shared"] += 1
        return found

    view_init = search.CompanyView.__init__

    def with_clashes(self: Any, graph: Any, company: str, whole: bool = False) -> None:
        view_init(self, graph, company, whole)
        if whole:
            return
        expected: dict[int, tuple[int, ...]] = {}
        firsts = {graph.component_of(self.ids[s]) for s in self.stations}
        for first in firsts:
            expected.update(graph.component_links(first)[1])
        assert dict(self.clashes) == expected
        seen["clashes"] += 1

    monkeypatch.setattr(search, "_kind_numbers", checked)
    monkeypatch.setattr(search.CompanyView, "__init__", with_clashes)
    config = runner.SimConfig(title, 4, ("greedy",))
    runner.loaded(config)
    record = runner.play_game(runner.Job(config, 0, seed))
    assert record.get("error") is None
    assert seen["asked"] > 100
    assert seen["shared"] > 20  # numbers made for one graph served another
    assert seen["clashes"] > 100


def test_stop_numbers_follow_a_stops_value() -> None:
    """Two graphs alike but that a stop is worth more on one (a new phase): the second search
    does not get the first one's numbers, and each pays its own values."""
    from railyard.framework.routes import TrainSpec, best_routes
    from railyard.framework.routes.graph import Piece, StopNode, TrackGraph
    from railyard.framework.routes.kinds import RouteRules, TrainKind

    rules = RouteRules({"plain": TrainKind("plain", counts=("city",))})

    def graph(value: int) -> Any:
        stops = [StopNode("A", "city", 20, tokens=("X",)), StopNode("B", "city", value)]
        return TrackGraph(stops, ["j"], [Piece(0, "A", "j"), Piece(1, "j", "B")])

    two = TrainSpec("2", "plain", 2, 0)
    assert best_routes(graph(30), [two], "X", rules).total == 50
    assert best_routes(graph(30), [two], "X", rules).total == 50  # numbers shared
    assert best_routes(graph(50), [two], "X", rules).total == 70
    low = search.CompanyView(graph(30), "X").kind_view(rules.train_kinds["plain"], 2, 0)
    high = search.CompanyView(graph(50), "X").kind_view(rules.train_kinds["plain"], 2, 0)
    assert low.pay == [20, 30] and high.pay == [20, 50]
    assert low.rest[0][0] == 50 and high.rest[0][0] == 70
