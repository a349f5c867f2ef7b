"""Dividends and share price moves (1837 rules IX and X as the model)."""

import pytest

from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen import dividends
from railyard.framework.eighteen.actions import Pass
from railyard.framework.eighteen.dividends import DEBT_KEY, distribute
from railyard.framework.eighteen.hooks import Hooks
from railyard.framework.eighteen.or_actions import Dividend, RunRoutes, TrainRoute
from railyard.framework.eighteen.state import POOL
from tests.framework.or_helpers import give, give_train, major, minor, operating, position, step

HALF = ("company_types.major.dividends=[payout, half, withhold]", "market.moves.down_right=[1, 1]")


def ar(overrides=(), hooks=None, holders=None, cell=(0, 3)):
    """AR floated with 10% in the pool and the rest as ``holders`` say (default ann 60, bob 20)."""
    rules, state = position(overrides, hooks)
    major(rules, state, "AR", cell, holders or {"ann": 60, "bob": 20}, cash=100)
    give(state, POOL, "AR", 10)
    return rules, state


def cash(state):
    return {p.id: p.cash for p in state.players} | {"AR": state.companies["AR"].cash}


def test_ix_payout_pays_each_holder_its_percent_pool_shares_to_the_treasury_offering_lost():
    rules, state = ar()
    bank = state.bank
    distribute(rules, state, "AR", 40, "payout")
    assert cash(state) == {"ann": 424, "bob": 408, "cy": 400, "AR": 104}
    assert state.bank == bank - 36  # the 10% left in the initial offering is paid to nobody
    assert rules.spec.cell(state.companies["AR"].market).price == 100  # right


def test_ix_payout_fractions_stay_with_the_bank():
    rules, state = ar()
    distribute(rules, state, "AR", 45, "payout")
    assert cash(state) == {"ann": 427, "bob": 409, "cy": 400, "AR": 104}


def test_ix_half_dividend_rounds_in_favour_of_the_bank():
    # rulebook example: 50 earned, half paid: the company keeps 25, a 30% holder gets 7
    rules, state = ar(HALF, holders={"ann": 30, "bob": 20})
    distribute(rules, state, "AR", 50, "half")
    assert cash(state) == {"ann": 407, "bob": 405, "cy": 400, "AR": 100 + 25 + 2}
    assert state.companies["AR"].market == (1, 4)  # down-right: 90 on the row below


def test_x_withhold_moves_left_and_the_money_goes_to_the_treasury():
    rules, state = ar()
    distribute(rules, state, "AR", 40, "withhold")
    assert cash(state) == {"ann": 400, "bob": 400, "cy": 400, "AR": 140}
    assert state.companies["AR"].market == (0, 2)


def test_x_moves_off_the_chart_take_the_fallback_or_stay():
    rules, state = ar(cell=(1, 5))  # 100, the end of its row
    distribute(rules, state, "AR", 10, "payout")
    assert state.companies["AR"].market == (0, 5)  # right is off the chart: up (110)
    rules, state = ar(cell=(0, 0))
    distribute(rules, state, "AR", 10, "withhold")
    assert state.companies["AR"].market == (0, 0)  # no fallback for left: stays
    rules, state = ar(("market.fallbacks.left=[down]",), cell=(0, 0))
    distribute(rules, state, "AR", 10, "withhold")
    assert state.companies["AR"].market == (1, 0)


def test_x_a_marker_moving_onto_an_occupied_cell_goes_underneath():
    rules, state = ar()
    major(rules, state, "CR", (0, 4), {"cy": 60})
    distribute(rules, state, "AR", 10, "payout")
    assert state.stack_at((0, 4)) == ["CR", "AR"]


def test_pool_dividends_to_the_bank_by_option():
    rules, state = ar(("setup.operating_round={pool_dividends: bank}",))
    distribute(rules, state, "AR", 40, "payout")
    assert state.companies["AR"].cash == 100


def test_ix_a_minor_splits_half_to_its_owner_half_to_the_treasury_fractions_to_the_bank():
    rules, state = position()
    minor(state, "M1", "cy", cash=90)
    bank = state.bank
    assert dividends.choices(rules, state, "M1", 45) == ("split",)
    distribute(rules, state, "M1", 45, "split")
    assert state.player("cy").cash == 422
    assert state.companies["M1"].cash == 90 + 22
    assert state.bank == bank - 44


def test_ix_a_minor_with_two_certificates_shares_the_owners_half_by_percent():
    rules, state = position(("companies.M1.certificates=[{percent: 50, director: true}, {percent: 50}]",))
    minor(state, "M1", "cy")
    next(c for c in state.companies["M1"].certificates if not c.director).owner = "bob"
    distribute(rules, state, "M1", 50, "split")
    assert (state.player("cy").cash, state.player("bob").cash, state.companies["M1"].cash) == (412, 412, 25)


def test_xi_a_company_the_bank_financed_only_withholds_and_repays():
    rules, state = ar()
    state.companies["AR"].extra[DEBT_KEY] = 130
    assert dividends.choices(rules, state, "AR", 40) == ("withhold",)
    with pytest.raises(IllegalAction) as refused:
        distribute(rules, state, "AR", 40, "payout")
    assert refused.value.rule == "rule:dividends.kind"
    distribute(rules, state, "AR", 40, "withhold")
    assert state.companies["AR"].cash == 10
    assert state.companies["AR"].extra[DEBT_KEY] == 0
    assert dividends.choices(rules, state, "AR", 40) == ("payout", "withhold")


class NoPayout(Hooks):
    def dividend_options(self, state, company_id, options):
        return tuple(o for o in options if o != "payout")


def test_the_dividend_options_hook_and_the_dividend_step():
    rules, state = ar(hooks=NoPayout)
    state.board.lay("A3", "57", 1)
    give_train(rules, state, "AR", "2")
    operating(rules, state)
    rules.apply(state, Pass("AR"))
    rules.apply(state, Pass("AR"))
    rules.apply(state, RunRoutes("AR", (TrainRoute("2#1", ("A1.0", "A1|A3", "A3.0")),)))
    # one option left: decided without asking
    assert step(state) == ("AR", "trains")
    assert state.companies["AR"].cash == 140


def test_the_dividend_step_offers_the_type_s_choices():
    rules, state = ar()
    state.board.lay("A3", "57", 1)
    give_train(rules, state, "AR", "2")
    operating(rules, state)
    rules.apply(state, Pass("AR"))
    rules.apply(state, Pass("AR"))
    rules.apply(state, RunRoutes("AR", (TrainRoute("2#1", ("A1.0", "A1|A3", "A3.0")),)))
    assert rules.legal_actions(state) == [Dividend("AR", "payout"), Dividend("AR", "withhold")]
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, Dividend("AR", "half"))
    assert refused.value.rule == "rule:dividends.kind"
    rules.apply(state, Dividend("AR", "payout"))
    assert state.player("ann").cash == 424


class ExchangeSharesUnpaid(Hooks):
    def dividend_payee(self, state, company_id, cert, payee):
        return None if cert.owner == "bob" else payee


def test_the_dividend_payee_hook_may_withhold_a_certificate_s_share():
    rules, state = ar(hooks=ExchangeSharesUnpaid)
    bank = state.bank
    distribute(rules, state, "AR", 40, "payout")
    assert cash(state) == {"ann": 424, "bob": 400, "cy": 400, "AR": 104}
    assert state.bank == bank - 28
