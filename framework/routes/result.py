"""What a route search or a route check hands back: routes, runs of trains, their sum."""

from __future__ import annotations

from typing import Any

import attrs

from railyard.framework.records import Record


@attrs.frozen(repr=False)
class Route(Record):
    """One route: the nodes travelled (stops and junctions), its stops and its track pieces.

    ``revenue`` is what the run earns (bonuses included); ``treasury`` is what it pays to the
    company's treasury apart from that (e.g. a mine's value for a goods train).
    """

    nodes: tuple[str, ...]
    stops: tuple[str, ...]
    pieces: tuple[int, ...]
    revenue: int = 0
    treasury: int = 0

    @property
    def value(self) -> int:
        return self.revenue + self.treasury

    def to_json(self) -> dict[str, Any]:
        return {
            "stops": list(self.stops),
            "nodes": list(self.nodes),
            "pieces": list(self.pieces),
            "revenue": self.revenue,
            "treasury": self.treasury,
        }


@attrs.frozen(repr=False)
class TrainRun(Record):
    """A train and the route it runs (None: it does not run)."""

    train: Any
    route: Route | None

    @property
    def revenue(self) -> int:
        return self.route.revenue if self.route else 0

    @property
    def treasury(self) -> int:
        return self.route.treasury if self.route else 0


@attrs.frozen(repr=False)
class RouteSet(Record):
    """The routes of a company's trains, in the order the trains were given.

    ``complete`` is False when a search budget cut the search short: the routes are then valid
    but may not be the best.
    """

    runs: tuple[TrainRun, ...]
    complete: bool = True

    @property
    def revenue(self) -> int:
        """The run revenue of all trains (what the payout rules divide)."""
        return sum(r.revenue for r in self.runs)

    @property
    def treasury(self) -> int:
        """Income paid straight to the treasury (e.g. mine values of goods trains)."""
        return sum(r.treasury for r in self.runs)

    @property
    def total(self) -> int:
        return self.revenue + self.treasury

    def to_json(self) -> dict[str, Any]:
        return {
            "runs": [
                {
                    "train": getattr(r.train, "name", str(r.train)),
                    "route": r.route.to_json() if r.route else None,
                    "revenue": r.revenue,
                    "treasury": r.treasury,
                }
                for r in self.runs
            ],
            "revenue": self.revenue,
            "treasury": self.treasury,
            "total": self.total,
            "complete": self.complete,
        }
