"""Secure a contract (main action 7) and how contracts are filled at the end.

Factories may be rearranged among contracts at any time and the slotting has no other effect,
so the game never asks where a factory sits: final scoring fills the contracts in the way that
is best for the player (which is what a player would do at game end).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from railyard.framework.core.errors import IllegalAction

from . import shares, storage
from .data import GOODS, TitleData
from .state import Player, State

R_CONTRACT = "Secure a contract"


def free_freight(player: Player) -> int:
    return sum(t.freight for t in player.trains)


def plan_contract(data: TitleData, state: State, player: Player, card_id: str, discard: tuple[str, ...]) -> dict:
    card = data.contracts.get(card_id)
    if card is None or card_id not in state.display.get(card.deck, []):
        raise IllegalAction(R_CONTRACT, f"{card_id} is not on the contract display")
    need = len(card.factories)
    if free_freight(player) < need:
        raise IllegalAction(R_CONTRACT, f"needs {need} free freight cars for Reserved tokens, has {free_freight(player)}")
    if state.reserved_supply < need:
        raise IllegalAction(R_CONTRACT, "not enough Reserved tokens left")
    trial = _reserved_copy(player, need)
    back = storage.count(discard)
    after = dict(player.goods)
    for good, n in back.items():
        if after[good] < n:
            raise IllegalAction(R_CONTRACT, f"cannot return {n} {good}")
        after[good] -= n
    must = storage.overflow(trial, player.goods)
    if sum(back.values()) != must or not storage.fits(trial, after):
        raise IllegalAction(R_CONTRACT, f"the goods on the reserved cars go back: return exactly {must} that no longer fit")
    return {"need": need, "after": after}


def _reserved_copy(player: Player, need: int) -> Player:
    import copy

    trial = copy.deepcopy(player)
    _reserve(trial, need)
    return trial


def _reserve(player: Player, need: int) -> None:
    for train in player.trains:
        take = min(need, train.freight)
        train.freight -= take
        train.reserved += take
        need -= take


def secure(data: TitleData, state: State, player: Player, card_id: str, discard) -> list[str]:
    plan = plan_contract(data, state, player, card_id, tuple(discard))
    card = data.contracts[card_id]
    state.display[card.deck].remove(card_id)
    player.contracts.append(card_id)
    _reserve(player, plan["need"])
    state.reserved_supply -= plan["need"]
    for g in GOODS:
        state.supply[g] += player.goods[g] - plan["after"][g]
    player.goods = plan["after"]
    placed = shares.add_investors(data, state, player, plan["need"])
    return [
        f"{player.id} secures contract {card_id} ({', '.join(card.factories)}, {card.value}):"
        f" {plan['need']} cars reserved, {placed} Investor(s) placed"
    ]


def best_fill(data: TitleData, player: Player) -> tuple[list[str], list[str]]:
    """(filled, unfilled) contracts: the fill with the greatest total value the player's
    factories allow (filling a contract swings its value twice, so maximise filled value)."""
    have = Counter(f.good for f in player.factories)
    cards = list(player.contracts)
    best: tuple[int, tuple[str, ...]] = (0, ())
    for size in range(len(cards), 0, -1):
        for subset in combinations(cards, size):
            need = Counter(g for c in subset for g in data.contracts[c].factories)
            if all(have[g] >= n for g, n in need.items()):
                value = sum(data.contracts[c].value for c in subset)
                if value > best[0]:
                    best = (value, subset)
    filled = list(best[1])
    return filled, [c for c in cards if c not in filled]
