"""Games recorded on the 18xx.games site, translated into our actions and replayed.

The site and our engine agree on what a move is but not always on how many clicks it takes:
the site skips steps with nothing to decide and records a pass where our engine skips, and
the other way round. So the translation runs against our live game, and only moves without
a decision are bridged:

- where our engine waits on a step the site skipped, the company passes it (only steps a
  pass may end: laying track, placing a token, ending the turn) or makes its only move (a
  run with no route); a player whose only move is to pass passes (the site records none);
- a recorded pass our engine has no use for is absorbed, and so is a recorded answer our
  engine already carried out itself (a forced exchange of a private for a share);
- an answer our engine asks for earlier than the site (a home to choose, the order of one
  player's exchanges, the order of discards) is taken from the next few recorded
  answers.

Ids that need the live state are resolved there: which of our trains
a recorded train is (assigned when it leaves the depot), where a share comes from (the pool
if the recording sold it there), which stop of a hex a recorded node is (by the track it
joins). Everything title-specific comes from the title's ``import_18xxgames.yaml``.

A recorded action our engine refuses is a *divergence*: the replay stops there and says
which action it was, what was recorded and what our engine said. Runs are also compared
(recorded revenue and mine income against ours, and against our best route search).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import attrs

from railyard.framework.core.actions import Action, from_json
from railyard.framework.core.game import Game
from railyard.framework.eighteen.actions import Bid, BuyItem, BuyShares, Par, Pass, SellShares
from railyard.framework.eighteen.or_actions import (
    BuyTrain,
    ChooseHome,
    DeclareBankruptcy,
    DiscardTrain,
    Dividend,
    LayTile,
    PlaceToken,
    RunRoutes,
    SurrenderTrain,
    TrainRoute,
)
from railyard.framework.eighteen.state import DEPOT, IPO
from railyard.framework.importers.mapping import ImportMap, load_import_map
from railyard.framework.importers.recorded import RecordedGame
from railyard.framework.records import Record

SITE = "18xxgames"

#: the operating-round step each company action belongs to (our step names)
STEP_OF: dict[type, str] = {
    LayTile: "tile",
    PlaceToken: "token",
    RunRoutes: "run",
    Dividend: "dividend",
    BuyTrain: "trains",
    SurrenderTrain: "trains",
    DeclareBankruptcy: "trains",
}
#: the operating-round step (ours) each of the site's company actions belongs to
SITE_STEP: dict[str, str] = {"lay_tile": "tile", "place_token": "token", "run_routes": "run",
                             "dividend": "dividend", "buy_train": "trains"}
#: steps a company may end with a pass
PASSABLE = ("tile", "token", "trains")
#: how far ahead a question our engine asks earlier than the site is looked for
LOOK_AHEAD = 12
#: site actions that answer a question (only those may be taken ahead of their turn)
ASKED = ("choose", "place_token", "discard_train")


#: our actions a player may take at any time, which the site keeps outside the turn
ANYTIME = ("ExchangePrivate", "AbilityLay")


class TranslationError(Exception):
    """A recorded action that cannot be put in our terms at all."""


@attrs.frozen(repr=False)
class Divergence(Record):
    """A recorded action our engine would not take as recorded."""

    index: int  # position in the effective recorded actions
    site_id: int | None  # the action's id in the file (None for automatic actions)
    recorded: dict[str, Any]
    ours: str  # the action(s) we tried
    error: str  # what our engine said

    def __str__(self) -> str:
        brief = {k: v for k, v in self.recorded.items() if k not in ("created_at", "auto_actions")}
        return f"action {self.index} (site id {self.site_id}): recorded {brief}; ours {self.ours}: {self.error}"


@attrs.frozen(repr=False)
class RunCheck(Record):
    """One recorded run against ours: revenue and mine income, and our best search."""

    index: int
    company: str
    recorded_revenue: int | None  # None: the recording gives only the track (older games)
    recorded_subsidy: int
    our_revenue: int
    our_treasury: int
    best_total: int | None  # revenue + treasury of our best routes (None: not searched)

    @property
    def checked(self) -> bool:
        """Whether the recording says what the run earned."""
        return self.recorded_revenue is not None

    @property
    def agrees(self) -> bool:
        """Ours earns what the recording says (a run recorded without revenue cannot
        disagree; ``checked`` tells the two apart)."""
        if self.recorded_revenue is None:
            return True
        return (self.recorded_revenue, self.recorded_subsidy) == (self.our_revenue, self.our_treasury)


@attrs.define(repr=False)
class ImportResult(Record):
    game: Game
    recorded: RecordedGame
    handled: int = 0  # recorded actions taken (applied, absorbed or merged)
    divergence: Divergence | None = None
    origin: list[int] = attrs.Factory(list)  # per action of ours: recorded index, -1 if inserted
    absorbed: list[int] = attrs.Factory(list)  # recorded passes our engine had no use for
    reordered: list[int] = attrs.Factory(list)  # recorded answers taken ahead of their turn
    runs: list[RunCheck] = attrs.Factory(list)
    seconds: float = 0.0

    @property
    def complete(self) -> bool:
        return self.divergence is None and self.handled == len(self.recorded.actions)


def _site_id(recorded: dict[str, Any]) -> int | None:
    value = recorded.get("id")
    return int(value) if isinstance(value, int) else None


def _strip_copy(name: str) -> str:
    """``"57-0"`` -> ``"57"``, ``"3+1-1"`` -> ``"3+1"``: the site numbers copies."""
    return name.rsplit("-", 1)[0]


class Importer:
    """Translates and applies recorded actions one at a time onto ``game``."""

    def __init__(self, game: Game, imap: ImportMap, *, search_best: bool = False) -> None:
        self.game = game
        self.map = imap
        self.search_best = search_best
        self.trains: dict[str, str] = {}  # site train id -> ours
        self.pooled: set[str] = set()  # site share ids sold to the pool
        self.bought: set[str] = set()  # site share ids a player bought (never back in the IPO)
        self.laid: dict[str, str] = {}  # site tile copy ("404-1") -> hex
        self.result: ImportResult | None = None
        self.forced: set[str] = set()  # players passed for lack of any other move
        self.recorded: tuple[dict[str, Any], ...] = ()
        self.early: set[int] = set()  # recorded actions taken ahead of their turn
        self.sellers: dict[str, str | None] = {}  # private -> the player who sold it
        self.homes: dict[str, tuple[str, int]] = {}  # company -> home chosen from the record
        self.position = 0  # the recorded action being taken

    # ------------------------------------------------------------------ state helpers
    @property
    def state(self) -> Any:
        return self.game.state

    @property
    def rules(self) -> Any:
        return self.game.ruleset

    def _current(self) -> str | None:
        return getattr(self.state.round, "current", None) if self.state.round.kind == "operating" else None

    def _is_company(self, entity: str) -> bool:
        return entity in self.state.companies

    def _director(self, company: str) -> str:
        who = self.state.director(company)
        if who is None:
            raise TranslationError(f"{company} has no director")
        return who

    # ------------------------------------------------------------------ translation
    def translate(self, rec: dict[str, Any]) -> list[Action]:
        """Our candidate actions for a recorded one, best first (empty: nothing to do)."""
        kind = self.map.actions.get(rec["type"], rec["type"])
        handler: Callable[[dict[str, Any]], list[Action]] | None = getattr(self, f"_t_{kind}", None)
        if handler is None:
            raise TranslationError(f"no translation for site action {rec['type']!r}")
        return handler(rec)

    def _entity(self, rec: dict[str, Any]) -> str:
        if rec.get("entity_type") == "company":
            entity = self.map.company(rec["entity"])
        else:
            entity = self.map.entity(rec["entity"])
        if self._is_company(entity) and self.state.companies[entity].kind == "private":
            # a private's ability used by the company operating now
            current = self._current()
            if current is not None:
                return current
        return entity

    def _t_pass(self, rec: dict[str, Any]) -> list[Action]:
        if "original_id" in rec and rec["original_id"] is None and self._then_acts(rec):
            # a pass the site inserted into an old record (original_id null) before a move of
            # the same company: ours reaches that move by passing the steps between, if any
            return []
        return [Pass(self._entity(rec))]

    def _then_acts(self, rec: dict[str, Any]) -> bool:
        """Whether the next recorded action is the same entity's, and not a pass."""
        later = self.recorded[self.position + 1:self.position + 2]
        return bool(later) and later[0].get("entity") == rec.get("entity") \
            and later[0].get("type") != "pass"

    def _t_bid(self, rec: dict[str, Any]) -> list[Action]:
        entity, item, price = self._entity(rec), self.map.item(rec["company"]), int(rec["price"])
        # in a waterfall the site records buying the cheapest item as a bid at its price
        return [Bid(entity, item, price), BuyItem(entity, item, price)]

    def _t_buy_company(self, rec: dict[str, Any]) -> list[Action]:
        entity = self._entity(rec)
        company = self.map.company(rec["company"])
        price = int(rec["price"])
        out = _tagged({"type": "buy_private", "entity": entity, "company": company, "price": price})
        if rec.get("entity_type") == "corporation" and out:
            return out  # a corporation buys a private from its player owner
        return [BuyItem(entity, self.map.item(rec["company"]), price)]

    def _private_of(self, rec: dict[str, Any]) -> str | None:
        """The private whose ability a recorded action uses (its entity is a company)."""
        if rec.get("entity_type") != "company":
            return None
        company = self.map.company(rec["entity"])
        state_company = self.state.companies.get(company)
        return company if state_company is not None and state_company.kind == "private" else None

    def _ability_kinds(self, company: str) -> set[str]:
        cdef = self.rules.spec.companies.get(company)
        abilities = getattr(cdef, "abilities", ()) or ()
        return {a.get("kind", "") if isinstance(a, dict) else getattr(a, "kind", "") for a in abilities}

    def _ability_users(self, company: str) -> list[str]:
        """Who may act for a private's ability, most likely first: the company operating now,
        the private's holder, the player who sold it (its last player holder)."""
        users = [self._current(), self._holder(company), self.sellers.get(company)]
        return list(dict.fromkeys(u for u in users if u is not None))

    def _holder(self, company: str) -> str | None:
        director = next((c for c in self.state.companies[company].certificates if c.director), None)
        return None if director is None else director.owner

    def _share_company(self, share: str) -> str:
        return self.map.entity(share.rsplit("_", 1)[0])

    def _t_buy_shares(self, rec: dict[str, Any]) -> list[Action]:
        shares = list(rec["shares"])
        company = self._share_company(shares[0])
        # a player's share reaches the pool unrecorded when a president's share changes hands
        source = "pool" if shares[0] in self.pooled | self.bought else "ipo"
        if source == "ipo" and not any(
            c.owner == IPO for c in self.state.companies[company].certificates
        ):
            source = "pool"
        private = self._private_of(rec)
        if private is not None:  # a private exchanged for a share by its player owner
            holder = self._holder(private)
            return _tagged({"type": "exchange_private", "entity": holder, "company": private,
                            "source": source})
        return [BuyShares(self._entity(rec), company, source)]

    def _t_sell_shares(self, rec: dict[str, Any]) -> list[Action]:
        shares = list(rec["shares"])
        return [SellShares(self._entity(rec), self._share_company(shares[0]), int(rec["percent"]))]

    def _t_par(self, rec: dict[str, Any]) -> list[Action]:
        price = int(str(rec["share_price"]).split(",")[0])
        return [Par(self._entity(rec), self.map.entity(rec["corporation"]), price)]

    def _t_lay_tile(self, rec: dict[str, Any]) -> list[Action]:
        tile = self.map.tile(_strip_copy(rec["tile"]))
        rotation = int(rec["rotation"])
        plain: list[Action] = [LayTile(self._entity(rec), rec["hex"], tile, rotation)]
        private = self._private_of(rec)
        if private is None or not self._ability_kinds(private) & {"tile_lay", "teleport"}:
            return plain
        # a private's special lay, made for the company operating now or by a player
        special = [
            action
            for user in self._ability_users(private)
            for action in _tagged({"type": "ability_lay", "entity": user, "company": private,
                                   "hex": rec["hex"], "tile": tile, "rotation": rotation})
        ]
        return special + plain

    def _city(self, node: str) -> tuple[str, int]:
        """``"404-1-0"`` (tile copy, city) or ``"L2-4-0"`` (a printed hex) -> (hex, our stop)."""
        where, _, index = node.rpartition("-")
        coord = self.laid.get(where, where.split("-")[0])
        return coord, self.map.stop(coord, int(index))

    def _t_place_token(self, rec: dict[str, Any]) -> list[Action]:
        coord, city = self._city(rec["city"])
        entity = self._entity(rec)
        if self.homes.get(entity) == (coord, city):
            del self.homes[entity]
            return []  # the home our engine had the company choose when it first operated
        home = ChooseHome(entity, f"{coord}.{city}")
        if home in self.game.legal_actions(entity):
            return [home]  # the site's home token is our choice of home, asked just now (1882's QLL)
        out: list[Action] = []
        private = self._private_of(rec)
        if private is not None and "teleport" in self._ability_kinds(private):
            # the token a private's teleport allows: at the ability's price, not the charter's
            out += [action for user in self._ability_users(private)
                    for action in _tagged({"type": "ability_token", "entity": user, "company": private,
                                           "hex": coord, "city": city})]
        out.append(PlaceToken(entity, coord, city))
        values = {"entity": entity, "hex": coord, "city": city}
        out += [self._template(t, entity, values) for t in self.map.alternatives.get("place_token", ())]
        return out

    def _t_choose(self, rec: dict[str, Any]) -> list[Action]:
        template = self.map.choices.get(str(rec["choice"]))
        if template is None:
            raise TranslationError(f"no translation for the choice {rec['choice']!r}")
        entity = self.map.entity(rec["entity"])
        company = self.state.companies.get(entity)
        if company is not None and (company.closed or self.state.director(entity) is None):
            return []  # our engine made this move itself (a forced exchange or merger)
        return [self._template(template, entity, {"entity": entity})]

    def _template(self, template: dict[str, Any], entity: str, values: dict[str, Any]) -> Action:
        values = dict(values)
        cdef = self.rules.spec.companies.get(entity)
        values.setdefault("merges_into", getattr(cdef, "merges_into", None))
        data: dict[str, Any] = {}
        for key, value in template.items():
            if key == "entity":
                data[key] = self._director(entity) if value == "director" else entity
            elif isinstance(value, str) and value.startswith("{") and value.endswith("}"):
                data[key] = values[value[1:-1]]
            else:
                data[key] = value
        return from_json(data)

    def _our_train(self, company: str, site_train: str, name: str | None = None) -> str:
        if site_train in self.trains:
            return self.trains[site_train]
        wanted = self.map.train_name(name or _strip_copy(site_train))
        state = self.state
        for stack in state.depot.stacks.values():
            for train_id in stack:
                if state.trains[train_id].name == wanted:
                    return train_id
        raise TranslationError(f"no train {wanted} left in the depot for {site_train}")

    def _t_buy_train(self, rec: dict[str, Any]) -> list[Action]:
        entity = self._entity(rec)
        ours = self._our_train(entity, rec["train"], rec.get("variant"))
        if rec.get("exchange"):  # a train handed in for a discount (1830's D)
            return _tagged({"type": "buy_train_trade_in", "entity": entity, "train": ours,
                            "trade_in": self._known_train(str(rec["exchange"])),
                            "price": int(rec["price"])})
        return [BuyTrain(entity, ours, int(rec["price"]))]

    def _t_end_game(self, rec: dict[str, Any]) -> list[Action]:
        """The game was ended by hand on the site: nothing to play (its result is the
        standings at that moment)."""
        return []

    def _t_bankrupt(self, rec: dict[str, Any]) -> list[Action]:
        """The site records the company that cannot buy its train; ours is its director."""
        company = self._entity(rec)
        return [DeclareBankruptcy(self._director(company) if self._is_company(company) else company)]

    def _t_discard_train(self, rec: dict[str, Any]) -> list[Action]:
        return [DiscardTrain(self._entity(rec), self._known_train(rec["train"]))]

    def _t_surrender_train(self, rec: dict[str, Any]) -> list[Action]:
        return [SurrenderTrain(self._entity(rec), self._known_train(rec["train"]))]

    def _known_train(self, site_train: str) -> str:
        if site_train not in self.trains:
            given = self._given_at_setup(site_train)
            if given is None:
                raise TranslationError(f"train {site_train} was never bought")
            self.trains[site_train] = given
        return self.trains[site_train]

    def _given_at_setup(self, site_train: str) -> str | None:
        """A train a company was given at setup, never bought (1846's minors): both engines
        number the trains of a name in depot order (the site's ``2-0`` is our ``2#1``)."""
        name, _, copy = site_train.rpartition("-")
        if not copy.isdigit():
            return None
        ours = f"{self.map.train_name(name)}#{int(copy) + 1}"
        train = self.state.trains.get(ours)
        if train is None or train.owner == DEPOT or ours in self.trains.values():
            return None
        return ours

    def _t_dividend(self, rec: dict[str, Any]) -> list[Action]:
        return [Dividend(self._entity(rec), str(rec["kind"]))]

    def _t_run_routes(self, rec: dict[str, Any]) -> list[Action]:
        from railyard.framework.eighteen import running

        entity = self._entity(rec)
        graph = running.graph(self.rules, self.state)
        runs = []
        for route in rec.get("routes") or ():
            train = self._known_train(route["train"])
            runs.append(TrainRoute(train, tuple(route_nodes(graph, route))))
        return [RunRoutes(entity, tuple(runs))]

    # ------------------------------------------------------------------ applying
    def _active(self) -> tuple[str, ...]:
        return self.game.active_entities()

    def _apply(self, action: Action, origin: int) -> None:
        assert self.result is not None
        self.game.process(action)
        self.result.origin.append(origin)

    def _catch_up(self, action: Action) -> None:
        """Pass the steps and turns the site skipped, up to where ``action`` belongs."""
        for _ in range(50):
            self._forced_passes(action.entity)
            current = self._current()
            if current is None or current == action.entity and not self._behind(action):
                if current is not None and not isinstance(action, ChooseHome):
                    # a home our engine asks for before any move of the turn (a private's
                    # lay, made before the company's own, comes first on the site)
                    home = self._home_from_record(current, self.game.legal_actions(current))
                    if home is not None:
                        self._apply(home, -1)
                        continue
                return
            if action.entity in self._active() and current != action.entity:
                return  # the director acting for the company (emergency sales)
            if current not in self._active():
                return
            step = getattr(self.state.round, "step", "")
            legal = self.game.legal_actions(current)
            if len(legal) == 1 and not isinstance(legal[0], Pass):
                self._apply(legal[0], -1)  # no decision (a run with no route)
                continue
            if step == "run" and [a for a in legal if isinstance(a, RunRoutes)] == [RunRoutes(current, ())]:
                self._apply(RunRoutes(current, ()), -1)  # no route (a private buy may wait)
                continue
            home = self._home_from_record(current, legal)
            if home is not None:
                self._apply(home, -1)
                continue
            if step not in PASSABLE or Pass(current) not in legal:
                return
            self._apply(Pass(current), -1)

    def _home_from_record(self, company: str, legal: list[Action]) -> Action | None:
        """Our engine asks a company with several possible homes to choose when it first
        operates; the site puts its token on the hex and picks the city when a tile is laid
        there, maybe many actions later (1830's ERIE on E11). The choice is the city of the
        company's first recorded token on one of those hexes."""
        choices = [a for a in legal if isinstance(a, ChooseHome)]
        if not choices:
            return None
        hexes = {c.home.split(".")[0] for c in choices}
        laid = dict(self.laid)
        for rec in self.recorded[self.position:]:
            if rec.get("type") == "lay_tile" and rec.get("hex") in hexes:
                laid[str(rec["tile"])] = str(rec["hex"])
            if rec.get("type") != "place_token" or self.map.entity(rec.get("entity")) != company:
                continue
            where, _, index = str(rec["city"]).rpartition("-")
            coord = laid.get(where, where.split("-")[0])
            if coord not in hexes:
                continue
            wanted = f"{coord}.{self.map.stop(coord, int(index))}"
            chosen = next((c for c in choices if c.home == wanted), None)
            if chosen is not None:
                self.homes[company] = (coord, self.map.stop(coord, int(index)))
            return chosen
        return None

    def _forced_passes(self, entity: str | None) -> None:
        """Players to act (before ``entity``) whose only move is to pass: the site passes
        them without a record (a bidder who cannot raise, a player who cannot afford any
        item). Companies are left to the catch-up, which knows the steps."""
        for _ in range(50):
            active = self._active()
            if entity in active or len(active) != 1:
                return
            other = active[0]
            if self._is_company(other) or self._turn_moves(other) != [Pass(other)]:
                return
            self._apply(Pass(other), -1)
            self.forced.add(other)

    def _sell_out(self, director: str) -> None:
        """The site's bankruptcy sells the director's shares itself; ours wants every sale
        that can still be made first: the largest sale of each corporation, until none."""
        for _ in range(50):
            sales = [a for a in self.game.legal_actions(director) if isinstance(a, SellShares)]
            if not sales:
                return
            biggest = max(sales, key=lambda a: (a.percent, a.company))
            self._apply(biggest, -1)

    def _turn_moves(self, player: str) -> list[Action]:
        """A player's legal moves but the private abilities usable at any time (an exchange,
        a special lay) in a stock round: the site offers those outside the turn, so they keep
        no turn open there."""
        legal = self.game.legal_actions(player)
        if self.state.round.kind != "stock":
            return legal
        return [a for a in legal if type(a).__name__ not in ANYTIME]

    def _behind(self, action: Action) -> bool:
        """Whether our engine is at an earlier step of the turn than ``action`` belongs to."""
        from railyard.framework.eighteen.operating_round import STEPS

        wanted = STEP_OF.get(type(action))
        step = getattr(self.state.round, "step", "")
        if wanted is None or step not in STEPS:
            return False
        return STEPS.index(step) < STEPS.index(wanted)

    def step(self, index: int, rec: dict[str, Any]) -> Divergence | None:
        """Take one recorded action; a divergence when our engine refuses it."""
        assert self.result is not None
        self.position = index
        try:
            candidates = self.translate(rec)
        except Exception as error:  # noqa: BLE001 - a recorded action of any odd shape
            if isinstance(error, KeyError):
                error = TranslationError(f"no field {error}")
            return Divergence(index, _site_id(rec), rec, "(no translation)", str(error))
        if not candidates:
            self.result.absorbed.append(index)
            return None
        first = candidates[0]
        if isinstance(first, Pass) and first.entity in self.forced and first.entity not in self._active():
            self.result.absorbed.append(index)  # we passed this player already
            self.forced.discard(first.entity)
            return None
        self.forced.discard(first.entity)
        if isinstance(first, Pass) and self._is_company(first.entity):
            late = self._turn_after_pass(index, first.entity)
            for later in late:  # the site's last buy-company step: ours is before the pass
                divergence = self.step(later, self.recorded[later])
                if divergence is not None:
                    return divergence
                self.early.add(later)
            if (
                first.entity != self._current()
                or first.entity not in self._active()
                or first not in self.game.legal_actions(first.entity)
                or self._passes_earlier_step(index, first.entity)
            ):
                self.result.absorbed.append(index)  # a step our engine skipped itself
                return None
        else:
            self._catch_up(first)
            if isinstance(first, DeclareBankruptcy):
                self._sell_out(first.entity)
        errors = self._try(index, rec, candidates)
        if errors is None:
            return None
        if self._ask_ahead(index):
            return self.step(index, rec)
        return Divergence(index, _site_id(rec), rec, " | ".join(repr(a) for a in candidates), "; ".join(errors))

    def _passes_earlier_step(self, index: int, company: str) -> bool:
        """Whether a company's recorded pass ends a step of the site's that our engine has
        already left: the company's next recorded move belongs to the step our engine is at
        (the site keeps its track step open for a private's lay, and inserts the pass that
        closes it before the company's token)."""
        if index + 1 >= len(self.recorded):
            return False
        following = self.recorded[index + 1]
        if following.get("type") == "pass" or following.get("entity_type") != "corporation":
            return False
        try:
            entity = self.map.entity(following["entity"])
        except (KeyError, TypeError, ValueError):
            return False
        wanted = SITE_STEP.get(str(following.get("type")))
        return entity == company and wanted is not None and wanted == getattr(self.state.round, "step", "")

    def _turn_after_pass(self, index: int, company: str) -> list[int]:
        """Recorded actions of ``company``'s turn that follow its pass: the site closes the
        turn with a buy-company step after the trains, where our engine lets a corporation buy
        privates at any moment of its turn and ends the turn with the pass. So its purchases
        (and the lays its sellers make at once) are taken before the pass."""
        out: list[int] = []
        later = index + 1
        while later < len(self.recorded) and later not in self.early:
            rec = self.recorded[later]
            bought = rec.get("type") == "buy_company" and self.map.entity(rec.get("entity")) == company
            seller_lay = (out and rec.get("entity_type") == "company"
                          and rec.get("type") == "lay_tile")
            if not (bought or seller_lay):
                break
            out.append(later)
            later += 1
        return out

    def _try(self, index: int, rec: dict[str, Any], candidates: list[Action]) -> list[str] | None:
        """Apply the first candidate our engine takes; the refusals if it takes none."""
        errors = []
        for action in candidates:
            before = self._before(action, rec)
            self._before_buy(action)
            try:
                self._apply(action, index)
            except Exception as error:  # noqa: BLE001 - every refusal is reported
                errors.append(f"{action!r}: {error}")
                continue
            self._after(action, rec, before)
            self._forced_passes(None)
            return None
        return errors

    def _ask_ahead(self, index: int) -> bool:
        """Our engine asks someone else first: take that answer from the next few recorded
        actions (the two engines ask the same question at different moments). Passes are
        never taken early: a pass means whatever the moment is."""
        assert self.result is not None
        active = self._active()
        for later in range(index + 1, min(index + 1 + LOOK_AHEAD, len(self.recorded))):
            if later in self.early:
                continue
            rec = self.recorded[later]
            if rec.get("type") not in ASKED:
                continue
            try:
                candidates = self.translate(rec)
            except (TranslationError, KeyError, ValueError):
                continue
            if not candidates or isinstance(candidates[0], Pass):
                continue
            if not any(c.entity in active for c in candidates):
                continue
            if self._try(later, rec, candidates) is None:
                self.early.add(later)
                return True
        return False

    def _before(self, action: Action, rec: dict[str, Any]) -> Any:
        if isinstance(action, RunRoutes):
            from railyard.framework.eighteen import running

            rs = self.state.round
            try:
                result = running.check(self.rules, self.state, action, rs.ran)
            except Exception:  # noqa: BLE001 - the apply reports it
                return None
            best = None
            if self.search_best:
                found = running.best(self.rules, self.state, action.entity, rs.ran)
                best_result = running.check(self.rules, self.state, found, rs.ran)
                best = best_result.revenue + best_result.treasury
            return result, best
        return None

    def _before_buy(self, action: Action) -> None:
        company = getattr(action, "company", None)
        buys = getattr(action, "tag", None) == "buy_private" or type(action).__name__ == "BuyPrivate"
        if buys and company is not None:
            self.sellers[company] = self._holder(company)

    def _after(self, action: Action, rec: dict[str, Any], before: Any) -> None:
        assert self.result is not None
        if type(action).__name__ == "BuyTrainTradeIn":
            self.trains[rec["train"]] = action.train  # type: ignore[attr-defined]
        if isinstance(action, BuyTrain):
            self.trains[rec["train"]] = action.train
        elif isinstance(action, LayTile) or type(action).__name__ == "AbilityLay" or (
            rec.get("type") == "lay_tile" and hasattr(action, "hex")
        ):
            # a private's lay names its tile copy too: later tokens and runs name the copy
            self.laid[str(rec["tile"])] = action.hex  # type: ignore[attr-defined]
        elif isinstance(action, SellShares):
            self.pooled.update(rec.get("shares") or ())
        elif isinstance(action, BuyShares):
            self.pooled.difference_update(rec.get("shares") or ())
            if rec.get("entity_type", "player") == "player":
                self.bought.update(rec.get("shares") or ())
            else:  # a corporation's own share goes back to its treasury
                self.bought.difference_update(rec.get("shares") or ())
        elif isinstance(action, RunRoutes) and before is not None:
            result, best = before
            routes = rec.get("routes") or ()
            revenue = (
                sum(int(r["revenue"]) for r in routes)
                if all("revenue" in r for r in routes) else None
            )
            self.result.runs.append(RunCheck(
                index=len(self.result.origin) - 1,
                company=action.entity,
                recorded_revenue=revenue,
                recorded_subsidy=int(rec.get("subsidy") or 0),
                our_revenue=result.revenue,
                our_treasury=result.treasury,
                best_total=best,
            ))


def _tagged(data: dict[str, Any]) -> list[Action]:
    """Our action of that tag, or none when the engine has no such action."""
    try:
        return [from_json(data)]
    except KeyError:
        return []


def route_nodes(graph: Any, route: dict[str, Any]) -> list[str]:
    """Our nodes for a recorded route: its stops joined through the hex edges it crosses.

    The site names a stop ``"<hex>-<i>"`` and the hexes between two stops; our stop on that
    hex is the one joined to the edges the route uses (the recorded index breaks ties).
    """
    from railyard.framework.routes.board_graph import junction_id

    stops, connections = route_stops(route)
    if not stops:
        return []
    # the junctions on either side of each stop
    legs: list[list[str]] = []
    for hexes in connections:
        legs.append([junction_id(a, b) for a, b in zip(hexes, hexes[1:], strict=False)])
    # connections run between consecutive stops in travel order; orient each leg
    out: list[str] = []
    chosen: list[str] = []
    for i, node in enumerate(stops):
        coord, _, site_index = node.rpartition("-")
        before = legs[i - 1][-1] if 0 < i <= len(legs) and legs[i - 1] else None
        after = legs[i][0] if i < len(legs) and legs[i] else None
        chosen.append(_pick_stop(graph, coord, int(site_index), before, after))
    for i, hexes in enumerate(connections[: len(chosen) - 1]):
        if len(hexes) == 1:  # two stops of one hex, joined on the tile
            chosen[i], chosen[i + 1] = _pick_pair(graph, chosen[i], chosen[i + 1])
    for i, stop in enumerate(chosen):
        out.append(stop)
        if i < len(legs):
            out.extend(legs[i])
    return out


def route_stops(route: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    """A recorded route's stops in travel order (``"<hex>-<i>"``) and its connections, each
    turned to run from one stop to the next.

    Newer recordings name the stops (``nodes``); older ones give only the connections, in no
    fixed direction, whose ends are the stops: those are chained, and each stop gets index 0
    (the track decides among a hex's stops, see ``_pick_stop``)."""
    connections = [list(c) for c in route.get("connections") or ()]
    nodes = [str(n) for n in route.get("nodes") or ()]
    hexes = _chain(connections)
    if not nodes:
        nodes = [f"{h}-0" for h in hexes]
    elif len(nodes) == len(hexes) and [n.rpartition("-")[0] for n in nodes] != hexes:
        # recorded stops are not always in travel order (the first connection may run the
        # other way): put them in the order the connections chain, keeping each one's index
        left = list(nodes)
        ordered = []
        for h in hexes:
            found = next((n for n in left if n.rpartition("-")[0] == h), f"{h}-0")
            if found in left:
                left.remove(found)
            ordered.append(found)
        nodes = ordered
    stop_hexes = [n.rpartition("-")[0] for n in nodes]
    oriented = []
    for i, hexes in enumerate(connections):
        if i + 1 < len(stop_hexes) and hexes[0] != stop_hexes[i] and hexes[-1] == stop_hexes[i]:
            hexes = hexes[::-1]
        oriented.append(hexes)
    return nodes, oriented


def _chain(connections: list[list[str]]) -> list[str]:
    """The stop hexes a list of connections joins, in order (each connection runs from one
    stop to the next, in either direction)."""
    if not connections:
        return []
    first = connections[0]
    if len(connections) > 1 and first[0] in (connections[1][0], connections[1][-1]):
        first = first[::-1]
    stops = [first[0], first[-1]]
    for hexes in connections[1:]:
        stops.append(hexes[-1] if hexes[0] == stops[-1] else hexes[0])
    return stops


def _pick_pair(graph: Any, a: str, b: str) -> tuple[str, str]:
    """Two stops of one hex joined directly, keeping ``b`` (its far side was checked) when
    it can."""
    if a != b and graph.pieces_between(a, b):
        return a, b
    prefix = a.rsplit(".", 1)[0] + "."
    for other in (s for s in graph.stops if s.startswith(prefix) and s != b):
        if graph.pieces_between(other, b):
            return other, b
    return a, b


def _pick_stop(graph: Any, coord: str, site_index: int, before: str | None, after: str | None) -> str:
    prefix = f"{coord}."
    candidates = [s for s in graph.stops if s.startswith(prefix)]

    def joins(stop: str, junction: str | None) -> bool:
        return junction is None or bool(graph.pieces_between(stop, junction))

    fitting = [s for s in candidates if joins(s, before) and joins(s, after)]
    preferred = f"{coord}.{site_index}"
    if preferred in fitting or not fitting:
        return preferred
    return fitting[0]


def import_game(
    recorded: RecordedGame,
    title: str | None = None,
    variant: str | None = "",
    *,
    search_best: bool = False,
    stop: int | None = None,
    overrides: tuple[str, ...] = (),
) -> ImportResult:
    """Translate and replay a recorded game as far as our engine agrees with it.

    ``variant=""`` means the variant the title's import map names; ``None`` the default
    rules. ``stop`` replays only that many recorded actions; ``overrides`` are ``--set``
    values (``"trains.1G.rusts_on=null"``), to try one rule at a time.
    """
    from railyard.framework.loader import find_title, load_title

    started = time.perf_counter()
    # a title the user named may be a folder; the one a recorded file names is an id only
    name = title or find_title(recorded.title, by_id=True)
    imap = load_import_map(load_title(name), SITE)
    chosen = imap.variant_for(recorded.optional_rules) if variant == "" else variant
    # the record's seats were drawn when it was played: seat its players as listed
    overrides = ("setup.seating=as_given", *overrides)
    loaded = load_title(name, chosen, overrides)
    game = Game(loaded, recorded.players, int(recorded.seed or 0), chosen, overrides)
    importer = Importer(game, imap, search_best=search_best)
    result = ImportResult(game, recorded)
    importer.result = result
    actions = recorded.actions if stop is None else recorded.actions[:stop]
    importer.recorded = tuple(actions)
    for index, rec in enumerate(actions):
        if index in importer.early:
            result.handled = index + 1
            continue
        divergence = importer.step(index, rec)
        if divergence is not None:
            result.divergence = divergence
            break
        result.handled = index + 1
    result.reordered = sorted(importer.early)
    result.seconds = time.perf_counter() - started
    return result


