"""``greedy``: a one-step-lookahead player for the 18xx family.

It reads the position (the read-only state) and picks from the legal actions by simple
money sense: bid up to a value estimate; start a corporation it can float and put its cash in
shares of companies that pay; lay the tile that most raises its company's best run (checked
with the route search on a copy of the board, for the few most promising lays); place tokens
it can afford without starving the train fund; run the best routes; pay out unless the
company needs the money for a train (withholding only when that pays for it at once); buy the
biggest train it can afford whenever it has room under its train limit (once it runs a train,
only one that outlives the next few purchases from the depot), and at the limit give up its
weakest train for a clearly better one. It is meant as a yardstick for experiments, not a
strong player.

Its seat's rng gives each bot a temperament for the game (how far above face value it bids,
whether it pars at the top or one step down, how much it lets small differences decide, how
long a train must live to be worth buying, how many rounds it saves for the next train), so
that a table of greedy bots plays a different game for every seed instead of one game
relabelled; equal choices are broken by the same rng.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Any

import attrs

from railyard.framework.bots import queries
from railyard.framework.bots.base import Bot
from railyard.framework.bots.random_bot import group_by_tag, sensible_move
from railyard.framework.core.actions import Action, tag_of
from railyard.framework.records import Record

if TYPE_CHECKING:
    from railyard.framework.eighteen.or_actions import LayTile
    from railyard.framework.eighteen.ruleset import G18Ruleset

Groups = dict[str, list[Any]]
"""Legal actions by tag: each list holds that tag's action class (Bid, LayTile, BuyTrain...,
which a title may subclass), and each handler reads the fields of its own tag."""

#: how many tile lays (best by the quick estimate) are checked with the route search
TILE_LOOKAHEAD = 2
#: a start-packet item is worth this much more than its face value (income, exchange rights):
#: each bot draws its own premium from this range
ITEM_PREMIUM = (1.05, 1.3)
#: the range of :attr:`Temperament.rust_margin` (purchases from the depot)
RUST_MARGIN = (4, 10)
#: the choices of :attr:`Temperament.save_rounds`
SAVE_ROUNDS = (1, 2, 2, 3)
#: the range of :attr:`Temperament.start_share`
START_SHARE = (0.6, 0.9)


@attrs.frozen(repr=False)
class Temperament(Record):
    """One bot's leanings for one game, drawn from its seat's rng at its first move."""

    premium: float
    #: 0 = par at the highest price it can float alone, 1 = one price lower
    par_step: int
    #: the most that noise adds to a score (in K), so near-equal choices vary between games
    jitter: float
    #: a company that already runs a train buys no further train that rusts within this many
    #: purchases from the depot: people put their money in trains that outlive the next phases
    #: (read from the depot, so it holds back 2-trains late in a phase whatever the title)
    rust_margin: int = 0
    #: a company with room keeps its revenue back when this many operating rounds of it (with
    #: its cash) pay for the next train: 1 = only a train bought at once; people save a few
    #: rounds for the dear late trains instead of paying out while their trains fall behind
    save_rounds: int = 1
    #: while only shares that float nothing are on sale, a corporation it cannot float alone
    #: it starts only when it can pay this share of the float itself (0: at once, for the
    #: others to help): people buy those shares first and start a corporation a round later
    start_share: float = 0.0


def draw_temperament(rng: random.Random) -> Temperament:
    """A seat's temperament, drawn in a fixed order (bots built on greedy draw the same)."""
    return Temperament(
        premium=rng.uniform(*ITEM_PREMIUM), par_step=rng.choice((0, 0, 1)), jitter=rng.uniform(1.0, 8.0),
        rust_margin=rng.randint(*RUST_MARGIN), save_rounds=rng.choice(SAVE_ROUNDS),
        start_share=rng.uniform(*START_SHARE),
    )


#: the tags a greedy bot looks for, in this order, and the method picking among each (a
#: subclass's own method is the one asked)
_DISPATCH: tuple[tuple[str, str | None], ...] = (
    ("declare_bankruptcy", None),
    ("run_routes", None),
    ("discard_train", "_discard"),
    ("dividend", "_dividend"),
    ("lay_tile", "_tile"),
    ("place_token", "_token"),
    ("buy_train", "_train"),
    ("surrender_train", "_surrender"),
    ("bid", "_auction"),
    ("buy_item", "_auction"),
    ("par", "_stock"),
    ("buy_shares", "_stock"),
    ("sell_shares", "_stock"),
)


class GreedyBot(Bot):
    name = "greedy"
    ruleset: G18Ruleset  # supports() admits only the 18xx family's rules

    @classmethod
    def supports(cls, ruleset: Any) -> bool:
        return hasattr(ruleset, "spec") and hasattr(ruleset, "hooks")

    def __init__(self, ruleset: Any) -> None:
        super().__init__(ruleset)
        self.spec = ruleset.spec
        self.temperament: Temperament | None = None

    # ------------------------------------------------------------------ dispatch
    def choose(self, view: Any, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        groups: Groups = group_by_tag(legal_actions)
        state = view
        if self.temperament is None:
            self.temperament = draw_temperament(rng)
        for tag, pick in _DISPATCH:
            if tag not in groups:
                continue
            if tag == "declare_bankruptcy":
                if len(groups) == 1:
                    return groups[tag][0]
                continue
            if tag == "run_routes":
                forced = sensible_move(groups)
                assert forced is not None
                return forced
            assert pick is not None
            chosen = getattr(self, pick)(state, groups, rng)
            if chosen is not None:
                return chosen
        return self._fallback(groups, rng)

    def _fallback(self, groups: Groups, rng: random.Random) -> Action:
        """Title choices (accept offered exchanges and openings), else pass, else anything but
        giving trains away or going bankrupt."""
        for tag, actions in groups.items():
            accepting = [a for a in actions if getattr(a, "accept", None) is True]
            if accepting:
                return accepting[0]
            if tag.endswith("choose_home") or tag == "choose":
                return actions[0]
        if "pass" in groups:
            return groups["pass"][0]
        for avoid in (("surrender_train", "sell_shares", "declare_bankruptcy"), ("declare_bankruptcy",), ()):
            rest = [a for t, acts in groups.items() if t not in avoid for a in acts]
            if rest:
                if any(tag_of(a) == "sell_shares" for a in rest):
                    return self._cheapest_sale(rest)
                return rng.choice(rest)
        raise AssertionError("no legal action")

    # ------------------------------------------------------------------ helpers
    def price_of(self, state: Any, company_id: str) -> int:
        company = state.companies[company_id]
        if company.market is not None:
            return self.spec.cell(company.market).price
        return company.par_price or 0

    def _cheapest_sale(self, actions: list[Action]) -> Action:
        sales = [a for a in actions if tag_of(a) == "sell_shares"]
        return min(sales, key=lambda a: (getattr(a, "percent", 0), getattr(a, "company", "")))

    def _mood(self) -> Temperament:
        assert self.temperament is not None, "drawn at the first move"
        return self.temperament

    def _noise(self, rng: random.Random) -> float:
        return rng.uniform(0.0, self._mood().jitter)

    def _player_cash(self, state: Any, player: str) -> int:
        return state.player(player).cash

    def _next_train_price(self, state: Any) -> int | None:
        offers = queries.depot_offers(self.ruleset, state)
        prices = [self.spec.trains[state.trains[t].name].price for t in offers]
        return min(prices) if prices else None

    def _wanted_price(self, state: Any, company_id: str) -> int | None:
        """The price of the cheapest new train this company would buy: one it may own and
        (when it already runs a train) that outlives :attr:`Temperament.rust_margin` purchases.
        A dying cheap train on sale must not make a company pay out instead of saving."""
        owned = bool(state.companies[company_id].trains)
        prices = [
            self.spec.trains[state.trains[t].name].price
            for t in queries.depot_offers(self.ruleset, state)
            if queries.may_own(self.ruleset, state, company_id, t)
            and (not owned or self._purchases_to_rust(state, t) > self._mood().rust_margin)
        ]
        return min(prices) if prices else None

    def _train_value(self, name: str) -> int:
        tdef = self.spec.trains[name]
        return tdef.distance * 10 + tdef.plus * 5 + (1000 if tdef.distance >= 99 else 0)

    def _has_room(self, state: Any, company_id: str) -> bool:
        room = queries.room(self.ruleset, state, company_id)
        return room is None or room > 0

    def _rusting_soon(self, state: Any, company_id: str) -> bool:
        """Whether every train the company owns rusts when the next phase's train is bought."""
        names = [state.trains[t].name for t in state.companies[company_id].trains]
        if not names:
            return True
        order = self.spec.phase_order
        here = order.index(state.phase) if state.phase in order else 0
        upcoming = set(order[here + 1 : here + 2])
        return all(self.spec.trains[n].rusts_on in upcoming for n in names)

    def _purchases_to_rust(self, state: Any, train_id: str) -> int:
        """How many trains the depot sells before the one that rusts this train (a large number
        for a train that never rusts): the train's expected life, counted in purchases."""
        rusts_on = self.spec.trains[state.trains[train_id].name].rusts_on
        if rusts_on is None:
            return 1_000_000
        for stack in state.depot.stacks.values():
            for count, tid in enumerate(stack):
                if state.trains[tid].name == rusts_on:
                    return count
        return 1_000_000

    # ------------------------------------------------------------------ start packet
    def _auction(self, state: Any, groups: Groups, rng: random.Random) -> Action | None:
        buys = groups.get("buy_item", []) + groups.get("bid", [])
        if not buys:
            return None
        player = buys[0].entity
        cash = self._player_cash(state, player)
        good = []
        for action in buys:
            value = self._item_value(state, action.item) * self._mood().premium
            if action.price <= value and action.price <= cash:
                good.append((value - action.price, action))
        if not good:
            return groups["pass"][0] if "pass" in groups else None
        # the cheapest bid on the best bargain: never overbid ourselves
        best_item = max(good, key=lambda va: (va[0], -va[1].price))[1].item
        return min((a for _, a in good if a.item == best_item), key=lambda a: a.price)

    def _item_value(self, state: Any, item_id: str) -> float:
        packet = self.spec.setup.start_packet
        item = packet.items.get(item_id) if packet is not None else None
        if item is not None:
            return float(self.spec.item_price(item))
        offer = state.offers.get(item_id)
        return float(offer.price) if offer is not None else 0.0

    # ------------------------------------------------------------------ stock round
    def _stock(self, state: Any, groups: Groups, rng: random.Random) -> Action | None:
        if "pass" not in groups and "sell_shares" in groups and not any(
            t in groups for t in ("buy_shares", "par", "buy_item")
        ):
            return self._cheapest_sale(groups["sell_shares"])
        if "pass" not in groups and "sell_shares" in groups:
            return self._cheapest_sale(groups["sell_shares"])  # over a limit: must sell first
        player = next(iter(groups.values()))[0].entity
        if not state.is_player(player):
            return None
        mine = [cid for cid in state.companies_of(player) if state.companies[cid].kind == "corporation"]
        shares = groups.get("buy_shares", [])
        # 1. float our own corporations first
        for action in shares:
            company = state.companies[action.company]
            if action.company in mine and not company.floated:
                return action
        # 2. start a corporation when we direct none that still needs us (one we cannot float
        # alone only when no started company waits for buyers, or nothing would ever float)
        pars = groups.get("par", [])
        # a company that only starts by a title's event (it may not float by sales) waits for
        # no buyer: counting it kept every bot from starting anything until one was rich
        waiting = [a for a in shares if self._floats_by_sales(state, a.company) and a.source == "ipo"]
        # while the only shares on sale are of companies no purchase floats, a bot may wait
        # for its start share of the float (people buy those shares first, start a round later)
        patient = bool(shares) and not any(state.companies[a.company].floated for a in shares)
        if pars and len(mine) < 2:
            par = self._par_choice(state, player, pars, alone=bool(waiting), rng=rng, patient=patient)
            if par is not None:
                return par
        # 3. buy into companies that pay: our own, then the best priced floated ones
        scored = []
        for action in shares:
            company = state.companies[action.company]
            if company.closed or (company.floated and not company.trains and action.company not in mine):
                continue
            price = self.price_of(state, action.company)
            score: float = price + (1000 if action.company in mine else 0) + (5 if action.source == "pool" else 0)
            score += self._noise(rng) * 3
            if not company.floated:
                score -= 500  # helps a company float: worth it, after the paying ones
            scored.append((score, action))
        if scored:
            return max(scored, key=lambda sa: sa[0])[1]
        if "buy_item" in groups:
            return self._auction(state, groups, rng)
        return groups["pass"][0] if "pass" in groups else None

    def _floats_by_sales(self, state: Any, company_id: str) -> bool:
        """Whether buying this unfloated company's shares can float it."""
        return not state.companies[company_id].floated and bool(self.ruleset.hooks.may_float(state, company_id))

    def _par_choice(
        self, state: Any, player: str, pars: list[Any], alone: bool, rng: random.Random, patient: bool = False
    ) -> Action | None:
        cash = self._player_cash(state, player)
        unit = self.spec.stock.share_percent
        floatable = []
        for action in pars:
            ctype = self.spec.type_of(action.company)
            need = (ctype.float_percent or 60) // unit
            if action.price * need <= cash:
                floatable.append(action)
        best = None
        if floatable:
            prices = sorted({a.price for a in floatable}, reverse=True)
            price = prices[min(self._mood().par_step, len(prices) - 1)]
            best = rng.choice([a for a in floatable if a.price == price])
        if best is None and not alone:  # cannot float it alone: start it cheaply and let others help
            cheapest = min(pars, key=lambda a: a.price)
            need = (self.spec.type_of(cheapest.company).float_percent or 60) // unit
            if not patient or cash >= cheapest.price * need * self._mood().start_share:
                best = cheapest
        return best

    # ------------------------------------------------------------------ operating round
    def _dividend(self, state: Any, groups: Groups, rng: random.Random) -> Action:
        options = {a.kind: a for a in groups["dividend"]}
        if len(options) == 1:
            return next(iter(options.values()))
        cid = groups["dividend"][0].entity
        company = state.companies[cid]
        revenue = getattr(state.round, "revenue", 0)
        price = self._wanted_price(state, cid)
        needs = price is not None and (self._rusting_soon(state, cid) or not company.trains)
        if needs and price is not None and company.cash < price and "withhold" in options and company.cash + revenue >= price * 0.6:
            return options["withhold"]
        # keep money back only when it buys the train at this very trains step: a company never
        # withholds round after round for a train it still could not pay
        if price is not None and company.cash < price and self._has_room(state, cid):
            if "half" in options and company.cash + revenue // 2 >= price:
                return options["half"]
            if "withhold" in options and company.cash + revenue * self._mood().save_rounds >= price:
                return options["withhold"]
        for kind in ("payout", "half", "split", "withhold"):
            if kind in options:
                return options[kind]
        return next(iter(options.values()))

    def _train(self, state: Any, groups: Groups, rng: random.Random) -> Action | None:
        buys = groups["buy_train"]
        cid = buys[0].entity
        company = state.companies[cid]
        may_pass = "pass" in groups
        from_bank = [a for a in buys if queries.from_bank(state, a.train)]
        if not may_pass:
            # forced: the cheapest train the company (with its director's help) can get
            pool = from_bank or buys
            return min(pool, key=lambda a: (a.price, -self._train_value(state.trains[a.train].name)))
        if not from_bank:
            return None
        owned = [state.trains[t].name for t in company.trains]
        affordable = [a for a in from_bank if a.price <= company.cash]
        if owned:
            margin = self._mood().rust_margin
            affordable = [a for a in affordable if self._purchases_to_rust(state, a.train) > margin]
        if not affordable:
            return None
        best = max(affordable, key=lambda a: (self._train_value(state.trains[a.train].name), -a.price))
        # another train means another run: with room under the limit, buying is always worth it
        # (it also pushes the depot on towards the phases that rust the rivals' trains)
        if not owned or self._has_room(state, cid):
            return best
        return None

    def _surrender(self, state: Any, groups: Groups, rng: random.Random) -> Action | None:
        """At the train limit, give up the weakest train when the fee and a clearly better new
        train are both affordable: otherwise full companies sit on their money and the depot
        (and so the phases) never move on."""
        offered = groups["surrender_train"]
        cid = offered[0].entity
        cash = state.companies[cid].cash
        worst = min(offered, key=lambda a: (self._train_value(state.trains[a.train].name), a.train))
        fee = queries.face_price(self.ruleset, state, worst.train) // 2
        worst_value = self._train_value(state.trains[worst.train].name)
        for new in queries.depot_offers(self.ruleset, state):
            better = self._train_value(state.trains[new].name) > worst_value
            affordable = fee + queries.face_price(self.ruleset, state, new) <= cash
            if better and affordable and queries.may_own(self.ruleset, state, cid, new):
                return worst
        return None

    def _discard(self, state: Any, groups: Groups, rng: random.Random) -> Action:
        return min(groups["discard_train"], key=lambda a: self._train_value(state.trains[a.train].name))

    def _token(self, state: Any, groups: Groups, rng: random.Random) -> Action | None:
        places = groups["place_token"]
        cid = places[0].entity
        company = state.companies[cid]
        reserve = self._next_train_price(state) or 0
        reach = queries.company_reach(self.ruleset, state, cid, backtrack=True)
        priced = []
        for action in places:
            cost = queries.token_cost(self.ruleset, state, cid, action.hex, reach)
            if company.cash - cost >= reserve * 0.5 or not company.trains:
                stop = state.board.tile(action.hex).stops[action.city]
                value = stop.revenue.at(state.phase, self.spec.phase_order)
                priced.append((value - cost / 10 + self._noise(rng), action))
        if not priced:
            return None
        return max(priced, key=lambda va: va[0])[1]

    def _tile(self, state: Any, groups: Groups, rng: random.Random) -> Action | None:
        lays = groups["lay_tile"]
        cid = lays[0].entity
        company = state.companies[cid]
        reserve = (self._next_train_price(state) or 0) if not company.trains else 0
        quick = []
        costs: dict[str, int] = {}  # a lay's cost depends on its hex alone: asked once per hex
        worths: dict[str, int] = {}  # what a tile's stops are worth now, by tile id
        # this class's quick score does not read the rotation (a subclass's own may)
        scores: dict[tuple[str, str], float] | None = (
            {} if type(self)._quick_tile_score is GreedyBot._quick_tile_score else None)
        # _noise, drawn inline: uniform(0, jitter) is 0.0 + (jitter - 0.0) * random(), which
        # is jitter * random() to the bit (a subclass's own noise or rng is asked as usual)
        inline = type(self)._noise is GreedyBot._noise and type(rng).uniform is random.Random.uniform
        jitter = self._mood().jitter
        draw = rng.random
        cash = company.cash
        for action in lays:
            coord = action.hex
            cost = costs.get(coord)
            if cost is None:
                cost = costs[coord] = queries.lay_cost(self.ruleset, state, cid, coord)
            if cost and cash - cost < reserve:
                continue
            if scores is None:
                score = self._quick_tile_score(state, action, worths)
            else:
                key = (coord, action.tile)
                known = scores.get(key)
                if known is None:
                    known = scores[key] = self._quick_tile_score(state, action, worths)
                score = known
            quick.append((score - cost / 20 + (jitter * draw() if inline else self._noise(rng)), action))
        if not quick:
            return None
        quick.sort(key=itemgetter(0), reverse=True)  # stable: equal scores keep their order
        if not company.trains:
            return quick[0][1]
        # the lays compete with each other only: a lay is always worth making
        scored = [(self._revenue_on(state, cid, board), score, action)
                  for score, action, board in self._contenders(state, quick[:TILE_LOOKAHEAD])]
        return max(scored, key=lambda t: (t[0], t[1]))[2]

    def _contenders(self, state: Any, top: list[tuple[float, LayTile]]
                    ) -> list[tuple[float, LayTile, Any]]:
        """The lays of ``top`` (best quick score first) that may win the look-ahead, each with
        its board: a lay whose every route is a route after an earlier lay too
        (:func:`~railyard.framework.routes.board_graph.track_within`: the same stops, its
        track a part of the other's) earns no more than that lay and scores no higher, so it
        can never be the first best and is not searched (most often the second lay's new
        track leads nowhere and is pruned away, or joins fewer places than the first's)."""
        title = self.ruleset.spec.title
        out: list[tuple[float, LayTile, Any]] = []
        for score, lay in top:
            board = self._board_after(state, lay)
            if not any(queries.track_within(board, other, title, state.phase) for _, _, other in out):
                out.append((score, lay, board))
        return out

    @staticmethod
    def _board_after(state: Any, lay: LayTile) -> Any:
        board = state.board.copy()
        board.lay(lay.hex, lay.tile, lay.rotation)  # as tile_lay.apply lays it
        return board

    def _revenue_on(self, state: Any, cid: str, board: Any) -> int:
        """The company's best run on ``board`` (the state's board with a lay made)."""
        ran = list(getattr(state.round, "ran", []))
        if type(self)._run_total is not GreedyBot._run_total:  # a subclass's own: as it wants
            here = attrs.evolve(state, board=board)
            return self._run_total(here, cid, queries.runnable(here, cid, ran))
        # the state's trains and companies with the board given: no evolved copy of the state
        return self._total_on(state, board, cid, queries.runnable(state, cid, ran))

    def _quick_tile_score(self, state: Any, action: LayTile, worths: dict[str, int] | None = None) -> float:
        """The lay's stop value gained, its track and a bonus for a first tile. ``worths``
        (tile id -> stop value now) is filled as a memo for the lays of one decision."""
        board = state.board
        new = board.tile_def(action.tile)
        old = board.tile(action.hex)
        memo: dict[str, int] = {} if worths is None else worths
        gained = memo.get(new.id)
        if gained is None:
            gained = memo[new.id] = self._stops_worth(state, new)
        lost = memo.get(old.id)
        if lost is None:
            lost = memo[old.id] = self._stops_worth(state, old)
        return gained - lost + len(new.paths) + (3 if board.is_printed(action.hex) else 0)

    def _stops_worth(self, state: Any, tile: Any) -> int:
        """What a tile's stops are worth in the state's phase."""
        order = self.spec.phase_order
        return sum(s.revenue.at(state.phase, order) for s in tile.stops)

    def _best_revenue(self, state: Any, cid: str, lay: LayTile | None) -> int:
        here = state
        if lay is not None:
            here = attrs.evolve(state, board=self._board_after(state, lay))
        return self._run_total(here, cid, queries.runnable(here, cid, list(getattr(state.round, "ran", []))))

    def _run_total(self, state: Any, cid: str, trains: list[str]) -> int:
        """What ``trains`` earn for the company on the state's board (the exact route search)."""
        return queries.run_total(self.ruleset, state, cid, trains)

    def _total_on(self, state: Any, board: Any, cid: str, trains: list[str]) -> int:
        """:meth:`_run_total` on ``board`` instead of the state's (what ``running.graph``
        builds for a state with that board)."""
        return queries.run_total(self.ruleset, state, cid, trains, board)

