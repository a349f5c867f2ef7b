"""What the 18xx bots ask of the engine, in one place.

A bot reads the rules only through these functions: the engine's modules can move or change
their insides without the bots following them, and a bot module imports this one at its top
instead of reaching into rule modules from inside its methods. Each answers what the rules
themselves would (the same functions the legal-action listing calls), so a bot never scores
a move by rules of its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from railyard.framework.eighteen import running, tile_lay, tokens, trains
from railyard.framework.eighteen.homes import company_reach
from railyard.framework.eighteen.reach import Reach
from railyard.framework.eighteen.state import DEPOT, TRAIN_POOL
from railyard.framework.routes import best_routes
from railyard.framework.routes.board_graph import graph_for_board, track_within

if TYPE_CHECKING:
    from railyard.framework.eighteen.context import Context

__all__ = [
    "company_reach", "depot_offers", "face_price", "from_bank", "lay_cost", "may_own", "room",
    "run_total", "runnable", "token_cost", "track_within",
]


def depot_offers(rules: Context, state: Any) -> list[str]:
    """The trains on sale from the depot and the pool now (ids)."""
    return trains.depot_offers(rules, state)


def may_own(rules: Context, state: Any, company_id: str, train_id: str) -> bool:
    """Whether the company may own that train (its type's rules, the phase's limits)."""
    return trains.may_own(rules, state, company_id, train_id) is None


def room(rules: Context, state: Any, company_id: str) -> int | None:
    """How many more trains the company may hold (None: no limit)."""
    return trains.room(rules, state, company_id)


def face_price(rules: Context, state: Any, train_id: str) -> int:
    """The train's price new from the depot."""
    return trains.face_price(rules, state, train_id)


def from_bank(state: Any, train_id: str) -> bool:
    """Whether the train is bought from the bank (depot or pool), not from a company."""
    return state.trains[train_id].owner in (DEPOT, TRAIN_POOL)


def token_cost(rules: Context, state: Any, company_id: str, coord: str, reach: Reach) -> int:
    """What a token of the company on ``coord`` costs (``reach``: its network's)."""
    return tokens.cost(rules, state, company_id, coord, reach)


def lay_cost(rules: Context, state: Any, company_id: str, coord: str) -> int:
    """What a tile lay on ``coord`` costs the company (terrain, the title's say)."""
    return tile_lay.lay_cost(rules, state, company_id, coord)


def runnable(state: Any, company_id: str, ran: list[str]) -> list[str]:
    """The company's trains that may still run this round."""
    return running.runnable(state, company_id, ran)


def run_total(rules: Context, state: Any, company_id: str, train_ids: Sequence[str],
              board: Any = None) -> int:
    """What ``train_ids`` earn for the company on the state's board, or on ``board`` (the
    state's with a lay made): the exact route search the running step makes."""
    if not train_ids:
        return 0
    graph = graph_for_board(state.board if board is None else board, rules.spec.title,
                            state.phase)
    result = best_routes(
        graph,
        [running.spec_of(rules, state, t) for t in train_ids],
        company_id,
        running.route_rules(rules),
    )
    return int(result.total)
