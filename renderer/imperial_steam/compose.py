"""Building track with parameters of the player's own choosing: the legal list offers one
assignment of workers per build, but the engine takes any (levels totalling the Effort, any
Business-point spending), so the player picks the connections on the map (Shift+click adds a
second), the workers by level and the spending by buttons, and the engine judges the result."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from railyard.framework.core.actions import Action

Chip = tuple[str, Callable[[], Any], bool]
SPENDS = ("influence", "share", "passenger")


class TrackComposer:
    def __init__(self) -> None:
        self.connections: list[str] = []
        self.workers: list[int] = []
        self.spend: list[str] = []

    def start(self, connection: str) -> None:
        self.connections = [connection]
        self.workers = []
        self.spend = []

    def add(self, connection: str) -> bool:
        """A second connection for the same action (Shift+click); False when it cannot be."""
        if connection in self.connections or len(self.connections) != 1:
            return False
        self.connections.append(connection)
        return True

    def clear(self) -> None:
        self.connections, self.workers, self.spend = [], [], []

    def action(self, template: Action) -> Action:
        """The composed build, in the shape of one of the listed builds."""
        return template.evolve(connections=tuple(self.connections),
                               workers=tuple(sorted(self.workers)), spend=tuple(self.spend))

    def tools(self, player: Any, template: Action, submit: Callable[[Action], Any]) -> list[tuple[str, list[Chip]]]:
        """Rows of buttons: workers by level, Business points, and the build itself."""
        chosen = {lvl: self.workers.count(lvl) for lvl in (1, 2, 3)}
        workers: list[Chip] = []
        for lvl in (1, 2, 3):
            left = player.training[lvl] - chosen[lvl]
            if left > 0:
                workers.append((f"+L{lvl} ({left} left)", partial(self.workers.append, lvl), False))
        if self.workers:
            workers.append((f"{'+'.join(map(str, sorted(self.workers)))} (clear)", self.workers.clear, True))
        spend = self._spend_chips()
        title = " + ".join(self.connections)
        build: list[Chip] = [(f"Build {title}", lambda: submit(self.action(template)), True)]
        return [(f"Build {title}: workers", workers), ("Business points", spend), ("Your build", build)]

    def _spend_chips(self) -> list[Chip]:
        chips: list[Chip] = [(f"+{what}", partial(self.spend.append, what), False) for what in SPENDS]
        if self.spend:
            chips.append((f"{'/'.join(self.spend)} (clear)", self.spend.clear, True))
        return chips

    def access_tools(self, template: Action, submit: Callable[[Action], Any]) -> list[tuple[str, list[Chip]]]:
        """A crowned State Railway: access bought (a free action), Business points spent as chosen."""
        conn = self.connections[0]
        buy = template.evolve(spend=tuple(self.spend))
        return [("Business points", self._spend_chips()),
                ("Your purchase", [(f"Buy access to {conn}", lambda: submit(buy), True)])]


class HireComposer:
    """Hire with any number of workers from one hub's column and, in the same action, the
    engineers the player wants from any hub (the legal list offers 1-3 workers, engineers
    alone); chosen by clicking the hub city on the map, then buttons."""

    def __init__(self) -> None:
        self.column: str | None = None
        self.workers = 1
        self.bridge: str | None = None
        self.tunnel: str | None = None

    def start(self, column: str | None) -> None:
        self.column, self.workers, self.bridge, self.tunnel = column, 1, None, None

    def action(self, template: Action) -> Action:
        return template.evolve(column=self.column if self.workers else None,
                               workers=self.workers, bridge=self.bridge, tunnel=self.tunnel)

    def _more(self, step: int) -> None:
        self.workers = max(0, self.workers + step)

    def _engineer(self, kind: str) -> None:
        current = getattr(self, kind)
        setattr(self, kind, None if current else self.column)

    def tools(self, template: Action, submit: Callable[[Action], Any]) -> list[tuple[str, list[Chip]]]:
        column = self.column or "?"
        chips: list[Chip] = [("-1", lambda: self._more(-1), False), (f"{self.workers} workers", lambda: None, True),
                             ("+1", lambda: self._more(1), False),
                             (f"Bridge Engineer ({column})", lambda: self._engineer("bridge"), self.bridge is not None),
                             (f"Tunnel Engineer ({column})", lambda: self._engineer("tunnel"), self.tunnel is not None)]
        return [(f"Hire in {column}", chips), ("Your hire", [("Hire", lambda: submit(self.action(template)), True)])]
