"""One run per output folder: ``railyard simulate`` holds a lock on its ``--out`` folder for as
long as it writes there, so that a second run on the same folder refuses at once instead of
interleaving ``games.jsonl`` and overwriting the saved games.

The lock is ``fcntl.flock`` on ``DIR/.simulate.lock``: the system releases it when the process
ends however it ends, so a killed run never leaves a folder locked. (Where ``fcntl`` does not
exist the lock is not taken.)
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

LOCK_FILE = ".simulate.lock"


class FolderInUse(Exception):
    """Another run holds the folder; ``str()`` says which and what to do."""


@contextlib.contextmanager
def holding(folder: Path) -> Iterator[None]:
    """Hold ``folder``'s lock for the body; FolderInUse when another process holds it."""
    try:
        import fcntl
    except ImportError:  # not POSIX: no lock
        yield
        return
    folder.mkdir(parents=True, exist_ok=True)
    fd = os.open(folder / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 32, 0).decode("ascii", "replace").strip() or "?"
            raise FolderInUse(f"{folder} is being written by another run (process {holder}): "
                              "wait for it or choose another --out") from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        yield
    finally:
        os.close(fd)
