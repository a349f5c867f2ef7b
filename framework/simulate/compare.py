"""Comparing rule sets: parse ``--compare`` specs, and tabulate differences on equal seeds.

A spec is ``[LABEL:]PART[;PART...]`` where a PART is a variant name (``default`` for none) or
an override ``path=value``: ``first_edition``, ``cheap5:trains.5.price=700``,
``fe700:first_edition;trains.5.price=700``. Every set plays the same seeds and seatings, so
differences are paired game by game.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from railyard.framework.records import Record
from railyard.framework.simulate import stats

DEFAULT_NAMES = ("default", "base", "none", "-")


@attrs.frozen(repr=False)
class RuleSet(Record):
    label: str
    variant: str | None
    overrides: tuple[str, ...]


def parse_spec(spec: str, base_variant: str | None = None, base_overrides: Sequence[str] = ()) -> RuleSet:
    """A rule set from its spec text, on top of the run's own ``--variant`` and ``--set``."""
    label = None
    body = spec
    head, sep, rest = spec.partition(":")
    if sep and "=" not in head and "." not in head and head:
        label, body = head, rest
    variant = base_variant
    overrides = list(base_overrides)
    for part in (p.strip() for p in body.split(";")):
        if not part:
            continue
        if "=" in part:
            overrides.append(part)
        else:
            variant = None if part in DEFAULT_NAMES else part
    if label is None:
        named = [p.strip() for p in body.split(";") if p.strip() and p.strip() not in DEFAULT_NAMES]
        label = re.sub(r"[^A-Za-z0-9_.=-]+", "_", "_".join(named)) or "default"
    return RuleSet(label, variant, tuple(overrides))


def compare_sets(sets: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    """Per set: metrics and win rates; per set after the first: paired differences to it."""
    labels = list(sets)
    base = labels[0]
    out: dict[str, Any] = {"baseline": base, "sets": {}, "differences": {}}
    for label in labels:
        records = sets[label]
        out["sets"][label] = {
            "games": len(records),
            "crashes": stats.crash_count(records),
            "unfinished": stats.unfinished_count(records),
            "metrics": {k: v.as_dict() for k, v in stats.metric_estimates(records).items()},
            "bots": {b: {"win_rate": d["win_rate"].as_dict(), "net_worth": d["net_worth"].as_dict()}
                     for b, d in stats.per_bot(records).items()},
        }
    for label in labels[1:]:
        diffs = stats.paired_differences(sets[base], sets[label])
        out["differences"][label] = {k: v.as_dict() for k, v in diffs.items()}
    return out


def _fmt(d: dict[str, float], digits: int = 1, percent: bool = False) -> str:
    return stats.Estimate(d["mean"], d["ci95"], int(d["n"])).text(digits, percent)


def markdown(result: dict[str, Any]) -> str:
    """The comparison as Markdown tables (means and paired differences with 95% intervals)."""
    labels = list(result["sets"])
    base = result["baseline"]
    lines = ["| metric | " + " | ".join(labels) + " |", "|---" * (len(labels) + 1) + "|"]
    for metric in stats.METRICS:
        row = [_fmt(result["sets"][lb]["metrics"][metric]) for lb in labels]
        lines.append(f"| {metric} | " + " | ".join(row) + " |")
    lines.append("| crashes | " + " | ".join(str(result["sets"][lb]["crashes"]) for lb in labels) + " |")
    lines += ["", f"Differences to `{base}` (same seeds, paired; mean ± 95% CI):", ""]
    others = labels[1:]
    if others:
        lines += ["| metric | " + " | ".join(others) + " |", "|---" * (len(others) + 1) + "|"]
        for metric in stats.METRICS:
            row = [_fmt(result["differences"][lb][metric], 2) for lb in others]
            lines.append(f"| {metric} | " + " | ".join(row) + " |")
    bots = sorted({b for lb in labels for b in result["sets"][lb]["bots"]})
    lines += ["", "Win rate per bot (± 95% CI):", "", "| bot | " + " | ".join(labels) + " |",
              "|---" * (len(labels) + 1) + "|"]
    for bot in bots:
        row = [_fmt(result["sets"][lb]["bots"][bot]["win_rate"], 1, True) if bot in result["sets"][lb]["bots"]
               else "-" for lb in labels]
        lines.append(f"| {bot} | " + " | ".join(row) + " |")
    return "\n".join(lines) + "\n"


def write(folder: str | Path, result: dict[str, Any]) -> None:
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "compare.json").write_text(json.dumps(result, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    (folder / "compare.md").write_text(markdown(result), encoding="utf-8")
