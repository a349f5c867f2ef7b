"""Routes: the track graph, train-kind rules, the exact best-routes search and route checks.

    graph = TrackGraph(stops, junctions, pieces)      # or board_graph.graph_for(...)
    rules = RouteRules.from_data(routes_yaml)
    result = best_routes(graph, trains, "BK", rules)   # RouteSet: runs, revenue, treasury
    checks = validate_routes(graph, [(train, ["C11.0", "C11|D12", "D12.0"])], "BK", rules)
"""

from framework.routes.graph import Link, Piece, StopNode, TrackGraph
from framework.routes.kinds import RouteRules, TrainKind, TrainSpec
from framework.routes.result import Route, RouteSet, TrainRun
from framework.routes.search import best_routes
from framework.routes.validate import Refusal, RouteCheck, check_route, validate_routes

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
    "validate_routes",
]
