"""What is on sale around the start packet (rule I; first edition I.6, XIV.2.6-2.7).

Second edition: after the auction, unsold items stay on sale at face value together with the
second 25% certificates of Ug #1 and #3 (90K each); major shares only once the packet is
sold. First edition (and the second edition's appendix, variant ``fixed_packet``): the
packet is sold in three columns at fixed prices (the engine's
``fixed_price_columns``); then the three kk minors at their printed prices; once those are
sold, the five Ug certificates at 90K (a second 25% only after its director's certificate);
only then the major corporations."""

from __future__ import annotations

from typing import TYPE_CHECKING

from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen.primitives import offer_for_sale
from railyard.framework.eighteen.state import IPO, G18State

from .common import option

if TYPE_CHECKING:
    from railyard.framework.eighteen.context import Context

SECOND = "_share"  # offer id suffix of a minor's second certificate (recorded games' UG1_share)


def _second_certificate_ability(rules: Context, company_id: str) -> dict | None:
    for ability in rules.spec.companies[company_id].abilities or ():
        kind = ability.get("kind") if isinstance(ability, dict) else getattr(ability, "kind", None)
        if kind == "second_certificate":
            return ability if isinstance(ability, dict) else dict(ability.__dict__)
    return None


def _offer_second_certificates(rules: Context, state: G18State) -> list[str]:
    """The non-director certificates of minors with a ``second_certificate`` ability, once the
    director's certificate is in a player's hands."""
    lines = []
    for cid in rules.spec.companies:
        ability = _second_certificate_ability(rules, cid)
        if ability is None or state.director(cid) is None:
            continue
        offer_id = cid + SECOND
        if offer_id in state.offers or state.extra.get("sold_" + offer_id):
            continue
        cert = next(
            (c for c in state.companies[cid].certificates if not c.director and c.owner == IPO), None
        )
        if cert is None:
            continue
        price = int(ability.get("price", 0))
        offer_for_sale(state, offer_id, (cert.id,), price)
        lines.append(f"the second {cert.percent}% certificate of {cid} is on sale for {price}")
    return lines


def _stage(state: G18State) -> int:
    return int(state.extra.get("packet_stage", 0))


def _offer_stage(rules: Context, state: G18State) -> list[str]:
    """First edition: put the next group of minors (all kk, then all Ug) on sale."""
    groups = _stage_groups(rules)
    stage = _stage(state)
    if stage >= len(groups):
        return []
    lines = []
    for cid in groups[stage]:
        director = next(c for c in state.companies[cid].certificates if c.director)
        if director.owner != IPO:
            continue
        price = rules.spec.companies[cid].min_bid or 0
        offer_for_sale(state, cid, (director.id,), price)
        lines.append(f"{cid} is on sale for {price}")
    return lines


def _stage_groups(rules: Context) -> list[list[str]]:
    """``after_packet`` grouped by company type, in order (kk minors, then Ug minors)."""
    groups: list[list[str]] = []
    last = None
    packet = rules.spec.setup.start_packet
    for cid in (packet.after_packet if packet is not None else None) or ():
        ctype = rules.spec.companies[cid].type
        if ctype != last:
            groups.append([])
            last = ctype
        groups[-1].append(cid)
    return groups


def on_start_packet_end(rules: Context, state: G18State) -> list[str]:
    if option(rules, "minors_sold_in_stages"):
        state.extra["packet_stage"] = 0
        return _offer_stage(rules, state)
    return _offer_second_certificates(rules, state)


def on_item_bought(rules: Context, state: G18State, item_id: str, player_id: str) -> list[str]:
    if item_id.endswith(SECOND):
        state.extra["sold_" + item_id] = True
    if state.round.kind not in ("stock",) and not option(rules, "minors_sold_in_stages"):
        return []
    lines: list[str] = []
    if option(rules, "minors_sold_in_stages") and "packet_stage" in state.extra:
        groups = _stage_groups(rules)
        stage = _stage(state)
        if stage < len(groups) and all(state.director(c) is not None for c in groups[stage]):
            state.extra["packet_stage"] = stage + 1
            lines += _offer_stage(rules, state)
        if _stage(state) >= 1:
            lines += _offer_second_certificates(rules, state)
        return lines
    return _offer_second_certificates(rules, state)


def majors_on_sale(rules: Context, state: G18State) -> bool:
    """I, XIV: shares of the major corporations only once the packet is sold (first edition:
    and the kk and Ug minors after it)."""
    if state.packet_remaining:
        return False
    if option(rules, "minors_sold_in_stages"):
        if "packet_stage" not in state.extra:
            return False
        if _stage(state) < len(_stage_groups(rules)):
            return False
        return not any(o for o in state.offers if o.endswith(SECOND))
    return True


def check_buy(rules: Context, state: G18State, player_id: str, company_id: str) -> None:
    if not majors_on_sale(rules, state):
        section = option(rules, "packet_rule")
        raise IllegalAction(
            section, "shares of the major corporations are on sale only once the start packet is sold"
            + (" and the kk and Ug minors after it" if option(rules, "minors_sold_in_stages") else "")
        )
