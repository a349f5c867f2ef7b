"""Records: the engine's attrs classes, with their repr, ``==`` and hash worked out when first
asked for.

attrs compiles a ``__repr__``, an ``__eq__`` and (frozen classes) a ``__hash__`` for every class
it builds, at import. The engine defines two hundred of them, and every process (a replay, a bot
game's worker, ``railyard info``) paid for all of them, while a repr is read only in an error
message, a test's report or a debugger, and most classes a process imports are never compared:
compiling the compare methods was 5% of a replay's instructions, and the reprs as much again.

- The repr: each class is built with ``repr=False`` and inherits :class:`Record`'s, which reads
  the same fields and prints the text attrs' would (``Name(field=value, ...)``, fields with
  ``repr=False`` left out, ``...`` for a record met again inside itself).
- ``==`` and the hash: :meth:`Record.__init_subclass__` gives each class stand-ins of its own
  before attrs looks at it; attrs' auto-detection then leaves them, and the first call compiles
  the method attrs would have (the same source: the fields with ``eq``, their ``eq`` keys, the
  class checked first) and puts it on the class, so later calls are attrs' speed. A mutable
  class stays unhashable, as attrs makes it. A class that must keep attrs' own (``cache_hash``
  needs it) says ``class Name(Record, compare="attrs")``; one that wants identity compares
  defines ``__eq__`` itself (attrs' ``eq=False`` is not seen through the stand-ins).

This reads attrs' field metadata (``attrs.fields``: ``eq``, ``eq_key``, ``hash``) and its
``__attrs_init_subclass__`` hook, so attrs is kept below its next major (``attrs>=25.4,<27`` in
pyproject and constraints.txt). Measured for issue 34: letting attrs compile them at import
costs ~35 ms of CPU to import the engine (0.23 s -> 0.26 s, 15 paired runs), a few percent of a
replay process, so the lazy methods stay and the pin guards them.

``tests/test_records.py`` checks, for every attrs class of the package, the repr text, that
nothing is compiled at import, and that ``==``, ``!=`` and hash agree with attrs' own methods.
"""

from __future__ import annotations

import linecache
import threading
from typing import Any

import attrs

_OPEN = threading.local()  # ids of the records being printed, per thread: a cycle prints ...


class Record:
    """Base of an attrs class built with ``repr=False``: attrs' repr, made at the call, and
    attrs' ``==`` and hash, compiled at the first call."""

    __slots__ = ()

    def __init_subclass__(cls, compare: str = "lazy", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if compare != "lazy":
            return
        own = cls.__dict__  # attrs' slots rebuild copies these: seen as its own again, kept
        if "__eq__" not in own and "__ne__" not in own:
            cls.__eq__ = _first_eq  # type: ignore[method-assign]
        if "__hash__" not in own:
            cls.__hash__ = _first_hash  # type: ignore[method-assign]

    @classmethod
    def __attrs_init_subclass__(cls) -> None:
        """Called by attrs (25.4 and later) once the class is built: a mutable class is
        unhashable, as attrs makes one that compares by value."""
        if cls.__dict__.get("__hash__") is _first_hash and not _frozen(cls):
            cls.__hash__ = None  # type: ignore[assignment]

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


_FROZEN_SETATTR: list[Any] = []  # the __setattr__ attrs gives every frozen class


def _frozen(cls: type) -> bool:
    if not _FROZEN_SETATTR:
        @attrs.frozen
        class Probe:
            pass

        _FROZEN_SETATTR.append(Probe.__setattr__)
    return cls.__setattr__ is _FROZEN_SETATTR[0]


def _compiled(cls: type, name: str, lines: list[str], globs: dict[str, Any]) -> Any:
    """Compile the method, register its source for tracebacks (as attrs does) and put it on
    the class: the next call finds it before the stand-in."""
    source = "\n".join(lines)
    filename = f"<record {name} {cls.__module__}.{cls.__qualname__}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    found: dict[str, Any] = {}
    exec(compile(source, filename, "exec"), globs, found)  # noqa: S102  (our own source)
    method = found[name]
    setattr(cls, name, method)
    return method


def _first_eq(self: Any, other: Any) -> Any:
    cls = type(self)
    if not attrs.has(cls):  # a plain subclass of Record: compared by identity, as Python does
        return object.__eq__(self, other)
    return eq_method(cls)(self, other)


def _first_hash(self: Any) -> int:
    cls = type(self)
    if not attrs.has(cls):
        return object.__hash__(self)
    if not _frozen(cls):  # attrs older than 25.4 did not call __attrs_init_subclass__
        cls.__hash__ = None  # type: ignore[assignment]
        raise TypeError(f"unhashable type: {cls.__name__!r}")
    return int(hash_method(cls)(self))


def _read(a: Any, who: str, globs: dict[str, Any]) -> str:
    """The expression a generated method compares or hashes a field by: through the field's
    eq key when it has one (attrs' own naming, ``_<name>_key``)."""
    if a.eq_key:
        key = f"_{a.name}_key"
        globs[key] = a.eq_key
        return f"{key}({who}.{a.name})"
    return f"{who}.{a.name}"


def eq_method(cls: type) -> Any:
    """Compile the attrs class's ``__eq__`` as attrs would and put it on the class."""
    lines = ["def __eq__(self, other):",
             "    if other.__class__ is not self.__class__:",
             "        return NotImplemented"]
    globs: dict[str, Any] = {}
    terms = [f"{_read(a, 'self', globs)} == {_read(a, 'other', globs)}"
             for a in attrs.fields(cls) if a.eq]
    lines.append("    return (" + " and\n        ".join(terms) + ")" if terms else "    return True")
    return _compiled(cls, "__eq__", lines, globs)


def hash_method(cls: type) -> Any:
    """Compile the frozen attrs class's ``__hash__`` as attrs would (a constant of the class,
    then the hashed fields) and put it on the class."""
    globs: dict[str, Any] = {}
    parts = [str(hash(f"<record hash {cls.__module__}.{cls.__qualname__}>"))]
    parts += [_read(a, "self", globs) for a in attrs.fields(cls)
              if a.hash is True or (a.hash is None and a.eq is True)]
    lines = ["def __hash__(self):", "    return hash((" + ", ".join(parts) + ",))"]
    return _compiled(cls, "__hash__", lines, globs)
