"""Game end and final scoring in its six steps (game help, "Game end and final scoring")."""

from __future__ import annotations

from . import contracts, deliveries, influence
from .data import GOODS, TitleData
from .state import Player, State


def _take(state: State, player: Player, amount: int, to: str | None = None) -> int:
    """A player pays what they can (money never goes below 0: our ruling, the game help is
    silent); returns the amount paid."""
    paid = min(amount, player.cash)
    player.cash -= paid
    if to is None:
        state.bank += paid
    else:
        state.players[to].cash += paid
    return paid


def _give(state: State, player: Player, amount: int) -> None:
    state.bank -= amount
    player.cash += amount


def final_scoring(data: TitleData, state: State) -> list[str]:
    from .rounds import income  # the phase 4 income, once more

    rules = data.rules["scoring"]
    lines: list[str] = []
    sheet: dict[str, dict[str, int]] = {pid: {} for pid in state.players}
    # 1. income, doubled with the Semmering token
    for pid, player in state.players.items():
        amount = income(data, state, pid) * (rules["semmering_income_factor"] if player.semmering else 1)
        _give(state, player, amount)
        sheet[pid]["income"] = amount
    # 2. goods on trains and in the warehouse, 10 each
    for pid, player in state.players.items():
        held = sum(player.goods.values())
        _give(state, player, held * rules["goods_value"])
        for good in GOODS:
            state.supply[good] += player.goods[good]
            player.goods[good] = 0
        sheet[pid]["goods"] = held * rules["goods_value"]
    # 3. City Keys
    for pid, player in state.players.items():
        value = deliveries.hub_keys_value(data, state, player)
        _give(state, player, value)
        sheet[pid]["keys"] = value
    # 4. hub influence: hubs at or below the player
    table = {int(k): v for k, v in rules["hub_influence"].items()}
    for pid, player in state.players.items():
        n = sum(1 for colour in state.hubs if influence.hub_open_to(state, colour, player))
        value = table.get(n, 0)
        _give(state, player, value)
        sheet[pid]["hubs"] = value
    # 5. contracts, only if somebody connected Wien to Trieste
    for pid in state.players:
        sheet[pid]["contracts"] = 0
        sheet[pid]["track_usage"] = 0
    if state.trieste_by:
        for pid, player in state.players.items():
            filled, unfilled = contracts.best_fill(data, player)
            gain = sum(data.contracts[c].value for c in filled)
            _give(state, player, gain)
            loss = _take(state, player, sum(data.contracts[c].value for c in unfilled))
            sheet[pid]["contracts"] = gain - loss
            if filled or unfilled:
                lines.append(f"{pid}: contracts filled {filled or '-'}, unfilled {unfilled or '-'}")
        for pid, player in state.players.items():
            if player.contracts and not player.trieste:
                sheet[pid]["track_usage"] = -_track_usage(data, state, player, lines)
    else:
        lines.append("nobody connected Trieste: every contract is void")
    # 6. shareholders: 10% of the money each
    percent = data.shareholder_percent
    for pid, player in state.players.items():
        cut = min(player.cash, player.cash * percent * player.shareholders // 100)
        _take(state, player, cut)
        sheet[pid]["shareholders"] = -cut
    for pid, player in state.players.items():
        state.final[pid] = player.cash
        state.scoring[pid] = sheet[pid]
        lines.append(f"{pid} ends with {player.cash}: " + ", ".join(f"{k} {v:+d}" for k, v in sheet[pid].items()))
    return lines


def _track_usage(data: TitleData, state: State, player: Player, lines: list[str]) -> int:
    """Pay 20 per connection of the shortest path to Trieste over other players' track, each
    to that connection's highest-influence track owner (once, however many contracts)."""
    from .track import owners, path_to_end

    path = path_to_end(data, state, player)
    if path is None:
        lines.append(f"{player.id} has no path to Trieste over other players' track: pays no track usage")
        return 0
    total = 0
    per = data.rules["scoring"]["track_usage_per_connection"]
    for conn_id in path:
        others = [state.players[o] for o in owners(state, conn_id) if o != player.id]
        owner = max(others, key=influence.position)
        total += _take(state, player, per, to=owner.id)
    lines.append(f"{player.id} pays {total} track usage over {len(path)} connection(s)")
    return total


def standings(state: State) -> list[tuple[str, int]]:
    """Most money first; ties share the victory (implementation notes)."""
    money = state.final or {pid: p.cash for pid, p in state.players.items()}
    return sorted(money.items(), key=lambda item: (-item[1], item[0]))


def winners(state: State) -> list[str]:
    table = standings(state)
    best = table[0][1]
    return [pid for pid, money in table if money == best]
