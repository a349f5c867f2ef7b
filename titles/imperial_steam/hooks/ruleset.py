"""The Ruleset the core drives: dispatches each action to the module that holds its rule."""

from __future__ import annotations

import copy
from typing import Any

from railyard.framework.core.actions import Action
from railyard.framework.core.errors import IllegalAction
from railyard.framework.core.rng import GameRng
from railyard.framework.core.ruleset import Ruleset

from . import (
    contracts,
    deliveries,
    factories,
    influence,
    invariants,
    legal,
    rounds,
    scoring,
    shares,
    shipments,
    track,
    trains,
    workers,
)
from .actions import (
    TILE,
    Bid,
    BuildFactory,
    BuildStation,
    BuildTracks,
    BuyGood,
    BuyStateRailway,
    BuyTrain,
    Deliver,
    EndTurn,
    Fundraise,
    Hire,
    ManipulateShare,
    OrderGoods,
    Pass,
    Philanthropize,
    Produce,
    SecureContract,
    SellShare,
    StoreOrdered,
    UpgradeTrain,
)
from .data import TitleData, title_data
from .setup import new_state
from .state import State, to_dict


class ImperialSteamRuleset(Ruleset[State]):
    """Stateless: the title data lives here, the position in the :class:`State`."""

    def __init__(self, title: Any = None) -> None:
        super().__init__(title)
        self.data: TitleData = title_data(title)

    # ------------------------------------------------------------ the contract
    def new_state(self, title: Any, players: tuple[str, ...], rng: GameRng) -> State:
        data = self.data if title is None or title is self.title else title_data(title)
        return new_state(data, tuple(players), rng)

    def active_entities(self, state: State) -> tuple[str, ...]:
        if state.phase == 0:
            return tuple(p for p in state.order if p not in state.bids)
        if state.phase == 3:
            return tuple(state.pending_store)
        if state.phase == 7:
            return (state.order[state.turn],)
        return ()

    def legal_actions(self, state: State, entity: str | None = None) -> list[Action]:
        return legal.legal_actions(self.data, state, entity)

    def is_over(self, state: State) -> bool:
        return state.phase == 9

    def standings(self, state: State) -> list[tuple[str, int]]:
        return scoring.standings(state)

    def invariants(self, state: State) -> list[str]:
        return invariants.check(self.data, state)

    def state_dict(self, state: State) -> dict[str, Any]:
        return to_dict(state)

    def seating(self, state: State) -> tuple[str, ...]:
        """The order drawn at setup (the blind bid's reveal order), which the bid then resets."""
        return tuple(state.order)

    def view(self, state: State) -> State:
        """Money is public (implementation notes); only the opening bids stay secret until all
        are in, so the view shows who has bid but not how much."""
        if not state.bids:
            return state
        shown = copy.copy(state)
        shown.bids = dict.fromkeys(state.bids, -1)
        return shown

    # ------------------------------------------------------------ acting
    def apply(self, state: State, action: Action) -> list[str]:
        data = self.data
        pid = action.entity
        if state.phase == 9:
            raise IllegalAction("Game end", "the game is over")
        if pid not in state.players:
            raise IllegalAction("Turn order", f"no player {pid!r}")
        if state.phase == 0:
            if not isinstance(action, Bid):
                raise IllegalAction(rounds.R_BID, "every player first makes a blind bid")
            return rounds.bid(data, state, pid, action.amount)
        if state.phase == 3:
            if not isinstance(action, StoreOrdered):
                raise IllegalAction(shipments.R_LANDING, "store the ordered goods first")
            return rounds.store(data, state, pid, action.discard)
        if pid != state.current:
            raise IllegalAction("Turn order", f"it is {state.current}'s turn, not {pid}'s")
        player = state.players[pid]
        if isinstance(action, EndTurn):
            return rounds.end_turn(data, state)
        if isinstance(action, SellShare):
            return shares.sell(data, state, player)
        if isinstance(action, Deliver):
            return deliveries.deliver(data, state, player, action.factory, action.city, action.demand)
        if isinstance(action, BuyStateRailway):
            return track.buy_state_railway(data, state, player, action.connection, action.spend)
        tile = TILE.get(type(action))
        if tile is None:
            raise IllegalAction("Main actions", f"{type(action).__name__} is not an action of this phase")
        if state.main_done:
            raise IllegalAction("Perform actions", "one main action per turn")
        return self._main(state, pid, tile, action)

    def _main(self, state: State, pid: str, tile: str, action: Action) -> list[str]:
        """Pay the repeat penalty first, then the action; a refused action restores the marker."""
        data = self.data
        player = state.players[pid]
        forced = False
        if isinstance(action, Pass) and player.placed.get(tile, 0) > player.influence:
            others = [a for a in legal.main_actions(data, state, player) if legal._penalty_ok(state, player, a)]
            if others:
                raise IllegalAction(rounds.R_REPEAT, f"{pid} cannot pay the repeat penalty on pass and has other actions")
            forced = True
        elif not forced:
            rounds.check_penalty(state, pid, tile)
        saved = (player.influence, player.stamp, state.stamp, dict(player.placed), player.hands, dict(state.hands_on))
        lines = rounds.place_hand(data, state, pid, tile, forced)
        try:
            lines += self._perform(state, player, action)
        except IllegalAction:
            player.influence, player.stamp, state.stamp, player.placed, player.hands, state.hands_on = saved
            state.main_done = False
            raise
        return lines

    def _perform(self, state: State, player, action: Action) -> list[str]:
        data = self.data
        if isinstance(action, BuildTracks):
            return track.build_tracks(data, state, player, action.connections, action.workers, action.spend)
        if isinstance(action, Hire):
            return workers.hire(data, state, player, action.column, action.workers, action.bridge, action.tunnel)
        if isinstance(action, BuildStation):
            return factories.build_station(data, state, player, action.site)
        if isinstance(action, BuildFactory):
            return factories.build_factory(data, state, player, action.site, action.index, action.area, action.level)
        if isinstance(action, Produce):
            return factories.produce(data, state, player, action.factories, action.discard)
        if isinstance(action, BuyGood):
            return shipments.buy(data, state, player, action.good, action.discard)
        if isinstance(action, OrderGoods):
            if state.round == data.rules["rounds"]:
                raise IllegalAction(shipments.R_BUY, "no ordering in Round 8")
            return shipments.order(data, state, player, action.goods)
        if isinstance(action, BuyTrain):
            return trains.buy(data, state, player, action.engine)
        if isinstance(action, UpgradeTrain):
            return trains.upgrade(data, state, player, action.train, action.engine)
        if isinstance(action, SecureContract):
            return contracts.secure(data, state, player, action.card, action.discard)
        if isinstance(action, Philanthropize):
            return influence.philanthropize(data, state, player, action.amount)
        if isinstance(action, ManipulateShare):
            return shares.manipulate(data, state, player, action.steps)
        if isinstance(action, Fundraise):
            amount = data.rules["fundraise"]
            track.pay_from_bank(state, player, amount)
            return [f"{player.id} fundraises {amount}"]
        if isinstance(action, Pass):
            return [f"{player.id} passes"]
        raise IllegalAction("Main actions", f"unknown action {type(action).__name__}")
