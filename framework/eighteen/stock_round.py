"""The stock round: in turn order from the priority deal, each player sells any number of
shares and then buys at most one certificate, or passes; the round ends when all pass in turn.

Every check raises IllegalAction naming a generic rule id ("rule:stock_round...."), so that a
refusal says which rule it applied; a title cites its own sections in its hooks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from railyard.framework.core.actions import Action
from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen import market_zones
from railyard.framework.eighteen.abilities import exchange, lays, player_sales
from railyard.framework.eighteen.actions import BuyItem, BuyShares, Par, Pass, SellShares
from railyard.framework.eighteen.phases import reached
from railyard.framework.eighteen.private_actions import AbilityLay, BuyPrivate, ExchangePrivate
from railyard.framework.eighteen.rounds import RoundType, register_round_type, require_active
from railyard.framework.eighteen.shares import (
    give_certificate,
    market_price,
    next_offering_certificate,
    offering_payee,
    pick_certificates,
    share_value,
    swap_director,
)
from railyard.framework.eighteen.state import (
    BANK,
    CLOSED,
    IPO,
    POOL,
    Certificate,
    G18State,
    RoundState,
)
from railyard.framework.memo import Listing
from railyard.framework.records import Record

if TYPE_CHECKING:
    from railyard.framework.eighteen.context import Context


#: a BuyShares action's sources: the bank pool, the initial offering
POOL_SOURCE = "pool"
IPO_SOURCE = "ipo"


@attrs.define(repr=False)
class StockState(RoundState):
    sold_this_round: dict[str, list[str]] = attrs.Factory(dict)  # player -> companies sold
    acted_this_turn: bool = False
    sold_this_turn: list[str] = attrs.Factory(list)  # companies this player sold this turn
    # the price each company had before this turn's first sale of it: with one price move per
    # sale action, further sales of it in the same turn are part of that sale and pay that price
    price_before_sale: dict[str, int] = attrs.Factory(dict)
    bought_this_turn: bool = False  # (sell_then_buy false: the turn goes on after the buy)
    sold_before_buy: bool = False  # the turn's purchase came after a sale
    last_buyer: str | None = None  # the last player to buy (titles whose priority follows buys)
    multi_buy: str | None = None  # a company bought from the pool in a multiple_buy zone this turn
    # the turn's only purchase is a private from a player: like a multiple_buy share it leaves
    # room for multiple_buy shares (of any one company), which no par or other share does
    after_private: bool = False


@attrs.frozen(repr=False)
class SalePlan(Record):
    certificates: tuple[str, ...]
    new_director: str | None
    price: int
    # certificates already in the pool that the seller takes back (a part of the director's
    # certificate sold: the seller keeps the pool's first shares, see ``_partial_sale``)
    returned: tuple[str, ...] = ()


def _round(state: G18State) -> StockState:
    return state.round  # type: ignore[return-value]


# (what, id(state), argument) -> answer, while legal actions are listed: every candidate is
# checked against the same unchanged state, so a player's certificate count, the par slots
# taken at a price or a corporation's par prices are worked out once per listing, not once
# per candidate
_LISTING = Listing()
#: ``_listed(what, state, arg, work)``: ``work()``, remembered for this state while legal
#: actions are being listed
_listed = _LISTING.remember


def certificate_count(rules: Context, state: G18State, player: str) -> int:
    """Certificates a player holds that count toward the certificate limit."""
    return _listed("certs", state, player, lambda: _certificate_count(rules, state, player))


def _certificate_count(rules: Context, state: G18State, player: str) -> int:
    return sum(
        1
        for company in state.companies.values()
        for c in company.certificates
        if c.owner == player and rules.hooks.counts_toward_certificate_limit(state, c)
    )


def packet_offers_left(state: G18State) -> bool:
    return any(o.from_packet for o in state.offers.values())


def par_slots_used(rules: Context, state: G18State, price: int) -> int:
    return _listed("par_slots", state, price, lambda: sum(
        1
        for cid, c in state.companies.items()
        if c.par_price == price and not c.closed and rules.spec.companies[cid].start_price is None
    ))


def par_prices(rules: Context, state: G18State, company_id: str) -> list[int]:
    """The title's par prices for a corporation (the hook's answer, once per listing)."""
    return _listed("par_prices", state, company_id,
                   lambda: rules.hooks.par_prices(state, company_id))


def par_cell_for(rules: Context, price: int) -> tuple[int, int] | None:
    cells = [c for c in rules.spec.market.par_cells() if c.price == price]
    if not cells:
        cells = list(rules.spec.market.find(price))
    return (cells[0].row, cells[0].column) if cells else None


def move_price(rules: Context, state: G18State, company_id: str, direction: str, times: int = 1) -> None:
    """Move a price marker; a marker arriving on an occupied cell goes underneath."""
    company = state.companies[company_id]
    if company.market is None or direction not in rules.spec.market.moves:
        return
    cell = rules.spec.cell(company.market)
    for _ in range(times):
        cell = rules.spec.market.move(cell, direction)
    if (cell.row, cell.column) != company.market:
        state.place_marker(company_id, (cell.row, cell.column))
        if rules.spec.market.zone_has(cell, "closes"):
            market_zones.close_company(rules, state, company_id)


# ---------------------------------------------------------------------- checks
def check_buy_common(
    rules: Context,
    state: G18State,
    player: str,
    certs: list[Certificate],
    price: int,
    *,
    packet_item: bool = False,
) -> None:
    rs = _round(state)
    opts = rules.spec.stock
    if opts.packet_first and packet_offers_left(state) and not packet_item:
        raise IllegalAction(
            "rule:stock_round.packet_first",
            "while start-packet items remain unsold, only they may be bought",
        )
    for cert in certs:
        if cert.company in rs.sold_this_round.get(player, []):
            raise IllegalAction(
                "rule:stock_round.sold_this_round",
                f"may not buy a share of {cert.company}, sold this round",
            )
    cash = state.player(player).cash
    if price > cash:
        raise IllegalAction("rule:stock_round.cash", f"{player} has {cash}, needs {price}")
    limit = rules.spec.setup.stock_round.player_share_limit
    for cert in certs:
        company = state.companies[cert.company]
        if company.kind == "corporation" and not market_zones.in_zone(rules, state, cert.company, "over_share_limit"):
            held = state.percent_held(player, cert.company)
            if held + cert.percent > limit:
                raise IllegalAction(
                    "rule:stock_round.player_share_limit",
                    f"{player} would hold {held + cert.percent}% of {cert.company} (limit {limit}%)",
                )
    counting = sum(1 for c in certs if rules.hooks.counts_toward_certificate_limit(state, c))
    have = certificate_count(rules, state, player)
    cert_limit = rules.hooks.certificate_limit(state, player)
    if counting and have + counting > cert_limit:
        raise IllegalAction(
            "rule:stock_round.certificate_limit",
            f"{player} holds {have} certificates (limit {cert_limit})",
        )


def check_corporation(state: G18State, company_id: str) -> None:
    if company_id not in state.companies:
        raise IllegalAction("rule:stock_round.company", f"no company {company_id}")
    company = state.companies[company_id]
    if company.kind != "corporation":
        raise IllegalAction(
            "rule:stock_round.not_a_corporation", f"{company_id} has no shares to trade"
        )
    if company.closed:
        raise IllegalAction("rule:stock_round.closed", f"{company_id} has closed")


def check_open(rules: Context, state: G18State, company_id: str) -> None:
    """A company with ``opens_on_phase`` may not be started (nor its shares bought) before
    that phase."""
    opens = rules.spec.companies[company_id].opens_on_phase
    if opens is not None and not reached(rules, state, opens):
        raise IllegalAction(
            "rule:company.opens_on_phase",
            f"{company_id} is closed until phase {opens} (now phase {state.phase})",
        )


def check_par(rules: Context, state: G18State, action: Par) -> Certificate:
    check_corporation(state, action.company)
    check_open(rules, state, action.company)
    company = state.companies[action.company]
    director = next((c for c in company.certificates if c.director), None)
    if company.par_price is not None or director is None or director.owner != IPO:
        raise IllegalAction("rule:stock_round.started", f"{action.company} has already started")
    prices = par_prices(rules, state, action.company)
    if action.price not in prices:
        raise IllegalAction(
            "rule:stock_round.par_price",
            f"{action.price} is not a par price ({', '.join(map(str, prices))})",
        )
    slots = rules.spec.market.par_slots
    if slots is not None and par_slots_used(rules, state, action.price) >= slots:
        raise IllegalAction(
            "rule:stock_round.par_slots", f"{slots} corporations already use par {action.price}"
        )
    price = share_value(rules, action.price, director.percent)
    check_buy_common(rules, state, action.entity, [director], price)
    rules.hooks.check_buy(state, action.entity, action.company, IPO)
    return director


def _may_start(rules: Context, state: G18State, player: str, company_id: str) -> bool:
    """False when a check every :func:`check_par` of this company and player makes, whatever
    the price, refuses it (closed, not yet open, already started, one buy per turn, the
    certificate limit, the title's own buy check): the listing then skips its par prices."""
    rs = _round(state)
    if rs.bought_this_turn:
        return False  # one_buy: the multiple-buy exception is for pool shares only
    try:
        check_corporation(state, company_id)
        check_open(rules, state, company_id)
        company = state.companies[company_id]
        director = next((c for c in company.certificates if c.director), None)
        if company.par_price is not None or director is None or director.owner != IPO:
            return False
        if director.company in rs.sold_this_round.get(player, []):
            return False
        counting = 1 if rules.hooks.counts_toward_certificate_limit(state, director) else 0
        if counting and certificate_count(rules, state, player) + counting > (
                rules.hooks.certificate_limit(state, player)):
            return False
        rules.hooks.check_buy(state, player, company_id, IPO)
    except IllegalAction:
        return False
    return True


def check_buy_shares(rules: Context, state: G18State, action: BuyShares) -> tuple[Certificate, int]:
    check_corporation(state, action.company)
    check_open(rules, state, action.company)
    company = state.companies[action.company]
    if action.source == "ipo":
        cert = next_offering_certificate(state, action.company)
        if cert is None:
            raise IllegalAction(
                "rule:stock_round.none_offered", f"no {action.company} shares in the initial offering"
            )
        if company.par_price is None:
            raise IllegalAction(
                "rule:stock_round.par_first", f"{action.company} must be started with a par price"
            )
        price = share_value(rules, company.par_price, cert.percent)
    elif action.source == "pool":
        pool = [c for c in company.certificates if c.owner == POOL]
        if not pool:
            raise IllegalAction(
                "rule:stock_round.none_in_pool", f"no {action.company} shares in the bank pool"
            )
        cert = pool[0]
        current = market_price(rules, state, action.company)
        if current is None:
            raise IllegalAction("rule:stock_round.no_price", f"{action.company} has no share price")
        price = share_value(rules, current, cert.percent)
    else:
        raise IllegalAction("rule:stock_round.source", f"buy from 'ipo' or 'pool', not {action.source!r}")
    check_buy_common(rules, state, action.entity, [cert], price)
    rules.hooks.check_buy(state, action.entity, action.company, action.source)
    return cert, price


def check_buy_item(rules: Context, state: G18State, action: BuyItem) -> list[Certificate]:
    offer = state.offers.get(action.item)
    if offer is None:
        raise IllegalAction("rule:stock_round.offer", f"{action.item} is not on sale")
    if action.price != offer.price:
        raise IllegalAction("rule:stock_round.offer_price", f"{action.item} costs {offer.price}")
    certs = [state.cert(c) for c in offer.certificates]
    check_buy_common(rules, state, action.entity, certs, offer.price, packet_item=offer.from_packet)
    return certs


def check_sell(rules: Context, state: G18State, action: SellShares) -> SalePlan:
    player, cid, percent = action.entity, action.company, action.percent
    check_corporation(state, cid)
    company = state.companies[cid]
    opts = rules.spec.stock
    if percent <= 0:
        raise IllegalAction("rule:stock_round.sell_amount", "sell a positive percentage")
    first = rules.spec.setup.stock_round.sell_from_round
    if first is not None and state.round.kind == "stock" and state.round.number < first:
        raise IllegalAction(
            "rule:stock_round.sell_from_round", f"no shares may be sold before stock round {first}"
        )
    director_may = rules.spec.setup.stock_round.director_sells_before_operating and \
        state.director(cid) == player
    if not company.operated and not opts.sell_before_operating and not director_may:
        raise IllegalAction(
            "rule:stock_round.sell_before_operating",
            f"no shares of {cid} may be sold before it has operated",
        )
    held = state.certs_held(player, cid)
    held_percent = sum(c.percent for c in held)
    if percent > held_percent:
        raise IllegalAction("rule:stock_round.sell_held", f"{player} holds only {held_percent}% of {cid}")
    sale_rules = rules.spec.setup.stock_round
    pool_limit = sale_rules.pool_share_limit
    in_pool = state.percent_held(POOL, cid)
    if sale_rules.pool_limit_check == "before_sale" and in_pool >= pool_limit:
        raise IllegalAction(
            "rule:stock_round.pool_limit",
            f"the bank pool already holds {in_pool}% of {cid} (limit {pool_limit}%)",
        )
    if sale_rules.pool_limit_check == "after_sale" and in_pool + percent > pool_limit:
        raise IllegalAction(
            "rule:stock_round.pool_limit",
            f"the bank pool would hold {in_pool + percent}% of {cid} (limit {pool_limit}%)",
        )
    price = market_price(rules, state, cid)
    if price is None:
        raise IllegalAction("rule:stock_round.no_price", f"{cid} has no share price")
    if rules.spec.setup.stock_round.price_drop != "per_share":
        # (emergency sales in an operating round check here too; their round keeps no such record)
        price = getattr(state.round, "price_before_sale", {}).get(cid, price)
    ordinary = [c for c in held if not c.director]
    new_director = None
    if any(c.director for c in held):
        remaining = held_percent - percent
        others = {p.id: state.percent_held(p.id, cid) for p in state.players if p.id != player}
        best = max(others.values(), default=0)
        if remaining < best:
            new_director = next(p for p in state.seats_from(player)[1:] if others[p] == best)
            director_cert = next(c for c in held if c.director)
            give = pick_certificates(state.certs_held(new_director, cid), director_cert.percent)
            if give is None:
                raise IllegalAction(
                    "rule:stock_round.director_certificate",
                    f"{new_director} cannot exchange for the director's certificate of {cid}",
                )
            if sum(c.percent for c in ordinary) < percent:
                rules.hooks.check_sell(state, player, cid, percent)
                return _partial_sale(state, cid, ordinary, give, percent, new_director, price)
            ordinary = ordinary + give
    sold = pick_certificates(ordinary, percent)
    if sold is None:
        raise IllegalAction(
            "rule:stock_round.director_certificate",
            f"the director's certificate of {cid} may not be sold to the bank",
        )
    rules.hooks.check_sell(state, player, cid, percent)
    return SalePlan(tuple(c.id for c in sold), new_director, price)


def _partial_sale(state: G18State, cid: str, ordinary: list[Certificate], give: list[Certificate],
                  percent: int, new_director: str, price: int) -> SalePlan:
    """A sale reaching into the director's certificate, which passes to ``new_director``.

    Which ordinary certificates the seller keeps matters where a certificate is named (1830's
    CA grants PRR.1 again on a sale between players): the reference sends the sold shares
    and then the new director's swap shares to the pool and hands the seller the pool's
    first shares back (share_pool.rb ``handle_partial``), so he keeps an older pool share,
    else his own first, else the new director's first (the id order stands in for the order
    of arrival)."""
    keep = sum(c.percent for c in ordinary) + sum(c.percent for c in give) - percent
    pool = [c for c in state.companies[cid].certificates if c.owner == POOL]
    kept = pick_certificates(pool + ordinary + give, keep)
    if kept is None:
        raise IllegalAction(
            "rule:stock_round.director_certificate",
            f"the director's certificate of {cid} may not be sold to the bank",
        )
    kept_ids = {c.id for c in kept}
    sold = tuple(c.id for c in ordinary + give if c.id not in kept_ids)
    returned = tuple(c.id for c in kept if c.owner == POOL)
    return SalePlan(sold, new_director, price, returned)


def _no_sale(rules: Context, state: G18State, action: SellShares) -> bool:
    """True when :func:`check_sell` refuses the sale for a reason of the company and the pool
    alone (closed, not yet operated, the pool at or over its limit): the listing skips it
    without the whole check."""
    company = state.companies[action.company]
    if company.closed or (not company.operated and not rules.spec.stock.sell_before_operating
                          and not (rules.spec.setup.stock_round.director_sells_before_operating
                                   and state.director(action.company) == action.entity)):
        return True
    sale_rules = rules.spec.setup.stock_round
    in_pool = state.percent_held(POOL, action.company)
    if sale_rules.pool_limit_check == "before_sale":
        return in_pool >= sale_rules.pool_share_limit
    if sale_rules.pool_limit_check == "after_sale":
        return in_pool + action.percent > sale_rules.pool_share_limit
    return False


def check_turn_sale(rules: Context, rs: StockState, action: SellShares) -> None:
    """What the turn so far forbids of a sale: sales both before and after the turn's purchase
    (``sales_around_buy: before_or_after``), a second sale of one corporation
    (``sell_in_blocks``)."""
    options = rules.spec.setup.stock_round
    if options.sales_around_buy == "before_or_after" and rs.bought_this_turn and rs.sold_before_buy:
        raise IllegalAction(
            "rule:stock_round.sales_around_buy",
            "a turn's sales come before its purchase or after it, not both",
        )
    if options.sell_in_blocks and action.company in rs.sold_this_turn:
        raise IllegalAction(
            "rule:stock_round.sell_in_blocks",
            f"{action.entity} has sold {action.company} this turn: its shares go in one block",
        )


def must_sell(rules: Context, state: G18State, player: str) -> list[str]:
    """Corporations the player must sell now: over the share limit in one (or over the
    certificate limit) after an exchange or a change of director, and a sale is possible.
    The rules say to sell down at the first opportunity."""
    if not rules.hooks.must_sell_down(state, player):
        return []
    limit = rules.spec.setup.stock_round.player_share_limit
    unit = rules.spec.stock.share_percent
    over_certs = certificate_count(rules, state, player) > rules.hooks.certificate_limit(state, player)
    turn = state.round if isinstance(state.round, StockState) else None
    due = []
    for cid, company in state.companies.items():
        if company.kind != "corporation" or company.closed:
            continue
        held = state.percent_held(player, cid)
        if held > limit and not over_certs and market_zones.in_zone(rules, state, cid, "over_share_limit"):
            continue
        if not held or not (held > limit or over_certs):
            continue
        try:
            sale = SellShares(player, cid, unit)
            if turn is not None:  # what this turn still allows (the rest waits for the next turn)
                check_turn_sale(rules, turn, sale)
            check_sell(rules, state, sale)
        except IllegalAction:
            continue
        due.append(cid)
    return due


@register_round_type
class StockRound(RoundType):
    kind = "stock"

    def new_state(self, rules: Context, state: G18State) -> StockState:
        return StockState(turn=self._seat(state, state.priority))

    @staticmethod
    def _seat(state: G18State, turn: int) -> int:
        n = len(state.players)
        for step in range(n):
            if not state.players[(turn + step) % n].bankrupt:
                return (turn + step) % n
        return turn % n

    def active_entities(self, rules: Context, state: G18State) -> tuple[str, ...]:
        return (state.players[_round(state).turn].id,)

    def candidates(self, rules: Context, state: G18State, player: str,
                   no_par: Callable[[str], bool] | None = None) -> list[Action]:
        """Every action of the round's kinds a player might take, to be checked; ``no_par``
        (company -> True when none of its par prices can pass) leaves those pars out."""
        unit = rules.spec.stock.share_percent
        actions: list[Action] = [Pass(player)]
        for cid, company in state.companies.items():
            if company.kind != "corporation":
                continue
            held = state.percent_held(player, cid)
            actions += [SellShares(player, cid, p) for p in range(unit, held + 1, unit)]
        for offer in state.offers.values():
            actions.append(BuyItem(player, offer.id, offer.price))
        for cid, company in state.companies.items():
            if company.kind != "corporation" or company.closed:
                continue
            if company.par_price is None:
                if no_par is None or not no_par(cid):
                    actions += [Par(player, cid, p) for p in par_prices(rules, state, cid)]
            else:
                actions.append(BuyShares(player, cid, "ipo"))
            actions.append(BuyShares(player, cid, "pool"))
        return actions

    def legal_actions(self, rules: Context, state: G18State, entity: str) -> list[Action]:
        with _LISTING.open():
            legal: list[Action] = []
            if not must_sell(rules, state, entity):
                legal += exchange.choices(rules, state, entity, "stock_round")
                legal += lays.stock_round_lays(rules, state, entity)
            return legal + self._turn_moves(rules, state, entity)

    def _turn_moves(self, rules: Context, state: G18State, entity: str) -> list[Action]:
        """The moves of a stock turn (pass, sales, purchases), the any-time abilities left out."""
        with _LISTING.open():
            legal: list[Action] = []
            due = must_sell(rules, state, entity)
            if not due and not _round(state).bought_this_turn:
                legal += [a for a in player_sales.choices(rules, state, entity)
                          if self._fits_limit(rules, state, a)]
            def no_par(company_id: str) -> bool:
                """No par price of the company can pass (its pars are not even listed)."""
                return bool(due) or not _may_start(rules, state, entity, company_id)

            # candidates a check would refuse for want of money or of a share, skipped without
            # raising: a par, share or item dearer than the player's cash
            # (``check_buy_common``), a pool or offering with no share of the company or no par
            # price yet (``check_buy_shares``), a sale the company or the pool forbids
            cash = state.player(entity).cash if state.is_player(entity) else None
            director_percent: dict[str, int | None] = {}
            for action in self.candidates(rules, state, entity, no_par):
                if isinstance(action, Par):
                    if action.company not in director_percent:
                        director_percent[action.company] = next(
                            (c.percent for c in state.companies[action.company].certificates if c.director),
                            None)
                    percent = director_percent[action.company]
                    if cash is not None and percent is not None and share_value(
                            rules, action.price, percent) > cash:
                        continue
                elif isinstance(action, BuyShares):
                    if action.source == POOL_SOURCE and not any(
                            c.owner == POOL for c in state.companies[action.company].certificates):
                        continue
                    if action.source == IPO_SOURCE and cash is not None:
                        par = state.companies[action.company].par_price
                        cert = next_offering_certificate(state, action.company)
                        if cert is None or par is None or share_value(rules, par, cert.percent) > cash:
                            continue
                elif isinstance(action, BuyItem):
                    offer = state.offers.get(action.item)
                    if cash is not None and offer is not None and offer.price == action.price \
                            and action.price > cash:
                        continue
                elif isinstance(action, SellShares) and _no_sale(rules, state, action):
                    continue
                try:
                    self.check(rules, state, action, due)
                except IllegalAction:
                    continue
                legal.append(action)
            return legal

    def _fits_limit(self, rules: Context, state: G18State, action: BuyPrivate) -> bool:
        try:
            self.check(rules, state, action)
        except IllegalAction:
            return False
        return True

    def check(
        self, rules: Context, state: G18State, action: Action, due: list[str] | None = None
    ) -> object:
        if due is None:
            due = must_sell(rules, state, action.entity)
        if due and not (isinstance(action, SellShares) and action.company in due):
            raise IllegalAction(
                "rule:stock_round.sell_down",
                f"{action.entity} is over a holding limit and must first sell {', '.join(due)}",
            )
        if isinstance(action, Pass):
            return None
        if isinstance(action, SellShares):
            check_turn_sale(rules, _round(state), action)
            return check_sell(rules, state, action)
        if isinstance(action, ExchangePrivate):
            return exchange.check(rules, state, action, "stock_round")
        if isinstance(action, AbilityLay):
            return lays.check_stock_round_lay(rules, state, action)
        rs = _round(state)
        if rs.bought_this_turn and not (
            isinstance(action, BuyShares)
            and (action.company == rs.multi_buy or (rs.multi_buy is None and rs.after_private))
            and _multiple_buy(rules, state, action)
        ):
            raise IllegalAction("rule:stock_round.one_buy", "only one certificate may be bought per turn")
        if isinstance(action, Par):
            return check_par(rules, state, action)
        if isinstance(action, BuyShares):
            return check_buy_shares(rules, state, action)
        if isinstance(action, BuyItem):
            return check_buy_item(rules, state, action)
        if isinstance(action, BuyPrivate):
            cert, seller = player_sales.check(rules, state, action)
            check_buy_common(rules, state, action.entity, [cert], action.price, packet_item=True)
            return cert, seller
        raise IllegalAction(
            "rule:stock_round.action", f"{type(action).__name__} is not a stock-round action"
        )

    def apply(self, rules: Context, state: G18State, action: Action) -> list[str]:
        require_active(rules, state, action.entity)
        plan = self.check(rules, state, action)
        rs = _round(state)
        player = action.entity
        lines: list[str]
        if isinstance(action, Pass):
            lines = [f"{player} {'ends the turn' if rs.acted_this_turn else 'passes'}"]
            if not rs.acted_this_turn:
                rs.passes_in_row += 1
            self._end_turn(state)
            return lines
        if isinstance(action, SellShares):
            assert isinstance(plan, SalePlan)
            return self._sell(rules, state, action, plan)
        # a private's ability is no stock move: the passes before it still count, and the
        # turn's pass after it is a pass (the reference's exchange and lay steps mark no one
        # as having acted)
        if isinstance(action, ExchangePrivate):
            return exchange.apply(rules, state, action, plan)  # type: ignore[arg-type]
        if isinstance(action, AbilityLay):
            return lays.apply_stock_round_lay(rules, state, action, plan)  # type: ignore[arg-type]
        if isinstance(action, Par):
            assert isinstance(plan, Certificate)
            lines = self._par(rules, state, action, plan)
        elif isinstance(action, BuyShares):
            assert isinstance(plan, tuple)  # check_buy_shares: (certificate, price)
            cert, price = plan
            payee = offering_payee(rules, state, action.company) if action.source == "ipo" else BANK
            lines = [f"{player} buys {cert.percent}% of {action.company} from the {'initial offering' if action.source == 'ipo' else 'bank pool'} for {price}"]
            taken = _pool_share_out(rules, state, player, action.company)
            if taken is cert:
                lines = [f"{player} buys nothing: the share of {action.company} was the one taken out"]
            else:
                lines += give_certificate(rules, state, cert, player, price, payee)
            if taken is not None:
                lines.insert(0, f"a {taken.percent}% share of {action.company} leaves the game from the bank pool")
        elif isinstance(action, BuyPrivate):
            lines = player_sales.apply(rules, state, action, *plan)  # type: ignore[misc]
        else:
            assert isinstance(action, BuyItem)
            lines = self._buy_item(rules, state, action, plan)  # type: ignore[arg-type]
        rs.last_actor = player
        rs.last_buyer = player
        rs.passes_in_row = 0
        rs.acted_this_turn = True
        rs.sold_before_buy = bool(rs.sold_this_turn)
        if isinstance(action, BuyShares) and _multiple_buy(rules, state, action):
            rs.bought_this_turn = True  # the turn goes on: more of these shares may follow
            rs.multi_buy = action.company
        elif rules.spec.setup.stock_round.sell_then_buy:
            self._end_turn(state)
        else:
            rs.after_private = isinstance(action, BuyPrivate) and not rs.bought_this_turn
            rs.bought_this_turn = True
        return lines

    def _par(self, rules: Context, state: G18State, action: Par, cert: Certificate) -> list[str]:
        company = state.companies[action.company]
        company.par_price = action.price
        company.par_cell = par_cell_for(rules, action.price)
        if rules.spec.stock.marker_on == "par" and company.par_cell is not None:
            state.place_marker(action.company, company.par_cell)
        price = share_value(rules, action.price, cert.percent)
        lines = [f"{action.entity} starts {action.company} at {action.price}, buying the director's certificate for {price}"]
        payee = offering_payee(rules, state, action.company)
        return lines + give_certificate(rules, state, cert, action.entity, price, payee)

    def _buy_item(self, rules: Context, state: G18State, action: BuyItem, certs: list[Certificate]) -> list[str]:
        offer = state.offers.pop(action.item)
        lines = [f"{action.entity} buys {action.item} for {offer.price}"]
        state.pay(action.entity, BANK, offer.price)
        for cert in certs:
            lines += give_certificate(rules, state, cert, action.entity, 0, BANK)
        if offer.from_packet and action.item in state.packet_remaining:
            state.packet_remaining.remove(action.item)
        return lines + rules.hooks.on_item_bought(state, action.item, action.entity)

    def _sell(self, rules: Context, state: G18State, action: SellShares, plan: SalePlan) -> list[str]:
        rs = _round(state)
        player, cid = action.entity, action.company
        lines = []
        if plan.new_director is not None:
            swap_director(state, cid, plan.new_director)
            lines.append(f"{plan.new_director} becomes director of {cid}")
        for cert_id in plan.certificates:
            state.cert(cert_id).owner = POOL
        for cert_id in plan.returned:
            state.cert(cert_id).owner = player
        money = share_value(rules, plan.price, action.percent)
        state.pay(BANK, player, money)
        lines.insert(0, f"{player} sells {action.percent}% of {cid} for {money}")
        opts = rules.spec.stock
        drop = rules.spec.setup.stock_round.price_drop
        if drop == "per_share":
            move_price(rules, state, cid, opts.sale_move, action.percent // opts.share_percent)
        elif cid not in rs.sold_this_turn:
            rs.price_before_sale[cid] = plan.price
            move_price(rules, state, cid, opts.sale_move)
        rs.sold_this_turn.append(cid)
        sold = rs.sold_this_round.setdefault(player, [])
        if cid not in sold:
            sold.append(cid)
        rs.last_actor = player
        rs.passes_in_row = 0
        rs.acted_this_turn = True
        return lines

    def _end_turn(self, state: G18State) -> None:
        rs = _round(state)
        rs.acted_this_turn = False
        rs.bought_this_turn = False
        rs.sold_before_buy = False
        rs.multi_buy = None
        rs.after_private = False
        rs.sold_this_turn = []
        rs.price_before_sale = {}
        rs.turn = self._seat(state, (rs.turn + 1) % len(state.players))

    def is_finished(self, rules: Context, state: G18State) -> bool:
        active = sum(1 for p in state.players if not p.bankrupt)
        return _round(state).passes_in_row >= active

    def finish(self, rules: Context, state: G18State) -> list[str]:
        lines = []
        for cid in _by_price(rules, state):
            company = state.companies[cid]
            if company.kind != "corporation" or not company.floated or company.market is None:
                continue
            if company.closed:
                continue
            if state.percent_held(IPO, cid) or state.percent_held(POOL, cid):
                continue
            direction = rules.hooks.sold_out_move(state, cid)
            if direction:
                before = company.market
                move_price(rules, state, cid, direction)
                if company.market != before:
                    lines.append(f"{cid} is sold out: price moves {direction.replace('_', ' ')}")
        last = _round(state).last_actor
        if last is not None:
            state.priority = (state.player_index(last) + 1) % len(state.players)
        lines.append(f"{state.priority_player} has the priority deal")
        return lines


def _pool_share_out(rules: Context, state: G18State, player: str, company_id: str) -> Certificate | None:
    """``pool_share_out_on_buy``: the pool's last share of the company leaves the game before
    a player other than the director buys; the certificate taken out, or None."""
    if not rules.spec.player_setup(len(state.players)).pool_share_out_on_buy:
        return None
    if state.director(company_id) == player:
        return None
    pool = [c for c in state.companies[company_id].certificates if c.owner == POOL]
    if not pool:
        return None
    pool[-1].owner = CLOSED
    return pool[-1]


def _by_price(rules: Context, state: G18State) -> list[str]:
    """Companies in the order their prices rank (highest first; ties: further right, then
    higher up, then earlier on the cell, as the operating order): sold-out moves go in that
    order, so of two on one cell the one ahead stays ahead where both arrive."""

    def key(cid: str) -> tuple[int, ...]:
        company = state.companies[cid]
        if company.market is None:
            return (1, 0, 0, 0, 0)
        row, column = company.market
        stack = state.stack_at(company.market)
        depth = stack.index(cid) if cid in stack else 0
        return (0, -rules.spec.cell(company.market).price, -column, row, depth)

    return sorted(state.companies, key=key)


def _multiple_buy(rules: Context, state: G18State, action: BuyShares) -> bool:
    """Whether this purchase may be one of several of the company in a turn: from the pool in
    a ``multiple_buy`` zone, or from the initial offering where the zone also has
    ``multiple_buy_ipo`` (1830's optional rule multiple_brown_from_ipo)."""
    if not market_zones.in_zone(rules, state, action.company, "multiple_buy"):
        return False
    return action.source == "pool" or market_zones.in_zone(
        rules, state, action.company, "multiple_buy_ipo")
