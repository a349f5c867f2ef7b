"""The points where a title's Python changes the 18xx family's rules.

A title's hooks module defines ``class Hooks(framework.eighteen.hooks.Hooks)`` and overrides
only what its rulebook says differently; every default here is the common 18xx rule (or the
title's data). Hooks are stateless: everything they change lives in the state they are given.
Each method's docstring says when it is called; docs/hooks.md lists them all.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import attrs

from railyard.framework.core.actions import Action
from railyard.framework.eighteen.state import Certificate, G18State, RoundState
from railyard.framework.records import Record


class Rules(Protocol):
    """What hooks are given: the game's rules (a ``context.Context``, the ``G18Ruleset``).
    Declared here rather than imported so that hooks.py stays below every rule module."""

    @property
    def spec(self) -> Any: ...

    @property
    def hooks(self) -> Any: ...

    def round_type(self, kind: str) -> Any: ...


@attrs.frozen(repr=False)
class Decision(Record):
    """A choice the rules put to one entity that stops the round until it is made
    (``key`` names it for the title, ``subject`` is what it is about)."""

    key: str
    entity: str
    subject: str = ""


class Hooks:
    def __init__(self, rules: Rules) -> None:
        self.rules = rules

    @property
    def spec(self) -> Any:
        return self.rules.spec

    # ------------------------------------------------------------------ setup and rounds
    def on_setup(self, state: G18State) -> None:
        """Called once by ``new_state`` after players, companies, trains and market are set up
        and before the first round starts (e.g. reserve certificates for later exchanges)."""

    def first_round(self, state: G18State) -> str:
        """The kind of the first round: the start packet's round if there is one, else stock."""
        packet = self.spec.setup.start_packet
        if packet is not None and packet.items:
            return packet.round
        return "stock"

    def next_round(self, state: G18State, finished: RoundState) -> str:
        """The kind of the round after ``finished`` (a main round). Default sequence:
        packet round -> ``then`` (stock by default); stock -> a set of operating rounds (the
        phase's count); the last OR of a set -> stock."""
        kind = finished.kind
        if self.rules.round_type(kind).packet:
            return self.spec.packet.then
        if kind == "operating":
            if state.operating_round_in_set < state.operating_rounds_in_set:
                return "operating"
            return "stock"
        return "operating"

    def interludes(self, state: G18State, upcoming: str) -> list[str]:
        """Round kinds to run before the ``upcoming`` main round (start-of-round choices such as
        exchanges); a title registers them with ``register_round_type``. Default: none."""
        return []

    def on_round_start(self, state: G18State) -> list[str]:
        """Called after a round's own start (``state.round`` is the new round)."""
        return []

    def on_round_end(self, state: G18State) -> list[str]:
        """Called after a round's own end-of-round effects, before the game-end check."""
        return []

    # ------------------------------------------------------------------ events
    def on_event(self, name: str, state: G18State) -> list[str]:
        """A named event from the data (a phase's ``events``, a train's ``events``), raised by
        the operating round when the phase starts or the train is first bought."""
        return []

    def on_phase_change(self, state: G18State, phase: str) -> list[str]:
        """Called after ``state.phase`` becomes ``phase`` (before its events are raised)."""
        return []

    def on_float(self, state: G18State, company_id: str) -> list[str]:
        """Called when a company floats or starts (after capital is paid): place home tokens,
        choose homes..."""
        return []

    def may_float(self, state: G18State, company_id: str) -> bool:
        """Called before a corporation floats through sales from its initial offering; False
        keeps it unfloated (for corporations that only start through a title's event)."""
        return True

    def on_item_bought(self, state: G18State, item_id: str, player_id: str) -> list[str]:
        """Called after a start-packet item or offer has been bought and paid for."""
        return []

    def on_start_packet_end(self, state: G18State) -> list[str]:
        """Called when the start-packet round ends (unsold items are already offers at face
        value): release further certificates, e.g. the packet's ``after_packet``."""
        return []

    # ------------------------------------------------------------------ stock round
    def sold_out_move(self, state: G18State, company_id: str) -> str | None:
        """The market direction a sold-out corporation moves at the end of a stock round, or
        None. Default: ``setup.stock_round.sold_out_move`` if it is a direction; "hook" with
        no override means "up" when the market has it."""
        move = self.spec.setup.stock_round.sold_out_move
        if move in (None, "none"):
            return None
        if move == "hook":
            return "up" if "up" in self.spec.market.moves else None
        return move

    def counts_toward_certificate_limit(self, state: G18State, cert: Certificate) -> bool:
        """Whether a held certificate counts toward the certificate limit. Default: all count
        except a closed company's (its certificate is out of play, e.g. a private closed by a
        phase) and corporations whose price marker is in an ``outside_certificate_limit`` zone
        (``market.yaml`` ``zones``; ``y`` by default)."""
        company = state.companies[cert.company]
        if company.closed:
            return False
        if company.market is not None:
            return not self.spec.market.zone_has(self.spec.cell(company.market), "outside_certificate_limit")
        return True

    def before_player_leaves(self, state: G18State, player_id: str) -> list[str]:
        """A bankrupt player is about to leave play (before the engine sends the shares to
        the bank and closes the companies left with no owner): the title may first pass its
        private or minor companies on where closing them would cost other players (default:
        nothing)."""
        return []

    def must_sell_down(self, state: G18State, player_id: str) -> bool:
        """Whether a player over the share or certificate limit must sell down before doing
        anything else (default: yes, at the first opportunity); if not, the limits only stop
        buying."""
        return True

    def certificate_limit(self, state: G18State, player_id: str) -> int:
        """The certificate limit of a player (default: setup's per player count)."""
        return self.spec.player_setup(len(state.players)).certificate_limit

    def check_buy(self, state: G18State, player_id: str, company_id: str, source: str) -> None:
        """Extra title checks on buying a certificate; raise IllegalAction to refuse."""

    def check_sell(self, state: G18State, player_id: str, company_id: str, percent: int) -> None:
        """Extra title checks on selling; raise IllegalAction to refuse."""

    def par_prices(self, state: G18State, company_id: str) -> list[int]:
        """Par prices a corporation may start at (default: the market's par cells)."""
        return sorted({c.price for c in self.spec.market.par_cells()})

    # ------------------------------------------------------------------ operating round
    def revenue_adjustment(self, state: G18State, company_id: str, revenue: int, routes: Any) -> int:
        """The run's revenue after title bonuses/penalties (called by the operating round)."""
        return revenue

    def route_problems(self, state: G18State, company_id: str, routes: Any) -> list[str]:
        """Title route rules beyond routes.yaml; each string names a broken rule."""
        return []

    def token_supply(self, state: G18State, company_id: str, default: int) -> int | None:
        """The tokens a company owns, on the board plus on its charter (checked after every
        action); None when the title keeps some aside by its own rules (not checked)."""
        return default

    def train_limit(self, state: G18State, company_id: str, default: int | None) -> int | None:
        """A company's train limit (default: the phase's limit for its type's limit group)."""
        return default

    # -- operating-round hook points (framework/eighteen/operating_round.py and its steps)
    def operates_this_round(self, state: G18State, company_id: str) -> bool | None:
        """Whether a company that floated or formed during this operating round still takes a
        turn in it (None: the default, it does not)."""
        return None

    def on_operating_turn_start(self, state: G18State, company_id: str) -> list[str]:
        """Called when a company's operating turn starts (after its home token is placed)."""
        return []

    def may_lay_tile(self, state: G18State, company_id: str, coord: str, cost: int) -> int:
        """The cost of a company's tile lay on ``coord`` (``cost``: terrain on a first lay, 0
        otherwise, after abilities); raise IllegalAction to refuse the lay."""
        return cost

    def lay_refusal(
        self, state: G18State, company_id: str, coord: str, tile_id: str, rotation: int,
        stop_map: tuple[int | None, ...],
    ) -> tuple[str, str] | None:
        """Called for each lay the board allows, when listing and checking lays (``stop_map``:
        old stop index -> new): ``(rule, reason)`` refuses this tile in this rotation (e.g. a
        title's orientation rule); default None."""
        return None

    def token_cost(self, state: G18State, company_id: str, coord: str, cost: int) -> int:
        """The cost of a station token on ``coord`` (``cost``: the type's ``token_cost``)."""
        return cost

    def can_buy_train(self, state: G18State, company_id: str, train_id: str) -> str | None:
        """Why a company may not buy this train (a refusal naming the rule), or None."""
        return None

    def mine_income(self, state: G18State, company_id: str) -> int:
        """Income paid to the treasury each run apart from the trains' revenue."""
        return 0

    def dividend_payee(self, state: G18State, company_id: str, cert: Certificate, payee: str | None) -> str | None:
        """Who receives the dividend on one certificate (``payee``: the default, the holder or
        the treasury for pool shares; None: nobody, the money stays with the bank)."""
        return payee

    def dividend_options(self, state: G18State, company_id: str, options: tuple[str, ...]) -> tuple[str, ...]:
        """The dividend choices a company has this turn (default: its type's, or withhold
        only while it owes the bank)."""
        return options

    # -- the operating round's steps (framework/eighteen/or_steps.py)
    def operating_steps(self, steps: list[Any]) -> Sequence[Any]:
        """The operating round's steps (``framework.eighteen.steps.Step`` objects) after the
        data's ``setup.operating_round.steps``: insert, replace or remove what the data cannot
        say (called once per game)."""
        return steps

    def pending_decision(self, state: G18State) -> Decision | None:
        """The decision the ``decision`` step waits for (None: nothing pending)."""
        return None

    def decision_actions(self, state: G18State, decision: Decision) -> list[Action]:
        """The answers ``decision.entity`` may give to a pending decision."""
        return []

    def answer_decision(self, state: G18State, decision: Decision, action: Action) -> list[str]:
        """Check an answer to a pending decision (raise IllegalAction) and carry it out."""
        return []

    def on_decisions_settled(self, state: G18State) -> list[str]:
        """Called by the ``decision`` step after an action leaves nothing pending."""
        return []

    def company_formation(self, state: G18State) -> list[str]:
        """Called at the start of each round, before interludes: form/merge companies whose
        time has come (national railways and the like)."""
        return []

    # ------------------------------------------------------------------ game end
    def check_game_end(self, state: G18State) -> str | None:
        """Called after every round: a reason string ends the game now."""
        return None

    def certificate_value(self, state: G18State, cert: Certificate) -> int:
        """What a held certificate adds to net worth. Default: corporations at market price
        (at par while the marker is not yet on the chart, if a player directs it), other
        companies nothing; open privates their face value where ``game_end.private_worth``
        is ``face``."""
        company = state.companies[cert.company]
        if company.kind == "private" and not company.closed:
            if self.spec.setup.game_end.private_worth == "face":
                return self.spec.companies[cert.company].min_bid or 0
            return 0
        if company.kind != "corporation" or company.closed:
            return 0
        price = self.spec.cell(company.market).price if company.market is not None else None
        if price is None and state.director(cert.company) is not None:
            price = company.par_price
        return 0 if price is None else price * cert.percent // self.spec.stock.share_percent
