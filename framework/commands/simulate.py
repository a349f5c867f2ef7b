"""``railyard simulate TITLE``: play many bot games and summarise them (or compare rule sets).

Records go to ``DIR/games.jsonl`` (with ``--compare``: ``DIR/<label>/games.jsonl`` and
``DIR/compare.md``); run facts that vary between runs (timings, workers) go to ``DIR/run.json``
so that the records themselves are identical for equal seeds.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "simulate",
        help="play many games with bots; summarise or compare rule sets",
        description="Play N seeded games with bots in parallel and summarise the results.",
    )
    parser.add_argument("title", metavar="TITLE", help="a title name (under titles/) or a folder")
    parser.add_argument("--games", type=int, default=100, metavar="N", help="games per rule set (100)")
    parser.add_argument("--players", type=int, default=4, metavar="P", help="players per game (4)")
    parser.add_argument("--bots", default="random", metavar="B1,B2,...",
                        help="bots by seat, repeated to fill the seats; they rotate between games")
    parser.add_argument("--bot-budget-ms", type=float, default=None, metavar="MS",
                        help="thinking budget per decision of searching bots (strong: 50), turned into "
                             "a fixed amount of look-ahead so that games stay reproducible")
    parser.add_argument("--no-rotate", dest="rotate", action="store_false",
                        help="keep each bot in its seat in every game")
    parser.add_argument("--variant", metavar="V", help="a variant named in title.yaml")
    parser.add_argument("--set", dest="overrides", metavar="PATH=VALUE", action="append", default=[],
                        help="override one value, e.g. --set trains.5.price=700 (repeatable)")
    parser.add_argument("--seed", type=int, default=1, metavar="S", help="base seed (1)")
    parser.add_argument("--first-game", type=int, default=0, metavar="K",
                        help="index of the first game (to extend an earlier run with more games)")
    parser.add_argument("--workers", type=int, default=1, metavar="W", help="parallel processes (1)")
    parser.add_argument("--out", metavar="DIR",
                        help="output folder (default: the first of simulations/TITLE-sSEED, "
                             "...-sSEED-2, ... that does not exist yet: a run never writes over "
                             "earlier records unless --out names their folder)")
    parser.add_argument("--check", action="store_true",
                        help="check every invariant after every action; stop at the first violation")
    parser.add_argument("--save-games", action="store_true", help="save each game under DIR/games/")
    parser.add_argument("--compare", nargs="+", metavar="SPEC",
                        help="rule sets to compare on the same seeds: [LABEL:]VARIANT|default[;path=value...]")
    parser.add_argument("--backend", choices=("local", "ray"), default="local", help="where games run")
    parser.add_argument("--max-actions", type=int, default=None, metavar="N",
                        help="record a game as unfinished after N actions")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from railyard.framework.core.game import tuned_for_replays
    from railyard.framework.simulate import compare, outlock

    bots = tuple(b.strip() for b in args.bots.split(",") if b.strip())
    if not bots or args.games < 1 or args.players < 1:
        print("simulate: need at least one bot, one game and one player", file=sys.stderr)
        return 2
    if any(b.isdigit() for b in bots):
        print(f"simulate: --bots takes bot names by seat (e.g. greedy,random), not a count: "
              f"{args.bots!r}; every seat is a bot", file=sys.stderr)
        return 2
    if len(bots) > args.players:
        print(f"simulate: --bots names {len(bots)} bots ({', '.join(bots)}) for {args.players} "
              f"players: name at most one per seat", file=sys.stderr)
        return 2
    slug = Path(args.title).name
    out = Path(args.out) if args.out else fresh_folder(Path("simulations"), f"{slug}-s{args.seed}")
    if args.compare:
        sets = [compare.parse_spec(s, args.variant, args.overrides) for s in args.compare]
    else:
        sets = [compare.RuleSet("default" if not (args.variant or args.overrides) else
                                compare.parse_spec(";".join([args.variant or "default", *args.overrides])).label,
                                args.variant, tuple(args.overrides))]
    if len({s.label for s in sets}) != len(sets):
        print("simulate: two compared rule sets have the same label", file=sys.stderr)
        return 2
    try:
        # a batch of games of one title, then the process ends: the collector tuning pays
        with outlock.holding(out), tuned_for_replays():
            return _run_sets(args, out, sets, bots)
    except outlock.FolderInUse as error:
        print(f"simulate: {error}", file=sys.stderr)
        return 2


def _run_sets(args: argparse.Namespace, out: Path, sets: list[Any], bots: tuple[str, ...]) -> int:
    """Every rule set's games, written under ``out`` (whose lock the caller holds)."""
    from railyard.framework.bots.base import UnknownBot, make_bot
    from railyard.framework.simulate import compare, records, runner
    from railyard.framework.simulate.summary import print_summary

    results: dict[str, list[dict[str, Any]]] = {}
    timings: dict[str, Any] = {}
    for rules in sets:
        folder = out / rules.label if args.compare else out
        config = runner.SimConfig(
            title=args.title, players=args.players, bots=bots, variant=rules.variant,
            overrides=rules.overrides, label=rules.label, check=args.check,
            save_dir=str(folder / "games") if args.save_games else None,
            max_actions=args.max_actions or runner.MAX_ACTIONS, rotate=args.rotate,
            bot_budget_ms=args.bot_budget_ms,
        )
        try:  # fail fast on a title that will not load or a bot that cannot play it
            title, ruleset = runner.loaded(config)
            problem = _players_problem(title, args.players)
            if problem is not None:
                print(f"simulate: {problem}", file=sys.stderr)
                return 2
            for name in set(bots):
                make_bot(name, ruleset)
        except UnknownBot as error:
            print(f"simulate: {error}", file=sys.stderr)
            return 2
        except Exception as error:
            print(f"simulate: {args.title}: {error}", file=sys.stderr)
            return 2
        start = time.perf_counter()
        folder.mkdir(parents=True, exist_ok=True)
        # records arrive in game order: each is written at once, so a long run can be watched
        # (and a cut-short run keeps what it played)
        with (folder / records.RECORD_FILE).open("w", encoding="utf-8") as stream:

            def write(record: dict[str, Any], out: Any = stream) -> None:
                out.write(records.dumps(record) + "\n")
                out.flush()

            recs = runner.run_jobs(
                runner.jobs_for(config, args.games, args.seed, args.first_game), args.workers, args.backend,
                progress=not args.quiet, description=rules.label, stop_on_violation=args.check,
                on_record=write,
            )
        elapsed = time.perf_counter() - start
        results[rules.label] = recs
        timings[rules.label] = {"seconds": round(elapsed, 3), "games": len(recs),
                                "games_per_second": round(len(recs) / elapsed, 3) if elapsed else None}
        bad = next((r for r in recs if r.get("violation")), None)
        if bad is not None:
            v = bad["violation"]
            print(f"invariant violated: {rules.label} game {bad['index']} (seed {bad['seed']}) after action "
                  f"{v['action_index']}: {'; '.join(v['problems'])}", file=sys.stderr)
            _write_run(out, args, timings)
            return 1
    _write_run(out, args, timings)
    for label, recs in results.items():
        print_summary(recs, f"{args.title} ({label}): {len(recs)} games, "
                            f"{timings[label]['games_per_second']} games/s with {args.workers} worker(s)")
    if args.compare and len(results) > 1:
        result = compare.compare_sets(results)
        compare.write(out, result)
        print(compare.markdown(result))
    print(f"records in {out}")
    crashes = sum(1 for recs in results.values() for r in recs if r.get("error"))
    return 1 if crashes else 0


def fresh_folder(parent: Path, stem: str) -> Path:
    """``parent/stem``, or ``stem-2``, ``stem-3``... : the first that does not exist yet. The
    default output must never replace earlier records (some are kept in git as references)."""
    candidate = parent / stem
    number = 1
    while candidate.exists():
        number += 1
        candidate = parent / f"{stem}-{number}"
    return candidate


def _players_problem(title: Any, players: int) -> str | None:
    """Why ``players`` cannot play ``title`` (its manifest's range), before any game runs."""
    limits = getattr(getattr(title, "manifest", None), "players", None)
    low, high = getattr(limits, "min", None), getattr(limits, "max", None)
    if isinstance(low, int) and isinstance(high, int) and not low <= players <= high:
        return f"{title.manifest.id} takes {low}-{high} players, not {players}"
    return None


def _write_run(out: Path, args: argparse.Namespace, timings: dict[str, Any]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    facts = {"argv": sys.argv[1:], "code": code_version(), "workers": args.workers, "backend": args.backend,
             "timings": timings}
    (out / "run.json").write_text(json.dumps(facts, indent=1) + "\n", encoding="utf-8")


def code_version() -> str:
    """The engine's git commit (with ``+changes`` if the tree differs from it), else the
    installed version: results belong to the rules as the code then read them."""
    import subprocess
    from importlib.metadata import PackageNotFoundError, version

    from railyard.framework.resources import package_folder

    here = package_folder()
    try:
        commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=here, capture_output=True, text=True,
                                timeout=10, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=here,
                               capture_output=True, text=True, timeout=10, check=True).stdout.strip()
        return commit + ("+changes" if dirty else "")
    except (OSError, subprocess.SubprocessError):
        pass
    try:
        return f"railyard {version('railyard')}"
    except PackageNotFoundError:
        return "unknown"
