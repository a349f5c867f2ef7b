"""The 18xx family's Ruleset: builds the state from a title and dispatches actions to rounds."""

from __future__ import annotations

from typing import Any

import attrs

from railyard.framework.core.actions import Action
from railyard.framework.core.errors import IllegalAction
from railyard.framework.core.rng import GameRng
from railyard.framework.core.ruleset import HooksError, Ruleset, title_hooks_module
from railyard.framework.eighteen import draft, drawn, end, invariants, removals, tokens, trains
from railyard.framework.eighteen.hooks import Hooks
from railyard.framework.eighteen.or_steps import steps_of
from railyard.framework.eighteen.rounds import RoundType, advance, round_type, start_round
from railyard.framework.eighteen.spec import GameSpec, spec_from_title
from railyard.framework.eighteen.state import (
    RESERVED,
    Certificate,
    Company,
    G18State,
    Player,
    Train,
)
from railyard.framework.eighteen.stock_round import par_cell_for

_FIELDS: dict[type, tuple[str, ...] | None] = {}
_PLAIN = (str, int, float, bool, type(None))


def _fields_of(cls: type) -> tuple[str, ...] | None:
    if cls not in _FIELDS:
        _FIELDS[cls] = tuple(f.name for f in attrs.fields(cls)) if attrs.has(cls) else None
    return _FIELDS[cls]


def canonical(value: Any) -> Any:
    """A JSON-able, order-stable form of any state value (for hashing and inspection)."""
    if isinstance(value, _PLAIN):
        return value
    cls = type(value)
    if cls is list or cls is tuple:
        return [canonical(v) for v in value]
    if cls is dict:
        return {_key(k): canonical(v) for k, v in value.items()}
    if isinstance(value, GameRng):
        return value.to_dict()
    names = _fields_of(cls)
    if names is not None:
        data = {name: canonical(getattr(value, name)) for name in names}
        data["__type__"] = cls.__name__
        return data
    if isinstance(value, dict):
        return {_key(k): canonical(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [canonical(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(canonical(v) for v in value)
    to_dict = getattr(value, "to_dict", None)
    if callable(to_dict):
        return canonical(to_dict())
    return repr(value)


def _key(key: Any) -> str:
    if isinstance(key, tuple):
        return ",".join(str(k) for k in key)
    return str(key)


class G18Ruleset(Ruleset[G18State]):
    """Rules of the 18xx family, configured by a title's data and hooks."""

    __frozen__ = True  # set up by the constructor alone: memos key on a ruleset by identity

    def __init__(
        self,
        title: Any = None,
        *,
        spec: GameSpec | None = None,
        hooks: type[Hooks] | None = None,
        round_types: dict[str, RoundType] | None = None,
    ) -> None:
        super().__init__(title)
        #: round types used instead of the registered ones of the same kind (tests, titles)
        self.round_types: dict[str, RoundType] = dict(round_types or {})
        self.spec = spec if spec is not None else spec_from_title(title)
        if hooks is None:
            module = title_hooks_module(title) if title is not None else None
            hooks = Hooks if module is None else getattr(module, "Hooks", None)
            if not (isinstance(hooks, type) and issubclass(hooks, Hooks)):
                raise HooksError(f"{title.hooks_path}: Hooks must be a subclass of the 18xx "
                                 f"family's Hooks, not {hooks!r}")
        # a title's Hooks may set engine options its data cannot yet express
        packet_opts = getattr(hooks, "packet_options", None)
        stock_opts = getattr(hooks, "stock_options", None)
        if packet_opts or stock_opts:
            self.spec = attrs.evolve(
                self.spec,
                packet=attrs.evolve(self.spec.packet, **(packet_opts or {})),
                stock=attrs.evolve(self.spec.stock, **(stock_opts or {})),
            )
        self.hooks = hooks(self)
        steps_of(self)  # a step the data names but nobody registered fails here, not mid-game

    def round_type(self, kind: str) -> RoundType:
        return round_type(kind, self)

    # ------------------------------------------------------------------ setup
    def new_state(self, title: Any, players: tuple[str, ...], rng: GameRng) -> G18State:
        spec = self.spec
        if len(set(players)) != len(players):
            raise ValueError("player ids must be unique")
        setup = spec.player_setup(len(players))
        if spec.setup.seating == "random":
            # drawn first, so a seed fixes the seats whatever else the setup draws
            seated = list(players)
            rng.shuffle(seated)
            players = tuple(seated)
        bank = spec.setup.bank if setup.bank is None else setup.bank
        state = G18State(
            players=[Player(p, setup.cash) for p in players],
            companies={},
            certificates_total=0,
            bank=bank - setup.cash * len(players),
            money_total=bank,
            rng=rng,
        )
        for cid, cdef in spec.companies.items():
            state.companies[cid] = self._new_company(state, cid, cdef)
        state.certificates_total = sum(len(c.certificates) for c in state.companies.values())
        for name, tdef in spec.trains.items():
            count = tdef.count if tdef.count is not None else (tdef.card_count or 1)
            count = tdef.count_by_players.get(len(players), count)
            for _ in range(count):
                self.mint_train(state, name)
        state.phase = spec.phase_order[0] if spec.phases else ""
        if spec.setup.priority == "last_seat":
            state.priority = len(players) - 1
        elif spec.setup.priority == "random":
            state.priority = rng.randint(0, len(players) - 1)
        for cid in setup.removed_companies:
            state.companies[cid].closed = True  # out of the game at this player count
        packet = spec.setup.start_packet
        state.packet_remaining = [
            item_id for item_id, item in (packet.items.items() if packet is not None else ())
            if not set(item.companies) <= set(setup.removed_companies)
        ]
        state.board = self.new_board(state)
        drawn.draw_at_setup(self, state)
        self._player_count_certificates(state, setup)
        draft.deal_at_setup(self, state)  # the site shuffles the draft's deck first
        removals.remove_at_setup(self, state)
        trains.give_free_trains(self, state)
        self.hooks.on_setup(state)
        start_round(self, state, self.hooks.first_round(state))
        advance(self, state)
        return state

    def _new_company(self, state: G18State, cid: str, cdef: Any) -> Company:
        spec = self.spec
        ctype = spec.types[cdef.type]
        company = Company(cid, cdef.type, ctype.kind)
        self._set_certificates(company, spec.certificates_of(cid), cdef.exchange_shares)
        company.tokens_left = tokens.supply(self, cid)
        if cdef.start_price is not None:
            company.par_price = cdef.start_price
            company.par_cell = par_cell_for(self, cdef.start_price)
        return company

    @staticmethod
    def _set_certificates(company: Company, specs: Any, exchange_shares: int) -> None:
        """Mint ``company``'s certificates, director's first; the last ordinary ones are set
        aside for exchanges."""
        n = 0
        certs: list[Certificate] = []
        for cspec in sorted(specs, key=lambda c: not c.director):
            for _ in range(cspec.count):
                certs.append(Certificate(f"{company.id}.{n}", company.id, cspec.percent, cspec.director))
                n += 1
        for cert in [c for c in reversed(certs) if not c.director][:exchange_shares]:
            cert.owner = RESERVED
        company.certificates = certs
        company.ipo_percent_at_start = sum(c.percent for c in certs if c.owner != RESERVED)

    def _player_count_certificates(self, state: G18State, setup: Any) -> None:
        """The certificates this player count gives a company type (after the setup draw, so
        a drawn corporation can keep its printed ones)."""
        if not setup.certificates:
            return
        drawn_ones = drawn.drawn_corporations(state)
        for cid, company in state.companies.items():
            specs = self.spec.certificates_at(cid, len(state.players), drawn_ones)
            if specs != self.spec.certificates_of(cid):
                self._set_certificates(company, specs, self.spec.companies[cid].exchange_shares)
        state.certificates_total = sum(len(c.certificates) for c in state.companies.values())

    def mint_train(self, state: G18State, name: str) -> Train:
        """Create one more train of ``name`` at the end of its depot stack (unlimited trains)."""
        tdef = self.spec.trains[name]
        train = Train(f"{name}#{sum(1 for t in state.trains.values() if t.name == name) + 1}", name)
        state.trains[train.id] = train
        state.depot.stacks.setdefault(tdef.depot, []).append(train.id)
        state.trains_created += 1
        return train

    def new_board(self, state: G18State) -> Any:
        """The board state, when the title has a map and the board module can build one."""
        title = self.spec.title
        if title is None or getattr(title, "map", None) is None:
            return None
        from railyard.framework.board import new_board_state

        return new_board_state(title)

    # ------------------------------------------------------------------ play
    def active_entities(self, state: G18State) -> tuple[str, ...]:
        if state.game_over:
            return ()
        return round_type(state.round.kind, self).active_entities(self, state)

    def legal_actions(self, state: G18State, entity: str | None = None) -> list[Action]:
        actors = self.active_entities(state)
        if entity is not None:
            actors = tuple(a for a in actors if a == entity)
        rtype = round_type(state.round.kind, self)
        actions: list[Action] = []
        for actor in actors:
            actions += rtype.legal_actions(self, state, actor)
        return actions

    def apply(self, state: G18State, action: Action) -> list[str]:
        if state.game_over:
            raise IllegalAction("rule:game_over", "the game is over")
        lines = round_type(state.round.kind, self).apply(self, state, action)
        return list(lines) + advance(self, state)

    def is_over(self, state: G18State) -> bool:
        return state.game_over

    def standings(self, state: G18State) -> list[tuple[str, int]]:
        return end.standings(self, state)

    def invariants(self, state: G18State) -> list[str]:
        return invariants.all_invariants(self, state)

    def state_dict(self, state: G18State) -> dict[str, Any]:
        return canonical(state)
