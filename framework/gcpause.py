"""Pausing the cyclic garbage collector over work that builds many long-lived objects and
little garbage: unpickling a cached title, importing the rules' modules (each class attrs builds
is hundreds of objects), replaying a save. The collector would walk the growing heap again and
again for nothing (a tenth of a start-up, a fifth of a replay); it runs as usual afterwards."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused() -> Iterator[None]:
    """The collector off inside (nested uses are fine), back on after if it was on."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
