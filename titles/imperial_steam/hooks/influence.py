"""The Influence track: player markers that stack, hub city markers, and what they are worth.

Influence sets turn order, gates hiring and pays for share-price steps, so every rule that
compares or moves influence goes through here.
"""

from __future__ import annotations

from railyard.framework.core.errors import IllegalAction

from .data import TitleData
from .state import Player, State


def position(player: Player) -> tuple[int, int]:
    """Comparable influence position: the step, then the height in its stack (later is higher)."""
    return (player.influence, player.stamp)


def move(data: TitleData, state: State, player: Player, steps: int) -> int:
    """Move a marker by ``steps`` (clamped to the track) onto the top of the new step's stack.

    Returns the steps actually moved; movement beyond the end of the track is lost
    (game help, implementation notes: "Influence stops at the end of its track").
    """
    target = max(0, min(data.max_influence, player.influence + steps))
    moved = target - player.influence
    if moved:
        player.influence = target
        player.stamp = state.next_stamp()
    return moved


def pay(data: TitleData, state: State, player: Player, steps: int, rule: str) -> None:
    """Decrease influence by exactly ``steps``; refuse if the marker cannot go that far down."""
    if steps <= 0:
        return
    if player.influence < steps:
        raise IllegalAction(rule, f"needs {steps} influence steps, {player.id} has {player.influence}")
    move(data, state, player, -steps)


def turn_order(state: State) -> list[str]:
    """Phase 6: players by influence, highest first (the top of a stack before those below)."""
    return sorted(state.players, key=lambda pid: position(state.players[pid]), reverse=True)


def hub_open_to(state: State, colour: str, player: Player) -> bool:
    """A hub is at or below a player when its marker's step is not above the player's step."""
    return state.hubs[colour].influence <= player.influence


def gold_value(data: TitleData, step: int) -> int:
    """Final scoring 3: the value printed directly below the hub's Influence marker."""
    return data.influence_steps[step].gold


def silver_value(data: TitleData, step: int) -> int:
    """Final scoring 3: the green flag nearest the marker (a tie goes to the lower flag)."""
    flags = [(abs(i - step), i, s.silver) for i, s in enumerate(data.influence_steps) if s.silver is not None]
    if not flags:
        return 0
    return min(flags)[2]


def philanthropize(data: TitleData, state: State, player: Player, amount: int) -> list[str]:
    """Main action 8: any multiple of 10 guldens, 1 step per 10 (no paying for steps past the
    end of the track)."""
    per = data.rules["philanthropy_per_step"]
    rule = "Philanthropize"
    if amount < per or amount % per:
        raise IllegalAction(rule, f"pay a positive multiple of {per} guldens")
    if amount > player.cash:
        raise IllegalAction(rule, f"{player.id} has only {player.cash}")
    steps = amount // per
    if player.influence + steps > data.max_influence:
        raise IllegalAction(rule, f"only {data.max_influence - player.influence} steps left on the track")
    player.cash -= amount
    state.bank += amount
    move(data, state, player, steps)
    return [f"{player.id} gives {amount}: +{steps} influence"]
