"""What is worked out from the companies' train holdings, kept per state until they change.

A company's trains change only through the train primitives (``primitives.move_train``,
``trains.transfer``, ``phases.scrap``), and each of them calls :func:`changed`; a company that
closes (``primitives.close_company``) gives its trains away through them. An answer read off
the holdings (which companies are over their train limit: asked after every operating-round
action, while trains move in a few of them) is kept for the state object until then. A copy of
the state (an undo checkpoint, a bot's look-ahead) starts with nothing kept. Code that edits a
company's ``trains`` by hand (a test setting up a position) calls :func:`changed` after.
"""

from __future__ import annotations

from functools import partial
from typing import Any
from weakref import ref

# id(state) -> (a weak reference to the state, key, answer): one answer kept per state, the
# key saying what else it was read under; the entry goes with its state
_KEPT: dict[int, tuple[Any, Any, Any]] = {}


def _gone(reference: Any, *, at: int) -> None:
    entry = _KEPT.get(at)
    if entry is not None and entry[0] is reference:
        del _KEPT[at]


def changed(state: Any) -> None:
    """A company's trains or its being open changed: forget what was read off them."""
    _KEPT.pop(id(state), None)


def kept(state: Any, key: Any) -> Any:
    """The answer kept for ``state`` under ``key`` (compared by identity), or None."""
    found = _KEPT.get(id(state))
    if found is not None and found[1] is key and found[0]() is state:
        return found[2]
    return None


def keep(state: Any, key: Any, answer: Any) -> None:
    at = id(state)
    found = _KEPT.get(at)
    if found is not None and found[0]() is state:
        reference = found[0]
    else:
        reference = ref(state, partial(_gone, at=at))
    _KEPT[at] = (reference, key, answer)
