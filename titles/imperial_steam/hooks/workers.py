"""Workers and engineers: Hire (main action 2) and Train workers (phase 5)."""

from __future__ import annotations

from railyard.framework.core.errors import IllegalAction

from . import influence
from .data import TitleData
from .state import Player, State

R_HIRE = "Hire"


def hire_cost(data: TitleData, row: int, count: int) -> int:
    """Prices escalate worker by worker; the marker stops at the top row (the cap of 50)."""
    top = len(data.hire_prices) - 1
    return sum(data.hire_prices[min(row + k, top)] for k in range(count))


def plan_hire(data: TitleData, state: State, player: Player, column, workers, bridge, tunnel) -> int:
    """Check a Hire action; returns its cost."""
    if workers < 0:
        raise IllegalAction(R_HIRE, "cannot hire a negative number of workers")
    if workers == 0 and bridge is None and tunnel is None:
        raise IllegalAction(R_HIRE, "hire at least one worker or engineer")
    cost = 0
    if workers:
        if column not in state.hubs:
            raise IllegalAction(R_HIRE, f"no hub column {column!r}")
        if not influence.hub_open_to(state, column, player):
            raise IllegalAction(R_HIRE, f"the {column} hub's influence is above {player.id}'s")
        if player.workers + workers > data.max_workers:
            raise IllegalAction(R_HIRE, f"at most {data.max_workers} workers")
        cost += hire_cost(data, state.hubs[column].hire_row, workers)
    for kind, source in (("bridge", bridge), ("tunnel", tunnel)):
        if source is None:
            continue
        if getattr(player, kind):
            raise IllegalAction(R_HIRE, f"at most one {kind.title()} Engineer")
        hub = state.hubs.get(source)
        if hub is None or hub.engineers[kind] == 0:
            raise IllegalAction(R_HIRE, f"no {kind.title()} Engineer in {source!r}")
        if not influence.hub_open_to(state, source, player):
            raise IllegalAction(R_HIRE, f"the {source} hub's influence is above {player.id}'s")
        cost += data.engineer_cost
    if cost > player.cash:
        raise IllegalAction(R_HIRE, f"costs {cost}, {player.id} has {player.cash}")
    return cost


def hire(data: TitleData, state: State, player: Player, column, workers, bridge, tunnel) -> list[str]:
    cost = plan_hire(data, state, player, column, workers, bridge, tunnel)
    player.cash -= cost
    state.bank += cost
    lines = []
    if workers:
        hub = state.hubs[column]
        hub.hire_row = min(hub.hire_row + workers, len(data.hire_prices) - 1)
        player.training[1] += workers
        lines.append(f"{player.id} hires {workers} worker(s) in the {column} column")
    for kind, source in (("bridge", bridge), ("tunnel", tunnel)):
        if source is not None:
            state.hubs[source].engineers[kind] -= 1
            setattr(player, kind, True)
            lines.append(f"{player.id} hires a {kind.title()} Engineer from {source}")
    lines.append(f"{player.id} pays {cost} for hiring")
    return lines


def train(player: Player) -> None:
    """Phase 5: working workers go back to their level's Training area without advancing; those
    who rested advance (1 to 2, 2 to 3)."""
    t, w = player.training, player.working
    player.training = {1: w[1], 2: t[1] + w[2], 3: t[2] + t[3] + w[3]}
    player.working = {1: 0, 2: 0, 3: 0}
