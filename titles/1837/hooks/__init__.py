"""1837's rule hooks: what its two rulebooks say that the data cannot.

``Hooks`` only dispatches; each topic lives in its own module: the start packet and what is
sold after it (``start_packet``), mountain railways, coal companies, the national railways'
minors and the nationals themselves, Italy and Bosnia (``regions``), the sold-out price rule
(``market_rules``), net worth, the first edition's goods-train order (``depot``) and the
start-of-round choices (``choices``, an interlude round; actions in ``actions``). RULES.md maps every rule clause to these modules and their tests."""

from __future__ import annotations

from railyard.framework.core.actions import Action
from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen.context import Context
from railyard.framework.eighteen.hooks import Decision
from railyard.framework.eighteen.hooks import Hooks as BaseHooks
from railyard.framework.eighteen.state import Certificate, G18State, RoundState

from . import (
    choices,
    coal_companies,
    depot,
    market_rules,
    minors,
    mountain_railways,
    nationals,
    net_worth,
    priority,
    regions,
    site_rules,
    start_packet,
)
from .common import check_options, option, unpaid

NATIONALS = ("SD", "KK", "UG")
#: the events ``on_event`` handles: validate refuses any other name in trains.yaml/phases.yaml
EVENTS = frozenset({
    "lay_bozen_tile", "form_national_sd", "must_form_kk", "must_form_ug", "exchange_all_coal",
    "may_form_kk", "may_form_ug", "open_mountain_passes",
})


class Hooks(BaseHooks):
    #: the engine hands every title its rules as a ``Context`` (the steps' own view of them)
    rules: Context

    # I, XIV: while packet items remain, the Ug second certificates are on sale beside them;
    # the packet-first rule (no major shares yet) is ``start_packet.check_buy``.
    def __init__(self, rules: Context) -> None:
        super().__init__(rules)
        check_options(rules)

    # ------------------------------------------------------------------ setup and rounds
    def on_setup(self, state: G18State) -> None:
        for national in NATIONALS:
            nationals.setup_national(state, national)

    def token_supply(self, state: G18State, company_id: str, default: int) -> int | None:
        # VII: a national's tokens wait aside until it forms, and kk's and Ug's until Vienna
        # and Budapest are brown (``nationals.refresh_tokens_left``); then the charter is exact
        if company_id not in NATIONALS:
            return default
        merge_hex = nationals.MERGE_HEX.get(company_id)
        if not nationals.is_formed(state, company_id):
            return None
        if merge_hex is not None and state.board is not None and state.board.tile(merge_hex).color != "brown":
            return None
        return default

    def next_round(self, state: G18State, finished: RoundState) -> str:
        # I (second edition): "The first operating round follows immediately" the auction.
        # A title variant may name a stock round to follow a sold-out packet instead
        # (``setup.start_packet.then: stock``; variant 18xx_games).
        if self.rules.round_type(finished.kind).packet and option(self.rules, "operating_round_after_packet"):
            then = self.rules.spec.title.setup.start_packet.then
            if then == "stock" and not state.packet_remaining:
                return "stock"
            return "operating"
        return super().next_round(state, finished)

    def interludes(self, state: G18State, upcoming: str) -> list[str]:
        return [choices.KIND] if choices.needed(self.rules, state, upcoming) else []

    def on_round_start(self, state: G18State) -> list[str]:
        nationals.on_tile_change(self.rules, state)
        priority.on_round_start(self.rules, state)
        return []

    def on_round_end(self, state: G18State) -> list[str]:
        return priority.on_round_end(self.rules, state)

    # ------------------------------------------------------------------ events
    def on_event(self, name: str, state: G18State) -> list[str]:
        rules = self.rules
        if name == "lay_bozen_tile":
            return regions.on_first_4(rules, state)
        if name == "form_national_sd":
            return nationals.form_sd(rules, state)
        if name == "must_form_kk":
            return nationals.force(rules, state, "KK")
        if name == "must_form_ug":
            return nationals.force(rules, state, "UG")
        if name == "exchange_all_coal":
            return coal_companies.exchange_all(rules, state)
        if name == "may_form_kk":
            return choices.offer_opening(rules, state, "KK")
        if name == "may_form_ug":
            return choices.offer_opening(rules, state, "UG")
        if name == "open_mountain_passes":
            return ["any company may now lay on a mountain railway's hex for its printed cost"]
        return []

    def on_float(self, state: G18State, company_id: str) -> list[str]:
        return minors.on_float(self.rules, state, company_id)

    def may_float(self, state: G18State, company_id: str) -> bool:
        # III, XII: a national starts only by its formation, never by sales.
        return company_id not in NATIONALS

    def on_item_bought(self, state: G18State, item_id: str, player_id: str) -> list[str]:
        return start_packet.on_item_bought(self.rules, state, item_id, player_id)

    def on_start_packet_end(self, state: G18State) -> list[str]:
        lines = start_packet.on_start_packet_end(self.rules, state)
        return lines + minors.bank_picks_home(self.rules, state)

    # ------------------------------------------------------------------ stock round
    def sold_out_move(self, state: G18State, company_id: str) -> str | None:
        return market_rules.sold_out_move(self.rules, state, company_id)

    def check_buy(self, state: G18State, player_id: str, company_id: str, source: str) -> None:
        start_packet.check_buy(self.rules, state, player_id, company_id)

    # ------------------------------------------------------------------ operating round
    def lay_refusal(
        self, state: G18State, company_id: str, coord: str, tile_id: str, rotation: int,
        stop_map: tuple[int | None, ...],
    ) -> tuple[str, str] | None:
        return nationals.lay_refusal(self.rules, state, coord, tile_id, stop_map)

    def can_buy_train(self, state: G18State, company_id: str, train_id: str) -> str | None:
        return depot.can_buy_train(self.rules, state, train_id)

    # XII: a train purchase may stop the operating round for a choice (kk / Ug opening, the
    # coal trains a major takes at the first "5"): the round's ``decision`` step (setup.yaml)
    def pending_decision(self, state: G18State) -> Decision | None:
        return choices.midround_decision(self.rules, state)

    def decision_actions(self, state: G18State, decision: Decision) -> list[Action]:
        return choices.choice_actions(self.rules, state, decision)

    def answer_decision(self, state: G18State, decision: Decision, action: Action) -> list[str]:
        return choices.answer_midround(self.rules, state, decision, action)

    def on_decisions_settled(self, state: G18State) -> list[str]:
        return choices.close_window(state)

    def on_operating_turn_start(self, state: G18State, company_id: str) -> list[str]:
        # VII: a brown Vienna / Budapest frees kk's / Ug's other tokens
        nationals.on_tile_change(self.rules, state)
        return []

    def may_lay_tile(self, state: G18State, company_id: str, coord: str, cost: int) -> int:
        allowed = mountain_railways.lay_cost(self.rules, state, company_id, coord, cost)
        if allowed is None:
            raise IllegalAction(
                "V", f"{coord} is a mountain railway's hex: only its owner's companies build there before phase 3"
            )
        return allowed

    def dividend_payee(self, state: G18State, company_id: str, cert: Certificate, payee: str | None) -> str | None:
        # XII: no dividend this round on an exchange share given for a company that already ran
        return None if unpaid(state, company_id, cert.id) else payee

    # ------------------------------------------------------------------ game end
    def before_player_leaves(self, state: G18State, player_id: str) -> list[str]:
        from . import bankruptcy

        return bankruptcy.before_player_leaves(self.rules, state, player_id)

    def certificate_value(self, state: G18State, cert: Certificate) -> int:
        return net_worth.certificate_value(self.rules, state, cert)

    # ------------------------------------------------------------------ variant 18xx_games
    def counts_toward_certificate_limit(self, state: G18State, cert: Certificate) -> bool:
        if not option(self.rules, "privates_count_toward_certificate_limit") and (
            not site_rules.counts_toward_certificate_limit(self.rules, state, cert)
        ):
            return False
        return super().counts_toward_certificate_limit(state, cert)

    def must_sell_down(self, state: G18State, player_id: str) -> bool:
        # XIII "must sell down to 60 percent at their first available opportunity"; the site
        # only stops buying
        return bool(option(self.rules, "must_sell_down"))
