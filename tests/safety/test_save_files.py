"""Saves keep what the user set and leave nothing behind (issue 35, the smaller defects): an
atomic save keeps the file's permissions, a write killed mid-way leaves a temporary file that
the next save of that name removes, and reading a save that is a pipe never hangs."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from railyard.framework.core.game import SaveError
from railyard.framework.core.savefile import STALE_TEMP_SECONDS, atomic_write_text, read_json_file
from tests.fuzz.helpers import within


def test_an_atomic_save_keeps_the_files_permissions(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    save.write_text("{}", encoding="utf-8")
    save.chmod(0o644)
    atomic_write_text(save, "{}\n", keep_previous=True)
    assert save.stat().st_mode & 0o777 == 0o644


def test_a_new_save_gets_the_mode_a_new_file_gets(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        atomic_write_text(tmp_path / "g.json", "{}\n")
    finally:
        os.umask(old)
    assert (tmp_path / "g.json").stat().st_mode & 0o777 == 0o644


def test_temporary_files_a_killed_save_left_are_removed_by_the_next_save(tmp_path: Path) -> None:
    stale = tmp_path / ".g.json.abc123.tmp"
    fresh = tmp_path / ".g.json.def456.tmp"  # maybe another writer's, right now
    other = tmp_path / ".h.json.abc123.tmp"  # another save's
    for file in (stale, fresh, other):
        file.write_text("partial", encoding="utf-8")
    old = time.time() - STALE_TEMP_SECONDS - 60
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    atomic_write_text(tmp_path / "g.json", "{}\n")
    assert not stale.exists()
    assert fresh.exists() and other.exists()


def test_reading_a_save_that_is_a_pipe_is_a_save_error_at_once(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "g.json")
    with within(10, "save pipe"), pytest.raises(SaveError, match="not a regular file"):
        read_json_file(tmp_path / "g.json")
