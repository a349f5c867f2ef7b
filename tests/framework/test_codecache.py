"""The code attrs compiles for the engine's classes is kept on disk (``framework/codecache.py``);
a process that loads it must get classes that behave exactly as compiled ones: the same
``__hash__`` (attrs writes a per-process salted number into it, which the cache puts back),
equality, ``__init__`` checks. Each run is a fresh process with its own hash salt.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

SCRIPT = r"""
import json
from railyard.framework.routes.graph import Piece, StopNode
from railyard.framework import codecache

piece = Piece(3, "A1.0", "A1|B2", "A1")
expected = hash((hash("<attrs generated hash railyard.framework.routes.graph.Piece>"),
                 3, "A1.0", "A1|B2", "A1"))
stop = StopNode("A1.0", "city", 20, tokens=["X"])
print(json.dumps({
    "hash_ok": hash(piece) == expected,
    "eq_ok": piece == Piece(3, "A1.0", "A1|B2", "A1") and piece != Piece(4, "A1.0", "A1|B2"),
    "converter_ok": stop.tokens == ("X",),
    "loaded": len(codecache._LOADED or {}),
    "new": len(codecache._NEW),
}))
"""


def _run(cache: Path, seed: str) -> dict[str, object]:
    env = {**os.environ, "RAILYARD_CACHE_DIR": str(cache), "PYTHONHASHSEED": seed}
    out = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True,
                         text=True, check=True)
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def test_classes_built_from_cached_code_hash_and_compare_as_compiled_ones(tmp_path: Path) -> None:
    first = _run(tmp_path, "1")
    assert first["hash_ok"] and first["eq_ok"] and first["converter_ok"]
    assert first["new"] > 0  # compiled, and written at exit
    assert list((tmp_path / "code").glob("attrs-*.marshal"))
    second = _run(tmp_path, "2")  # another salt: the hash number differs
    assert second["hash_ok"] and second["eq_ok"] and second["converter_ok"]
    assert second["loaded"] == first["new"] and second["new"] == 0  # all from the cache


def test_a_damaged_cache_file_is_compiled_again(tmp_path: Path) -> None:
    _run(tmp_path, "1")
    (file,) = (tmp_path / "code").glob("attrs-*.marshal")
    file.write_bytes(b"not marshal data")
    again = _run(tmp_path, "3")
    assert again["hash_ok"] and again["eq_ok"] and again["new"] > 0
    assert _run(tmp_path, "4")["new"] == 0  # rewritten whole


def test_the_cache_switched_off_writes_nothing(tmp_path: Path) -> None:
    env = {**os.environ, "RAILYARD_CACHE_DIR": "off", "HOME": str(tmp_path),
           "XDG_CACHE_HOME": str(tmp_path / "xdg")}
    out = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True,
                         text=True, check=True)
    found = json.loads(out.stdout.strip().splitlines()[-1])
    assert found["hash_ok"] and found["loaded"] == 0
    assert not any(tmp_path.rglob("*.marshal"))
