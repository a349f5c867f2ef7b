"""Running trains (1837 rule VIII as the model): routes checked by the route rules, revenue by
phase, the title's adjustments, income paid straight to the treasury."""

import pytest

from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen.actions import Pass
from railyard.framework.eighteen.hooks import Hooks
from railyard.framework.eighteen.or_actions import RunRoutes, TrainRoute
from tests.framework.or_helpers import enter_phase, give_train, major, operating, position, step

WEST = ("A1.0", "A1|A3", "A3.0")  # West Port (20, 40 from phase 4) - Alton (20)


def run_step(overrides=(), hooks=None, train="2", phase=None):
    """AR at Alton with track W-E and one train, in its run step."""
    rules, state = position(overrides, hooks)
    major(rules, state, "AR", (0, 3), {"ann": 60, "bob": 20}, cash=1000, operated=False)
    state.board.lay("A3", "57", 1)
    give_train(rules, state, "AR", train)
    if phase:
        enter_phase(rules, state, phase)
    operating(rules, state)
    rules.apply(state, Pass("AR"))
    rules.apply(state, Pass("AR"))
    assert step(state) == ("AR", "run")
    return rules, state


def test_viii_the_best_routes_and_no_run_are_offered():
    rules, state = run_step()
    best, none = rules.legal_actions(state)
    assert [r.train for r in best.runs] == ["2#1"]
    assert set(best.runs[0].nodes) == set(WEST)
    assert none == RunRoutes("AR", ())
    rules.apply(state, best)
    assert step(state) == ("AR", "dividend")
    assert state.round.revenue == 40
    assert state.round.ran == ["2#1"]


def test_viii_a_drawn_route_is_checked_and_paid():
    rules, state = run_step()
    rules.apply(state, RunRoutes("AR", (TrainRoute("2#1", WEST),)))
    assert state.round.revenue == 40
    assert state.round.routes == [("2#1", ("A1.0", "A3.0"))]


def test_viii_a_route_that_breaks_the_rules_is_refused_with_the_reason():
    rules, state = run_step()
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, RunRoutes("AR", (TrainRoute("2#1", ("A3.0",)),)))
    assert refused.value.rule == "rule:running.route"
    assert "at least 2 different stops" in refused.value.message
    assert step(state) == ("AR", "run")


def test_viii_only_the_company_s_trains_that_have_not_run_this_round():
    rules, state = run_step()
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, RunRoutes("AR", (TrainRoute("3#1", WEST),)))
    assert refused.value.rule == "rule:running.train"
    state.round.ran.append("2#1")  # inherited from a company that already operated
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, RunRoutes("AR", (TrainRoute("2#1", WEST),)))
    assert "already run this round" in refused.value.message


def test_stop_values_follow_the_phase():
    rules, state = run_step(phase="4", train="4")
    rules.apply(state, RunRoutes("AR", (TrainRoute("4#1", WEST),)))
    assert state.round.revenue == 60


def test_not_running_earns_nothing_and_a_corporation_withholds():
    rules, state = run_step()
    rules.apply(state, RunRoutes("AR", ()))
    assert state.companies["AR"].cash == 1000
    assert state.companies["AR"].market == (0, 2)  # 90 -> 80
    assert step(state) == ("AR", "trains")


class Bonus(Hooks):
    def revenue_adjustment(self, state, company_id, revenue, routes):
        return revenue + 10 * len(routes)

    def mine_income(self, state, company_id):
        return 15


def test_revenue_adjustment_and_mine_income_hooks():
    rules, state = run_step(hooks=Bonus)
    rules.apply(state, RunRoutes("AR", (TrainRoute("2#1", WEST),)))
    assert state.round.revenue == 50
    assert state.companies["AR"].cash == 1015


class NoPort(Hooks):
    def route_problems(self, state, company_id, routes):
        return ["XX: West Port is closed"] if any("A1.0" in r.stops for _, r in routes) else []


def test_route_problems_hook_refuses_a_route():
    rules, state = run_step(hooks=NoPort)
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, RunRoutes("AR", (TrainRoute("2#1", WEST),)))
    assert "West Port is closed" in refused.value.message


GOODS = (
    "routes.train_kinds.goods={counts: [city, offboard], free: [town], requires: {mine: 1},"
    " at_end: [mine], to_treasury: [mine]}",
    "trains.1G={kind: goods, distance: 1, price: 100, count: 2, depot: goods}",
    "map.hexes.A5={color: gray, stops: [{kind: mine, revenue: 30}], paths: [[1, s0]]}",
)


def test_ii_a_mine_s_value_goes_to_the_treasury_apart_from_the_run():
    rules, state = position(GOODS)
    major(rules, state, "AR", (0, 3), {"ann": 60}, cash=1000, operated=False)
    state.board.lay("A3", "57", 1)  # West Port - Alton - the mine (A5)
    give_train(rules, state, "AR", "1G")
    operating(rules, state)
    rules.apply(state, Pass("AR"))
    rules.apply(state, Pass("AR"))
    best = rules.legal_actions(state)[0]
    rules.apply(state, best)
    assert state.round.revenue == 20  # Alton
    assert state.companies["AR"].cash == 1030  # the mine's 30, at once


def test_viii_a_train_s_own_stop_values_follow_the_tiles_laid():
    """The stops paying a train its own amount are kept per position: a tile laid with such a
    stop, and then replaced by one without, changes what the train is ranked with."""
    import attrs

    from railyard.framework.eighteen import running

    rules, state = run_step()
    train = state.companies["AR"].trains[0]
    name = state.trains[train].name
    assert running.train_stop_values(rules, state, train) == {}
    plain = state.board.tile_def("57")
    paying = attrs.evolve(plain, id="57p", stops=tuple(
        attrs.evolve(s, train_revenue={name: 90}) for s in plain.stops))
    state.board.lay("A3", paying, 1, check=False)
    assert running.train_stop_values(rules, state, train) == {"A3.0": 90}
    state.board.lay("A3", plain, 1, check=False)
    assert running.train_stop_values(rules, state, train) == {}
