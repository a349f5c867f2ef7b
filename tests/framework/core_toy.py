"""A tiny ruleset for testing the Game driver alone: players take turns adding 1-3 to a pile."""

from __future__ import annotations

from typing import Any

import attrs

from railyard.framework.core import Action, GameRng, IllegalAction, Ruleset, action_type


@action_type("toy_add")
@attrs.frozen
class Add(Action):
    amount: int = 1


@action_type("toy_roll")
@attrs.frozen
class Roll(Action):
    pass


@attrs.define
class PileState:
    players: tuple[str, ...]
    rng: GameRng
    pile: int = 0
    turn: int = 0
    scores: dict[str, int] = attrs.Factory(dict)


class PileRuleset(Ruleset):
    """First to make the pile reach 21 wins; each add scores its amount for the adder."""

    TARGET = 21

    def new_state(self, title: Any, players: tuple[str, ...], rng: GameRng) -> PileState:
        return PileState(players, rng, scores={p: 0 for p in players})

    def active_entities(self, state: PileState) -> tuple[str, ...]:
        if self.is_over(state):
            return ()
        return (state.players[state.turn % len(state.players)],)

    def legal_actions(self, state: PileState, entity: str | None = None) -> list[Action]:
        actors = self.active_entities(state)
        if not actors or (entity is not None and entity not in actors):
            return []
        who = actors[0]
        room = self.TARGET - state.pile
        return [Add(who, n) for n in (1, 2, 3) if n <= room] + [Roll(who)]

    def apply(self, state: PileState, action: Action) -> list[str]:
        actors = self.active_entities(state)
        if action.entity not in actors:
            raise IllegalAction("toy:turn", f"it is not {action.entity}'s turn")
        if isinstance(action, Add):
            if not 1 <= action.amount <= 3:
                raise IllegalAction("toy:amount", "add 1 to 3")
            # mutate first, then check: the driver must still keep the action atomic
            state.pile += action.amount
            if state.pile > self.TARGET:
                raise IllegalAction("toy:overflow", "the pile may not pass the target")
            amount = action.amount
        elif isinstance(action, Roll):
            amount = state.rng.randint(1, 3)
            state.pile = min(self.TARGET, state.pile + amount)
        else:
            raise IllegalAction("toy:unknown", f"unknown action {action!r}")
        state.scores[action.entity] += amount
        state.turn += 1
        return [f"{action.entity} adds {amount}, pile {state.pile}"]

    def is_over(self, state: PileState) -> bool:
        return state.pile >= self.TARGET

    def standings(self, state: PileState) -> list[tuple[str, int]]:
        return sorted(state.scores.items(), key=lambda kv: -kv[1])

    def invariants(self, state: PileState) -> list[str]:
        total = sum(state.scores.values())
        return [] if total == state.pile else [f"scores {total} != pile {state.pile}"]

    def state_dict(self, state: PileState) -> dict[str, Any]:
        return {
            "pile": state.pile,
            "turn": state.turn,
            "scores": dict(state.scores),
            "rng": state.rng.to_dict(),
        }


def new_game(seed: int = 1, players: tuple[str, ...] = ("ann", "bob")) -> Any:
    from railyard.framework.core.game import Game

    return Game(None, players, seed, ruleset=PileRuleset())
