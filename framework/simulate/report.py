"""An HTML page of plots from simulation records (matplotlib, PNGs embedded as data URIs so
the page is one file that can be mailed or committed).

Each record file under the folder is one rule set (labelled by its records); the plots put
the sets side by side: net worth by seat and by bot, game length, when each phase arrives,
and win rate per bot with 95% error bars.
"""

from __future__ import annotations

import base64
import html
import io
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from railyard.framework.simulate import compare, records, stats


def load_sets(folder: str | Path, problems: list[str] | None = None) -> dict[str, list[dict[str, Any]]]:
    """Records grouped by rule-set label, in the order their files are found; with
    ``problems``, a bad line is named there and skipped (see :func:`records.read_jsonl`)."""
    sets: dict[str, list[dict[str, Any]]] = {}
    files = list(records.find_record_files(folder))
    if not files:
        raise FileNotFoundError(f"no {records.RECORD_FILE} under {folder}")
    for path in files:
        for record in records.read_jsonl(path, problems):
            sets.setdefault(str(record.get("label", path.parent.name)), []).append(record)
    # the baseline first: the comparison's order when there is one, else "default"
    order: list[str] = []
    summary = Path(folder) / "compare.json"
    if summary.is_file():
        order = [label for label in json.loads(summary.read_text(encoding="utf-8")).get("sets", {})]
        order.sort(key=lambda label: label != json.loads(summary.read_text(encoding="utf-8")).get("baseline"))
    rank = {label: i for i, label in enumerate(order)}
    labels = sorted(sets, key=lambda label: (rank.get(label, len(rank)), label != "default"))
    return {label: sets[label] for label in labels}


def _png(fig: Any) -> str:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=90, bbox_inches="tight")
    import matplotlib.pyplot as plt

    plt.close(fig)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def _grouped_boxes(ax: Any, groups: dict[str, dict[str, list[float]]], keys: list[str], ylabel: str) -> None:
    """One box per rule set side by side at each key (seat or bot), a colour per rule set."""
    colours = [f"C{i}" for i in range(len(groups))]
    width = 0.8 / max(1, len(groups))
    for k, (label, by_key) in enumerate(groups.items()):
        xs = [i + (k - (len(groups) - 1) / 2) * width for i in range(len(keys))]
        data = [by_key.get(key) or [0] for key in keys]
        parts = ax.boxplot(data, positions=xs, widths=width * 0.9, patch_artist=True, manage_ticks=False)
        for box in parts["boxes"]:
            box.set_facecolor(colours[k])
            box.set_alpha(0.6)
        ax.plot([], [], color=colours[k], linewidth=8, alpha=0.6, label=label)
    ax.set_xticks(range(len(keys)), keys)
    ax.set_ylabel(ylabel)


def net_worth_groups(
    sets: dict[str, list[dict[str, Any]]],
) -> tuple[dict[str, dict[str, list[float]]], dict[str, dict[str, list[float]]]]:
    """Final net worths per rule set, by seat (in seat order) and by bot."""
    by_seat: dict[str, dict[str, list[float]]] = {}
    by_bot: dict[str, dict[str, list[float]]] = {}
    for label, recs in sets.items():
        seats, bots = by_seat.setdefault(label, {}), by_bot.setdefault(label, {})
        for r in stats.usable(recs):
            for player, worth in enumerate(r["net_worth"]):
                seats.setdefault(f"seat {stats.table_seat(r, player) + 1}", []).append(worth)
                bots.setdefault(r["seats"][player], []).append(worth)
    for label in by_seat:
        by_seat[label] = dict(sorted(by_seat[label].items(), key=lambda kv: _seat_number(kv[0])))
    return by_seat, by_bot


def plot_net_worth(sets: dict[str, list[dict[str, Any]]]) -> str:
    import matplotlib.pyplot as plt

    by_seat, by_bot = net_worth_groups(sets)
    seats = sorted({k for g in by_seat.values() for k in g}, key=_seat_number)
    bots = sorted({k for g in by_bot.values() for k in g})
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4), width_ratios=(max(1, len(seats)), max(1, len(bots))))
    _grouped_boxes(left, by_seat, seats, "final net worth")
    left.set_title("net worth by seat (1 = first in the table order drawn at setup)")
    _grouped_boxes(right, by_bot, bots, "final net worth")
    right.set_title("net worth by bot")
    left.legend(loc="lower center", ncol=len(sets), fontsize="small")
    return _png(fig)


def plot_length(sets: dict[str, list[dict[str, Any]]]) -> str:
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4))
    for label, recs in sets.items():
        games = stats.usable(recs)
        left.hist([stats.operating_rounds(r) for r in games], bins=20, alpha=0.5, label=label)
        right.hist([r["actions"] for r in games], bins=20, alpha=0.5, label=label)
    left.set_xlabel("operating rounds (or rounds)")
    right.set_xlabel("actions")
    for ax in (left, right):
        ax.set_ylabel("games")
        ax.legend()
    left.set_title("game length")
    return _png(fig)


def phase_order(sets: dict[str, list[dict[str, Any]]]) -> list[str]:
    """Phases in the order games reach them.

    A phase's place in each game's sequence of phases says more than when it comes: a phase
    that few games reach, and only the fast ones, would otherwise sort before the phases every
    game passes through on the way to it."""
    places: dict[str, list[int]] = {}
    firsts: dict[str, list[int]] = {}
    for recs in sets.values():
        for r in recs:
            reached = stats.phase_first_reached(r)
            for place, phase in enumerate(reached):
                places.setdefault(phase, []).append(place)
                firsts.setdefault(phase, []).append(reached[phase])
    return sorted(places, key=lambda p: (sum(places[p]) / len(places[p]), sum(firsts[p]) / len(firsts[p])))


def _grouped_bars(ax: Any, estimates: dict[str, list[stats.Estimate]], keys: list[str], scale: float = 1) -> None:
    """A bar per rule set side by side at each key, with its 95% interval (none for a single
    game: no error bar rather than an endless one)."""
    width = 0.8 / max(1, len(estimates))
    for k, (label, ests) in enumerate(estimates.items()):
        xs = [i + k * width for i in range(len(keys))]
        # below and above each bar apart: a win rate's interval is not symmetric, and never
        # leaves 0-100%
        below = [max(0.0, e.mean - e.low) * scale if e.n > 1 else 0 for e in ests]
        above = [max(0.0, e.high - e.mean) * scale if e.n > 1 else 0 for e in ests]
        ax.bar(xs, [e.mean * scale for e in ests], width, yerr=[below, above], capsize=3,
               label=label)
    ax.set_xticks([i + 0.4 - width / 2 for i in range(len(keys))], keys)


def plot_phases(sets: dict[str, list[dict[str, Any]]]) -> str | None:
    phases = phase_order(sets)
    if not phases:
        return None
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(11, 4))
    estimates = {}
    for label, recs in sets.items():
        firsts = [stats.phase_first_reached(r) for r in stats.usable(recs)]
        estimates[label] = [stats.estimate([f[p] for f in firsts if p in f]) for p in phases]
    _grouped_bars(ax, estimates, phases)
    ax.set_xlabel("phase")
    ax.set_ylabel("operating round first reached (mean ± 95% CI)")
    ax.set_title("phase timing")
    ax.legend()
    return _png(fig)


def plot_win_rates(sets: dict[str, list[dict[str, Any]]]) -> str:
    """Win rates per bot (the yardstick between bots) and per seat (a seat's edge, which is
    all there is to see when every seat holds the same bot)."""
    import matplotlib.pyplot as plt

    bots = sorted({b for recs in sets.values() for r in recs for b in r.get("seats", [])})
    seats = sorted({k for recs in sets.values() for k in stats.per_seat(recs)}, key=_seat_number)
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4), width_ratios=(max(1, len(bots)), max(1, len(seats))))
    for ax, keys, per in ((left, bots, stats.per_bot), (right, seats, stats.per_seat)):
        estimates = {}
        for label, recs in sets.items():
            table = per(recs)
            estimates[label] = [table[b]["win_rate"] if b in table else stats.Estimate(0, 0, 0) for b in keys]
        _grouped_bars(ax, estimates, keys, scale=100)
        ax.set_ylabel("win rate per seat-game, % (± 95% CI)")
    left.set_title("win rate per bot and rule set")
    right.set_title("win rate per seat (1 = first in the table order drawn at setup)")
    right.legend()
    return _png(fig)


def _seat_number(key: str) -> int:
    return int(key.split()[-1])


def _table(rows: Sequence[Sequence[Any]], head: Sequence[str]) -> str:
    out = ["<table><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in head) + "</tr>"]
    for row in rows:
        out.append("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>")
    return "\n".join(out) + "</table>"


def render_html(sets: dict[str, list[dict[str, Any]]]) -> str:
    import matplotlib

    matplotlib.use("Agg")
    parts = ["<!doctype html><html><head><meta charset='utf-8'><title>railyard simulation report</title>",
             "<style>body{font-family:sans-serif;max-width:1100px;margin:auto}table{border-collapse:collapse}"
             "td,th{border:1px solid #aaa;padding:2px 8px;text-align:right}img{max-width:100%}</style>",
             "</head><body><h1>Simulation report</h1>"]
    rows = []
    for label, recs in sets.items():
        m = stats.metric_estimates(recs)
        first = recs[0] if recs else {}
        rows.append((label, first.get("title", ""), first.get("variant") or "-", " ".join(first.get("overrides", [])),
                     len(recs), stats.crash_count(recs), stats.unfinished_count(recs), m["actions"].text(0),
                     m["rounds (ORs or rounds)"].text(1)))
    parts.append(_table(rows, ("rule set", "title", "variant", "overrides", "games", "crashes", "unfinished",
                               "actions", "rounds (ORs)")))
    if len(sets) > 1:
        result = compare.compare_sets(sets)
        diff_rows = [(metric, *(compare._fmt(result["differences"][lb][metric], 2) for lb in list(sets)[1:]))
                     for metric in stats.METRICS]
        parts.append(f"<h2>Differences to {html.escape(result['baseline'])} (paired on equal seeds, 95% CI)</h2>")
        parts.append(_table(diff_rows, ("metric", *list(sets)[1:])))
    for name, png in plots_of(sets):
        if png is not None:
            parts.append(f"<h2>{name}</h2><img alt='{name}' src='data:image/png;base64,{png}'>")
    parts.append("</body></html>")
    return "\n".join(parts)


def plots_of(sets: dict[str, list[dict[str, Any]]]) -> list[tuple[str, str]]:
    """(title, base64 PNG) of every plot that has data."""
    import matplotlib

    matplotlib.use("Agg")
    plots = [("Win rate per bot", plot_win_rates(sets)), ("Net worth", plot_net_worth(sets)),
             ("Game length", plot_length(sets)), ("Phase timing", plot_phases(sets))]
    return [(name, png) for name, png in plots if png is not None]


def write_report(folder: str | Path, out: str | Path, png_dir: str | Path | None = None,
                 problems: list[str] | None = None) -> int:
    """Write the HTML report (and, with ``png_dir``, each plot as a PNG file for documents that
    cannot embed them); returns the number of games it covers. ``problems``: see
    :func:`load_sets`."""
    sets = load_sets(folder, problems)
    Path(out).parent.mkdir(parents=True, exist_ok=True)
    Path(out).write_text(render_html(sets), encoding="utf-8")
    if png_dir is not None:
        Path(png_dir).mkdir(parents=True, exist_ok=True)
        for name, png in plots_of(sets):
            (Path(png_dir) / (name.lower().replace(" ", "_") + ".png")).write_bytes(base64.b64decode(png))
    return sum(len(v) for v in sets.values())
