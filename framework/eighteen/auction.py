"""Start-packet rounds: a bidding auction and a fixed-price sale in columns.

Which one a title uses is data (``setup.start_packet.round``); both sell the packet's items,
each item being the director's (or only) certificate of one or more companies.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from railyard.framework.core.actions import Action
from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen.abilities import shares as shares_ability
from railyard.framework.eighteen.actions import Bid, BuyItem, Pass
from railyard.framework.eighteen.rounds import RoundType, register_round_type, require_active
from railyard.framework.eighteen.shares import give_certificate
from railyard.framework.eighteen.state import BANK, IPO, G18State, Offer, RoundState
from railyard.framework.model.setup import StartPacket

if TYPE_CHECKING:
    from railyard.framework.eighteen.context import Context


def packet(rules: Context) -> StartPacket:
    """The title's start packet (a packet round is only started for a title that has one)."""
    found = rules.spec.setup.start_packet
    if found is None:
        raise ValueError(f"{rules.spec.title_id} has no start_packet in setup.yaml")
    return found


def item_certificates(rules: Context, state: G18State, item_id: str) -> list[str]:
    """The certificates a packet item sells: the director's certificate of each company."""
    item = packet(rules).items[item_id]
    certs = []
    for cid in item.companies:
        director = next(c for c in state.companies[cid].certificates if c.director)
        certs.append(director.id)
    return certs


def sell_item(
    rules: Context, state: G18State, item_id: str, player: str, price: int
) -> list[str]:
    """Give a packet item to ``player`` for ``price`` (paid to the bank)."""
    certs = item_certificates(rules, state, item_id)
    lines = [f"{player} buys {item_id} for {price}"]
    state.pay(player, BANK, price)
    for cert_id in certs:
        cert = state.cert(cert_id)
        if cert.owner != IPO:
            raise IllegalAction("rule:start_packet.sold", f"{cert_id} is no longer for sale")
        lines += give_certificate(rules, state, cert, player, 0, BANK)
    state.packet_remaining.remove(item_id)
    for cid in packet(rules).items[item_id].companies:
        lines += shares_ability.on_acquired(rules, state, cid, player)
    lines += rules.hooks.on_item_bought(state, item_id, player)
    return lines


def leftover_offers(rules: Context, state: G18State) -> list[str]:
    """Unsold packet items stay on sale at face value in later stock rounds."""
    lines = []
    for item_id in state.packet_remaining:
        item = packet(rules).items[item_id]
        price = rules.spec.item_price(item)
        certs = tuple(item_certificates(rules, state, item_id))
        state.offers[item_id] = Offer(item_id, certs, price, from_packet=True)
        lines.append(f"{item_id} remains on sale for {price}")
    return lines


def _after_purchase(state: G18State, rs: RoundState, player: str) -> None:
    rs.last_actor = player
    rs.passes_in_row = 0
    state.priority = (state.player_index(player) + 1) % len(state.players)
    rs.turn = state.priority


def _skip_bankrupt(state: G18State, turn: int) -> int:
    n = len(state.players)
    for step in range(n):
        if not state.players[(turn + step) % n].bankrupt:
            return (turn + step) % n
    return turn % n


@attrs.define(repr=False)
class AuctionState(RoundState):
    item: str | None = None  # the item under the hammer
    bidders: list[str] = attrs.Factory(list)  # still in, in clockwise order from the opener
    high_bidder: str | None = None
    high_bid: int = 0
    to_act: str | None = None


@register_round_type
class BiddingAuction(RoundType):
    """Each turn a player opens an auction on any item with at least its minimum bid, or
    passes. Players then bid in clockwise order at least ``min_increment`` more, or drop out;
    the last bidder pays and the priority deal goes to the buyer's left. The round ends when
    the packet is sold or all players pass in turn."""

    kind = "auction"
    packet = True

    def new_state(self, rules: Context, state: G18State) -> AuctionState:
        return AuctionState(turn=state.priority)

    def active_entities(self, rules: Context, state: G18State) -> tuple[str, ...]:
        rs: AuctionState = state.round  # type: ignore[assignment]
        if rs.item is not None:
            return (rs.to_act,) if rs.to_act else ()
        return (state.players[_skip_bankrupt(state, rs.turn)].id,)

    def legal_actions(self, rules: Context, state: G18State, entity: str) -> list[Action]:
        rs: AuctionState = state.round  # type: ignore[assignment]
        cash = state.player(entity).cash
        step = packet(rules).min_increment
        actions: list[Action] = [Pass(entity)]
        if rs.item is not None:
            low = rs.high_bid + step
            for price in sorted({low, low + step, low + 5 * step, cash}):
                if low <= price <= cash:
                    actions.append(Bid(entity, rs.item, price))
            return actions
        for item_id in state.packet_remaining:
            low = rules.spec.item_price(packet(rules).items[item_id])
            for price in sorted({low, low + step, cash}):
                if low <= price <= cash:
                    actions.append(Bid(entity, item_id, price))
        return actions

    def apply(self, rules: Context, state: G18State, action: Action) -> list[str]:
        require_active(rules, state, action.entity)
        rs: AuctionState = state.round  # type: ignore[assignment]
        player = action.entity
        if isinstance(action, Pass):
            return self._pass(rules, state, rs, player)
        if not isinstance(action, Bid):
            raise IllegalAction(
                "rule:start_packet.action", f"{type(action).__name__} is not allowed in an auction"
            )
        cash = state.player(player).cash
        if action.price > cash:
            raise IllegalAction("rule:auction.cash", f"{player} has only {cash}, bids {action.price}")
        if rs.item is None:
            if action.item not in state.packet_remaining:
                raise IllegalAction("rule:auction.item", f"{action.item} is not for sale")
            low = rules.spec.item_price(packet(rules).items[action.item])
            if action.price < low:
                raise IllegalAction(
                    "rule:auction.min_bid", f"the minimum bid for {action.item} is {low}"
                )
            rs.item = action.item
            rs.bidders = [p for p in state.seats_from(player) if not state.player(p).bankrupt]
            rs.passes_in_row = 0
        else:
            if action.item != rs.item:
                raise IllegalAction("rule:auction.item", f"{rs.item} is being auctioned")
            low = rs.high_bid + packet(rules).min_increment
            if action.price < low:
                raise IllegalAction("rule:auction.min_increment", f"the bid must be at least {low}")
        rs.high_bid = action.price
        rs.high_bidder = player
        lines = [f"{player} bids {action.price} for {rs.item}"]
        if len(rs.bidders) == 1:
            return lines + self._award(rules, state, rs)
        rs.to_act = self._next_bidder(rs, player)
        return lines

    @staticmethod
    def _next_bidder(rs: AuctionState, player: str) -> str:
        i = rs.bidders.index(player)
        return rs.bidders[(i + 1) % len(rs.bidders)]

    def _pass(self, rules: Context, state: G18State, rs: AuctionState, player: str) -> list[str]:
        if rs.item is None:
            rs.passes_in_row += 1
            rs.turn = _skip_bankrupt(state, (state.player_index(player) + 1) % len(state.players))
            return [f"{player} passes"]
        nxt = self._next_bidder(rs, player)
        rs.bidders.remove(player)
        lines = [f"{player} drops out of the auction for {rs.item}"]
        if len(rs.bidders) == 1:
            return lines + self._award(rules, state, rs)
        rs.to_act = nxt
        return lines

    def _award(self, rules: Context, state: G18State, rs: AuctionState) -> list[str]:
        assert rs.item is not None and rs.high_bidder is not None
        winner, item, price = rs.high_bidder, rs.item, rs.high_bid
        lines = sell_item(rules, state, item, winner, price)
        rs.item, rs.bidders, rs.high_bidder, rs.high_bid, rs.to_act = None, [], None, 0, None
        _after_purchase(state, rs, winner)
        return lines

    def is_finished(self, rules: Context, state: G18State) -> bool:
        rs: AuctionState = state.round  # type: ignore[assignment]
        if rs.item is not None:
            return False
        active = sum(1 for p in state.players if not p.bankrupt)
        return not state.packet_remaining or rs.passes_in_row >= active

    def finish(self, rules: Context, state: G18State) -> list[str]:
        return leftover_offers(rules, state) + rules.hooks.on_start_packet_end(state)


@attrs.define(repr=False)
class FixedPriceState(RoundState):
    discount: int = 0


@register_round_type
class FixedPriceColumns(RoundType):
    """Items are laid out in columns and only the top item of each column is for sale, at its
    printed price. After each complete round of passes the price of every item on offer drops
    by ``discount_step`` (never below 0); any purchase restores full prices. An item whose
    price reaches 0 must be taken by the player to act. The round ends when the packet is sold.
    """

    kind = "fixed_price_columns"
    packet = True

    def new_state(self, rules: Context, state: G18State) -> FixedPriceState:
        return FixedPriceState(turn=state.priority)

    def available(self, rules: Context, state: G18State) -> list[str]:
        columns = rules.spec.packet.columns or tuple((i,) for i in state.packet_remaining)
        tops = []
        for column in columns:
            for item_id in column:
                if item_id in state.packet_remaining:
                    tops.append(item_id)
                    break
        # items in no column are always available
        placed = {i for column in columns for i in column}
        tops += [i for i in state.packet_remaining if i not in placed]
        return tops

    def price(self, rules: Context, state: G18State, item_id: str) -> int:
        rs: FixedPriceState = state.round  # type: ignore[assignment]
        face = rules.spec.item_price(packet(rules).items[item_id])
        return max(0, face - rs.discount)

    def active_entities(self, rules: Context, state: G18State) -> tuple[str, ...]:
        rs: FixedPriceState = state.round  # type: ignore[assignment]
        return (state.players[_skip_bankrupt(state, rs.turn)].id,)

    def _forced(self, rules: Context, state: G18State) -> list[str]:
        return [i for i in self.available(rules, state) if self.price(rules, state, i) == 0]

    def legal_actions(self, rules: Context, state: G18State, entity: str) -> list[Action]:
        cash = state.player(entity).cash
        forced = self._forced(rules, state)
        actions: list[Action] = [] if forced else [Pass(entity)]
        for item_id in forced or self.available(rules, state):
            price = self.price(rules, state, item_id)
            if price <= cash:
                actions.append(BuyItem(entity, item_id, price))
        return actions

    def apply(self, rules: Context, state: G18State, action: Action) -> list[str]:
        require_active(rules, state, action.entity)
        rs: FixedPriceState = state.round  # type: ignore[assignment]
        player = action.entity
        forced = self._forced(rules, state)
        if isinstance(action, Pass):
            if forced:
                raise IllegalAction(
                    "rule:start_packet.forced_take",
                    f"{', '.join(forced)} costs nothing now and must be taken",
                )
            rs.passes_in_row += 1
            lines = [f"{player} passes"]
            active = sum(1 for p in state.players if not p.bankrupt)
            if rs.passes_in_row >= active:
                rs.passes_in_row = 0
                rs.discount += rules.spec.packet.discount_step
                lines.append(f"items on offer are now {rs.discount} cheaper")
            rs.turn = _skip_bankrupt(state, (state.player_index(player) + 1) % len(state.players))
            return lines
        if not isinstance(action, BuyItem):
            raise IllegalAction(
                "rule:start_packet.action",
                f"{type(action).__name__} is not allowed while the start packet is on sale",
            )
        if action.item not in self.available(rules, state):
            raise IllegalAction(
                "rule:start_packet.column", f"{action.item} is not at the top of a column"
            )
        if forced and action.item not in forced:
            raise IllegalAction(
                "rule:start_packet.forced_take", f"{', '.join(forced)} must be taken first"
            )
        price = self.price(rules, state, action.item)
        if action.price != price:
            raise IllegalAction("rule:start_packet.price", f"{action.item} costs {price} now")
        if price > state.player(player).cash:
            raise IllegalAction("rule:start_packet.cash", f"{player} cannot pay {price}")
        lines = sell_item(rules, state, action.item, player, price)
        rs.discount = 0
        _after_purchase(state, rs, player)
        return lines

    def is_finished(self, rules: Context, state: G18State) -> bool:
        return not state.packet_remaining

    def finish(self, rules: Context, state: G18State) -> list[str]:
        return leftover_offers(rules, state) + rules.hooks.on_start_packet_end(state)
