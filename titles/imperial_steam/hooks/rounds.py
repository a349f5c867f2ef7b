"""The round: the opening blind bid, the eight phases, hands, turns and the repeat penalty."""

from __future__ import annotations

from railyard.framework.core.errors import IllegalAction

from . import influence, scoring, shipments, storage, workers
from .data import TitleData
from .state import State

R_BID = "Opening blind bid"
R_REPEAT = "Repeat penalty"
R_TURN = "Perform actions"


def bid(data: TitleData, state: State, pid: str, amount: int) -> list[str]:
    player = state.players[pid]
    if pid in state.bids:
        raise IllegalAction(R_BID, f"{pid} has already bid")
    if amount < 0 or amount % data.bid_per_step:
        raise IllegalAction(R_BID, f"bid a multiple of {data.bid_per_step} guldens")
    if amount > player.cash:
        raise IllegalAction(R_BID, f"{pid} has only {player.cash}")
    state.bids[pid] = amount
    lines = [f"{pid} bids secretly"]
    if len(state.bids) == len(state.players):
        lines += reveal_bids(data, state)
    return lines


def reveal_bids(data: TitleData, state: State) -> list[str]:
    """Bids are revealed in turn order; each pays and moves to the top of its bid's column."""
    lines = []
    for pid in state.order:
        player = state.players[pid]
        amount = state.bids[pid]
        player.cash -= amount
        state.bank += amount
        player.influence = min(data.max_influence, amount // data.bid_per_step)
        player.stamp = state.next_stamp()
        lines.append(f"{pid} bid {amount}: influence {player.influence}")
    state.bids = {}
    state.order = influence.turn_order(state)
    lines.append("turn order: " + ", ".join(state.order))
    return lines + begin_actions(data, state)


def begin_actions(data: TitleData, state: State) -> list[str]:
    """Phase 7 starts: every player's hands ready, the first player in turn order on turn."""
    state.phase = 7
    state.turn = 0
    state.main_done = False
    state.delivered = False
    state.hands_on = {}
    for player in state.players.values():
        player.hands = data.hands(state.round)
        player.placed = {}
    return [f"Round {state.round}: actions ({data.hands(state.round)} hands each)"]


def place_hand(data: TitleData, state: State, pid: str, tile: str, forced_pass: bool = False) -> list[str]:
    """Pay the repeat penalty (one influence step per own hand already on the tile)."""
    player = state.players[pid]
    penalty = player.placed.get(tile, 0)
    lines = []
    if penalty:
        if forced_pass:
            paid = -influence.move(data, state, player, -penalty)
        else:
            influence.pay(data, state, player, penalty, R_REPEAT)
            paid = penalty
        lines.append(f"{pid} pays {paid} influence: repeat penalty on {tile}")
    player.placed[tile] = penalty + 1
    player.hands -= 1
    state.hands_on[tile] = state.hands_on.get(tile, 0) + 1
    state.main_done = True
    return lines


def check_penalty(state: State, pid: str, tile: str) -> None:
    player = state.players[pid]
    penalty = player.placed.get(tile, 0)
    if penalty > player.influence:
        raise IllegalAction(R_REPEAT, f"{pid} cannot pay the repeat penalty of {penalty} on {tile}")


def end_turn(data: TitleData, state: State) -> list[str]:
    if not state.main_done:
        raise IllegalAction(R_TURN, "take a main action before ending the turn")
    state.main_done = False
    state.delivered = False
    n = len(state.order)
    for step in range(1, n + 1):
        nxt = (state.turn + step) % n
        if state.players[state.order[nxt]].hands > 0:
            state.turn = nxt
            return []
    return end_of_round(data, state)


def end_of_round(data: TitleData, state: State) -> list[str]:
    """Phase 8: the game ends after the last round or once anyone connected Wien to Trieste."""
    state.phase = 8
    if state.round >= data.rules["rounds"] or state.trieste_by:
        lines = ["the game ends"]
        lines += scoring.final_scoring(data, state)
        state.phase = 9
        return lines
    state.round += 1
    return start_round(data, state)


def start_round(data: TitleData, state: State) -> list[str]:
    lines = [f"Round {state.round} begins"]
    state.phase = 2  # phase 1 (retrieve hands) is begin_actions' reset of every hand
    lines += shipments.arrive(data, state)
    state.phase = 3
    state.pending_store = []
    for pid in state.order:
        player = state.players[pid]
        if not shipments.land(state, player):
            state.pending_store.append(pid)
        player.ordered = 0
    if state.pending_store:
        return lines
    return lines + after_landing(data, state)


def store(data: TitleData, state: State, pid: str, discard) -> list[str]:
    if pid not in state.pending_store:
        raise IllegalAction(shipments.R_LANDING, f"{pid} has nothing to store")
    lines = shipments.store(state, state.players[pid], discard)
    state.pending_store.remove(pid)
    if not state.pending_store:
        lines += after_landing(data, state)
    return lines


def after_landing(data: TitleData, state: State) -> list[str]:
    """Phases 4-6, then phase 7."""
    lines = []
    state.phase = 4
    for pid in state.order:
        player = state.players[pid]
        amount = income(data, state, pid)
        player.cash += amount
        state.bank -= amount
        lines.append(f"{pid} collects {amount} income")
    state.phase = 5
    for player in state.players.values():
        workers.train(player)
    state.phase = 6
    state.order = influence.turn_order(state)
    lines.append("turn order: " + ", ".join(state.order))
    return lines + begin_actions(data, state)


def income(data: TitleData, state: State, pid: str) -> int:
    """10 per passenger car plus 10 per uncovered warehouse space."""
    player = state.players[pid]
    rates = data.rules["income"]
    return rates["passenger_car"] * storage.passenger_cars(player) + rates["warehouse"] * player.warehouse
