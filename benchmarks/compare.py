"""Speed of the working tree against an older commit, as ratios of paired runs.

``python benchmarks/compare.py BASE_REF [--pairs 5] [--only replay,greedy]``

Builds ``BASE_REF`` in a temporary ``git worktree`` with its own venv (``python3 -m venv
--system-site-packages`` then ``pip install --no-deps -e .``), then runs every workload on the
base and on the working tree in turn, interleaved (base first in even pairs, the working tree
first in odd ones), each run in a fresh process. Times are CPU seconds: of the timed part for the
in-process workloads (``benchmarks/workloads.py``), of the whole child process for the command
lines. The machine is shared, so absolute times drift; a ratio of two runs made next to each
other is what counts. For each workload it prints min / median / max of ``base / working`` (above
1: the working tree is faster) and whether both trees gave the same result.

The recorded 1837 game is imported by each tree (``railyard import-18xxgames``) and replayed by
that tree: rule fixes since the base can make one tree refuse the other's save. The title cache
(``RAILYARD_CACHE_DIR``) is warmed before the pairs for ``info``; ``info-cold`` gives every run
an empty cache directory.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORKLOADS_PY = Path(__file__).resolve().parent / "workloads.py"
GAME = Path("/work/shared/reference/1837/games/18xxgames_202234_game_end_bank.json")

#: name -> (what it measures, in-process workload or command line after ``railyard``)
WORKLOADS: dict[str, tuple[str, str | tuple[str, ...]]] = {
    "replay": ("replay of the recorded game (1837), replay alone", "replay"),
    "replay-again": ("the same, a second replay in one process (rules imported, tables built)",
                     "replay-again"),
    "replay-process": ("railyard replay SAVE, whole process", ("replay", "{save}", "--tail", "0")),
    "greedy": ("one 4-player greedy game (seed 1)", "greedy"),
    "random": ("one 4-player random game (seed 1)", "random"),
    "info": ("railyard info 1837, whole process (warm cache)", ("info", "1837")),
    "info-cold": ("railyard info 1837, whole process (empty cache)", ("info", "1837")),
    "routes": ("best routes, every company, recorded final position", "routes"),
    "8trains": ("four 8-trains, recorded final position", "8trains"),
}


class Tree:
    """One checkout and the venv that runs it."""

    def __init__(self, label: str, root: Path, venv: Path) -> None:
        self.label = label
        self.root = root
        self.python = venv / "bin" / "python"
        self.railyard = venv / "bin" / "railyard"
        cli = (root / "framework" / "cli.py").read_text(encoding="utf-8")
        self.prefix = "railyard." if "railyard.framework" in cli else ""


def _run(cmd: Sequence[str], env: dict[str, str], cwd: Path) -> tuple[float, str]:
    """CPU seconds (user + system) of a child process, and its standard output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(map(str, cmd))} failed ({proc.returncode}):\n{proc.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, proc.stdout


def measure(tree: Tree, name: str, save: Path, env: dict[str, str], work: Path) -> tuple[float, str]:
    """(CPU seconds, result digest) of one run of a workload on a tree."""
    _, what = WORKLOADS[name]
    if isinstance(what, str):
        _, out = _run([str(tree.python), str(WORKLOADS_PY), tree.prefix, what, str(save)], env, work)
        data = json.loads(out.strip().splitlines()[-1])
        return float(data["cpu"]), str(data["check"])
    run_env = dict(env)
    if name == "info-cold":
        run_env["RAILYARD_CACHE_DIR"] = tempfile.mkdtemp(dir=work, prefix="cold-cache-")
    cmd = [str(tree.railyard), *(part.format(save=save) for part in what)]
    cpu, out = _run(cmd, run_env, work)
    return cpu, hashlib.sha256(out.encode()).hexdigest()[:16]


def build_base(ref: str, work: Path) -> Tree:
    checkout = work / "base"
    venv = work / "venv"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(checkout), ref],
                   check=True, capture_output=True)
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True)
    subprocess.run([str(venv / "bin" / "pip"), "install", "-q", "--no-deps", "-e", str(checkout)],
                   check=True, capture_output=True)
    return Tree(f"base {ref}", checkout, venv)


def working_tree() -> Tree:
    venv = ROOT / ".venv"
    if not (venv / "bin" / "python").exists():
        venv = Path(sys.prefix)
    return Tree("working tree", ROOT, venv)


def summary(name: str, base: list[float], new: list[float], same: bool) -> str:
    ratios = [b / n for b, n in zip(base, new, strict=True) if n > 0]
    return (f"{name:15} {statistics.median(base):8.3f} {statistics.median(new):8.3f}   "
            f"{min(ratios):6.2f} {statistics.median(ratios):6.2f} {max(ratios):6.2f}   "
            f"{'yes' if same else 'NO'}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", metavar="BASE_REF", help="the commit to compare against")
    parser.add_argument("--pairs", type=int, default=5, help="interleaved pairs per workload (5)")
    parser.add_argument("--only", default="", help="comma-separated workloads (default: all): "
                        + ", ".join(WORKLOADS))
    parser.add_argument("--game", type=Path, default=GAME, help="the recorded 18xx.games game")
    parser.add_argument("--keep", action="store_true", help="keep the base worktree and venv")
    args = parser.parse_args(argv)
    names = [n for n in args.only.split(",") if n] or list(WORKLOADS)
    unknown = [n for n in names if n not in WORKLOADS]
    if unknown:
        parser.error(f"unknown workloads: {', '.join(unknown)}")
    work = Path(tempfile.mkdtemp(prefix="railyard-compare-"))
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "RAILYARD_CACHE_DIR": str(work / "cache"),
           "PYTHONHASHSEED": "0"}
    # the warm-up writes both trees' byte code, as an installed package has it: without it
    # every process compiles every module it imports, which is most of a command's start-up
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    base = None
    try:
        print(f"building {args.base} in {work} ...", flush=True)
        base = build_base(args.base, work)
        new = working_tree()
        saves = {}
        for tree in (base, new):  # each tree replays its own import (the rules moved on since)
            save = saves[tree.label] = work / f"recorded-{'base' if tree is base else 'new'}.json"
            _run([str(tree.railyard), "import-18xxgames", str(args.game), "--out", str(save)],
                 env, work)
            data = json.loads(save.read_text(encoding="utf-8"))
            data.pop("title_path", None)  # each tree replays with its own copy of the title
            save.write_text(json.dumps(data), encoding="utf-8")
        for tree in (base, new):  # byte-compile, warm the title cache
            for name in names:
                measure(tree, name, saves[tree.label], env, work)
        times: dict[str, tuple[list[float], list[float]]] = {n: ([], []) for n in names}
        checks: dict[str, set[str]] = {n: set() for n in names}
        for pair in range(args.pairs):
            for name in names:
                order = (base, new) if pair % 2 == 0 else (new, base)
                for tree in order:
                    cpu, check = measure(tree, name, saves[tree.label], env, work)
                    times[name][0 if tree is base else 1].append(cpu)
                    checks[name].add(check)
            print(f"pair {pair + 1} of {args.pairs} done", flush=True)
        print(f"\nCPU seconds (median) and ratio base/working over {args.pairs} pairs; "
              f"base = {args.base}")
        print(f"{'workload':15} {'base':>8} {'working':>8}   {'min':>6} {'median':>6} {'max':>6}   "
              "same result")
        for name in names:
            print(summary(name, *times[name], len(checks[name]) == 1))
        for name in names:
            print(f"  {name}: {WORKLOADS[name][0]}")
    finally:
        if base is not None and not args.keep:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force",
                            str(base.root)], check=False, capture_output=True)
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
