"""One refereed game: our bots play, every action goes to the referee, the states are compared.

The game stops at the first disagreement (the first refused site action, or the first state
that differs once all site actions of one of our actions are sent); what was played up to there
is the reproducer. States are compared every ``check_every`` actions and when the game ends;
verdicts after every site action.
"""

from __future__ import annotations

import copy
import time
import traceback
from collections.abc import Callable
from typing import Any

import attrs

from railyard.framework import autoplay
from railyard.framework.autoplay import derive_seed
from railyard.framework.conformance.compare import (
    Difference,
    compare_legal,
    compare_states,
    refused,
)
from railyard.framework.conformance.exporter import Exporter, ExporterFactory, site_exporter
from railyard.framework.conformance.referee import Referee, RefereeFailed, Verdict
from railyard.framework.conformance.snapshot import Names, our_snapshot
from railyard.framework.core.actions import Action, tag_of, to_json
from railyard.framework.core.game import Game
from railyard.framework.records import Record

#: keys of the referee's state that are not facts of the position (kept out of a corpus)
NOT_FACTS = ("legal", "round")


@attrs.frozen(repr=False)
class GameSpec(Record):
    """What one refereed game is: everything needed to play it again."""

    title: str
    index: int
    base_seed: int
    players: int
    bots: tuple[str, ...]
    variant: str | None = None
    optional_rules: tuple[str, ...] = ()
    check_every: int = 1
    max_actions: int = autoplay.MAX_ACTIONS
    legal: bool = False
    corpus: bool = False
    oracle: str | None = None

    @property
    def seed(self) -> int:
        return derive_seed(self.base_seed, self.index)

    @property
    def seats(self) -> tuple[str, ...]:
        """Bots rotate through the seats from game to game, as in simulations."""
        return tuple(self.bots[(s + self.index) % len(self.bots)] for s in range(self.players))


@attrs.frozen(repr=False)
class Outcome(Record):
    """How a refereed game went (``reproducer``: the first disagreement's; ``corpus``: an
    agreeing game's actions and the referee's states)."""

    index: int
    seed: int
    seats: tuple[str, ...]
    agreed: bool
    finished: bool
    actions: int
    refereed: int
    seconds: float
    differences: tuple[Difference, ...] = ()
    reproducer: dict[str, Any] | None = None
    corpus: dict[str, Any] | None = None
    note: str = ""


class Disagreement(Exception):
    """Raised inside the bot loop to stop the game at the first disagreement."""

    def __init__(self, differences: list[Difference], verdict: Verdict | None, theirs: Any) -> None:
        super().__init__("; ".join(str(d) for d in differences))
        self.differences = differences
        self.verdict = verdict
        self.theirs = theirs


class _Referral:
    """The bot loop's two hooks for one game: translate before, send and compare after.

    States are compared when both engines stand at the same position: just before one of our
    actions whose first site action is a move of the entity to act (our engine may ask for a
    move the site makes by itself, such as a pass with nothing to decide, which the exporter
    leaves out; the site is past it already), and at the end of the game.
    """

    def __init__(self, spec: GameSpec, game: Game[Any], exporter: Exporter, referee: Referee,
                 names: Names, first: Verdict) -> None:
        self.spec, self.game, self.exporter, self.referee, self.names = spec, game, exporter, referee, names
        self.pending: list[dict[str, Any]] = []
        self.sent: list[dict[str, Any]] = []  # the site actions of the current action of ours
        self.next_action: Action | None = None  # chosen, not played: a disagreement before it
        self.refereed = 0
        self.log: list[dict[str, Any]] = []  # every site action the referee accepted
        self.last = first
        self.checkpoints: list[list[Any]] = []
        self.unchecked = spec.check_every  # actions since the last comparison (check at once)

    def before(self, game: Game[Any], action: Action) -> None:
        self.next_action = action
        self.sent = []
        if self.spec.legal:
            diffs = compare_legal(self._our_kinds(game), (self.last.state or {}).get("legal", ()))
            if diffs:
                raise Disagreement(diffs, self.last, self.last.state)
        self.pending = list(self.exporter.translate(game, action))
        if self.unchecked >= self.spec.check_every and self._turn_move(game):
            try:
                self.compare(game)
            except Disagreement as found:
                self._probe(found)
                raise

    def after(self, game: Game[Any], action: Action) -> None:
        self.next_action = None
        self.sent = self.pending + list(self.exporter.follow(game, action))
        self.pending = []
        self.unchecked += 1
        for site_action in self.sent:
            verdict = self.referee.send(site_action)
            self.refereed += 1
            if not verdict.ok:
                raise Disagreement([refused(verdict.error, site_action)], verdict, verdict.state)
            self.log.append(site_action)
            self.last = verdict
        if game.is_over():
            self.compare(game)

    def _probe(self, found: Disagreement) -> None:
        """Send the next action's site actions all the same: a refusal says the referee still
        waits for something else (a step our engine and the exporter passed over), which
        explains the differing state better than the state alone."""
        for site_action in self.pending:
            verdict = self.referee.send(site_action)
            self.refereed += 1
            if not verdict.ok:
                found.differences.insert(0, refused(verdict.error, site_action))
                found.verdict = verdict
                return

    def _turn_move(self, game: Game[Any]) -> bool:
        """Whether the next site action is a move of the entity whose turn it is with us (a
        private's ability used out of turn, by its holder, leaves the turn where it was; the
        site may be past a turn our engine still holds open for it), and our engine does not
        stand before a pass the site has made by itself (a private bought at an empty token
        step: the site may have run and withheld already)."""
        active = game.active_entities()
        if not (self.pending and active) or str(self.pending[0].get("entity")) != self.names.entity(active[0]):
            return False
        return not self.exporter.site_ahead(game, active[0])

    def compare(self, game: Game[Any], *, acting: bool = True) -> None:
        theirs = self.last.state or {}
        diffs = compare_states(our_snapshot(game, self.names), theirs, acting=acting)
        if diffs:
            raise Disagreement(diffs, self.last, theirs)
        self.unchecked = 0
        if self.spec.corpus:  # a turn not compared is not recorded either
            recorded = facts(theirs)
            if not acting:
                recorded.pop("acting", None)
            self.checkpoints.append([len(game.actions), recorded])

    def _our_kinds(self, game: Game[Any]) -> list[str]:
        """The site's kinds of the moves we offer the acting entity (one translated per tag,
        by a copy of the exporter: translating keeps its id ledgers in step)."""
        active = game.active_entities()
        kinds: set[str] = set()
        seen: set[str] = set()
        for legal in game.legal_actions(active[0]) if active else []:
            tag = tag_of(legal)
            if tag in seen:
                continue
            seen.add(tag)
            site = copy.deepcopy(self.exporter).translate(game, legal)
            if site:
                kinds.add(str(site[0].get("type")))
        return sorted(kinds)


def facts(state: dict[str, Any] | None) -> dict[str, Any]:
    """The referee's state without what is not a fact of the position."""
    return {k: v for k, v in (state or {}).items() if k not in NOT_FACTS}


def new_game(spec: GameSpec) -> Game[Any]:
    from railyard.framework.loader import load_title

    title = load_title(spec.title, spec.variant)
    return Game(title, tuple(f"P{i + 1}" for i in range(spec.players)), spec.seed)


def referee_game(spec: GameSpec, referee: Referee,
                 make_exporter: ExporterFactory = site_exporter,
                 make_game: Callable[[GameSpec], Game[Any]] = new_game) -> Outcome:
    """Play and referee one game; never raises for a disagreement, a referee failure or an
    engine error (each is the outcome's difference of kind verdict/..., referee, engine)."""
    start = time.perf_counter()
    game = make_game(spec)
    exporter = make_exporter(game)
    setup = dict(exporter.setup())
    if spec.optional_rules:
        setup["optional_rules"] = list(spec.optional_rules)
    referral: _Referral | None = None
    stop: Disagreement | None = None
    finished, note = False, ""
    try:
        first = referee.new_game(setup)
        names = Names.of(game, setup)
        if not first.ok:
            raise Disagreement([Difference("referee", "setup", "a game", first.error)], first, first.state)
        referral = _Referral(spec, game, exporter, referee, names, first)
        result = autoplay.play(game, list(spec.seats), max_actions=spec.max_actions,
                               before_action=referral.before, on_action=referral.after, record=False)
        if not game.is_over() and referral.unchecked:
            referral.compare(game, acting=False)  # a game cut short: where it stands is compared all the same
        finished = result.finished
        note = "" if finished else result.reason
    except Disagreement as found:
        stop = found
    except RefereeFailed as failed:
        stop = Disagreement([Difference("referee", "", "an answer", str(failed))], None, None)
    except Exception as error:  # an engine or exporter error: a finding too, never a crash
        kind = "export" if _raised_in_exporter(error) else "engine"
        stop = Disagreement([Difference(kind, type(error).__name__, "", str(error)[:500])], None, None)
    refereed = referral.refereed if referral else 0
    seconds = round(time.perf_counter() - start, 3)
    if stop is not None:
        return Outcome(spec.index, spec.seed, spec.seats, False, game.is_over(), len(game.actions), refereed,
                       seconds, tuple(stop.differences), reproducer(spec, game, setup, referral, stop))
    corpus = None
    if spec.corpus and referral is not None and referral.checkpoints:
        corpus = corpus_record(spec, game, setup, referral)
    return Outcome(spec.index, spec.seed, spec.seats, True, finished, len(game.actions), refereed, seconds,
                   corpus=corpus, note=note)


def _raised_in_exporter(error: BaseException) -> bool:
    frames = traceback.extract_tb(error.__traceback__)
    return bool(frames) and "exporters" in frames[-1].filename


def reproducer(spec: GameSpec, game: Game[Any], setup: dict[str, Any], referral: _Referral | None,
               stop: Disagreement) -> dict[str, Any]:
    """Everything about a first disagreement: the game's set-up, the action, what was sent, both
    states, the differences, and our save up to and with the action (``railyard replay`` loads
    it from the ``save`` key)."""
    sent = referral.sent if referral else []
    upcoming = referral.next_action if referral else None
    last = game.actions[-1] if game.actions else None
    ours: dict[str, Any] | None = None
    if referral is not None:
        try:
            ours = our_snapshot(game, referral.names)
        except Exception as error:  # noqa: BLE001 - the reproducer is written all the same
            ours = {"error": str(error)}
    return {
        "title": spec.title, "variant": spec.variant, "optional_rules": list(spec.optional_rules),
        "players": spec.players, "seed": spec.seed, "base_seed": spec.base_seed, "index": spec.index,
        "bots": list(spec.seats), "action_index": len(game.actions) - 1,
        "action": to_json(last) if last is not None else None,
        # a state compared before an action: the action chosen next and its site actions
        "next_action": to_json(upcoming) if upcoming is not None else None,
        "next_site_actions": referral.pending if referral and upcoming is not None else [],
        "site_setup": setup, "site_actions": sent,
        # the referee's game up to here: the set-up line then these, one a line, replay it
        "site_log": referral.log if referral else [],
        "verdict": None if stop.verdict is None else {"ok": stop.verdict.ok, "error": stop.verdict.error},
        "ours": ours, "theirs": stop.theirs,
        "differences": [attrs.asdict(d) for d in stop.differences],
        "save": game.to_dict(),
    }


def corpus_record(spec: GameSpec, game: Game[Any], setup: dict[str, Any], referral: _Referral) -> dict[str, Any]:
    """An agreeing game as a corpus entry: our save and the referee's states at checkpoints."""
    return {
        "title": spec.title, "variant": spec.variant, "optional_rules": list(spec.optional_rules),
        "bots": list(spec.seats), "site_players": [str(p.get("id", p.get("name"))) for p in setup["players"]],
        "save": game.to_dict(), "checkpoints": referral.checkpoints,
    }
