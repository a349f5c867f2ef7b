"""A player's storage: goods on freight cars, coal on engines, goods in the warehouse.

Storage is kept as counts per good; where a cube sits is free to rearrange (our reading: the
game help never ties a cube to a particular car). The only placement rule is that an engine
space holds coal, so a set of goods fits when the non-coal goods fit the general spaces and
all goods fit general plus engine spaces.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from railyard.framework.core.errors import IllegalAction

from .data import GOODS
from .state import Player


def general_spaces(player: Player) -> int:
    """Spaces for any good: free freight cars plus uncovered warehouse spaces."""
    return sum(t.freight for t in player.trains) + player.warehouse


def engine_spaces(player: Player) -> int:
    return len(player.trains)


def overflow(player: Player, goods: Mapping[str, int] | None = None) -> int:
    """How many cubes must go back to the supply for ``goods`` (default: held) to fit."""
    goods = player.goods if goods is None else goods
    general = general_spaces(player)
    coal = goods.get("coal", 0)
    other = sum(n for g, n in goods.items() if g != "coal")
    extra_other = max(0, other - general)
    kept_other = other - extra_other
    extra_total = max(0, kept_other + coal - general - engine_spaces(player))
    return extra_other + extra_total


def fits(player: Player, goods: Mapping[str, int] | None = None) -> bool:
    return overflow(player, goods) == 0


def count(goods: Iterable[str]) -> dict[str, int]:
    tally = Counter(goods)
    for good in tally:
        if good not in GOODS:
            raise IllegalAction("Goods", f"unknown good {good!r}")
    return dict(tally)


def settle(player: Player, incoming: Mapping[str, int], discard: Iterable[str], rule: str) -> dict[str, int]:
    """The goods held after taking ``incoming`` and returning ``discard`` to the supply.

    "A full store never blocks production": the cubes come in first, then exactly as many
    cubes as do not fit go back (the player chooses which). Checks only; returns the result.
    """
    after = {g: player.goods.get(g, 0) + incoming.get(g, 0) for g in GOODS}
    back = count(discard)
    need = overflow(player, after)
    if sum(back.values()) != need:
        raise IllegalAction(rule, f"must return exactly {need} cube(s) that do not fit, not {sum(back.values())}")
    for good, n in back.items():
        if after[good] < n:
            raise IllegalAction(rule, f"cannot return {n} {good}: holds {after[good]}")
        after[good] -= n
    if not fits(player, after):
        raise IllegalAction(rule, "the goods kept do not fit (an engine space holds only coal)")
    return after


def default_discard(player: Player, incoming: Mapping[str, int]) -> tuple[str, ...]:
    """A legal choice of cubes to return (the most plentiful non-coal goods first)."""
    after = {g: player.goods.get(g, 0) + incoming.get(g, 0) for g in GOODS}
    out: list[str] = []
    while not fits(player, after):
        other = [g for g in GOODS if g != "coal" and after[g] > 0]
        general = general_spaces(player)
        if other and sum(after[g] for g in other) > general:
            good = max(other, key=lambda g: after[g])
        else:
            good = max((g for g in GOODS if after[g] > 0), key=lambda g: after[g])
        after[good] -= 1
        out.append(good)
    return tuple(out)


def passenger_cars(player: Player) -> int:
    return sum(t.passenger for t in player.trains)


def can_flip(player: Player) -> bool:
    """A freight car is free to flip: one exists and the goods still fit with one space fewer."""
    if not any(t.freight for t in player.trains):
        return False
    general = general_spaces(player) - 1
    coal = player.goods["coal"]
    other = sum(n for g, n in player.goods.items() if g != "coal")
    return other <= general and other + coal <= general + engine_spaces(player)


def flip(player: Player) -> None:
    """Turn one freight car into a passenger car (Business token)."""
    for train in player.trains:
        if train.freight:
            train.freight -= 1
            train.passenger += 1
            return
    raise IllegalAction("Business token", "no freight car to flip")
