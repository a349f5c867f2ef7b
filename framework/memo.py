"""Bounded memos: the one way the engine remembers derived values between calls.

Bots weigh thousands of positions and lays, so the engine remembers what it derives from
frozen things (a tile's pieces on a hex, a title's route rules, a train's spec). Two kinds:

- :class:`Memo`, keyed by content: the key is a hashable value and says all the answer
  depends on.
- :class:`IdMemo`, keyed by identity: the answer depends on an object (the *anchor*: a title, a
  tile, a stop) that hashes by content slowly or not at all, so the key holds ``id(anchor)``
  and the entry holds the anchor itself, so that its id cannot pass to another object while
  the entry lives; a lookup counts only when the entry's anchor *is* the object asked about.

Neither may go stale: a content key must be made of values that cannot change, and an anchor
must be frozen (:func:`frozen`: an immutable builtin, a frozen attrs record, a
:class:`FrozenMap`), since an answer derived from a mutable object would outlive a change to
it. Both refuse anything else when an entry is stored (a miss, so a hit costs nothing more than
a dict lookup). An anchor whose *identity* alone is what the entry stands for (a memo store
given to one graph) is allowed with ``identity_only=True``.

Both are dicts, so a hot path looks an entry up with the C-level ``get`` and stores through
:meth:`Memo.put`, which keeps the bound: ``clear`` (the default) empties a full memo, cheap
and fine where entries are rebuilt quickly; ``oldest`` drops the oldest entry (a memo of a few
recent positions). A memo made with ``per_game=True`` is registered with
:func:`~framework.positions.per_game`, so each simulated game starts without it.
"""

from __future__ import annotations

import types
from collections.abc import Callable, Hashable, Mapping
from typing import Any, Generic, NoReturn, TypeVar

from railyard.framework.positions import per_game as _register_per_game

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

MISSING: Any = object()
"""What :meth:`Memo.lookup` and :meth:`IdMemo.lookup` give for no entry (a value may be None)."""


class FrozenMap(dict[Any, Any]):
    """A dict that refuses every change once made, for what memos key on (a plain dict field
    of a frozen record, a board's printed map shared by its copies, can change, and a memo
    keyed on it would go stale). A dict, so reads stay the C dict's and it compares and
    pickles as one; hashable by content."""

    __slots__ = ()

    def _refused(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("a FrozenMap cannot change: memos may key on it")

    __setitem__ = __delitem__ = update = pop = popitem = clear = setdefault = _refused
    __ior__ = _refused

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(frozenset(self.items()))

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenMap, (dict(self),))

    def __copy__(self) -> FrozenMap:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> FrozenMap:
        return self


def frozen_map(items: Mapping[Any, Any] | Any = ()) -> FrozenMap:
    """attrs converter: a record's mapping field, made read-only."""
    return items if isinstance(items, FrozenMap) else FrozenMap(items)


_IMMUTABLE: frozenset[type] = frozenset({
    str, int, float, bool, bytes, complex, type(None), frozenset, tuple, range, FrozenMap,
    types.FunctionType, types.BuiltinFunctionType, types.MethodType,
})
_FROZEN_SETATTR: list[Any] = []  # the __setattr__ attrs gives every frozen class
_KNOWN: dict[type, bool] = dict.fromkeys(_IMMUTABLE, True)  # class -> frozen? (one lookup)


def frozen(obj: object) -> bool:
    """Whether ``obj`` cannot change after it is made, so that a memo may key on it: an
    immutable builtin (a tuple's items are its own business: a key's are checked by the memo),
    a frozen attrs record, or an object of a class declaring ``__frozen__ = True`` (one that
    only its constructor sets up, such as the hex grid)."""
    cls = type(obj)
    known = _KNOWN.get(cls)
    if known is None:
        if not _FROZEN_SETATTR:
            import attrs

            @attrs.frozen
            class Probe:
                pass

            _FROZEN_SETATTR.append(Probe.__setattr__)
        known = _KNOWN[cls] = bool(getattr(cls, "__frozen__", False)) \
            or issubclass(cls, (tuple, frozenset, str, int, bytes)) \
            or getattr(cls, "__setattr__", None) is _FROZEN_SETATTR[0]
    return known


def _refuse(what: str, obj: object) -> NoReturn:
    raise TypeError(f"a memo may not key on a {type(obj).__name__} ({what}): it could change "
                    "after the entry is stored and the entry would go stale; freeze it "
                    "(a tuple, a FrozenMap, a frozen record)")


def _check_key(key: Any) -> None:
    """A key's parts, one level down: a tuple within is immutable, and walking every part of a
    board position's key on each miss cost a random game 2% (an object hashed by identity, the
    way a mutable one is, stands at the top level of the keys that hold one)."""
    if isinstance(key, tuple):
        for part in key:
            if type(part) not in _IMMUTABLE and not frozen(part):
                _refuse("key", part)
    elif not frozen(key):
        _refuse("key", key)


class Memo(dict[K, V], Generic[K, V]):
    """A bounded memo keyed by content (see the module's text)."""

    __slots__ = ("limit", "oldest")

    def __init__(self, limit: int, *, oldest: bool = False, per_game: bool = False) -> None:
        super().__init__()
        self.limit = limit
        self.oldest = oldest
        if per_game:
            _register_per_game(self)

    def put(self, key: K, value: V) -> V:
        """Stores ``value`` under ``key`` (refused when the key could change) and returns it."""
        # whether a key may be stored depends on its parts' classes alone: known ones are one
        # C-level pass (a miss of a hot loop pays no Python loop), others are checked once
        if not (all(map(_KNOWN.get, map(type, key))) if isinstance(key, tuple)
                else _KNOWN.get(type(key))):
            _check_key(key)
        if len(self) >= self.limit:
            if self.oldest:
                del self[next(iter(self))]
            else:
                self.clear()
        self[key] = value
        return value

    def lookup(self, key: K) -> V:
        """The entry under ``key``, or :data:`MISSING`."""
        return self.get(key, MISSING)

    def cached(self, key: K, make: Callable[..., V], *args: Any) -> V:
        """The entry under ``key``, made by ``make(*args)`` and stored the first time."""
        found = self.get(key, MISSING)
        if found is MISSING:
            found = self.put(key, make(*args))
        return found


class IdMemo(dict[Any, tuple[Any, V]], Generic[V]):
    """A bounded memo keyed by identity (see the module's text): entries are ``(anchor,
    value)`` under a key holding ``id(anchor)`` (and whatever else the value depends on); a hot
    path reads ``found = memo.get(key)`` and takes ``found[1]`` when ``found[0] is anchor``.
    Several anchors are given as a tuple and checked one by one (:meth:`lookup`)."""

    __slots__ = ("limit", "oldest", "identity_only")

    def __init__(self, limit: int, *, oldest: bool = False, per_game: bool = False,
                 identity_only: bool = False) -> None:
        super().__init__()
        self.limit = limit
        self.oldest = oldest
        self.identity_only = identity_only
        if per_game:
            _register_per_game(self)

    def put(self, anchor: Any, key: Any, value: V) -> V:
        """Stores ``value`` for ``anchor`` (refused when the anchor could change, unless the
        memo stands for identities only) and returns it."""
        if not self.identity_only:
            if type(anchor) is tuple:
                for one in anchor:
                    if not frozen(one):
                        _refuse("anchor", one)
            elif not _KNOWN.get(type(anchor)) and not frozen(anchor):
                _refuse("anchor", anchor)
        if len(self) >= self.limit:
            if self.oldest:
                del self[next(iter(self))]
            else:
                self.clear()
        self[key] = (anchor, value)
        return value

    def lookup(self, anchor: Any, key: Any) -> V:
        """The value stored for ``anchor`` under ``key``, or :data:`MISSING`."""
        found = self.get(key)
        if found is None:
            return MISSING
        held = found[0]
        if held is anchor:
            return found[1]
        if type(anchor) is tuple and type(held) is tuple and len(held) == len(anchor) \
                and all(a is b for a, b in zip(held, anchor, strict=True)):
            return found[1]
        return MISSING

    def cached(self, anchor: Any, make: Callable[..., V], *args: Any) -> V:
        """The value for ``anchor`` alone (keyed by its id), made by ``make(*args)`` and stored
        the first time."""
        found = self.get(id(anchor))
        if found is not None and found[0] is anchor:
            return found[1]
        return self.put(anchor, id(anchor), make(*args))


class Listing:
    """A memo that lives while one listing runs (the stock round's legal actions: every
    candidate is checked against one unchanged state), switched on by a ``with`` block and off
    again after it; outside one, :meth:`remember` just works. Keyed by (what, id(state), arg),
    the state held by the entry (identity: a state is not changed while it is listed)."""

    __slots__ = ("_open",)

    def __init__(self) -> None:
        self._open: dict[tuple[str, int, Any], tuple[Any, Any]] | None = None

    def open(self) -> _Scope:
        """A ``with`` block during which answers are remembered (nested blocks share the outer
        block's memo)."""
        return _Scope(self)

    def remember(self, what: str, state: Any, arg: Any, work: Callable[[], V]) -> V:
        """``work()``, remembered for ``state`` while a listing is open."""
        memo = self._open
        if memo is None:
            return work()
        key = (what, id(state), arg)
        found = memo.get(key)
        if found is not None and found[0] is state:
            known: V = found[1]
            return known
        value = work()
        memo[key] = (state, value)
        return value


class _Scope:
    __slots__ = ("_listing", "_outer")

    def __init__(self, listing: Listing) -> None:
        self._listing = listing
        self._outer: dict[tuple[str, int, Any], tuple[Any, Any]] | None = None

    def __enter__(self) -> None:
        self._outer = self._listing._open
        if self._outer is None:
            self._listing._open = {}

    def __exit__(self, *exc: object) -> None:
        self._listing._open = self._outer
