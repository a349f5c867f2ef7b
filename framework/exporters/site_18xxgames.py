"""Our games written as 18xx.games records: the mirror of ``importers.site_18xxgames``.

The importer bridges the clicks the two engines count differently; the export bridges them
the other way:

- a move our engine asks for that has no decision in it (a player whose only move is to
  pass, a company passing a step it can do nothing at) is not recorded: the site skips it;
- a step the site stops at but our engine skips is passed for the company (``follow``);
- the ids the site picks itself (the share certificate bought, the tile copy laid, the
  depot train) are kept in step with our game by ledgers (``site_ids``).

``SiteExporter`` works action by action (a referee harness feeds the site engine as our game
goes); ``export_game`` replays a whole game through it.
"""

from __future__ import annotations

from typing import Any

from railyard.framework.core.actions import Action
from railyard.framework.core.game import Game
from railyard.framework.eighteen.actions import Bid, BuyItem, BuyShares, Par, Pass, SellShares
from railyard.framework.eighteen.or_actions import (
    BuyTrain,
    DeclareBankruptcy,
    DiscardTrain,
    Dividend,
    LayTile,
    PlaceToken,
    RunRoutes,
    SurrenderTrain,
)
from railyard.framework.eighteen.state import CLOSED, POOL
from railyard.framework.exporters.names import SiteNames
from railyard.framework.exporters.site_ids import ShareLedger, TileLedger, TrainLedger
from railyard.framework.exporters.site_routes import site_route
from railyard.framework.importers.mapping import import_map_path, load_import_map
from railyard.framework.importers.site_18xxgames import ANYTIME, SITE

#: a company's moves our engine offers at any step of its turn, which the site offers at one
#: step only (buying privates) or outside the steps (a private's ability): they keep no
#: step of the site open
COMPANY_ANYTIME = ("BuyPrivate", "AbilityLay", "AbilityToken", "ExchangePrivate")


class ExportError(Exception):
    """A game or an action that cannot be written in the site's terms."""


def player_ids(players: list[str]) -> dict[str, int]:
    """Our players -> the site's integer ids, in seat order: a name that is an integer (a
    game imported from the site) keeps it, so a round trip keeps the site's ids."""
    if all(p.isdigit() for p in players) and len({int(p) for p in players}) == len(players):
        return {p: int(p) for p in players}
    return {p: seat + 1 for seat, p in enumerate(players)}


class SiteExporter:
    """Translates our actions into the site's, one at a time, for a game played from its start.

    ``translate`` is called before ``game.process(action)``, ``follow`` after it."""

    def __init__(self, game: Game) -> None:
        if game.title is None or import_map_path(game.title, SITE) is None:
            title = getattr(game, "title_ref", None)
            raise ExportError(f"{title}: the title has no import_{SITE}.yaml, so no map onto the site's ids")
        self.map = load_import_map(game.title, SITE)
        self.names = SiteNames(self.map)
        state = game.state
        self.seats = [p.id for p in state.players]
        self.pids = player_ids(self.seats)
        self.seed = game.seed
        self.variant = game.variant
        self.title_id = str(game.title_ref)
        rules: Any = game.ruleset
        spec = rules.spec
        certs: dict[str, list[tuple[str, int, bool]]] = {}
        for cid, company in state.companies.items():
            if company.kind == "private":
                continue
            site = self.names.entity(cid)
            certs[cid] = [(f"{site}_{i}", c.percent, c.director) for i, c in enumerate(company.certificates)]
        self.shares = ShareLedger(certs)
        self._reconcile(game)  # certificates placed by the set-up
        board = state.board
        stock = dict(getattr(board, "_stock", {}) or {})
        unlimited = [self.names.tile(t) for t, d in spec.title.tiles.items() if d.count is None]
        self.tiles = TileLedger({self.names.tile(t): n for t, n in stock.items()}, unlimited)
        self.trains = TrainLedger(state, self.names.train)
        self.spec = spec
        self._pending: list[tuple[str, Any]] = []
        self._offered: dict[str, Any] | None = None  # a train purchase awaiting the seller's consent
        # the buyer whose offer was just answered, and its cash once the answer is carried out
        self._declined: tuple[str, int] | None = None
        self._turn: tuple[str, int] | None = None
        self._operating: str | None = None  # the company whose turn it is
        self.homes: dict[str, tuple[str, int]] = {}  # company -> home chosen, token not yet placed  # bookkeeping to do once the action is applied

    # ------------------------------------------------------------------ the record's head
    def setup(self) -> dict[str, Any]:
        return {
            "title": self.title_id,
            "players": [{"id": self.pids[p], "name": p} for p in self.seats],
            "seed": self.seed,
            "optional_rules": list(self.optional_rules()),
        }

    def optional_rules(self) -> tuple[str, ...]:
        """The site's optional rules that the game's variant plays."""
        return tuple(rule for rule, variant in self.map.optional_rules.items() if variant == self.variant)

    # ------------------------------------------------------------------ entities
    def _player(self, entity: str) -> bool:
        return entity in self.pids

    def _who(self, entity: str) -> dict[str, Any]:
        if self._player(entity):
            return {"entity": self.pids[entity], "entity_type": "player"}
        return {"entity": self.names.entity(entity), "entity_type": "corporation"}

    def _act(self, type_: str, entity: str, **fields: Any) -> dict[str, Any]:
        return {"type": type_, **self._who(entity), **fields}

    # ------------------------------------------------------------------ translation
    def translate(self, game: Game, action: Action) -> list[dict[str, Any]]:
        handler = getattr(self, f"_t_{type(action).__name__}", None)
        if handler is None:
            raise ExportError(f"no site action for {type(action).__name__}")
        self._turn = self._open_purchase(game, action)
        return list(handler(game, action))

    def follow(self, game: Game, action: Action) -> list[dict[str, Any]]:
        pending, self._pending = self._pending, []
        for kind, data in pending:
            getattr(self, f"_after_{kind}")(game, data)
        self._reconcile(game)
        out: list[dict[str, Any]] = []
        if isinstance(action, LayTile) or type(action).__name__ == "AbilityLay":
            out += self._homes_after_lay(game, action.hex)  # type: ignore[attr-defined]
        if isinstance(action, LayTile) and self._track_held_open(game, action.entity):
            out.append(self._act("pass", action.entity))
        if self._turn is not None and not isinstance(action, Pass):
            company, cheapest = self._turn
            state = game.state
            ended = state.round.kind != "operating" or getattr(state.round, "current", None) != company
            buys = cheapest >= 0 and state.companies[company].cash >= cheapest
            if ended and (buys or self._turn_ability_held(game, company)):
                out.append(self._act("pass", company))  # the site's buy-companies step is open
        self._turn = None
        out += self._after_decline(game)
        out += self._skipped_track(game)
        return out

    def _skipped_track(self, game: Game) -> list[dict[str, Any]]:
        """A company whose turn our engine opens past the tile step (no lay it could make):
        the site's track step waits for its pass all the same."""
        from railyard.framework.eighteen.operating_round import STEPS

        state = game.state
        current = getattr(state.round, "current", None) if state.round.kind == "operating" else None
        if current is None or current == self._operating:
            self._operating = current
            return []
        self._operating = current
        step = getattr(state.round, "step", "")
        if "tile" in STEPS and step in STEPS and STEPS.index(step) > STEPS.index("tile"):
            return [self._act("pass", current)]
        return []

    def _track_held_open(self, game: Game, company: str) -> bool:
        """Our engine has ended ``company``'s tile step after its lay, but the site keeps its
        track step open (for the company's pass) while a private's lay could still be made in
        it: a lay usable in the tile step by the company's own private or by its director's
        (that does not take the company's lay), or a private with such a lay the company could
        still buy."""
        from railyard.framework.eighteen.abilities import holder, owner_ok
        from railyard.framework.eighteen.abilities.lays import uses
        from railyard.framework.eighteen.control import controller_of
        from railyard.framework.model.abilities import TileLay

        state: Any = game.state
        if state.round.kind != "operating" or getattr(state.round, "current", None) != company:
            return False
        if getattr(state.round, "step", "") == "tile":
            return False  # our tile step is still open: the company's own pass closes both
        director = controller_of(state, company)

        def track_lay(ability: Any, cid: str, index: int) -> bool:
            return (isinstance(ability, TileLay) and not ability.consumes_lay
                    and (ability.count is None or uses(state, cid, index) < ability.count))

        for cid, cdef in self.spec.companies.items():
            if state.companies[cid].closed:
                continue
            who = holder(state, cid)
            for index, ability in enumerate(getattr(cdef, "ability_defs", ())):
                if not track_lay(ability, cid, index) or not owner_ok(ability.owner, state, cid):
                    continue
                if ("tile_step" in ability.when and who == company) or (
                        "director_tile_step" in ability.when and who is not None and who == director):
                    return True
        for option in game.legal_actions(company):
            if type(option).__name__ != "BuyPrivate":
                continue
            cdef = self.spec.companies[option.company]  # type: ignore[attr-defined]
            if any(isinstance(a, TileLay) and "tile_step" in a.when for a in getattr(cdef, "ability_defs", ())):
                return True
        return False

    def _reconcile(self, game: Game) -> None:
        for cid in self.shares.certs:
            held: dict[str, int] = {}
            for cert in game.state.companies[cid].certificates:
                held[cert.owner] = held.get(cert.owner, 0) + cert.percent
            self.shares.reconcile(cid, held)

    def _turn_ability_held(self, game: Game, company: str) -> bool:
        """The site's closing buy-companies step also waits for the pass of a company holding
        a private with an unused ability timed for its turn (``own_turn``, the site's
        ``owning_corp_or_turn``: an active ability, which keeps the step open whatever the
        company's cash)."""
        from railyard.framework.eighteen.abilities import holder
        from railyard.framework.eighteen.abilities.lays import uses

        state: Any = game.state
        for cid, cdef in self.spec.companies.items():
            if state.companies[cid].closed or holder(state, cid) != company:
                continue
            for index, ability in enumerate(getattr(cdef, "ability_defs", ())):
                count = getattr(ability, "count", None)
                if "own_turn" in getattr(ability, "when", ()) and (count is None or uses(state, cid, index) < count):
                    return True
        return False

    def _open_purchase(self, game: Game, action: Action) -> tuple[str, int] | None:
        """A company acting in its turn that could buy a private: the company and the
        cheapest price (the site keeps its buy-companies step open for it until it passes)."""
        state = game.state
        entity: str | None = action.entity
        if type(action).__name__ == "AnswerTrainOffer":
            entity = getattr(state.round, "current", None)  # the answer may end the buyer's turn
        if entity is None or state.round.kind != "operating" or getattr(state.round, "current", None) != entity:
            return None
        bought = getattr(action, "company", None) if type(action).__name__ == "BuyPrivate" else None
        # the private this action buys is no longer for sale once it is bought
        prices = [int(getattr(a, "price", 0)) for a in game.legal_actions(entity)
                  if type(a).__name__ == "BuyPrivate" and getattr(a, "company", None) != bought]
        if not prices and (bought is not None or self._turn_ability_held(game, entity)):
            # no private left to buy: the step waits only while a turn ability is held (follow
            # asks once the action is played: the private bought may bring one)
            return (entity, -1)
        return (entity, min(prices)) if prices else None

    def site_ahead(self, game: Game, entity: str) -> bool:
        """The one move ``entity`` has with us beside any-time ones is one the site never
        sees (a pass with nothing to decide, no run to make, nothing earned to pay out): the
        site has moved on by itself, maybe past more (an empty token step or a run no train
        can make, then the dividend of a company that earned nothing, its price moving)."""
        anytime = ANYTIME if self._player(entity) or game.state.round.kind == "stock" else COMPANY_ANYTIME
        own = [a for a in game.legal_actions(entity) if type(a).__name__ not in anytime]
        if len(own) != 1 or type(own[0]).__name__ not in ("Pass", "RunRoutes", "Dividend"):
            return False
        return not getattr(self, f"_t_{type(own[0]).__name__}")(game, own[0])

    # stock rounds and auctions
    def _t_Pass(self, game: Game, action: Pass) -> list[dict[str, Any]]:
        from railyard.framework.eighteen.private_steps import ON_SALE, TELEPORTED, TeleportTokenStep

        entity = action.entity
        pending = game.state.extra.get(ON_SALE)
        if pending and pending[1] == entity:
            # the seller of a private with a lay on its sale declines it: on the site the
            # private's own lay step is passed
            return [self._as_company("pass", pending[0])]
        teleported = game.state.extra.get(TELEPORTED)
        if teleported and TeleportTokenStep().active_entities(game.ruleset, game.state) == (entity,):  # type: ignore[arg-type]
            # the teleport's token declined: the site's Place teleport token step is the private's
            return [self._as_company("pass", teleported[1])]
        legal = game.legal_actions(entity)
        step = "" if self._player(entity) else getattr(game.state.round, "step", "")
        if step == "trains":
            held = self._turn_ability_held(game, entity)
            return [self._act("pass", entity) for _ in range(self._trains_steps(legal, held))]
        if step == "tile":
            return [self._act("pass", entity)]  # the site's track step is open, lays or not
        if game.state.round.kind == "waterfall":
            return [self._act("pass", entity)]  # the site asks every bidder in turn, even one who cannot raise
        if game.state.round.kind == "stock" or self._player(entity):
            legal = [a for a in legal if type(a).__name__ not in ANYTIME]
        else:
            legal = [a for a in legal if type(a).__name__ not in COMPANY_ANYTIME]
        if legal == [action] and not self._site_lists_private(game, entity):
            return []  # nothing to decide: the site moves on by itself
        return [self._act("pass", entity)]

    @staticmethod
    def _site_lists_private(game: Game, player: str) -> bool:
        """The site's share step lists another player's private for ``player`` (and so stays
        open) whenever such sales are allowed and he has cash and bought nothing this turn,
        also one our engine refuses (a private whose granted share a player holds)."""
        from railyard.framework.eighteen import phases
        from railyard.framework.eighteen.abilities import holder
        from railyard.framework.model.abilities import NoBuy

        state: Any = game.state
        rules: Any = game.ruleset
        if state.round.kind != "stock" or not state.is_player(player) or state.round.number < 2:
            return False
        if getattr(state.round, "bought_this_turn", False) or state.player(player).cash <= 0:
            return False
        if not phases.current(rules, state).players_buy_privates:
            return False
        for cid, company in state.companies.items():
            if company.kind != "private" or rules.spec.companies[cid].abilities_of(NoBuy):
                continue
            owner = holder(state, cid)
            if owner is not None and owner != player and state.is_player(owner):
                return True
        return False

    @staticmethod
    def _trains_steps(legal: list[Action], held: bool = False) -> int:
        """The site's steps a company's pass at our trains step ends: buying trains and, after
        it, buying private companies, each one still open if it has a move left (ours are one
        step: a corporation buys privates at any moment of its turn) or, for the latter, if
        the company holds a private with an unused own-turn ability (``held``). Neither open:
        the site ended the turn by itself (a surrender of a train, which our engine also
        offers, is no move of the site's)."""
        kinds = {type(a).__name__ for a in legal}
        trains = bool(kinds & {"BuyTrain", "BuyTrainTradeIn"})
        privates = "BuyPrivate" in kinds or held
        return int(trains) + int(privates)

    def _t_Bid(self, game: Game, action: Bid) -> list[dict[str, Any]]:
        return [self._act("bid", action.entity, company=self.names.item(action.item), price=action.price)]

    def _t_BuyItem(self, game: Game, action: BuyItem) -> list[dict[str, Any]]:
        kind = self.names.buy_item
        return [self._act(kind, action.entity, company=self.names.item(action.item), price=action.price)]

    def _t_Par(self, game: Game, action: Par) -> list[dict[str, Any]]:
        from railyard.framework.eighteen.stock_round import par_cell_for

        rules: Any = game.ruleset
        cell = par_cell_for(rules, action.price)
        if cell is None:
            raise ExportError(f"no par cell at {action.price}")
        self._pending.append(("gain", (action.company, action.entity, [self.shares.president_share(action.company)])))
        return [self._act("par", action.entity, corporation=self.names.entity(action.company),
                          share_price=f"{action.price},{cell[0]},{cell[1]}")]

    def _t_BuyShares(self, game: Game, action: BuyShares) -> list[dict[str, Any]]:
        shares = self.shares.pick_buy(action.company, action.source)
        percent = sum(self.shares.certs[action.company][s][0] for s in shares)
        out = [self._act("buy_shares", action.entity, shares=shares, percent=percent)]
        removed = self._pool_share_out(game, action)
        if removed is not None:  # the site takes the pool's last share out first
            self.shares.move(action.company, removed, CLOSED)
            if removed in shares:
                return out  # it was the share bought: the buyer gets nothing
        self._pending.append(("gain", (action.company, action.entity, shares)))
        return out

    def _pool_share_out(self, game: Game, action: BuyShares) -> str | None:
        """``pool_share_out_on_buy``: the site share that leaves the game before a player
        other than the president buys (the pool's last arrival), or None."""
        rules: Any = game.ruleset
        if not rules.spec.player_setup(len(game.state.players)).pool_share_out_on_buy:
            return None
        if game.state.director(action.company) == action.entity:
            return None
        pool = self.shares.held[action.company].get(POOL, [])
        return pool[-1] if pool else None

    def _t_SellShares(self, game: Game, action: SellShares) -> list[dict[str, Any]]:
        shares = self.shares.pick_sale(action.company, action.entity, action.percent)
        self._pending.append(("sell", (action.company, action.entity, shares, action.percent)))
        return [self._act("sell_shares", action.entity, shares=shares, percent=action.percent)]

    def _after_gain(self, game: Game, data: tuple[str, str, list[str]]) -> None:
        company, buyer, shares = data
        self.shares.gain(company, buyer, shares, game.state.director(company))

    def _after_sell(self, game: Game, data: tuple[str, str, list[str], int]) -> None:
        company, seller, shares, percent = data
        self.shares.sell(company, seller, shares, percent, game.state.director(company))

    # operating rounds
    def _t_LayTile(self, game: Game, action: LayTile) -> list[dict[str, Any]]:
        tile = self.tiles.lay(self.names.tile(action.tile), action.hex)
        return [self._act("lay_tile", action.entity, hex=action.hex, tile=tile, rotation=action.rotation)]

    def _city(self, game: Game, coord: str, stop: int) -> str:
        tile = self.tiles.on_hex.get(coord) or self.names.printed(coord)
        return f"{tile}-{self.names.site_stop(coord, stop)}"

    def _t_PlaceToken(self, game: Game, action: PlaceToken) -> list[dict[str, Any]]:
        board = game.state.board
        slot = len(board.tokens_at(action.hex, action.city))
        return [self._act("place_token", action.entity, city=self._city(game, action.hex, action.city),
                          slot=slot, tokener=self.names.entity(action.entity))]

    def _t_RunRoutes(self, game: Game, action: RunRoutes) -> list[dict[str, Any]]:
        from railyard.framework.eighteen import running

        rules: Any = game.ruleset
        if not action.runs and not running.best(rules, game.state, action.entity, game.state.round.ran).runs:
            return []  # no train, or no route for any: the site skips running (and paying nothing)
        result = running.check(rules, game.state, action, game.state.round.ran)
        by_train = dict(result.routes)
        routes = []
        for run in action.runs:
            route = by_train.get(run.train)
            revenue = route.revenue if route is not None else 0
            routes.append({"train": self.trains.site(run.train, game.state),
                           **site_route(self.names, run.nodes, revenue)})
        return [self._act("run_routes", action.entity, routes=routes, extra_revenue=0,
                          subsidy=result.treasury)]

    def _t_Dividend(self, game: Game, action: Dividend) -> list[dict[str, Any]]:
        if getattr(game.state.round, "revenue", 0) <= 0:
            return []  # nothing earned: the site withholds by itself (its dividend step is skipped)
        return [self._act("dividend", action.entity, kind=action.kind)]

    def _t_BuyTrain(self, game: Game, action: BuyTrain) -> list[dict[str, Any]]:
        from railyard.framework.eighteen import trains

        state = game.state
        bought = self._act("buy_train", action.entity, train=self.trains.site(action.train, state), price=action.price)
        seller = state.trains[action.train].owner
        if seller in state.companies and trains.needs_consent(state, action.entity, seller):
            # our engine offers the train to the seller's director first; the site has no
            # such consent (its players agree beside the game): the purchase is written
            # when the offer is accepted, and not at all when it is declined
            self._offered = bought
            return []
        return [bought]

    def _t_AnswerTrainOffer(self, game: Game, action: Any) -> list[dict[str, Any]]:
        bought, self._offered = self._offered, None
        if bought is None:
            raise ExportError("an answer to a train offer the export did not see")
        offer = getattr(game.state.round, "offer", None)
        if offer:
            buyer, _, price = offer
            # taken now: once the buyer's turn ends, a new OR's private revenue may pay it
            cash = game.state.companies[buyer].cash - (price if action.accept else 0)
            self._declined = (buyer, cash)
        else:
            self._declined = None
        return [bought] if action.accept else []

    def _after_decline(self, game: Game) -> list[dict[str, Any]]:
        """An answered offer that ends the buyer's turn with us (no other train it may buy but
        those whose sale was declined): the site, which knows no consent, still holds its
        buy-trains step open while it offers the buyer a train, so the buyer passes it."""
        declined, self._declined = self._declined, None
        if declined is None:
            return []
        company, cash = declined
        state = game.state
        rnd = state.round
        if rnd.kind == "operating" and getattr(rnd, "current", None) == company \
                and getattr(rnd, "step", "") == "trains":
            return []  # the turn goes on: its own pass (or purchase) follows
        if not self._site_may_buy(game, company, cash):
            return []  # an accepted offer that filled its trains or spent its cash: the site moves on too
        return [self._act("pass", company)]

    @staticmethod
    def _site_may_buy(game: Game, company: str, cash: int) -> bool:
        """Whether the site still offers ``company`` a train with ``cash`` in its treasury:
        room for one and a bank train it can pay, or another company's train at the least
        price (the site keeps offering a train whose sale our engine saw declined)."""
        from railyard.framework.eighteen import trains
        from railyard.framework.eighteen.trains import DEPOT, TRAIN_POOL

        rules: Any = game.ruleset
        state = game.state
        least = trains.min_price(rules)
        return any(price <= cash if trains.source_of(state, t) in (DEPOT, TRAIN_POOL) else least <= cash
                   for t, price in trains.iter_offers(rules, state, company))

    def _t_BuyTrainTradeIn(self, game: Game, action: Any) -> list[dict[str, Any]]:
        return [self._act("buy_train", action.entity, train=self.trains.site(action.train, game.state), price=action.price,
                          exchange=self.trains.site(action.trade_in, game.state))]

    def _t_DiscardTrain(self, game: Game, action: DiscardTrain) -> list[dict[str, Any]]:
        return [self._act("discard_train", action.entity, train=self.trains.site(action.train, game.state))]

    def _t_SurrenderTrain(self, game: Game, action: SurrenderTrain) -> list[dict[str, Any]]:
        kind = self.names.action("surrender_train")
        return [self._act(kind, action.entity, train=self.trains.site(action.train, game.state))]

    def _t_DeclareBankruptcy(self, game: Game, action: DeclareBankruptcy) -> list[dict[str, Any]]:
        company = getattr(game.state.round, "current", None)
        return [self._act("bankrupt", company or action.entity)]

    def _t_BuyPrivate(self, game: Game, action: Any) -> list[dict[str, Any]]:
        from railyard.framework.eighteen.abilities.player_sales import regranted

        if self._player(action.entity):
            # the site hands a player buying the private the very certificates it names
            # again (CA's PRR_1), not the first-come share a reconcile would pick
            for cert_id in regranted(game.ruleset, action.company):  # type: ignore[arg-type]
                company = game.state.cert(cert_id).company
                index = [c.id for c in game.state.companies[company].certificates].index(cert_id)
                share = f"{self.names.entity(company)}_{index}"
                self._pending.append(("gain", (company, action.entity, [share])))
        return [self._act("buy_company", action.entity, company=self.names.company(action.company),
                          price=action.price)]

    # private companies' abilities: the site's acting entity is the private itself
    def _as_company(self, type_: str, company: str, **fields: Any) -> dict[str, Any]:
        return {"type": type_, "entity": self.names.company(company), "entity_type": "company", **fields}

    def _t_AbilityLay(self, game: Game, action: Any) -> list[dict[str, Any]]:
        tile = self.tiles.lay(self.names.tile(action.tile), action.hex)
        return [self._as_company("lay_tile", action.company, hex=action.hex, tile=tile, rotation=action.rotation)]

    def _t_AbilityToken(self, game: Game, action: Any) -> list[dict[str, Any]]:
        board = game.state.board
        slot = len(board.tokens_at(action.hex, action.city))
        return [self._as_company("place_token", action.company, city=self._city(game, action.hex, action.city),
                                 slot=slot, tokener=self.names.entity(action.entity))]

    def _t_ExchangePrivate(self, game: Game, action: Any) -> list[dict[str, Any]]:
        target = self._exchange_target(game, action.company)
        shares = self.shares.pick_buy(target, action.source)
        self._pending.append(("gain", (target, action.entity, shares)))
        percent = sum(self.shares.certs[target][s][0] for s in shares)
        return [self._as_company("buy_shares", action.company, shares=shares, percent=percent)]

    def _exchange_target(self, game: Game, company: str) -> str:
        """The corporation a private is exchanged for (its ability's ``company``)."""
        cdef = self.spec.companies[company]
        for ability in getattr(cdef, "abilities", ()) or ():
            data = ability if isinstance(ability, dict) else attrs_dict(ability)
            if data.get("kind") == "exchange":
                target = data.get("company") or data.get("corporation")
                if target:
                    return str(target)
        raise ExportError(f"{company} has no exchange ability")

    def _t_ChooseHome(self, game: Game, action: Any) -> list[dict[str, Any]]:
        """Our engine has a company with several possible homes choose when it first
        operates; the site asks for the token once a tile on the hex says where the cities
        are: at once if one is there, else after the lay there (``follow`` gives it then)."""
        home = getattr(action, "home", None)
        if home is None:
            raise ExportError(f"no site action for {type(action).__name__} (a title's own home choice)")
        coord, _, city = str(home).rpartition(".")
        self.homes[action.entity] = (coord, int(city or 0))
        if coord in self.tiles.on_hex:
            # a tile already shows the hex's cities: the site's home token step asks at once
            return self._homes_after_lay(game, coord)
        return []

    def _homes_after_lay(self, game: Game, coord: str) -> list[dict[str, Any]]:
        out = []
        for company, (where, city) in list(self.homes.items()):
            if where == coord:
                del self.homes[company]
                out.append(self._act("place_token", company, city=self._city(game, where, city), slot=0,
                                     tokener=self.names.entity(company)))
        return out


def attrs_dict(value: Any) -> dict[str, Any]:
    import attrs

    return attrs.asdict(value) if attrs.has(type(value)) else dict(vars(value))


def export_game(game: Game, *, end: bool = False) -> dict[str, Any]:
    """The whole site record of ``game``: its actions replayed from the start through a
    ``SiteExporter`` (ids 1..n), with the result when the game is over.

    ``end`` closes a game that is not over with the site's ``end_game`` (a game its players
    ended by hand: the site's result is then every player's worth at that moment)."""
    fresh = Game(game.title, game.players, game.seed, game.variant, game.overrides)
    exporter = SiteExporter(fresh)
    head = exporter.setup()
    actions: list[dict[str, Any]] = []
    for action in game.actions:
        actions.extend(exporter.translate(fresh, action))
        fresh.process(action)
        actions.extend(exporter.follow(fresh, action))
    ended = end and not fresh.is_over()
    if ended:
        actions.append({"type": "end_game", **exporter._who(exporter.seats[0])})
    for index, site_action in enumerate(actions, start=1):
        site_action["id"] = index
    out: dict[str, Any] = {
        "id": 1,
        "title": head["title"],
        "players": head["players"],
        "settings": {"seed": head["seed"], "optional_rules": head["optional_rules"]},
        "actions": actions,
        "status": "finished" if fresh.is_over() or ended else "active",
        "loaded": True,
    }
    if fresh.is_over() or ended:
        out["result"] = {str(exporter.pids[p]): worth for p, worth in fresh.standings()}
    if ended:
        out["game_end_reason"] = "manually_ended"
    return out
