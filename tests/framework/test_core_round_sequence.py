"""The round sequence: packet round, stock round, sets of operating rounds by phase, and title
interludes (start-of-round choices) slotted in by a hook."""

from typing import ClassVar

import attrs

from railyard.framework.core.errors import IllegalAction
from railyard.framework.core.rng import GameRng
from railyard.framework.eighteen import G18Ruleset, Hooks
from railyard.framework.eighteen.actions import Bid, BuyItem, BuyShares, Par, Pass
from railyard.framework.eighteen.rounds import RoundType, start_round
from railyard.framework.eighteen.state import RoundState
from tests.framework.g18_helpers import (
    PlaceholderOperatingRound,
    _title,
    act,
    new_game,
    stock_position,
)


def kinds(state):
    return [r.kind for r in state.history]


def test_auction_then_stock_then_one_operating_round_in_phase_2():
    rules, state = new_game()
    act(rules, state, Bid("ann", "P1", 20))
    act(rules, state, Pass("bob"))
    act(rules, state, Pass("cy"))
    for player in ("bob", "cy", "ann"):  # everybody passes: the auction round ends
        act(rules, state, Pass(player))
    for player in ("bob", "cy", "ann"):  # and the stock round
        act(rules, state, Pass(player))
    assert kinds(state) == ["auction", "stock", "operating"]
    assert state.round.kind == "stock" and state.round.number == 2


def test_operating_rounds_per_set_come_from_the_phase():
    rules, state = stock_position()
    state.phase = "3"  # two operating rounds per set
    for player in ("ann", "bob", "cy"):
        act(rules, state, Pass(player))
    assert kinds(state) == ["stock", "operating", "operating"]
    assert [r.set_index for r in state.history] == [0, 1, 2]
    assert state.operating_rounds_in_set == 2


@attrs.define
class ConfirmState(RoundState):
    waiting: list[str] = attrs.Factory(list)


class Confirm(RoundType):
    """A test interlude: every player passes once, in seat order."""

    kind = "test_confirm"
    main: ClassVar[bool] = False

    def new_state(self, rules, state):
        return ConfirmState(waiting=list(state.player_ids))

    def active_entities(self, rules, state):
        return tuple(state.round.waiting[:1])

    def legal_actions(self, rules, state, entity):
        return [Pass(entity)]

    def apply(self, rules, state, action):
        if action.entity not in self.active_entities(rules, state):
            raise IllegalAction("test:confirm", "not your turn")
        state.round.waiting.remove(action.entity)
        return [f"{action.entity} confirms"]

    def is_finished(self, rules, state):
        return not state.round.waiting


class ConfirmBeforeOperating(Hooks):
    def interludes(self, state, upcoming):
        return ["test_confirm"] if upcoming == "operating" else []


def test_interludes_run_before_the_main_round_they_precede():
    rules = G18Ruleset(
        _title(None, ()),
        hooks=ConfirmBeforeOperating,
        round_types={"test_confirm": Confirm(), "operating": PlaceholderOperatingRound()},
    )
    state = rules.new_state(rules.title, ("ann", "bob", "cy"), GameRng(1))
    state.packet_remaining = []
    start_round(rules, state, "stock")
    for player in ("ann", "bob", "cy"):
        act(rules, state, Pass(player))
    assert state.round.kind == "test_confirm"
    assert rules.active_entities(state) == ("ann",)
    for player in ("ann", "bob", "cy"):
        act(rules, state, Pass(player))
    # the interlude does not disturb the main sequence: operating, then stock again
    assert kinds(state) == ["stock", "test_confirm", "operating"]
    assert state.round.kind == "stock" and state.round.number == 2


class OperateAfterPacket(Hooks):
    packet_options = {"then": "operating"}
    stock_options = {"marker_on": "float"}


def test_a_title_hooks_class_sets_engine_options():
    rules = G18Ruleset(
        _title(None, ()),
        hooks=OperateAfterPacket,
        round_types={"operating": PlaceholderOperatingRound()},
    )
    assert rules.spec.packet.then == "operating" and rules.spec.stock.marker_on == "float"
    state = rules.new_state(rules.title, ("ann", "bob", "cy"), GameRng(1))
    for player in ("ann", "bob", "cy"):
        act(rules, state, Pass(player))
    assert kinds(state) == ["auction", "operating"]
    assert state.round.kind == "stock"
    for player, item, price in (("ann", "P1", 20), ("bob", "P2", 40), ("cy", "M1", 100)):
        act(rules, state, BuyItem(player, item, price))
    act(rules, state, Par("ann", "AR", 70))
    assert state.companies["AR"].market is None  # the marker waits for the float
    for player in ("bob", "cy", "ann", "bob"):
        act(rules, state, BuyShares(player, "AR", "ipo"))
    assert state.companies["AR"].floated and state.companies["AR"].market == (0, 1)
