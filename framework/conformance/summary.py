"""A run's counts: games, games agreeing to the end, disagreements by kind, speed."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from railyard.framework.conformance.compare import kinds_of
from railyard.framework.conformance.play import Outcome


def summarise(outcomes: Sequence[Outcome], seconds: float) -> dict[str, Any]:
    """The run in numbers; a game counts once per kind of its first disagreement."""
    by_kind: Counter[str] = Counter()
    for outcome in outcomes:
        by_kind.update(kinds_of(outcome.differences))
    agreed = [o for o in outcomes if o.agreed]
    return {
        "games": len(outcomes),
        "agreed": len(agreed),
        "agreed_finished": sum(1 for o in agreed if o.finished),
        "disagreed": len(outcomes) - len(agreed),
        "by_kind": dict(sorted(by_kind.items(), key=lambda kv: (-kv[1], kv[0]))),
        "actions": sum(o.actions for o in outcomes),
        "refereed": sum(o.refereed for o in outcomes),
        "seconds": round(seconds, 2),
        "games_per_second": round(len(outcomes) / seconds, 3) if seconds > 0 else None,
        "first_disagreements": [
            {"index": o.index, "seed": o.seed, "action": o.actions - 1,
             "differences": [str(d) for d in o.differences[:3]]}
            for o in outcomes if not o.agreed
        ],
    }


def print_summary(summary: dict[str, Any], title: str) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=title)
    table.add_column("what")
    table.add_column("count", justify="right")
    for label, key in (("games", "games"), ("agreeing to the end", "agreed"),
                       ("  of which finished", "agreed_finished"), ("disagreeing", "disagreed"),
                       ("our actions played", "actions"), ("site actions refereed", "refereed"),
                       ("games/s", "games_per_second")):
        table.add_row(label, str(summary[key]))
    for kind, count in summary["by_kind"].items():
        table.add_row(f"first disagreement: {kind}", str(count))
    Console().print(table)
