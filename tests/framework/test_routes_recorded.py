"""Route search on real positions: the board of a recorded 1837 game, rebuilt turn by turn.

The recorded game (shared/reference/1837/games, from another engine) logs every tile laid,
every token placed and every route run with its revenue. Replaying the tiles and tokens gives
the board at each run; on it, the exact search must earn at least what the recorded routes
earned with the same trains (the recorded routes were chosen by players or a heuristic).

Token bookkeeping is approximate where the game's own rules move tokens (nationals formed from
minors); the comparison is made only where the company's own tokens are known.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import attrs
import pytest

from railyard.framework.importers.recorded import effective_actions
from railyard.framework.routes import RouteRules, TrainSpec, best_routes, validate_routes
from railyard.framework.routes.board_graph import graph_for_title

GAME_FILE = "reference/1837/games/18xxgames_202234_game_end_bank.json"


def _shared() -> Path | None:
    here = Path(__file__).resolve()
    for base in (here.parents[3] / "shared", Path("/work/shared")):
        if (base / GAME_FILE).is_file():
            return base
    return None


@cache
def title() -> Any:
    from railyard.framework.loader import load_title

    return load_title("1837")


@attrs.frozen
class RecordedRun:
    """A company's recorded run with the board it ran on."""

    index: int
    company: str
    phase: str
    placed: dict[str, tuple[str, int]]
    tokens: dict[tuple[str, int], tuple[str, ...]]
    reserved: dict[tuple[str, int], tuple[str, ...]]
    trains: tuple[TrainSpec, ...]
    revenue: int
    subsidy: int
    routes: tuple[dict[str, Any], ...]


def _train(name: str) -> TrainSpec:
    t = title().trains[name]
    return TrainSpec(name, t.kind, t.distance, t.plus)


def recorded_runs() -> Iterator[RecordedRun]:
    """Every run_routes of the recorded game, with tiles, tokens and phase at that moment."""
    base = _shared()
    if base is None:
        return
    game = json.loads((base / GAME_FILE).read_text())
    t = title()
    phase_of_train = {p.starts_on: name for name, p in t.phases.items() if p.starts_on}
    phase = next(iter(t.phases))
    placed: dict[str, tuple[str, int]] = {}
    laid_where: dict[str, str] = {}  # tile copy ("404-1") -> hex
    tokens: dict[tuple[str, int], list[str]] = {}
    acted: set[str] = set()
    companies = t.companies

    def home_token(cid: str) -> None:
        homes = companies[cid].home
        if len(homes) != 1 or t.company_types[companies[cid].type].kind == "private":
            return
        home = homes[0]
        hexdef = t.map.hexes[home.hex]
        if not any(s.kind == "city" for s in hexdef.stops) and home.hex not in placed:
            return
        key = (home.hex, home.city or 0)
        if cid not in tokens.setdefault(key, []):
            tokens[key].append(cid)

    for index, action in enumerate(effective_actions(game["actions"])):
        kind = action["type"]
        entity = action.get("entity")
        first_act = entity in companies and entity not in acted
        if action.get("entity_type") == "corporation" and first_act:
            acted.add(entity)
            merged = [c for c, d in companies.items() if d.merges_into == entity]
            for key, owners in tokens.items():
                tokens[key] = list(dict.fromkeys(entity if o in merged else o for o in owners))
            home_token(entity)
        if kind == "lay_tile":
            coord = action["hex"]
            tile_id = action["tile"].rsplit("-", 1)[0]
            before = placed.get(coord)
            placed[coord] = (tile_id, int(action["rotation"]))
            laid_where[action["tile"]] = coord
            _move_tokens(tokens, coord, before, placed[coord])
        elif kind == "place_token":
            where, _, city = action["city"].rpartition("-")
            tile_copy = where
            coord = laid_where.get(tile_copy, tile_copy.split("-")[0])
            key = (coord, int(city))
            tokens.setdefault(key, [])
            if entity not in tokens[key]:
                tokens[key].append(entity)
        elif kind == "buy_train":
            name = action.get("variant") or action["train"].rsplit("-", 1)[0]
            phase = phase_of_train.get(name, phase)
        elif kind == "run_routes":
            trains = tuple(_train(r["train"].rsplit("-", 1)[0]) for r in action["routes"])
            yield RecordedRun(
                index,
                entity,
                phase,
                dict(placed),
                {k: tuple(v) for k, v in tokens.items()},
                _reservations(acted),
                trains,
                sum(r["revenue"] for r in action["routes"]),
                int(action.get("subsidy") or 0),
                tuple(action["routes"]),
            )


def _stop_edges(tile_id: str, rotation: int) -> list[set[int]]:
    tile = title().tile(tile_id)
    edges: list[set[int]] = [set() for _ in tile.stops]
    for a, b in tile.paths:
        for stop_end, edge_end in ((a, b), (b, a)):
            if isinstance(stop_end, str) and isinstance(edge_end, int):
                edges[int(stop_end[1:])].add((edge_end + rotation) % 6)
    return edges


def _move_tokens(tokens: dict[tuple[str, int], list[str]], coord: str,
                 before: tuple[str, int] | None, after: tuple[str, int]) -> None:
    """On an upgrade, tokens follow their city to the new tile's city on the same edges."""
    old_edges = _stop_edges(*before) if before else _stop_edges(f"@{coord}", 0)
    new_edges = _stop_edges(*after)
    moved: dict[tuple[str, int], list[str]] = {}
    for (c, i), owners in list(tokens.items()):
        if c != coord or not owners:
            continue
        del tokens[(c, i)]
        target = i
        if i < len(old_edges) and old_edges[i]:
            overlap = [len(old_edges[i] & e) for e in new_edges]
            if overlap and max(overlap) > 0:
                target = overlap.index(max(overlap))
        moved.setdefault((coord, target), []).extend(owners)
    tokens.update(moved)


def _reservations(acted: set[str]) -> dict[tuple[str, int], tuple[str, ...]]:
    """Printed reservations of companies not yet started (nor merged into one that has)."""
    t = title()
    out: dict[tuple[str, int], tuple[str, ...]] = {}
    for coord, hexdef in t.map.hexes.items():
        for i, stop in enumerate(hexdef.stops):
            waiting = tuple(
                c for c in stop.reserved.values()
                if c not in acted and t.companies[c].merges_into not in acted
            )
            if waiting:
                out[(coord, i)] = waiting
    return out


def _rules() -> RouteRules:
    return RouteRules.of(title().routes)


@cache
def _all_runs() -> tuple[RecordedRun, ...]:
    return tuple(recorded_runs())


def late_runs(min_phase: str = "4") -> list[RecordedRun]:
    order = list(title().phases)
    return [r for r in _all_runs() if order.index(r.phase) >= order.index(min_phase)]


needs_game = pytest.mark.skipif(_shared() is None, reason="recorded game not available")


@needs_game
def test_recorded_game_replays_into_runs_with_late_phases() -> None:
    runs = _all_runs()
    assert len(runs) == 209
    assert {r.phase for r in runs} >= {"2", "3", "4", "5"}


@needs_game
@pytest.mark.parametrize("step", range(0, 209, 4))
def test_best_routes_earn_at_least_the_recorded_routes(step: int) -> None:
    run = _all_runs()[step]
    graph = graph_for_title(title(), run.phase, run.placed, run.tokens, run.reserved)
    result = best_routes(graph, run.trains, run.company, _rules())
    assert result.complete
    assert result.total >= run.revenue + run.subsidy, (run.company, run.phase, run.routes)
    checks = validate_routes(
        graph, [(r.train, r.route) for r in result.runs if r.route], run.company, _rules()
    )
    assert all(c.ok for c in checks)


def _every_route_combined(graph: Any, trains: tuple[TrainSpec, ...], company: str) -> int:
    """Every route of every train enumerated without a threshold, then a plain branch and bound
    over the full lists (no bounds from lone routes, no targets)."""
    from railyard.framework.routes.search import CompanyView, enumerate_routes

    rules = _rules()
    view = CompanyView(graph, company)
    lists = []
    for t in trains:
        found = enumerate_routes(view, rules.kind_of(t), t.distance, t.plus, rules.min_stops)
        lists.append(sorted(((c.value, c.mask) for c in found), reverse=True))
    suffix = [0] * (len(lists) + 1)
    for i in range(len(lists) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + (lists[i][0][0] if lists[i] else 0)
    best = 0

    def go(i: int, used: int, acc: int) -> None:
        nonlocal best
        if i == len(lists):
            best = max(best, acc)
            return
        if acc + suffix[i] <= best:
            return
        for value, mask in lists[i]:
            if acc + value + suffix[i + 1] <= best:
                break
            if not mask & used:
                go(i + 1, used | mask, acc + value)
        go(i + 1, used, acc)

    go(0, 0, 0)
    return best


@needs_game
def test_best_routes_on_the_final_board_equal_every_route_combined() -> None:
    run = _all_runs()[-1]
    graph = graph_for_title(title(), run.phase, run.placed, run.tokens, run.reserved)
    trains = (_train("5+4"), _train("5"), _train("4G"))
    companies = sorted({c for owners in run.tokens.values() for c in owners})
    assert len(companies) == 10
    for company in companies:
        found = best_routes(graph, trains, company, _rules()).total
        assert found == _every_route_combined(graph, trains, company), company
