"""Files a run writes: a first disagreement's reproducer (and its save), an agreeing game's
corpus entry."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any


def write_reproducer(out: Path, record: dict[str, Any]) -> Path:
    """``out/repro-<title>-g<index>.json`` and beside it the save alone (``.save.json``), which
    ``railyard replay`` loads as it loads any save."""
    out.mkdir(parents=True, exist_ok=True)
    stem = f"repro-{record['title']}-s{record['base_seed']}-g{record['index']:04d}"
    path = out / f"{stem}.json"
    path.write_text(json.dumps(record, indent=1, default=str) + "\n", encoding="utf-8")
    (out / f"{stem}.save.json").write_text(json.dumps(record["save"]) + "\n", encoding="utf-8")
    return path


def corpus_name(title: str, base_seed: int, index: int) -> str:
    return f"{title}-s{base_seed}-g{index:04d}.json.gz"


def write_corpus(folder: Path, entry: dict[str, Any], base_seed: int, index: int) -> Path:
    """A gzipped compact JSON corpus entry under ``folder/<title>/``."""
    target = folder / str(entry["title"])
    target.mkdir(parents=True, exist_ok=True)
    path = target / corpus_name(str(entry["title"]), base_seed, index)
    data = json.dumps(entry, separators=(",", ":"), sort_keys=True).encode()
    path.write_bytes(gzip.compress(data, mtime=0))
    return path


def read_corpus(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(gzip.decompress(path.read_bytes()))
    return data
