"""The waterfall start-packet round (``setup.start_packet.round: waterfall``), as 1830 and
1889 sell their privates.

The items are ordered by price, cheapest first. On a turn a player buys the cheapest item at
its price (less the pass discount), bids on any other item (the first bid at least its price
plus ``min_increment``, then at least the high bid plus ``min_increment``; a player's open
bids together may not exceed his cash, and a purchase uses only cash not committed to
them), or passes. When the cheapest item is sold the next
one is resolved at once: with one bid it is sold at that bid, with several its bidders bid it
up (the lowest bidder acts first, raising by ``min_increment`` or dropping out) until one is
left. If every player passes in a row: while the first item of the packet is unsold its price
drops by ``pass_discount`` (default ``min_increment``; at 0 the player to act must take it);
otherwise the sold privates pay their income once. The round ends when all items are sold;
the priority deal goes to the player whose turn would have come next.
"""

from __future__ import annotations

import attrs

from railyard.framework.core.actions import Action
from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen import export
from railyard.framework.eighteen.abilities import shares as shares_ability
from railyard.framework.eighteen.abilities.revenue_change import income
from railyard.framework.eighteen.actions import Bid, BuyItem, Par, Pass
from railyard.framework.eighteen.auction import leftover_offers, sell_item
from railyard.framework.eighteen.context import Context
from railyard.framework.eighteen.rounds import RoundType, register_round_type, require_active
from railyard.framework.eighteen.state import BANK, G18State, RoundState
from railyard.framework.model.setup import StartPacket


@attrs.define(repr=False)
class WaterfallState(RoundState):
    order: list[str] = attrs.Factory(list)  # item ids, cheapest first (unsold ones)
    first: str = ""  # the packet's cheapest item (whose price drops while unsold)
    bids: dict[str, dict[str, int]] = attrs.Factory(dict)  # item -> player -> bid
    discount: int = 0
    contest: list[str] = attrs.Factory(list)  # bidders still in the auction of order[0]


def _rs(state: G18State) -> WaterfallState:
    return state.round  # type: ignore[return-value]


def _packet(ctx: Context) -> StartPacket:
    packet = ctx.spec.setup.start_packet
    assert packet is not None, "a waterfall round sells the start packet"
    return packet


def face(ctx: Context, item_id: str) -> int:
    return ctx.spec.item_price(_packet(ctx).items[item_id])


def _step(ctx: Context) -> int:
    return _packet(ctx).min_increment


def _pass_discount(ctx: Context) -> int:
    value = _packet(ctx).pass_discount
    return _step(ctx) if value is None else value


def price_now(ctx: Context, state: G18State) -> int:
    """The price of the cheapest unsold item now."""
    rs = _rs(state)
    cheapest = rs.order[0]
    return max(0, face(ctx, cheapest) - (rs.discount if cheapest == rs.first else 0))


def committed(state: G18State, player: str, besides: str | None = None) -> int:
    """Cash promised to open bids (on items other than ``besides``): the waterfall keeps it
    for them, so neither a bid nor a purchase may use it."""
    return sum(b.get(player, 0) for item, b in _rs(state).bids.items() if item != besides)


def min_bid(ctx: Context, state: G18State, item_id: str) -> int:
    bids = _rs(state).bids.get(item_id, {})
    return (max(bids.values()) if bids else face(ctx, item_id)) + _step(ctx)


@register_round_type
class Waterfall(RoundType):
    kind = "waterfall"
    packet = True

    def new_state(self, ctx: Context, state: G18State) -> WaterfallState:
        items = [i for i in _packet(ctx).items if i in state.packet_remaining]
        order = sorted(items, key=lambda i: face(ctx, i))  # stable: file order among equals
        return WaterfallState(turn=state.priority, order=order, first=order[0] if order else "")

    def start(self, ctx: Context, state: G18State) -> list[str]:
        return []

    def active_entities(self, ctx: Context, state: G18State) -> tuple[str, ...]:
        rs = _rs(state)
        must = shares_ability.pending(state)
        if must is not None:
            return (must[1],)
        if not rs.order:
            return ()
        if rs.contest:
            return (self._contest_turn(state),)
        return (state.players[rs.turn % len(state.players)].id,)

    def _contest_turn(self, state: G18State) -> str:
        """The lowest bidder still in the auction (ties: the earlier bidder)."""
        rs = _rs(state)
        bids = rs.bids[rs.order[0]]
        return min(rs.contest, key=lambda p: (bids[p], rs.contest.index(p)))

    def legal_actions(self, ctx: Context, state: G18State, entity: str) -> list[Action]:
        rs = _rs(state)
        if entity not in self.active_entities(ctx, state):
            return []
        must = shares_ability.pending(state)
        if must is not None:
            return [Par(entity, must[0], p) for p in shares_ability.par_prices(ctx, state, must[0])]
        cash = state.player(entity).cash
        step = _step(ctx)
        if rs.contest:
            item = rs.order[0]
            low = max(rs.bids[item].values()) + step
            out: list[Action] = [Pass(entity)]
            out += [Bid(entity, item, p) for p in sorted({low, low + step}) if p <= cash - committed(state, entity, item)]
            return out
        price = price_now(ctx, state)
        out = [BuyItem(entity, rs.order[0], price)] if price <= cash - committed(state, entity) else []
        if price == 0:
            return out
        out.append(Pass(entity))
        for item in rs.order[1:]:
            low = min_bid(ctx, state, item)
            room = cash - committed(state, entity, item)
            out += [Bid(entity, item, p) for p in sorted({low, low + step}) if p <= room]
        return out

    def apply(self, ctx: Context, state: G18State, action: Action) -> list[str]:
        require_active(ctx, state, action.entity)
        rs = _rs(state)
        player = action.entity
        if shares_ability.pending(state) is not None:
            if not isinstance(action, Par):
                raise IllegalAction("rule:shares.par", f"{player} must first set a par price")
            return shares_ability.set_par(ctx, state, player, action.company, action.price) + self._resolve(ctx, state)
        if rs.contest:
            return self._contest(ctx, state, action)
        if isinstance(action, BuyItem):
            if action.item != rs.order[0]:
                raise IllegalAction("rule:waterfall.cheapest", f"only {rs.order[0]}, the cheapest, may be bought")
            price = price_now(ctx, state)
            if action.price != price:
                raise IllegalAction("rule:waterfall.price", f"{action.item} costs {price}")
            free = state.player(player).cash - committed(state, player)
            if price > free:
                raise IllegalAction("rule:waterfall.cash", f"{player} has {free} not committed to bids")
            lines = self._sell(ctx, state, action.item, player, price)
            rs.turn = (state.player_index(player) + 1) % len(state.players)
            rs.passes_in_row = 0
            return lines + self._resolve(ctx, state)
        if isinstance(action, Pass):
            if price_now(ctx, state) == 0:
                raise IllegalAction("rule:waterfall.free", f"{player} must take {rs.order[0]} for nothing")
            rs.passes_in_row += 1
            rs.turn = (state.player_index(player) + 1) % len(state.players)
            lines = [f"{player} passes"]
            if rs.passes_in_row >= len(state.players):
                rs.passes_in_row = 0
                lines += self._all_passed(ctx, state)
            return lines
        if isinstance(action, Bid):
            if action.item not in rs.order[1:]:
                raise IllegalAction("rule:waterfall.item", f"{action.item} is not open to bids")
            low = min_bid(ctx, state, action.item)
            if action.price < low:
                raise IllegalAction("rule:waterfall.bid", f"a bid on {action.item} is at least {low}")
            room = state.player(player).cash - committed(state, player, action.item)
            if action.price > room:
                raise IllegalAction("rule:waterfall.cash", f"{player}'s bids may not exceed his cash ({room} free)")
            rs.bids.setdefault(action.item, {})[player] = action.price
            rs.passes_in_row = 0
            rs.turn = (state.player_index(player) + 1) % len(state.players)
            return [f"{player} bids {action.price} on {action.item}"]
        raise IllegalAction("rule:start_packet.action", f"{type(action).__name__} is not allowed in a waterfall")

    def _sell(self, ctx: Context, state: G18State, item: str, player: str, price: int) -> list[str]:
        rs = _rs(state)
        rs.order.remove(item)
        rs.bids.pop(item, None)
        rs.last_actor = player
        return sell_item(ctx, state, item, player, price)

    def _resolve(self, ctx: Context, state: G18State) -> list[str]:
        """Sell the cheapest items that carry bids: one bid sells, several start an auction."""
        rs = _rs(state)
        lines: list[str] = []
        while rs.order and rs.bids.get(rs.order[0]) and shares_ability.pending(state) is None:
            bids = rs.bids[rs.order[0]]
            if len(bids) == 1:
                (winner, price), = bids.items()
                lines += self._sell(ctx, state, rs.order[0], winner, price)
                continue
            rs.contest = list(bids)
            return lines + [f"{', '.join(rs.contest)} bid for {rs.order[0]}"]
        return lines

    def _contest(self, ctx: Context, state: G18State, action: Action) -> list[str]:
        rs = _rs(state)
        item = rs.order[0]
        player = action.entity
        bids = rs.bids[item]
        if isinstance(action, Pass):
            rs.contest.remove(player)
            bids.pop(player, None)
            lines = [f"{player} drops out of the auction for {item}"]
        elif isinstance(action, Bid) and action.item == item:
            low = max(bids.values()) + _step(ctx)
            if action.price < low:
                raise IllegalAction("rule:waterfall.bid", f"a bid on {item} is at least {low}")
            if action.price > state.player(player).cash - committed(state, player, item):
                raise IllegalAction("rule:waterfall.cash", f"{player} cannot cover {action.price}")
            bids[player] = action.price
            lines = [f"{player} bids {action.price} on {item}"]
        else:
            raise IllegalAction("rule:waterfall.contest", f"the auction for {item} goes on: bid or drop out")
        if len(rs.contest) == 1:
            winner = rs.contest[0]
            rs.contest = []
            lines += self._sell(ctx, state, item, winner, bids[winner])
            lines += self._resolve(ctx, state)
        return lines

    def _all_passed(self, ctx: Context, state: G18State) -> list[str]:
        rs = _rs(state)
        if rs.order and rs.order[0] == rs.first:
            rs.discount = min(face(ctx, rs.first), rs.discount + _pass_discount(ctx))
            return [f"everyone passed: {rs.first} now costs {price_now(ctx, state)}"]
        lines = ["everyone passed: the privates pay their income"]
        for cid, company in state.companies.items():
            if company.kind != "private" or company.closed:
                continue
            owner = next((c.owner for c in company.certificates if c.director), None)
            if owner is not None and (state.is_player(owner) or owner in state.companies):
                amount = income(ctx, state, cid)
                if amount:
                    state.pay(BANK, owner, amount)
                    lines.append(f"{owner} receives {amount} from {cid}")
        return lines + export.export(ctx, state)  # the site's end-of-set step, run here too

    def is_finished(self, ctx: Context, state: G18State) -> bool:
        return not _rs(state).order and shares_ability.pending(state) is None

    def finish(self, ctx: Context, state: G18State) -> list[str]:
        state.priority = _rs(state).turn % len(state.players)
        return leftover_offers(ctx, state) + ctx.hooks.on_start_packet_end(state)
