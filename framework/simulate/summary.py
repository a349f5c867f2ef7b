"""The table printed at the end of a simulation: wins per bot and seat, net worth, length,
crashes (a rich table)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from railyard.framework.simulate import stats


def summary_rows(records: Sequence[dict[str, Any]]) -> list[tuple[str, str, str, str, str]]:
    """(who, seat-games, wins, win rate, mean net worth) per bot, then per seat."""
    rows = []
    for group in (stats.per_bot(records), stats.per_seat(records)):
        for key in sorted(group):
            d = group[key]
            wins = d["win_rate"].mean * d["seat_games"]
            rows.append((key, str(d["seat_games"]), f"{wins:g}", d["win_rate"].text(1, percent=True),
                         d["net_worth"].text(0)))
    return rows


def print_summary(records: Sequence[dict[str, Any]], title: str) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=title)
    for name in ("bot / seat", "seat-games", "wins", "win rate (95% CI)", "mean net worth"):
        table.add_column(name, justify="left" if name == "bot / seat" else "right")
    for row in summary_rows(records):
        table.add_row(*row)
    console = Console()
    console.print(table)
    m = stats.metric_estimates(records)
    console.print(
        f"game length: {m['actions'].text(0)} actions, {m['rounds (ORs or rounds)'].text(1)} rounds (ORs); "
        f"crashes: {stats.crash_count(records)}; unfinished: {stats.unfinished_count(records)}; "
        f"bankruptcy in {m['bankruptcy'].text(1, percent=True)} of games"
    )
    errors = [r for r in records if r.get("error")]
    for r in errors[:5]:
        e = r["error"]
        console.print(f"  crash in game {r['index']} (seed {r['seed']}) at action {e['action_index']}: "
                      f"{e['type']}: {e['message']} [{e['where']}]", markup=False)
