"""The draft of the start packet (``setup.start_packet.round: draft``, options in
``start_packet.draft``), as 1846 hands out its privates and minors.

The packet's items and the blank cards (one per player) form a deck shuffled at setup
(``setup.draws``). In turn (``order``) a player sees the deck's first players +
``hand_extra`` cards and keeps one (``BuyItem``; the action's price is not what is paid);
the rest of the hand goes to the bottom of the deck in a new random order. Choices are
secret: each player pays his cards' prices when the draft ends. The draft ends when the deck
is empty, or holds fewer cards than a hand and only blanks. When one real card is left alone
a player may pass instead: its price drops by ``pass_discount`` (default 10) and at its
``floor`` the next player is given it at that price.
"""

from __future__ import annotations

import attrs

from railyard.framework.core.actions import Action
from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen import site_random
from railyard.framework.eighteen.actions import BuyItem, Pass
from railyard.framework.eighteen.auction import leftover_offers, packet, sell_item
from railyard.framework.eighteen.context import Context
from railyard.framework.eighteen.removals import DRAFT_DECK
from railyard.framework.eighteen.rounds import RoundType, register_round_type, require_active
from railyard.framework.eighteen.state import G18State, RoundState
from railyard.framework.model.setup import DraftRules


@attrs.define(repr=False)
class DraftState(RoundState):
    deck: list[str] = attrs.Factory(list)  # item ids and blank cards, top first
    order: list[str] = attrs.Factory(list)  # players in choosing order
    choices: dict[str, list[tuple[str, int]]] = attrs.Factory(dict)  # player -> (card, price)
    discount: int = 0  # taken off the last card alone by passes


def _rs(state: G18State) -> DraftState:
    return state.round  # type: ignore[return-value]


def _rules(ctx: Context) -> DraftRules:
    return packet(ctx).draft or DraftRules()


def deal_at_setup(ctx: Context, state: G18State) -> None:
    """Shuffle the deck before anything else is drawn (the site shuffles it first)."""
    found = ctx.spec.setup.start_packet
    if found is None or found.round != Draft.kind:
        return
    template = _rules(ctx).blank_card
    blanks = [template.format(n=n + 1) for n in range(len(state.players))] if template else []
    state.extra[DRAFT_DECK] = site_random.shuffled(ctx, state, list(state.packet_remaining) + blanks)


def _blank(ctx: Context, card: str) -> bool:
    return card not in packet(ctx).items


def _hand_size(ctx: Context, state: G18State) -> int:
    return len(state.players) + _rules(ctx).hand_extra


def _hand(ctx: Context, state: G18State) -> list[str]:
    return _rs(state).deck[: _hand_size(ctx, state)]


def _last_alone(ctx: Context, state: G18State) -> bool:
    deck = _rs(state).deck
    return len(deck) == 1 and not _blank(ctx, deck[0])


def price(ctx: Context, state: G18State, card: str) -> int:
    """What ``card`` costs its chooser now."""
    if _blank(ctx, card):
        return 0
    face = ctx.spec.item_price(packet(ctx).items[card]) or 0
    return face - (_rs(state).discount if _last_alone(ctx, state) else 0)


@register_round_type
class Draft(RoundType):
    kind = "draft"
    packet = True

    def new_state(self, ctx: Context, state: G18State) -> DraftState:
        if DRAFT_DECK not in state.extra:
            deal_at_setup(ctx, state)
        deck = list(state.extra.pop(DRAFT_DECK, []))
        seats = [p.id for p in state.players]
        order = seats[::-1] if _rules(ctx).order == "reverse_seat" else seats
        return DraftState(deck=deck, order=order)

    def active_entities(self, ctx: Context, state: G18State) -> tuple[str, ...]:
        rs = _rs(state)
        if self.is_finished(ctx, state):
            return ()
        return (rs.order[rs.turn % len(rs.order)],)

    def legal_actions(self, ctx: Context, state: G18State, entity: str) -> list[Action]:
        if entity not in self.active_entities(ctx, state):
            return []
        out: list[Action] = [BuyItem(entity, card, price(ctx, state, card)) for card in _hand(ctx, state)]
        if _last_alone(ctx, state):
            out.append(Pass(entity))
        return out

    def apply(self, ctx: Context, state: G18State, action: Action) -> list[str]:
        require_active(ctx, state, action.entity)
        rs = _rs(state)
        if isinstance(action, BuyItem):
            if action.item not in _hand(ctx, state):
                raise IllegalAction("rule:draft.hand", f"{action.item} is not in {action.entity}'s hand")
            lines = self._choose(ctx, state, action.entity, action.item)
            rs.turn += 1
            return lines
        if isinstance(action, Pass):
            if not _last_alone(ctx, state):
                raise IllegalAction("rule:draft.pass", "a player may pass only on the last card alone")
            card = rs.deck[0]
            rs.discount += packet(ctx).pass_discount or 10
            rs.turn += 1
            now = price(ctx, state, card)
            lines = [f"{action.entity} passes: {card} now costs {now}"]
            if now <= packet(ctx).items[card].floor:
                (taker,) = self.active_entities(ctx, state)
                lines += self._choose(ctx, state, taker, card)
            return lines
        raise IllegalAction("rule:start_packet.action", f"{type(action).__name__} is not allowed in a draft")

    def _choose(self, ctx: Context, state: G18State, player: str, card: str) -> list[str]:
        rs = _rs(state)
        rs.choices.setdefault(player, []).append((card, price(ctx, state, card)))
        rs.last_actor = player
        if _last_alone(ctx, state):
            rs.deck.clear()
            return [f"{player} chooses {card}"]
        hand = _hand(ctx, state)
        del rs.deck[: len(hand)]
        rs.deck += [c for c in site_random.shuffled(ctx, state, hand) if c != card]
        return [f"{player} chooses a card"]

    def is_finished(self, ctx: Context, state: G18State) -> bool:
        deck = _rs(state).deck
        return not deck or (len(deck) < _hand_size(ctx, state) and all(_blank(ctx, c) for c in deck))

    def finish(self, ctx: Context, state: G18State) -> list[str]:
        lines: list[str] = []
        for player, picks in _rs(state).choices.items():
            for card, paid in picks:
                if _blank(ctx, card):
                    lines.append(f"{player} chose {card}")
                else:
                    lines += sell_item(ctx, state, card, player, paid)
        return lines + leftover_offers(ctx, state) + ctx.hooks.on_start_packet_end(state)
