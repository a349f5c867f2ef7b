"""The reference engine as a child process: one JSON line out, one JSON line back.

Every answer must come within ``timeout`` seconds or the referee is ended and
:class:`RefereeFailed` raised, so a hung or crashed reference engine never hangs a run. One
process serves game after game: a set-up line starts a fresh game in it.
"""

from __future__ import annotations

import json
import os
import selectors
import subprocess
import time
from pathlib import Path
from typing import Any

import attrs

from railyard.framework.conformance.oracle import DRIVER, find_oracle, find_ruby
from railyard.framework.records import Record

#: seconds an answer may take (a refusal replays the whole game in the reference engine)
TIMEOUT = 60.0


class RefereeFailed(RuntimeError):
    """The referee process died, hung or answered something that is not JSON."""


@attrs.frozen(repr=False)
class Verdict(Record):
    """The referee's answer to one line: accepted or not, why not, its state after it."""

    ok: bool
    state: dict[str, Any] | None
    error: str | None = None


class Referee:
    """A running reference engine (start with :meth:`start`, end with :meth:`close`)."""

    def __init__(self, oracle: str | Path | None = None, *, timeout: float = TIMEOUT,
                 command: list[str] | None = None) -> None:
        self.timeout = timeout
        if command is None:
            command = [find_ruby(), str(DRIVER), str(find_oracle(oracle))]
        self.command = command
        self._proc: subprocess.Popen[bytes] | None = None
        self._buffer = b""

    def __enter__(self) -> Referee:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def new_game(self, setup: dict[str, Any]) -> Verdict:
        """Start a fresh game of ``setup`` (the exporter's first line); the process starts on
        first use and is reused afterwards."""
        if self._proc is None or self._proc.poll() is not None:
            self._spawn()
        return self._ask(setup)

    def send(self, action: dict[str, Any]) -> Verdict:
        """One site action; the verdict says whether the reference engine accepted it."""
        if self._proc is None:
            raise RefereeFailed("no game started: call new_game first")
        return self._ask(action)

    def close(self) -> None:
        proc, self._proc = self._proc, None
        if proc is None:
            return
        if proc.stdin is not None:
            proc.stdin.close()
        try:
            proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()
        if proc.stderr is not None:
            proc.stderr.close()

    # ------------------------------------------------------------------ the line protocol
    def _spawn(self) -> None:
        self._buffer = b""
        self._proc = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE)

    def _ask(self, message: dict[str, Any]) -> Verdict:
        proc = self._proc
        assert proc is not None and proc.stdin is not None
        try:
            proc.stdin.write(json.dumps(message, separators=(",", ":")).encode() + b"\n")
            proc.stdin.flush()
        except (BrokenPipeError, OSError) as error:
            raise self._failed(f"the referee stopped taking input ({error})") from error
        line = self._read_line()
        try:
            data = json.loads(line)
        except json.JSONDecodeError as error:
            raise self._failed(f"the referee answered no JSON: {line[:200]!r}") from error
        return Verdict(bool(data.get("ok")), data.get("state"), data.get("error"))

    def _read_line(self) -> str:
        proc = self._proc
        assert proc is not None and proc.stdout is not None
        fd = proc.stdout.fileno()
        deadline = time.monotonic() + self.timeout
        with selectors.DefaultSelector() as selector:
            selector.register(fd, selectors.EVENT_READ)
            while b"\n" not in self._buffer:
                left = deadline - time.monotonic()
                if left <= 0 or not selector.select(left):
                    raise self._failed(f"no answer within {self.timeout:g} s")
                chunk = os.read(fd, 1 << 16)
                if not chunk:
                    raise self._failed("the referee ended")
                self._buffer += chunk
        line, self._buffer = self._buffer.split(b"\n", 1)
        return line.decode()

    def _failed(self, why: str) -> RefereeFailed:
        """End the process and say why, with the end of what it wrote to stderr."""
        proc, self._proc = self._proc, None
        tail = ""
        if proc is not None:
            proc.kill()
            try:
                _, err = proc.communicate(timeout=2)
                tail = (err or b"").decode(errors="replace").strip()[-800:]
            except (subprocess.TimeoutExpired, ValueError, OSError):
                tail = ""
        return RefereeFailed(why + (f": {tail}" if tail else ""))
