"""Bots in every seat until the game ends: the one bot-driven game loop of the engine.

``railyard simulate`` (through :mod:`framework.simulate.runner`), headless ``railyard play``,
the facade's ``railyard.play`` and title tools all play games with this loop, so a rule about
who moves, when a game counts as stalled or what a refused legal action means is written once.
Each seat's bot draws from its own seeded RNG (from the game's seed and the seat), so a game is
reproducible from its seed and the bots' names alone.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from railyard.framework.bots.base import UnknownBot, make_bot, seat_of
from railyard.framework.core.actions import Action, tag_of
from railyard.framework.core.errors import IllegalAction, InvariantBroken
from railyard.framework.core.game import Game
from railyard.framework.records import Record

#: a game still going after this many actions stops (the result says so)
MAX_ACTIONS = 20_000
#: a game where this many actions per player in a row were passes is stuck (nobody can afford
#: anything, say) and stops as "stalled"
STALL_PASSES = 100

Bots = Mapping[str, Any] | Sequence[Any] | str
"""Who plays: one bot name for every seat, names by seat, or ``{player: name or Bot}``."""


@attrs.frozen(repr=False)
class PlayResult(Record):
    """How a bot game went: ``record`` is the save (``Game.from_dict`` replays it; empty when
    :func:`play` was asked for no record)."""

    finished: bool
    reason: str
    standings: list[tuple[str, int]]
    record: dict[str, Any]
    played: int
    stalled: bool = False
    violation: tuple[str, ...] = ()
    violating_action: Action | None = None
    note: str = ""


def derive_seed(base_seed: int, index: int, purpose: str = "game") -> int:
    """A 63-bit seed from the base seed, an index (game, seat) and what it is for."""
    digest = hashlib.sha256(f"{base_seed}:{index}:{purpose}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def seat_rngs(seed: int, count: int) -> list[random.Random]:
    """One RNG per seat, from the game's seed: the bots' draws never depend on each other."""
    return [random.Random(derive_seed(seed, seat, "bot")) for seat in range(count)]


def is_pass(action: Any) -> bool:
    """A pass of any ruleset: ``pass`` or a title's own prefixed tag (``xx_pass``)."""
    tag = tag_of(action)
    return tag == "pass" or tag.endswith("_pass")


def acting_player(game: Game[Any], players: Sequence[str] | None = None) -> tuple[str, list[Action]]:
    """The player to move and every legal action of the entities that player decides for."""
    players = tuple(game.players if players is None else players)
    active = game.active_entities()
    if not active:
        raise RuntimeError("the game is not over but nobody may act")
    view = game.view()
    first = seat_of(view, active[0], players) or active[0]
    if len(active) == 1:  # most moves: the one entity is the one its player decides for
        return first, list(game.legal_actions(active[0]))
    legal: list[Action] = []
    for entity in active:
        if (seat_of(view, entity, players) or entity) == first:
            legal += game.legal_actions(entity)
    return first, legal


def seat_bots(game: Game[Any], bots: Bots, fallback: str | None = None) -> tuple[list[Any], str]:
    """A bot per seat of ``game`` (in ``game.players`` order) and a note on any substitution.

    A name no bot of this title answers to raises UnknownBot, or with ``fallback`` plays as that
    bot instead (the note says so).
    """
    players = tuple(game.players)
    if isinstance(bots, str):
        chosen: list[Any] = [bots] * len(players)
    elif isinstance(bots, Mapping):
        missing = [p for p in players if p not in bots]
        unknown = [p for p in bots if p not in players]
        if missing or unknown:
            raise ValueError(f"bots must name every seat {list(players)}: missing {missing}, "
                             f"not in the game {unknown}")
        chosen = [bots[p] for p in players]
    else:
        chosen = list(bots)
        if len(chosen) != len(players):
            raise ValueError(f"{len(chosen)} bots for {len(players)} seats")
    out: list[Any] = []
    note = ""
    for entry in chosen:
        if not isinstance(entry, str):
            out.append(entry)
            continue
        try:
            out.append(make_bot(entry, game.ruleset))
        except UnknownBot:
            if fallback is None:
                raise
            out.append(make_bot(fallback, game.ruleset))
            note = f"no bot {entry!r} for this title: {fallback} bots play"
    return out, note


def play(
    game: Game[Any],
    bots: Bots = "random",
    *,
    max_actions: int = MAX_ACTIONS,
    stall_passes: int = STALL_PASSES,
    rngs: Sequence[random.Random] | None = None,
    fallback: str | None = None,
    on_action: Callable[[Game[Any], Action], None] | None = None,
    before_action: Callable[[Game[Any], Action], None] | None = None,
    stop_on_error: bool = False,
    record: bool = True,
) -> PlayResult:
    """Play bot moves in ``game`` until it ends, stalls or reaches ``max_actions`` more actions.

    A broken invariant (a game made with ``debug=True``) stops the game and is reported. A
    listed legal action the engine refuses, or any engine error, is raised: a bot game must not
    hide an engine bug. With ``stop_on_error`` (headless play, which saves what was played) it
    stops the game instead and ``reason`` names the error. ``record`` False leaves the save
    out of the result (a caller that saves the game itself, or not at all: writing the actions
    as JSON is a few per cent of a bot game). ``before_action`` sees each chosen action in the
    position it is played from (a referee translates it there); ``on_action`` sees it played.
    An exception either raises stops the game (without ``stop_on_error`` it reaches the caller).
    """
    players = tuple(game.players)
    seats, note = seat_bots(game, bots, fallback)
    rngs = list(rngs) if rngs is not None else seat_rngs(game.seed, len(players))
    seat_index = {p: i for i, p in enumerate(players)}
    played = passes = 0
    stalled = False
    violation: tuple[str, ...] = ()
    violating: Action | None = None
    reason = f"stopped at the limit of {max_actions} actions"
    while played < max_actions:
        if game.is_over():
            reason = "the game is over"
            break
        if passes >= stall_passes * len(players):
            stalled = True
            reason = f"{passes} passes in a row: the game makes no progress from here"
            break
        action = None
        try:
            player, legal = acting_player(game, players)
            if not legal:
                raise RuntimeError(f"{player} is to act but has no legal action")
            seat = seat_index.get(player, 0)
            action = seats[seat].choose(game.view(), legal, rngs[seat])
            if before_action is not None:
                before_action(game, action)
            game.process(action)
        except InvariantBroken as broken:
            violation, violating = tuple(broken.problems), action
            reason = "an invariant broke: " + "; ".join(violation)
            break
        except IllegalAction as refused:
            if not stop_on_error:
                raise RuntimeError(f"a listed legal action was refused: {action!r}: {refused}") \
                    from refused
            reason = f"the engine refused its own legal action {action!r} ({refused})"
            break
        except Exception as error:
            if not stop_on_error:
                raise
            reason = f"the engine failed: {type(error).__name__}: {error}"
            break
        played += 1
        if on_action is not None:
            on_action(game, action)
        passes = passes + 1 if is_pass(action) else 0
    over = game.is_over()
    return PlayResult(
        finished=over,
        reason=reason,
        standings=game.standings() if over else [],
        record=game.to_dict() if record else {},
        played=played,
        stalled=stalled,
        violation=violation,
        violating_action=violating,
        note=note,
    )


def report(game: Game[Any], result: PlayResult, where: str | None = None) -> str:
    """What a headless game did, for people: actions, why it stopped, the standings."""
    place = f"; reached {where}" if where else ""
    lines = [f"Played {len(game.actions)} actions{place}: {result.reason}."]
    if result.note:
        lines.append(f"({result.note})")
    if result.finished:
        lines.append("Final standings: " + ", ".join(f"{p} {s}" for p, s in result.standings))
    else:
        lines.append("The game did not finish; the save holds every action played.")
    return "\n".join(lines)
