"""Steps of an operating turn that cannot be skipped: a run is declared (perhaps empty) and the
revenue is paid out or withheld — a pass there would leave the share price unmoved (1837 IX/X)."""

import pytest

from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen.actions import Pass
from railyard.framework.eighteen.or_actions import Dividend, RunRoutes, TrainRoute
from tests.framework.or_helpers import give_train, operating, step
from tests.framework.test_dividends import ar


def at_dividend_step():
    rules, state = ar()
    state.board.lay("A3", "57", 1)
    give_train(rules, state, "AR", "2")
    operating(rules, state)
    rules.apply(state, Pass("AR"))
    rules.apply(state, Pass("AR"))
    return rules, state


def test_a_run_cannot_be_passed_over():
    rules, state = at_dividend_step()
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, Pass("AR"))
    assert refused.value.rule == "rule:running.decide"
    assert step(state) == ("AR", "run")


def test_a_dividend_cannot_be_passed_over_and_withholding_moves_the_price_left():
    rules, state = at_dividend_step()
    rules.apply(state, RunRoutes("AR", (TrainRoute("2#1", ("A1.0", "A1|A3", "A3.0")),)))
    cash, cell = state.companies["AR"].cash, state.companies["AR"].market
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, Pass("AR"))
    assert refused.value.rule == "rule:dividends.decide"
    assert (state.companies["AR"].cash, state.companies["AR"].market) == (cash, cell)
    rules.apply(state, Dividend("AR", "withhold"))
    assert state.companies["AR"].market == (cell[0], cell[1] - 1)
    assert step(state) == ("AR", "trains")
