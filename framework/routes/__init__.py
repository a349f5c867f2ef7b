"""Routes: the track graph, train-kind rules, the exact best-routes search and route checks.

    graph = graph_for_board(state.board, title, state.phase)   # cached per board position
    result = best_routes(graph, trains, "BK", title.routes)     # RouteSet: runs, revenue, treasury
    checks = validate_routes(graph, [(train, ["C11.0", "C11|D12", "D12.0"])], "BK", title.routes)

Stops are named ``"<hex>.<stop index>"``, hex edges ``"<hex>|<hex>"``. ``trains`` are any
objects with ``kind``, ``distance`` and ``plus`` (and a ``name`` for messages); ``rules`` is a
loaded title's route rules, the parsed ``routes.yaml``, or a :class:`RouteRules`.
"""

from railyard.framework.routes.board_graph import graph_for_board, graph_for_title, graph_from_tiles
from railyard.framework.routes.graph import Link, Piece, StopNode, TrackGraph
from railyard.framework.routes.kinds import RouteRules, TrainKind, TrainSpec
from railyard.framework.routes.result import Route, RouteSet, TrainRun
from railyard.framework.routes.search import best_routes
from railyard.framework.routes.validate import Refusal, RouteCheck, check_route, validate_routes

__all__ = [
    "Link",
    "Piece",
    "Refusal",
    "Route",
    "RouteCheck",
    "RouteRules",
    "RouteSet",
    "StopNode",
    "TrackGraph",
    "TrainKind",
    "TrainRun",
    "TrainSpec",
    "best_routes",
    "check_route",
    "graph_for_board",
    "graph_for_title",
    "graph_from_tiles",
    "validate_routes",
]
