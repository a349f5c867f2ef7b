"""A run of ours in the site's terms: the hexes of each leg between two stops.

Our route is a list of nodes: stops (``"<hex>.<i>"``) and, between them, the hex edges it
crosses (junctions ``"<a>|<b>"``). The site names the hexes each leg passes through, from one
stop's hex to the next (``connections``), the stops' hexes (``hexes``) and the stops
themselves (``nodes``, ``"<hex>-<i>"``): the mirror of ``importers.site_18xxgames.route_nodes``.
"""

from __future__ import annotations

from typing import Any

from railyard.framework.exporters.names import SiteNames


def _is_stop(node: str) -> bool:
    return "|" not in node


def _stop_hex(node: str) -> str:
    return node.rsplit(".", 1)[0]


def site_route(names: SiteNames, nodes: tuple[str, ...], revenue: int) -> dict[str, Any]:
    stops = [n for n in nodes if _is_stop(n)]
    connections: list[list[str]] = []
    leg: list[str] = []
    for node in nodes:
        if _is_stop(node):
            here = _stop_hex(node)
            if leg:
                connections.append(leg if leg[-1] == here else [*leg, here])
            leg = [here]
        elif leg:
            a, b = node.split("|")
            leg.append(b if leg[-1] == a else a)
    hexes = [_stop_hex(s) for s in stops]
    site_nodes = []
    for stop in stops:
        coord, _, index = stop.rpartition(".")
        site_nodes.append(f"{coord}-{names.site_stop(coord, int(index))}")
    return {
        "connections": connections,
        "hexes": hexes,
        "revenue": revenue,
        "revenue_str": "-".join(hexes),
        "nodes": site_nodes,
    }

