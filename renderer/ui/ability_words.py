"""A company's abilities in words, written from the ability data of the title.

A new player reads what a private or a mountain railway does on its card; the words come
from the typed abilities (framework.model.abilities), so a title that changes an ability in
YAML changes its card too. Nothing here decides whether an ability may be used: the engine
does that when the action is offered.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from railyard.framework.model import abilities as ab

#: who an ability serves, in words (the ``owner`` parameter)
OWNERS = {"corporation": "the company owning it", "player": "its owner (a player)",
          "any": "its owner"}
WHEN = {"own_turn": "in its own tile step", "stock_round": "in a stock round",
        "director_tile_step": "in the tile step of a company its owner directs",
        "before_turn": "before any company's turn", "on_sale": "when sold to a company",
        "any": "at any time"}


def _list(items: Sequence[str], one: str, many: str) -> str:
    if not items:
        return ""
    return f"{one} {items[0]}" if len(items) == 1 else f"{many} {', '.join(items)}"


def describe(ability: Any, home_hexes: Sequence[str], hex_name: Callable[[str], str],
             company: Callable[[str], str] = str) -> str:
    """One ability as a sentence; ``home_hexes``: the company's own ``hexes`` (an ability
    without hexes of its own acts there); ``hex_name``: "F16" -> "F16 (Scranton)"."""
    hexes = [hex_name(h) for h in (getattr(ability, "hexes", ()) or home_hexes)]
    where = _list(hexes, "on", "on one of")
    tiles = _list(list(getattr(ability, "tiles", ())), "tile", "a tile of")
    if isinstance(ability, ab.BlocksHexes):
        until = "while a player owns it" if ability.until == "bought" else "while it is open"
        return f"Blocks {', '.join(hexes) or 'its hexes'} {until}: no tile may be laid there."
    if isinstance(ability, ab.TileLay):
        when = " or ".join(WHEN.get(w, w.replace("_", " ")) for w in ability.when)
        times = "once" if ability.count == 1 else ("any number of times" if ability.count is None
                                                   else f"{ability.count} times")
        extra = [] if ability.consumes_lay else ["besides the normal lay"]
        if not ability.connect:
            extra.append("without a connection")
        if ability.free:
            extra.append("terrain free")
        elif ability.discount:
            extra.append(f"terrain {ability.discount} less")
        return (f"{OWNERS.get(ability.owner, ability.owner).capitalize()} may lay {tiles or 'a tile'}"
                f" {where} {when}, {times} ({', '.join(extra)}).").replace("  ", " ")
    if isinstance(ability, ab.Teleport):
        return (f"{OWNERS.get(ability.owner, ability.owner).capitalize()} may lay {tiles or 'a tile'} "
                f"{where} as its lay without a connection, then place a station there for "
                f"{ability.token_cost} (once).")
    if isinstance(ability, ab.TerrainDiscount):
        terrain = f"{ability.terrain} terrain" if ability.terrain else "terrain"
        amount = f"{ability.amount} less" if ability.amount else "nothing"
        place = f" {where}" if getattr(ability, "hexes", ()) else ""
        return f"{OWNERS.get(ability.owner, ability.owner).capitalize()} pays {amount} for {terrain}{place}."
    if isinstance(ability, ab.FreeTileLay):
        return f"The owner's companies lay a tile {where or 'on its hexes'} free."
    if isinstance(ability, ab.Exchange):
        source = " or ".join({"ipo": "the initial offering", "pool": "the pool"}.get(s, s)
                             for s in ability.source)
        return f"May be exchanged for a share of {company(ability.company)} from {source}."
    if isinstance(ability, ab.Shares):
        certs = [f"a {c.split('.')[0]} certificate ({c})" for c in ability.certificates]
        return f"Its buyer also receives {', '.join(certs)}."
    if isinstance(ability, ab.NoBuy):
        return "No company may buy it."
    if isinstance(ability, ab.Close):
        if ability.when == "never":
            holder = "a player holds it" if ability.owner == "player" else "it is held"
            return f"Does not close with the other privates while {holder}."
        who = f" {company(ability.company)}" if ability.company else ""
        moments = {"bought_train": f"when{who} buys a train", "phase": f"in phase {ability.phase}"}
        return f"Closes {moments.get(ability.when, ability.when.replace('_', ' '))}."
    if isinstance(ability, ab.RevenueChange):
        return f"Its revenue becomes {ability.revenue} from phase {ability.phase}."
    if isinstance(ability, ab.ExclusiveTiles):
        return f"{tiles.capitalize()} may be laid only through this company."
    if isinstance(ability, ab.SecondCertificate):
        return (f"A second certificate is sold for {ability.price} after the "
                f"{ability.after.replace('_', ' ')}.")
    params = {k: v for k, v in vars(ability).items() if v} if hasattr(ability, "__dict__") else {}
    return f"{getattr(ability, 'kind', type(ability).__name__).replace('_', ' ')} {params or ''}".strip()
