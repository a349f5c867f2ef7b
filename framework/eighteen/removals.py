"""Companies drawn out of the game at setup (``setup.players.<n>.random_removals``).

Each draw shuffles its group (``setup.draws``) and removes the first ``count``: a removed
private or minor is closed and leaves the start packet (and the draft's deck); a removed
corporation is closed after its home token is placed, so its home slot stays taken as the
physical game leaves the token on the map.
"""

from __future__ import annotations

from railyard.framework.eighteen import site_random, tokens
from railyard.framework.eighteen.context import Context
from railyard.framework.eighteen.state import G18State

DRAFT_DECK = "draft_deck"  # state.extra key: the draft's deck before its round starts


def remove_at_setup(ctx: Context, state: G18State) -> list[str]:
    """Draw and remove the companies of every removal group, in the listed order."""
    lines: list[str] = []
    for draw in ctx.spec.player_setup(len(state.players)).random_removals:
        order = site_random.shuffled(ctx, state, list(draw.companies))
        for cid in order[: draw.count]:
            lines += remove(ctx, state, cid)
    return lines


def remove(ctx: Context, state: G18State, company_id: str) -> list[str]:
    """Take one company out of the game before anything is sold."""
    company = state.companies[company_id]
    lines = []
    if company.kind == "corporation":
        lines += tokens.place_home_token(ctx, state, company_id)
    company.closed = True
    packet = ctx.spec.setup.start_packet
    if packet is not None:
        state.packet_remaining = [
            i for i in state.packet_remaining
            if not all(state.companies[c].closed for c in packet.items[i].companies)
        ]
        deck = state.extra.get(DRAFT_DECK)
        if isinstance(deck, list):
            state.extra[DRAFT_DECK] = [i for i in deck if i not in packet.items or i in state.packet_remaining]
    return lines + [f"{company_id} is removed from the game"]
