"""Records: the engine's attrs classes, with a repr worked out when it is asked for.

attrs compiles a ``__repr__`` for every class it builds: about a third of the cost of building
a class. The engine defines two hundred of them, and every process (a replay, a bot game's
worker, ``railyard info``) built all their reprs at import, while a repr is read only in an
error message, a test's report or a debugger. Each class is built with ``repr=False`` and
inherits :class:`Record`'s, which reads the same fields and prints the text attrs' would
(``Name(field=value, ...)``, fields with ``repr=False`` left out, ``...`` for a record met again
inside itself). ``tests/test_records.py`` checks that every attrs class of the package does so.
"""

from __future__ import annotations

import threading
from typing import Any

import attrs

_OPEN = threading.local()  # ids of the records being printed, per thread: a cycle prints ...


class Record:
    """Base of an attrs class built with ``repr=False``: attrs' repr, made at the call."""

    __slots__ = ()

    def __repr__(self) -> str:
        printing: set[int] | None = getattr(_OPEN, "ids", None)
        if printing is None:
            printing = _OPEN.ids = set()
        me = id(self)
        if me in printing:
            return "..."
        printing.add(me)
        try:
            fields: Any = getattr(type(self), "__attrs_attrs__", ())
            shown = []
            for field in fields:
                if field.repr is False:
                    continue
                value = getattr(self, field.name) if field.init else \
                    getattr(self, field.name, attrs.NOTHING)
                text = repr(value) if field.repr is True else field.repr(value)
                shown.append(f"{field.name}={text}")
            name = type(self).__qualname__.rsplit(">.", 1)[-1]
            return f"{name}({', '.join(shown)})"
        finally:
            printing.discard(me)
