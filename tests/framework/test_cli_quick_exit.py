"""A command that only reads and prints ends its process at once (``cli.exit_now``): its
whole output still arrives, through a pipe as on a terminal, and its exit code is kept."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.framework.g18_helpers import TITLE
from tests.framework.test_core_replay import saved_game


def _railyard(*args: str) -> subprocess.CompletedProcess[str]:
    """The command line as the ``railyard`` script runs it (``main()`` with no argv), its
    output block-buffered as into any pipe (so a missing flush would lose it)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    return subprocess.run([sys.executable, "-m", "railyard.framework.cli", *args], env=env,
                          capture_output=True, text=True, timeout=120, check=False)


def test_replay_process_prints_every_line_and_exits_0(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    done = _railyard("replay", str(path), "--tail", "2", "--title", str(TITLE))
    assert done.returncode == 0
    assert done.stdout.endswith("standings (game in progress):\n  1. bob 400\n  1. cy 400\n"
                                "  3. ann 360\n")


def test_replay_process_of_a_refused_save_exits_1_with_its_message(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    data = json.loads(path.read_text())
    data["actions"].append({"type": "bid", "entity": "bob", "item": "P1", "price": 10})
    path.write_text(json.dumps(data))
    done = _railyard("replay", str(path), "--title", str(TITLE))
    assert done.returncode == 1
    assert "action 3 refused (rule:auction.min_bid)" in done.stderr
    assert "packetrail: 3 of 4 actions replayed" in done.stdout


def test_info_process_output_is_whole_when_piped() -> None:
    done = _railyard("info", "1837")
    assert done.returncode == 0
    assert done.stdout.rstrip().splitlines()[-1].startswith("variants: ")
