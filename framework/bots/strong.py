"""``strong``: the greedy player with look-ahead where greedy is weakest, the stock round.

Greedy buys by simple rules (its own companies first, then the dearest share); a share is
worth what it will pay, and what the other players will do with the market before the round
ends. So in a stock round this bot takes greedy's choice and a few alternatives (pass, one
buy per company and source, one sale per company), plays each on a copy of the state to the
end of the stock round with greedy players in every seat (the same rollout seeds for every
candidate, so that the comparison is paired), and scores the position it reaches: its net
worth plus its share of what each company's trains can earn over the next operating rounds,
less the mean opponent's same score (:data:`LEADER_WEIGHT`). An alternative replaces greedy's
choice only when it scores clearly better. Elsewhere (start packet, operating rounds) it plays
as greedy, except that it values start-packet items at a fixed premium (:data:`PREMIUM`).
Measured (docs/experiments/, the strong-bot note): richer than greedy, not yet a better winner.

The time budget per decision is turned into a number of simulated actions at a fixed rate
(:data:`STEP_MS`), never read from a clock: a game stays a function of its seed, on any machine.
Nothing here names a title: it reads the 18xx family's state and ruleset only.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from typing import Any

import attrs
from railyard.framework.bots.base import register_bot, seat_of
from railyard.framework.bots.greedy import ITEM_PREMIUM, GreedyBot, Temperament
from railyard.framework.core.actions import Action, tag_of

#: the budget per decision when none is given (milliseconds)
DEFAULT_BUDGET_MS = 50.0
#: what one simulated stock-round action costs on this engine, with its share of the copy
#: (measured: 0.85 ms an action, 2 ms a state copy, on the 2-core test machine)
STEP_MS = 1.0
#: candidates looked at besides greedy's own choice
ALTERNATIVES = 4
#: operating rounds of income a share's company is credited with in the score
INCOME_ROUNDS = 2.0
#: how much (in currency) an alternative must beat greedy's choice by
MARGIN = 15.0
#: how the best opponent's score weighs against the mean opponent's (0: the mean; in 8 trial
#: games the mean gave 3 wins and the best mean net worth, the leader 3 wins and 4th places)
LEADER_WEIGHT = 0.0
#: whether starting another corporation (at greedy's price) is among the alternatives
PAR_ALTERNATIVES = False
#: the start-packet premium over face value (None: greedy's draw, 1.05-1.3): tuned on 20 games
#: of seed 1 (1.1: -788 net worth against greedy in that seat, 1.3: +1061, 1.4 and 1.5: +801)
PREMIUM: float | None = 1.3
#: tags of the decisions searched (the rest is greedy's)
SEARCHED = ("buy_shares", "sell_shares", "par", "pass")


class StrongBot(GreedyBot):
    name = "strong"

    def __init__(self, ruleset: Any, budget_ms: float = DEFAULT_BUDGET_MS) -> None:
        super().__init__(ruleset)
        self.budget_ms = budget_ms
        self._earning: dict[str, float] = {}
        self._earning_key: tuple[int, str] | None = None
        #: how many times the search overruled greedy (for experiments)
        self.deviations = 0

    def choose(self, view: Any, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        if self.temperament is None and PREMIUM is not None:
            # greedy's draws, in greedy's order, with the premium replaced
            drawn = Temperament(premium=rng.uniform(*ITEM_PREMIUM), par_step=rng.choice((0, 0, 1)),
                                jitter=rng.uniform(1.0, 8.0))
            self.temperament = attrs.evolve(drawn, premium=PREMIUM)
        pick = super().choose(view, legal_actions, rng)
        state = view
        if len(legal_actions) < 2 or getattr(getattr(state, "round", None), "kind", None) != "stock":
            return pick
        if not all(tag_of(a) in SEARCHED for a in legal_actions) or tag_of(pick) not in SEARCHED:
            return pick
        player = pick.entity
        if not state.is_player(player):
            return pick
        candidates = [pick, *self._alternatives(state, legal_actions, pick)]
        if len(candidates) < 2:
            return pick
        steps = max(1, int(self.budget_ms / STEP_MS) // len(candidates))
        seed = rng.getrandbits(63)
        earning = self._earnings(state)
        scored = [(self._rollout(state, action, player, steps, seed, earning), i, action)
                  for i, action in enumerate(candidates)]
        base = scored[0][0]
        best = max(scored, key=lambda s: (s[0], -s[1]))
        if best[0] > base + MARGIN:
            self.deviations += 1
            return best[2]
        return pick

    # ------------------------------------------------------------------ candidates
    def _alternatives(self, state: Any, legal: Sequence[Any], pick: Action) -> list[Action]:
        """Pass, one buy per company and source (dearest first), one sale per company
        (smallest), at most :data:`ALTERNATIVES` of them, never greedy's own choice."""
        seen: set[tuple[str, ...]] = {self._key(pick)}
        out: list[Action] = []
        passes = [a for a in legal if tag_of(a) == "pass"]
        buys = sorted((a for a in legal if tag_of(a) == "buy_shares"),
                      key=lambda a: (-self.price_of(state, a.company), a.company, str(a.source)))
        sales = sorted((a for a in legal if tag_of(a) == "sell_shares"),
                       key=lambda a: (a.percent, a.company))
        pars: list[Action] = []
        if PAR_ALTERNATIVES:
            offered = [a for a in legal if tag_of(a) == "par"]
            for company in sorted({a.company for a in offered}):
                prices = sorted((a for a in offered if a.company == company),
                                key=lambda a: a.price)
                pars.append(prices[len(prices) // 2])
        for action in [*passes[:1], *buys, *sales, *pars]:
            key = self._key(action)
            if key in seen:
                continue
            seen.add(key)
            out.append(action)
            if len(out) >= ALTERNATIVES:
                break
        return out

    @staticmethod
    def _key(action: Any) -> tuple[str, ...]:
        tag = tag_of(action)
        if tag == "buy_shares":
            return (tag, action.company, str(action.source))
        if tag == "sell_shares":
            return (tag, action.company)
        return (tag, repr(action))

    # ------------------------------------------------------------------ looking ahead
    def _rollout(self, state: Any, action: Action, me: str, steps: int, seed: int,
                 earning: dict[str, float]) -> float:
        """The score of ``me`` after ``action`` and greedy play to the end of the round
        (or ``steps`` actions)."""
        rules = self.ruleset
        here = copy.deepcopy(state)
        try:
            rules.apply(here, action)
        except Exception:  # noqa: BLE001 - a candidate the engine refuses is never chosen
            return float("-inf")
        players = here.player_ids
        bots = {p: GreedyBot(rules) for p in players}
        rngs = {p: random.Random(seed + i) for i, p in enumerate(players)}
        number = here.round.number
        for _ in range(steps):
            if rules.is_over(here) or here.round.kind != "stock" or here.round.number != number:
                break
            active = rules.active_entities(here)
            if not active:
                break
            who = seat_of(here, active[0], players) or active[0]
            legal: list[Action] = []
            for entity in active:
                if (seat_of(here, entity, players) or entity) == who:
                    legal += rules.legal_actions(here, entity)
            if not legal:
                break
            bot = bots.get(who) or bots[players[0]]
            try:
                rules.apply(here, bot.choose(here, legal, rngs.get(who, rngs[players[0]])))
            except Exception:  # noqa: BLE001 - a rollout the engine stops ends there
                break
        return self._score(here, me, earning)

    def _score(self, state: Any, me: str, earning: dict[str, float]) -> float:
        worth = dict(self.ruleset.standings(state))
        value: dict[str, float] = {p: float(w) for p, w in worth.items()}
        for cid, income in earning.items():
            if income <= 0 or cid not in state.companies:
                continue
            for player in value:
                percent = state.percent_held(player, cid)
                if percent:
                    value[player] += income * percent / 100 * INCOME_ROUNDS
        others = [v for p, v in value.items() if p != me]
        if not others:
            return value.get(me, 0.0)
        rival = LEADER_WEIGHT * max(others) + (1 - LEADER_WEIGHT) * sum(others) / len(others)
        return value.get(me, 0.0) - rival

    def _earnings(self, state: Any) -> dict[str, float]:
        """What each company's trains earn on today's board, once per stock round (neither
        the board nor the trains change in a stock round)."""
        key = (len(getattr(state, "history", []) or []), str(getattr(state, "phase", "")))
        if key != self._earning_key:
            self._earning = {}
            for cid, company in state.companies.items():
                if company.closed or not company.trains:
                    continue
                try:
                    self._earning[cid] = float(self._best_revenue(state, cid, None))
                except Exception:  # noqa: BLE001 - a company the route search cannot run earns 0
                    self._earning[cid] = 0.0
            self._earning_key = key
        return self._earning


register_bot("strong", StrongBot)
