"""Reading a file a user handed us, within bounds: regular files only, never more bytes than
the limit, and paths that stay inside the folder that names them.

A title folder or a save may come from anyone. A name may be a link to ``/dev/zero`` (endless
bytes), a named pipe (a read that never returns) or a file of gigabytes; its size on disk says
nothing for a device (0). So the file is opened without blocking, checked to be a regular file
on the open descriptor (no race with a swap of the name), and read in chunks that stop one byte
past the limit. A path a title names is resolved (links followed) and must stay inside the
title's folder, so that ``map: ../../etc/passwd`` or a link to it is refused, not echoed back.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path


class FileRefused(OSError):
    """A file that is not read: not a regular file, or larger than the limit. ``str()`` is the
    reason, worded for the user."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason

    def __str__(self) -> str:
        return self.reason


_CHUNK = 1 << 20


def read_bounded(path: str | os.PathLike[str], max_bytes: int) -> bytes:
    """The bytes of a regular file of at most ``max_bytes``; FileRefused when it is something
    else or larger, OSError when it cannot be opened."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused("not a regular file")
        if info.st_size > max_bytes:
            raise FileRefused(f"file too large: {info.st_size} bytes (limit {max_bytes})")
        chunks: list[bytes] = []
        total = 0
        while True:  # the size can change after fstat: count what is actually read
            chunk = os.read(fd, min(_CHUNK, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > max_bytes:
                raise FileRefused(f"file too large: more than {max_bytes} bytes (limit {max_bytes})")
        return b"".join(chunks)
    finally:
        os.close(fd)


def confined(folder: Path, relative: str | os.PathLike[str], *, resolved: bool = False) -> Path | None:
    """``folder / relative`` with every link followed, if that stays inside ``folder`` (also
    resolved, unless the caller says it is); None when it leads out (an absolute path, ``..``,
    a link elsewhere)."""
    base = folder if resolved else folder.resolve()
    try:
        target = (base / relative).resolve()
    except (OSError, RuntimeError, ValueError):  # a link loop, a NUL in the name
        return None
    if target == base or base in target.parents:
        return target
    return None
