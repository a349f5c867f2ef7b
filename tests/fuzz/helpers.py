"""Shared by the fuzz tests: a hard per-case time limit, a count of the cases run, and a way
to run a command the way a user does, with the backstop that hides tracebacks turned off (so
that a case the command does not handle itself fails the test)."""

from __future__ import annotations

import contextlib
import io
import os
import signal
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

from hypothesis import HealthCheck, settings

#: cases run per fuzz test, printed at the end of the session (tests/fuzz/conftest.py)
CASES: Counter[str] = Counter()

#: every fuzz test: reproducible (derandomized, no example database), no per-example
#: deadline (a shared machine is noisy) but a hard limit per case through SIGALRM instead
_BASE = settings(
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                           HealthCheck.data_too_large, HealthCheck.filter_too_much],
)



def fuzz(examples: int) -> settings:
    """The fuzz settings with ``examples`` generated cases."""
    return settings(_BASE, max_examples=examples)


CASE_SECONDS = 10


class CaseTimeout(Exception):
    """A fuzz case ran past its time limit: a hang."""


@contextlib.contextmanager
def within(seconds: float = CASE_SECONDS, name: str = "case") -> Iterator[None]:
    """Fail (CaseTimeout) if the body runs longer than ``seconds``; counts one case."""
    CASES[name] += 1

    def expire(signum: int, frame: Any) -> None:
        raise CaseTimeout(f"{name}: still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def run_command(argv: Sequence[str]) -> tuple[int, str, str]:
    """``railyard ARGV`` in this process: (exit code, stdout, stderr). An exception the command
    let through is raised here (RAILYARD_DEBUG turns off the one-line backstop)."""
    from railyard.framework.cli import main

    out, err = io.StringIO(), io.StringIO()
    old = os.environ.get("RAILYARD_DEBUG")
    os.environ["RAILYARD_DEBUG"] = "1"
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(list(argv))
    finally:
        if old is None:
            os.environ.pop("RAILYARD_DEBUG", None)
        else:
            os.environ["RAILYARD_DEBUG"] = old
    return code, out.getvalue(), err.getvalue()


def assert_clear_failure(code: int, err: str) -> None:
    """Exit 0, or exit 1 with a short message and no traceback."""
    assert code in (0, 1), (code, err)
    assert "Traceback" not in err, err
    if code == 1:
        assert err.strip(), "exit 1 with nothing said"
