"""Shortcuts of the replay's hot paths (issue 17, fifth replay part) give what the long way
gives: each test plays the recorded 1837 game (or random positions of it) and compares the
shortcut with the code it stands for, verdicts and messages included."""

from __future__ import annotations

import random
from typing import Any

import pytest

from railyard.framework.core.game import Game
from railyard.framework.core.savefile import action_from_json
from railyard.framework.eighteen import reach, tile_lay
from tests.framework.site_games import game_file

RECORDED = "reference/1837/games/18xxgames_202234_game_end_bank.json"


def _recorded() -> tuple[Game, list[Any]]:
    path = game_file(RECORDED)
    if path is None:
        pytest.skip(f"{RECORDED} not available")
    from railyard.framework.importers import import_game, read_recorded

    data = import_game(read_recorded(path)).game.to_dict()
    return Game.from_dict({**data, "actions": []}), [action_from_json(a) for a in data["actions"]]


def _same_reach(a: reach.Reach, b: reach.Reach) -> bool:
    return (set(a.stops), set(a.out_edges), set(a.hexes)) == (set(b.stops), set(b.out_edges),
                                                                set(b.hexes))


def test_v_the_walk_towards_a_lay_reaches_what_the_whole_walk_reaches() -> None:
    """The lay check's walk takes the states nearest the lay's hex first (rule V: the
    network is the same whatever order it is walked in): never told it has enough, it
    reaches the plain walk's stops, edges and hexes, on every 4th position of the recorded
    game for every company with a station and a dozen hexes; told it has enough at the first
    touch of the hex, what it has reached is part of the whole and touches the hex."""
    game, actions = _recorded()
    rules = game.ruleset
    rng = random.Random(17)
    checked = touched = 0
    for n, action in enumerate(actions):
        if n % 4 == 0 and game.state.board is not None:
            state = game.state
            board = state.board
            coords = sorted(board.coords())
            for cid in state.companies:
                starts = reach.stations(board, cid, tile_lay.home_stations(rules, state, cid))
                if not starts:
                    continue
                whole = reach._walk(board, cid, frozenset(starts), False)
                for coord in rng.sample(coords, 12):
                    got = reach._walk_towards(board, cid, frozenset(starts), coord,
                                              lambda part: False)
                    assert got.whole and _same_reach(got, whole), (n, cid, coord)
                    part = reach._walk_towards(board, cid, frozenset(starts), coord,
                                               lambda part: True)
                    if not part.whole:
                        touched += 1
                        assert set(part.stops) <= whole.stops
                        assert set(part.out_edges) <= whole.out_edges
                        assert set(part.hexes) <= whole.hexes
                    checked += 1
        game.process(action)
    assert [s for _, s in game.standings()] == [9532, 8304, 7398, 7352]
    assert checked > 5000 and touched > 500


def test_route_check_a_drawing_whose_pieces_are_all_found_is_judged_as_the_long_way_judges_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A drawn route whose every two neighbouring nodes are joined by exactly one piece skips
    asking whether each node is on the board (each is an end of a piece); every route of the
    recorded game and damaged copies of it (reversed, cut, a node repeated, two swapped, one
    mangled, one named twice), on the check's view and on the whole graph, get the verdicts
    and messages of the check that asks every node."""
    from railyard.framework.eighteen import running
    from railyard.framework.routes import board_graph, validate
    from railyard.framework.routes.drawn import DrawnView
    from tests.framework.test_routes_drawn import _variants

    game, actions = _recorded()
    rng = random.Random(7)
    where: list[Any] = []
    counts = {"checks": 0, "drafts": 0, "known": 0, "refused": 0}
    real_to_check = board_graph.graph_to_check
    real_known = validate._resolve_known

    def to_check(board: Any, title: Any, phase: str, nodes: Any = None) -> Any:
        board_graph._CACHE.clear()  # the view, not a graph built for the position before
        where[:] = [board, title, phase]
        return real_to_check(board, title, phase, nodes)

    def known(graph: Any, draft: Any) -> Any:
        found = real_known(graph, draft)
        counts["known"] += found is not None
        return found

    def validating(view: Any, drafts: Any, company: str, rules: Any) -> Any:
        graph = board_graph.graph_for_board(*where)
        answer = validate.validate_routes(view, drafts, company, rules)
        tries = [list(drafts)] + [[(t, v)] for t, d in drafts for v in _variants(d, rng)]
        tries += [[(t, [*d, d[-1]])] for t, d in drafts if isinstance(d, list)]
        if len(drafts) > 1:
            tries.append([drafts[0], (drafts[1][0], drafts[0][1])])
        for runs in tries:
            nodes = [str(n) for _, d in runs for n in (d.nodes if hasattr(d, "nodes") else d)]
            on_view = DrawnView(view.layout, view.node_of, nodes)
            fast = [validate.validate_routes(g, runs, company, rules) for g in (on_view, graph)]
            monkeypatch.setattr(validate, "_resolve_known", lambda g, d: None)
            slow = [validate.validate_routes(g, runs, company, rules) for g in (on_view, graph)]
            monkeypatch.setattr(validate, "_resolve_known", known)
            assert fast == slow, (company, runs)
            counts["drafts"] += 1
            counts["refused"] += sum(not c.ok for c in fast[0])
        counts["checks"] += 1
        return answer

    monkeypatch.setattr(running, "graph_to_check", to_check)
    monkeypatch.setattr(running, "validate_routes", validating)
    monkeypatch.setattr(validate, "_resolve_known", known)
    for action in actions:
        game.process(action)
    assert [s for _, s in game.standings()] == [9532, 8304, 7398, 7352]
    assert counts["checks"] >= 200 and counts["known"] >= 1000 and counts["refused"] >= 500, counts


def _first_to_operate(rules: Any, state: Any) -> Any:
    """The long way: the round's whole operating order, the companies done left out."""
    from railyard.framework.eighteen.operating_round import operating_order

    done = state.round.done
    return next((c for c in operating_order(rules, state) if c not in done), None)


def test_or_the_next_company_is_the_first_of_the_operating_order_not_yet_done() -> None:
    """The next company to operate is found without asking each company whether it may
    operate (its director, the title's hook) unless it would come before the best so far:
    at every position of the recorded game's operating rounds, with the companies done so
    far and with none done, it is the first of the whole operating order."""
    from railyard.framework.eighteen.operating_round import OperatingState, next_company

    game, actions = _recorded()
    rules = game.ruleset
    seen = 0
    for action in actions:
        state = game.state
        if isinstance(state.round, OperatingState):
            assert next_company(rules, state) == _first_to_operate(rules, state)
            done = list(state.round.done)
            state.round.done = []
            try:
                assert next_company(rules, state) == _first_to_operate(rules, state)
            finally:
                state.round.done = done
            seen += 1
        game.process(action)
    assert [s for _, s in game.standings()] == [9532, 8304, 7398, 7352]
    assert seen >= 700


def test_turn_order_an_operating_round_refuses_whoever_is_not_to_act_as_the_rounds_check() -> None:
    """Rule of turn order: the operating round asks who is to act once per action (for the
    check and for the step that takes it); at every 3rd position of the recorded game's
    operating rounds, a pass by each player and company not to act is refused with the
    message of the rounds' own check, and nothing changes."""
    from railyard.framework.core.errors import IllegalAction
    from railyard.framework.eighteen.actions import Pass
    from railyard.framework.eighteen.operating_round import OperatingState
    from railyard.framework.eighteen.rounds import require_active, round_type

    game, actions = _recorded()
    rules = game.ruleset
    refused = 0
    for n, action in enumerate(actions):
        state = game.state
        if isinstance(state.round, OperatingState) and n % 3 == 0:
            before = game.state_hash() if hasattr(game, "state_hash") else None
            for entity in [*state.players, *state.companies]:
                try:
                    require_active(rules, state, entity)
                except IllegalAction as expected:
                    with pytest.raises(IllegalAction) as got:
                        round_type("operating", rules).apply(rules, state, Pass(entity))
                    assert (got.value.rule, got.value.message) == (expected.rule,
                                                                   expected.message)
                    refused += 1
            if before is not None:
                assert game.state_hash() == before
        game.process(action)
    assert [s for _, s in game.standings()] == [9532, 8304, 7398, 7352]
    assert refused >= 5000


def test_vii_a_token_reach_walked_side_by_side_is_the_backtracking_walk() -> None:
    """A token's connection may turn back anywhere (rule VII), so its walk keeps one state
    per side of a hex edge instead of entering and leaving states: on every 3rd position of
    the recorded game, for every company with a station and for random sets of starting
    stops (blocked cities among them), it reaches the same stops, edges and hexes as the
    backtracking walk."""
    game, actions = _recorded()
    rules = game.ruleset
    rng = random.Random(29)
    checked = blocked = 0
    for n, action in enumerate(actions):
        if n % 3 == 0 and game.state.board is not None:
            state = game.state
            board = state.board
            every = [(c, i) for c in sorted(board.coords())
                     for i in range(len(board.placed(c).tile.stops))]
            for cid in state.companies:
                starts = frozenset(reach.stations(board, cid, tile_lay.home_stations(
                    rules, state, cid)))
                tries = [starts] if starts else []
                tries += [frozenset(rng.sample(every, k)) for k in (1, 2, 4)]
                for begin in tries:
                    got = reach._walk_back(board, cid, begin)
                    want = reach._walk(board, cid, begin, True)
                    assert _same_reach(got, want), (n, cid, sorted(begin))
                    blocked += any(reach.blocked(board, c, i, cid) for c, i in want.stops)
                    checked += 1
        game.process(action)
    assert [s for _, s in game.standings()] == [9532, 8304, 7398, 7352]
    assert checked > 3000 and blocked > 300, (checked, blocked)


def test_route_check_the_views_one_loop_finds_the_pieces_pair_by_pair_or_none() -> None:
    """The route check's view finds the pieces of a whole drawing in one loop: the ids
    ``pieces_between`` gives pair by pair when each pair has exactly one piece, and nothing
    when a pair has none (a gap, a node twice in a row) or two (parallel track, which the
    check refuses as ambiguous)."""
    from types import SimpleNamespace

    from railyard.framework.routes.drawn import DrawnView

    kept = {
        "A1": (("A1.0", "A1|B1", "A1"), ("A1.0", "A1|B1", "A1"), ("A1.0", "A1|A3", "A1")),
        "A3": (("A1|A3", "A3.0", "A3"),),
        "B1": (("A1|B1", "B1.0", "B1"),),
    }
    layout = SimpleNamespace(order=sorted(kept), kept=kept, memo={}, tiles={})
    view = DrawnView(layout, lambda where: None)  # type: ignore[arg-type]
    for nodes, want in [
        (["A1.0", "A1|A3", "A3.0"], [2, 3]),
        (["A3.0", "A1|A3", "A1.0"], [3, 2]),
        (["A1.0", "A1|B1", "B1.0"], None),  # two pieces from A1.0 to the B1 edge
        (["A1.0", "A3.0"], None),  # no piece joins them
        (["A1.0", "A1.0", "A1|A3"], None),
    ]:
        got = view.unique_pieces(nodes)
        assert (got[0] if got is not None else None) == want, nodes
        pairwise = [view.pieces_between(a, b) for a, b in zip(nodes, nodes[1:], strict=False)]
        if all(len(p) == 1 for p in pairwise):
            assert got == ([p[0].id for p in pairwise], [p[0].tile for p in pairwise])
        else:
            assert got is None


def _prune_by_sets(raw: list[Any]) -> list[bool]:
    """The pruning of dead ends as first written: the set of hexes of each junction's pieces."""
    at: dict[str, list[int]] = {}
    for i, (a, b, _tile) in enumerate(raw):
        if "|" in a:
            at.setdefault(a, []).append(i)
        if "|" in b:
            at.setdefault(b, []).append(i)
    alive = [True] * len(raw)
    dead = [n for n, ids in at.items() if len({raw[i][2] for i in ids}) < 2]
    gone = set(dead)
    while dead:
        junction = dead.pop()
        for i in at[junction]:
            if not alive[i]:
                continue
            alive[i] = False
            a, b, _tile = raw[i]
            other = b if a == junction else a
            if other in gone or "|" not in other:
                continue
            if len({raw[k][2] for k in at[other] if alive[k]}) < 2:
                gone.add(other)
                dead.append(other)
    return alive


def test_track_dead_ends_are_pruned_as_by_the_set_of_hexes_at_each_junction() -> None:
    """A junction with track from fewer than two hexes is a dead end (its pieces go, and so
    on along the track): the pruning that compares the hexes one by one keeps what the
    pruning by sets of hexes keeps, on every board of the recorded game (whole boards and
    each hex's stretch) and on 3,000 random tangles of junctions and stops."""
    from railyard.framework.routes import board_graph, layout

    game, actions = _recorded()
    boards = 0
    for n, action in enumerate(actions):
        if n % 5 == 0 and game.state.board is not None:
            board = game.state.board
            lay = board_graph._family(board).layout(board.laid_placed(), board.state_key()[0])
            flat = [p for c in lay.order for p in lay.raw[c]]
            assert layout.prune(flat) == _prune_by_sets(flat)
            for c in lay.order[::7]:
                part = [p for p in flat if c in p[0] or c in p[1]]
                assert layout.prune(part) == _prune_by_sets(part)
            boards += 1
        game.process(action)
    assert boards > 150
    rng = random.Random(3)
    hexes = ["A1", "A3", "B2", "B4", "C1"]
    for _ in range(3000):
        raw = []
        for _ in range(rng.randrange(1, 14)):
            h = rng.choice(hexes)
            ends = [f"{h}.{rng.randrange(2)}"] + [
                "|".join(sorted((h, o))) for o in rng.sample([x for x in hexes if x != h], 3)]
            a, b = rng.sample(ends, 2)
            raw.append((a, b, h))
        assert layout.prune(raw) == _prune_by_sets(raw), raw


def test_route_check_a_stop_node_looked_up_by_its_tile_phase_and_tokens_is_built_anew_alike(
) -> None:
    """The route check's stop nodes are looked up by tile, phase, title, tokens and
    reservations: on every 2nd position of the recorded game every stop's node from the
    lookup (filled by the positions before) equals the node built with the lookup empty, and
    a token placed or a phase changed since gives another node."""
    from railyard.framework.routes import board_graph
    from railyard.framework.routes.drawn import DrawnView

    game, actions = _recorded()
    title = game.ruleset.spec.title if hasattr(game.ruleset, "spec") else game.title
    stops = changed = 0
    last: dict[Any, Any] = {}
    for n, action in enumerate(actions):
        state = game.state
        if n % 2 == 0 and state.board is not None:
            board_graph._CACHE.clear()
            view = board_graph.graph_to_check(state.board, title, state.phase)
            assert isinstance(view, DrawnView)
            looked_up = {sid: view.stops[sid] for sid in view.stops}
            board_graph._VIEW_NODES.clear()
            fresh = board_graph.graph_to_check(state.board, title, state.phase)
            assert isinstance(fresh, DrawnView)
            built = {sid: fresh.stops[sid] for sid in fresh.stops}
            assert looked_up == built
            for sid, node in built.items():
                if sid in last and last[sid] != node:
                    changed += 1
            last = built
            stops += len(built)
        game.process(action)
    assert [s for _, s in game.standings()] == [9532, 8304, 7398, 7352]
    assert stops > 10_000 and changed > 50, (stops, changed)
