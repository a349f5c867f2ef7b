"""``railyard conformance TITLE``: bot games of ours refereed by the reference engine.

Every action is translated to the site's format and sent to the 18xx.games engine, which
accepts or refuses it; the states are compared after each. A game stops at its first
disagreement, written as a reproducer to ``--out``; the summary counts disagreements by kind.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "conformance", help="referee bot games with the 18xx.games engine; count disagreements",
        description="Play bot games and have the reference engine (18xx.games, Ruby) referee "
                    "every action; write a reproducer at each game's first disagreement.",
    )
    parser.add_argument("title", metavar="TITLE", help="a title name (under titles/)")
    parser.add_argument("--games", type=int, default=10, metavar="N", help="games (10)")
    parser.add_argument("--players", type=int, default=4, metavar="P", help="players per game (4)")
    parser.add_argument("--bots", default="greedy,random,uniform", metavar="B1,B2,...",
                        help="bots by seat, rotating between games (greedy,random,uniform)")
    parser.add_argument("--seed", type=int, default=1, metavar="S", help="base seed (1)")
    parser.add_argument("--first-game", type=int, default=0, metavar="K", help="index of the first game")
    parser.add_argument("--optional", action="append", default=[], metavar="RULE",
                        help="a site optional rule (repeatable); our variant follows the title's import map")
    parser.add_argument("--variant", metavar="V", help="our variant (default: from the import map)")
    parser.add_argument("--workers", type=int, default=1, metavar="W", help="parallel games (1)")
    parser.add_argument("--out", metavar="DIR", default="conformance", help="reproducers and summary (conformance/)")
    parser.add_argument("--check-every", type=int, default=1, metavar="K",
                        help="compare states every K of our actions and at the end (1); "
                             "verdicts are checked after every action")
    parser.add_argument("--corpus", metavar="DIR",
                        help="write each agreeing finished game under DIR/TITLE/ (states every K actions)")
    parser.add_argument("--legal", action="store_true",
                        help="also compare the kinds of move offered to the acting entity")
    parser.add_argument("--oracle", metavar="DIR", help="the reference engine's folder (load_title.rb)")
    parser.add_argument("--max-actions", type=int, default=None, metavar="N", help="stop a game after N actions")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from railyard.framework import autoplay
    from railyard.framework.conformance.oracle import OracleMissing, find_oracle, find_ruby
    from railyard.framework.conformance.play import GameSpec
    from railyard.framework.conformance.reproducer import write_corpus, write_reproducer
    from railyard.framework.conformance.run import run_games
    from railyard.framework.conformance.summary import print_summary, summarise

    bots = tuple(b.strip() for b in args.bots.split(",") if b.strip())
    if not bots or args.games < 1 or args.players < 1 or args.check_every < 1:
        print("conformance: need a bot, a game, a player and --check-every >= 1", file=sys.stderr)
        return 2
    try:
        find_ruby()
        oracle = str(find_oracle(args.oracle))
        variant = args.variant if args.variant else _variant(args.title, tuple(args.optional))
    except OracleMissing as missing:
        print(f"conformance: {missing}", file=sys.stderr)
        return 2
    specs = [
        GameSpec(title=args.title, index=i, base_seed=args.seed, players=args.players, bots=bots,
                 variant=variant, optional_rules=tuple(args.optional), check_every=args.check_every,
                 max_actions=args.max_actions or autoplay.MAX_ACTIONS, legal=args.legal,
                 corpus=args.corpus is not None, oracle=oracle)
        for i in range(args.first_game, args.first_game + args.games)
    ]
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    with (out / "games.jsonl").open("w", encoding="utf-8") as stream, _progress(args) as advance:

        def record(outcome: object) -> None:
            from railyard.framework.conformance.play import Outcome

            assert isinstance(outcome, Outcome)
            line = {"index": outcome.index, "seed": outcome.seed, "seats": outcome.seats,
                    "agreed": outcome.agreed, "finished": outcome.finished, "actions": outcome.actions,
                    "refereed": outcome.refereed, "seconds": outcome.seconds, "note": outcome.note,
                    "differences": [str(d) for d in outcome.differences]}
            if outcome.reproducer is not None:
                line["reproducer"] = str(write_reproducer(out, outcome.reproducer))
            if outcome.corpus is not None and args.corpus:
                line["corpus"] = str(write_corpus(Path(args.corpus), outcome.corpus, args.seed, outcome.index))
            stream.write(json.dumps(line) + "\n")
            stream.flush()
            advance()

        outcomes = run_games(specs, args.workers, record)
    summary = summarise(outcomes, time.perf_counter() - start)
    summary.update(title=args.title, players=args.players, bots=list(bots), seed=args.seed,
                   optional_rules=list(args.optional), variant=variant, workers=args.workers)
    (out / "summary.json").write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    print_summary(summary, f"{args.title}: {len(outcomes)} refereed games ({', '.join(bots)})")
    print(f"games, reproducers and summary.json in {out}")
    return 0 if summary["disagreed"] == 0 else 1


def _variant(title: str, optional: tuple[str, ...]) -> str | None:
    """Our variant for the site's optional rules, as the title's import map says."""
    from railyard.framework.conformance.snapshot import SITE
    from railyard.framework.importers.mapping import load_import_map
    from railyard.framework.loader import load_title

    return load_import_map(load_title(title), SITE).variant_for(optional)


@contextmanager
def _progress(args: argparse.Namespace) -> Iterator[Callable[[], None]]:
    """A rich progress bar over the games (none with --quiet); yields the step to advance it."""
    if args.quiet:
        yield lambda: None
        return
    from rich.progress import Progress

    with Progress() as bar:
        task = bar.add_task("refereed games", total=args.games)
        yield lambda: bar.advance(task)
