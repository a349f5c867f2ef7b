"""Bot games beside recorded human games: the measures that say whether bots play like people.

A rules experiment run with bots measures the bots unless their games look like real ones, so
both kinds of game are reduced to the same few numbers, each read from a replay of the game's
action log: stock and operating rounds played, the phase reached at each operating round, how
the game ended, the winner's and the last player's net worth, and the trains bought in each
phase. Human games are recordings of the 18xx.games site (imported and replayed by
:mod:`framework.importers`) or our own saves; bot games are the records of
``railyard simulate --out DIR`` (which count the trains bought in each phase as they play;
with ``--save-games`` every measure is read from the replayed saves instead).

A measure counts as inside the human range when the range of the human games (lowest to
highest) overlaps the middle half of the bot games (their quartiles): with few human games
the human "range" is narrow, so the test asks only that typical bot games reach it.
"""

from __future__ import annotations

import json
import statistics
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import attrs

from railyard.framework.core.actions import tag_of
from railyard.framework.core.game import Game
from railyard.framework.records import Record
from railyard.framework.simulate.records import RECORD_FILE, RoundProbe, read_jsonl


@attrs.frozen(repr=False)
class GameMeasures(Record):
    """One game reduced to the compared measures (``trains_by_phase`` None: not known)."""

    source: str
    finished: bool
    stock_rounds: int
    operating_rounds: int
    or_phases: tuple[str, ...]
    end_reason: str | None
    winner_worth: int | None
    last_worth: int | None
    trains_by_phase: dict[str, int] | None

    def first_or_in(self, phase: str) -> int | None:
        """The 1-based operating round first played in ``phase`` (None: never reached)."""
        for index, here in enumerate(self.or_phases, 1):
            if here == phase:
                return index
        return None

    def to_json(self) -> dict[str, Any]:
        return attrs.asdict(self)


def measure_game(game: Game[Any], source: str) -> GameMeasures:
    """Replay ``game``'s log on a fresh game of the same set-up, watching rounds and purchases."""
    fresh: Game[Any] = Game(game.title, game.players, game.seed, game.variant, game.overrides,
                            ruleset=game.ruleset)
    probe = RoundProbe()
    probe.observe(fresh.state)
    bought: Counter[str] = Counter()
    for action in game.actions:
        phase = str(getattr(fresh.state, "phase", ""))
        fresh.process(action)
        if tag_of(action) == "buy_train":
            bought[phase] += 1
        probe.observe(fresh.state)
    state = fresh.state
    kinds = Counter(getattr(r, "kind", None) for r in getattr(state, "history", []) or [])
    over = fresh.is_over()
    worth = [w for _, w in fresh.standings()] if over else []
    return GameMeasures(
        source=source,
        finished=over,
        stock_rounds=kinds.get("stock", 0),
        operating_rounds=kinds.get("operating", 0),
        or_phases=tuple(probe.phases),
        end_reason=_reason(getattr(state, "end_reason", None), over),
        winner_worth=max(worth) if worth else None,
        last_worth=min(worth) if worth else None,
        trains_by_phase=dict(bought),
    )


def _reason(reason: Any, over: bool) -> str | None:
    if not over:
        return None
    return reason if isinstance(reason, str) else "game over"


def measure_record(record: dict[str, Any], source: str) -> GameMeasures:
    """A simulation record (``games.jsonl`` line) without its save (records written before
    they counted trains bought per phase leave that measure unknown)."""
    rounds = record.get("rounds") or {}
    worth = [int(w) for w in record.get("net_worth") or []]
    over = bool(record.get("finished"))
    return GameMeasures(
        source=source,
        finished=over,
        stock_rounds=int(rounds.get("stock", 0)),
        operating_rounds=int(rounds.get("operating", 0)),
        or_phases=tuple(str(p) for p in record.get("or_phases") or ()),
        end_reason=record.get("end_reason") if over else None,
        winner_worth=max(worth) if over and worth else None,
        last_worth=min(worth) if over and worth else None,
        trains_by_phase=_counts_or_none(record.get("trains_by_phase")),
    )


def _counts_or_none(value: Any) -> dict[str, int] | None:
    if not isinstance(value, dict):
        return None
    return {str(k): int(v) for k, v in value.items()}


# ---------------------------------------------------------------------------- reading games
def _is_site_recording(data: Any) -> bool:
    return isinstance(data, dict) and "format" not in data and isinstance(data.get("actions"), list) \
        and isinstance(data.get("title"), str)


def human_games(folder: str | Path, title: str | None = None) -> tuple[list[GameMeasures], list[str]]:
    """Every recorded game in ``folder`` (18xx.games files or our saves), measured, and a note
    for each file left out (another title, a replay that stops short)."""
    from railyard.framework.core.savefile import read_json_file
    from railyard.framework.importers import import_game
    from railyard.framework.importers.recorded import recorded_from_dict

    measures: list[GameMeasures] = []
    notes: list[str] = []
    for path in sorted(Path(folder).glob("*.json")):
        try:
            data = read_json_file(path)
            if _is_site_recording(data):
                recorded = recorded_from_dict(data)
                result = import_game(recorded, title)
                if not result.complete:
                    notes.append(f"{path.name}: replay stops at {result.divergence}")
                    continue
                game = result.game
            else:
                game = Game.from_dict(data)
        except Exception as error:  # noqa: BLE001 - one bad file is a note, not the end
            notes.append(f"{path.name}: {type(error).__name__}: {str(error)[:200]}")
            continue
        if title is not None and game.title_ref not in (title, Path(title).name):
            notes.append(f"{path.name}: a game of {game.title_ref}, not {title}")
            continue
        measures.append(measure_game(game, path.name))
    return measures, notes


def bot_games(folder: str | Path) -> list[GameMeasures]:
    """The games of a simulation run: from its saves when it kept them, else its records."""
    folder = Path(folder)
    records_path = folder / RECORD_FILE if folder.is_dir() else folder
    records = read_jsonl(records_path) if records_path.is_file() else []
    saves = folder / "games"
    out: list[GameMeasures] = []
    for record in records:
        save = saves / f"game_{int(record['index']):05d}.json"
        name = f"game {record['index']}"
        if save.is_file():
            out.append(measure_game(Game.load(save), name))
        else:
            out.append(measure_record(record, name))
    if not records and saves.is_dir():
        out = [measure_game(Game.load(p), p.name) for p in sorted(saves.glob("game_*.json"))]
    return out


# ---------------------------------------------------------------------------- comparing
@attrs.frozen(repr=False)
class Row(Record):
    """One measure: the human games' range, the bot games' median and quartiles and range."""

    measure: str
    human: tuple[float, ...]
    bots: tuple[float, ...]

    @property
    def plausible(self) -> bool | None:
        """Whether every human value lies within the bots' lowest to highest."""
        if not self.human or not self.bots:
            return None
        return min(self.bots) <= min(self.human) and max(self.human) <= max(self.bots)

    @property
    def inside(self) -> bool | None:
        if not self.human or not self.bots:
            return None
        low, high = _quartiles(self.bots)
        return not (high < min(self.human) or low > max(self.human))

    def to_json(self) -> dict[str, Any]:
        low, high = _quartiles(self.bots) if self.bots else (None, None)
        return {
            "measure": self.measure,
            "human_min": min(self.human) if self.human else None,
            "human_max": max(self.human) if self.human else None,
            "human_games": len(self.human),
            "bots_median": statistics.median(self.bots) if self.bots else None,
            "bots_q1": low,
            "bots_q3": high,
            "bots_min": min(self.bots) if self.bots else None,
            "bots_max": max(self.bots) if self.bots else None,
            "bot_games": len(self.bots),
            "inside": self.inside,
            "human_within_bot_range": self.plausible,
        }


def _quartiles(values: Sequence[float]) -> tuple[float, float]:
    if len(values) < 2:
        return float(values[0]), float(values[0])
    q = statistics.quantiles(values, n=4, method="inclusive")
    return q[0], q[2]


def _phases(games: Iterable[GameMeasures], order: Sequence[str]) -> list[str]:
    """The phases any game saw, in the title's order (phases it does not list last)."""
    seen: list[str] = []
    for game in games:
        for phase in (*game.or_phases, *(game.trains_by_phase or {})):
            if phase not in seen:
                seen.append(phase)
    rank = {p: i for i, p in enumerate(order)}
    return sorted(seen, key=lambda p: (rank.get(p, len(rank)), p))


def phase_order(title: str) -> tuple[str, ...]:
    """The title's phases in order (empty for a ruleset without a phase list)."""
    from railyard.framework.core.ruleset import ruleset_for
    from railyard.framework.loader import load_title

    spec = getattr(ruleset_for(load_title(title)), "spec", None)
    return tuple(getattr(spec, "phase_order", ()) or ())


def compare(
    human: Sequence[GameMeasures], bots: Sequence[GameMeasures], order: Sequence[str] = ()
) -> list[Row]:
    """The measures of both sets of finished games, row by row (phases in ``order``)."""
    done_h = [g for g in human if g.finished]
    done_b = [g for g in bots if g.finished]

    def values(games: Sequence[GameMeasures], read: Any) -> tuple[float, ...]:
        out = [read(g) for g in games]
        return tuple(float(v) for v in out if v is not None)

    rows = [
        Row("stock rounds", values(done_h, lambda g: g.stock_rounds), values(done_b, lambda g: g.stock_rounds)),
        Row("operating rounds", values(done_h, lambda g: g.operating_rounds),
            values(done_b, lambda g: g.operating_rounds)),
        Row("winner's net worth", values(done_h, lambda g: g.winner_worth), values(done_b, lambda g: g.winner_worth)),
        Row("last player's net worth", values(done_h, lambda g: g.last_worth),
            values(done_b, lambda g: g.last_worth)),
    ]
    phases = _phases([*done_h, *done_b], order)
    for phase in phases:
        rows.append(Row(f"first OR in phase {phase}", values(done_h, lambda g, p=phase: g.first_or_in(p)),
                        values(done_b, lambda g, p=phase: g.first_or_in(p))))
    for phase in phases:
        known_h = [g for g in done_h if g.trains_by_phase is not None]
        known_b = [g for g in done_b if g.trains_by_phase is not None]
        rows.append(Row(f"trains bought in phase {phase}",
                        values(known_h, lambda g, p=phase: (g.trains_by_phase or {}).get(p, 0)),
                        values(known_b, lambda g, p=phase: (g.trains_by_phase or {}).get(p, 0))))
    return rows


def reached(games: Sequence[GameMeasures], phase: str) -> str:
    done = [g for g in games if g.finished]
    hits = sum(1 for g in done if g.first_or_in(phase) is not None)
    return f"{hits}/{len(done)}"


def end_reasons(games: Sequence[GameMeasures]) -> dict[str, int]:
    return dict(Counter(g.end_reason or "unfinished" for g in games))


# ---------------------------------------------------------------------------- output
def _num(value: float | None) -> str:
    if value is None:
        return "-"
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def text_table(
    human: Sequence[GameMeasures], bots: Sequence[GameMeasures], title: str, order: Sequence[str] = ()
) -> str:
    rows = compare(human, bots, order)
    lines = [f"{title}: {len(human)} human game(s), {len(bots)} bot game(s) "
             f"({sum(1 for g in bots if g.finished)} finished)", ""]
    header = (f"{'measure':<30} {'human (min-max)':>16} {'bots median [q1-q3] (min-max)':>40}"
              "  inside  human in bot range")
    lines += [header, "-" * len(header)]
    for row in rows:
        info = row.to_json()
        human_txt = "-" if not row.human else (
            _num(info["human_min"]) if info["human_min"] == info["human_max"]
            else f"{_num(info['human_min'])}-{_num(info['human_max'])}")
        bots_txt = "-" if not row.bots else (
            f"{_num(info['bots_median'])} [{_num(info['bots_q1'])}-{_num(info['bots_q3'])}] "
            f"({_num(info['bots_min'])}-{_num(info['bots_max'])})")
        if row.measure.startswith("first OR in phase"):
            phase = row.measure.rsplit(" ", 1)[1]
            bots_txt += f" {reached(bots, phase)} reach"
            human_txt += f" {reached(human, phase)}"
        verdict = {True: "yes", False: "NO", None: "-"}
        lines.append(f"{row.measure:<30} {human_txt:>16} {bots_txt:>40}  {verdict[row.inside]:<6}  "
                     f"{verdict[row.plausible]}")
    lines.append("")
    lines.append("inside: the human range meets the bots' quartiles; human in bot range: every human "
                 "value lies between the bots' lowest and highest")
    lines.append("how games ended: human " + _counts(end_reasons(human)) + "; bots " + _counts(end_reasons(bots)))
    for game in human:
        lines.append(f"human {game.source}: phase at each OR " + " ".join(game.or_phases))
    if any(g.trains_by_phase is None for g in bots):
        lines.append("(bot games without saves: trains bought unknown; simulate with --save-games)")
    return "\n".join(lines)


def _counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in sorted(counts.items(), key=lambda kv: -kv[1])) or "none"


def as_json(human: Sequence[GameMeasures], bots: Sequence[GameMeasures], order: Sequence[str] = ()) -> str:
    data = {
        "rows": [r.to_json() for r in compare(human, bots, order)],
        "end_reasons": {"human": end_reasons(human), "bots": end_reasons(bots)},
        "human": [g.to_json() for g in human],
        "bots": [g.to_json() for g in bots],
    }
    return json.dumps(data, indent=1, sort_keys=True)
