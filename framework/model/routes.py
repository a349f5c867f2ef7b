"""How trains run (``routes.yaml``): which stop kinds each train kind counts, passes or needs."""

from __future__ import annotations

import attrs

from railyard.framework.model.keys import key_field
from railyard.framework.records import Record


@attrs.frozen(repr=False)
class TrainKind(Record):
    """The route rules of one kind of train (a title's ``plain``, ``express``, ``goods``...)."""

    name: str = key_field()
    counts: tuple[str, ...] = ()
    plus_counts: tuple[str, ...] = ()
    forbids: tuple[str, ...] = ()
    ignores: tuple[str, ...] = ()
    free: tuple[str, ...] = ()
    requires: dict[str, int] = attrs.field(factory=dict)
    at_end: tuple[str, ...] = ()
    to_treasury: tuple[str, ...] = ()
    min_counted: int = 0


@attrs.frozen(repr=False)
class RouteRules(Record):
    train_kinds: dict[str, TrainKind] = attrs.field(factory=dict)
    min_stops: int = 2
    home_stop_kinds: dict[str, str] = attrs.field(factory=dict)
