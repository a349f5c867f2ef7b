"""Train-kind rules: how the stops of a route count against a train's rating and what they pay.

Read from the ``train_kinds`` section of a title's ``routes.yaml``; a stop kind may be listed
under any of these (see docs/data-model.md):

- ``counts``: counts against the train's distance N, and pays;
- ``plus_counts``: (of ``counts``) may also fill the train's M extra places (N+M trains);
- ``free``: visited without counting, pays;
- ``ignores``: neither counts nor pays (the route still may not visit it twice);
- ``forbids``: may not be on the route at all;
- ``requires``: ``{kind: n}``, exactly n stops of that kind;
- ``at_end``: a stop of such a kind must be an end of the route;
- ``to_treasury``: its value is paid to the treasury, apart from the run's revenue;
- ``min_counted``: at least this many counted stops.

A kind listed nowhere is visited without counting or paying.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Protocol

import attrs

from railyard.framework.records import Record


def _frozenset(raw: Iterable[str] | None) -> frozenset[str]:
    return frozenset(str(x) for x in (raw or ()))


def _requires(raw: Mapping[str, int] | Iterable[tuple[str, int]] | None) -> tuple[tuple[str, int], ...]:
    if not raw:
        return ()
    items = raw.items() if isinstance(raw, Mapping) else raw
    return tuple(sorted((str(k), int(v)) for k, v in items))


@attrs.frozen(repr=False)
class TrainKind(Record):
    """The route rules of one kind of train (plain, express, goods...)."""

    name: str
    counts: frozenset[str] = attrs.field(factory=frozenset, converter=_frozenset)
    plus_counts: frozenset[str] = attrs.field(factory=frozenset, converter=_frozenset)
    free: frozenset[str] = attrs.field(factory=frozenset, converter=_frozenset)
    ignores: frozenset[str] = attrs.field(factory=frozenset, converter=_frozenset)
    forbids: frozenset[str] = attrs.field(factory=frozenset, converter=_frozenset)
    requires: tuple[tuple[str, int], ...] = attrs.field(default=(), converter=_requires)
    at_end: frozenset[str] = attrs.field(factory=frozenset, converter=_frozenset)
    to_treasury: frozenset[str] = attrs.field(factory=frozenset, converter=_frozenset)
    min_counted: int = 0

    @classmethod
    def from_data(cls, name: str, raw: Mapping[str, Any]) -> TrainKind:
        known = {f.name for f in attrs.fields(cls)} - {"name"}
        unknown = set(raw) - known
        if unknown:
            raise ValueError(f"train kind {name!r}: unknown field(s) {sorted(unknown)}")
        return cls(name=name, **raw)

    def counted(self, kind: str) -> bool:
        return kind in self.counts

    def pays(self, kind: str) -> bool:
        """Whether a stop of this kind adds to the run's revenue (not the treasury's)."""
        if kind in self.to_treasury or kind in self.ignores:
            return False
        return kind in self.counts or kind in self.free


class TrainLike(Protocol):
    """What the route search needs of a train: its kind and its rating N (+M)."""

    @property
    def kind(self) -> str: ...

    @property
    def distance(self) -> int: ...

    @property
    def plus(self) -> int: ...


@attrs.frozen(repr=False)
class TrainSpec(Record):
    """A train as the route search sees it; any object with these attributes will do."""

    name: str
    kind: str
    distance: int
    plus: int = 0


@attrs.frozen(repr=False)
class RouteRules(Record):
    """A title's route rules: its train kinds, the minimum stops of a route, home stops."""

    train_kinds: Mapping[str, TrainKind]
    min_stops: int = 2
    home_stop_kinds: Mapping[str, str] = attrs.field(factory=dict)

    @classmethod
    def from_data(cls, raw: Mapping[str, Any]) -> RouteRules:
        """Build from the ``routes.yaml`` document (already parsed)."""
        kinds = {
            str(name): TrainKind.from_data(str(name), body or {})
            for name, body in (raw.get("train_kinds") or {}).items()
        }
        return cls(
            train_kinds=kinds,
            min_stops=int(raw.get("min_stops", 2)),
            home_stop_kinds={str(k): str(v) for k, v in (raw.get("home_stop_kinds") or {}).items()},
        )

    @classmethod
    def of(cls, rules: Any) -> RouteRules:
        """These rules from a ``routes.yaml`` mapping, a loaded title's route rules, or as is."""
        if isinstance(rules, RouteRules):
            return rules
        if isinstance(rules, Mapping):
            return cls.from_data(rules)
        kinds = {
            str(name): TrainKind(
                name=str(name),
                counts=k.counts,
                plus_counts=k.plus_counts,
                free=k.free,
                ignores=k.ignores,
                forbids=k.forbids,
                requires=k.requires,
                at_end=k.at_end,
                to_treasury=k.to_treasury,
                min_counted=k.min_counted,
            )
            for name, k in rules.train_kinds.items()
        }
        return cls(kinds, int(rules.min_stops), dict(rules.home_stop_kinds))

    def kind_of(self, train: TrainLike) -> TrainKind:
        try:
            return self.train_kinds[train.kind]
        except KeyError:
            raise ValueError(
                f"train kind {train.kind!r} is not in routes.yaml train_kinds "
                f"({', '.join(sorted(self.train_kinds))})"
            ) from None
