"""Shortcuts of the replay's hot paths (issue 17, sixth replay part) give what the long way
gives: each test plays the recorded 1837 game and, at its positions, compares the shortcut
with the code it stands for."""

from __future__ import annotations

from typing import Any

import pytest

from railyard.framework.core.game import Game
from railyard.framework.core.savefile import action_from_json
from railyard.framework.eighteen import phases, trains
from tests.framework.site_games import game_file

RECORDED = "reference/1837/games/18xxgames_202234_game_end_bank.json"


def _recorded() -> tuple[Game, list[Any]]:
    path = game_file(RECORDED)
    if path is None:
        pytest.skip(f"{RECORDED} not available")
    from railyard.framework.importers import import_game, read_recorded

    data = import_game(read_recorded(path)).game.to_dict()
    return Game.from_dict({**data, "actions": []}), [action_from_json(a) for a in data["actions"]]


def _over_limit_long(rules: Any, state: Any) -> list[str]:
    """Every company's limit asked of the title's hook, one by one (the plain rule)."""
    out = []
    for cid, company in state.companies.items():
        if company.closed or not company.trains:
            continue
        limit = rules.hooks.train_limit(state, cid, phases.train_limit(rules, state, cid))
        if limit is not None and len(company.trains) > limit:
            out.append(cid)
    return out


def _depot_offers_long(rules: Any, state: Any) -> list[str]:
    """The first train of every name of every stack, walked train by train."""
    out = []
    for stack in state.depot.stacks.values():
        names: set[str] = set()
        for train_id in stack:
            name = state.trains[train_id].name
            if name in names:
                continue
            first = not names
            names.add(name)
            if (first or rules.spec.trains[name].available_on) and trains.released(rules, state, name):
                out.append(train_id)
    return out


def test_trains_limit_and_offers_from_tables_are_the_plain_rule_at_every_position() -> None:
    """The companies over their train limit (read from a table per phase) and the depot's
    offers (the first train of each name per stack, remembered per stack) are those of the
    plain rule at every position of the recorded game, and again after the game with the
    limits of every phase and every company given trains beyond them."""
    game, actions = _recorded()
    rules = game.ruleset
    over = 0
    for action in actions:
        state = game.state
        assert trains.over_limit(rules, state) == _over_limit_long(rules, state)
        assert trains.depot_offers(rules, state) == _depot_offers_long(rules, state)
        over += bool(_over_limit_long(rules, state))
        game.process(action)
    assert [s for _, s in game.standings()] == [9532, 8304, 7398, 7352]
    state = game.state
    spare = list(state.trains)
    for company in state.companies.values():
        if not company.closed:
            company.trains = spare[:7]
    for phase in rules.spec.phases:
        state.phase = phase
        got = trains.over_limit(rules, state)
        assert got == _over_limit_long(rules, state)
        over += len(got)
    assert over > 10


def _record_long(value: Any, cls: type, where: tuple[str | int, ...],
                 skip: tuple[str, ...] = ()) -> Any:
    """A record read with every field through its reader."""
    from railyard.framework.core import savefile

    if not isinstance(value, dict):
        raise savefile._Wrong(where, f"expected an object, got {savefile._kind(value)}")
    _hints, fields, readers = savefile._shape(cls)
    for key in value:
        if key not in fields and key not in skip:
            raise savefile._Wrong((*where, key),
                                  f"unknown field (allowed: {', '.join(sorted(fields))})")
    args: dict[str, Any] = {}
    for name, required, read, _exact in readers:
        if name not in value:
            if required:
                raise savefile._Wrong((*where, name), "missing")
            continue
        args[name] = read(value[name], (*where, name))
    try:
        return cls(**args)
    except (TypeError, ValueError) as error:
        raise savefile._Wrong(where, str(error)) from None


def _read_all(raws: list[Any], monkeypatch: pytest.MonkeyPatch | None) -> list[Any]:
    """Every raw action read, or the SaveError's message; with ``monkeypatch``, every field
    through its reader (the long way)."""
    from railyard.framework.core import savefile

    savefile._SHAPES.clear()
    savefile._READERS.clear()
    try:
        if monkeypatch is not None:  # no value taken as it is, anywhere
            monkeypatch.setattr(savefile, "_record", _record_long)
            monkeypatch.setattr(savefile, "_exact", lambda kind: None)
        out: list[Any] = []
        for raw in raws:
            try:
                action = savefile.action_from_json(raw, ("actions", 0))
                out.append((action, [(k, type(v)) for k, v in vars(action).items()]
                            if hasattr(action, "__dict__") else
                            [(f, type(getattr(action, f))) for f in action.__slots__
                             if not f.startswith("__")]))
            except savefile.SaveError as error:
                out.append(str(error))
        return out
    finally:
        if monkeypatch is not None:
            monkeypatch.undo()
        savefile._SHAPES.clear()
        savefile._READERS.clear()


def test_save_fields_of_exactly_their_plain_type_are_read_as_their_reader_reads_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A str, int or bool field (or a tuple of them) given values of exactly that type is taken
    without its reader: every action of the recorded game, and copies with each field given a value of
    another kind (a bool, a float, a string, a list, null), or a list with an item of another
    kind (in the action or in a record it lists), read the same actions (field
    types included) or fail with the same message as when every field goes through its
    reader."""
    path = game_file(RECORDED)
    if path is None:
        pytest.skip(f"{RECORDED} not available")
    from railyard.framework.importers import import_game, read_recorded

    raws = import_game(read_recorded(path)).game.to_dict()["actions"]
    damaged = []
    for n, raw in enumerate(raws[::7]):
        for key in raw:
            if key != "type":
                for other in (True, 1.5, "x", 3, [], None, {"a": 1}):
                    damaged.append({**raw, key: other})
        damaged.append({k: v for k, v in raw.items() if k != list(raw)[-1] or n % 2})
        for key, value in raw.items():  # lists: an item of another kind, first and last
            if isinstance(value, list) and value:
                for other in (1, True, "x", None, 2.5):
                    damaged.append({**raw, key: [other, *value[1:]]})
                    damaged.append({**raw, key: [*value[:-1], other]})
                for i, item in enumerate(value):  # records in a list: their lists too
                    if isinstance(item, dict):
                        for k, v in item.items():
                            if isinstance(v, list) and v:
                                for other in (1, "x", None):
                                    bad = {**item, k: [*v[:-1], other]}
                                    damaged.append({**raw, key: [*value[:i], bad, *value[i + 1:]]})
    mixed = raws + damaged
    long_way = _read_all(mixed, monkeypatch)
    short = _read_all(mixed, None)
    assert short == long_way
    assert sum(isinstance(x, str) for x in short) > 500
    assert sum(not isinstance(x, str) for x in short) > len(raws)


def test_route_check_verdicts_and_messages_are_the_long_ways_on_every_drawn_route(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The route check's loops that look for a repeat, a forbidden or end-only kind only when
    there may be one, find the station in the stops' first pass and skip the shared-track
    check while no route is accepted: every route of the recorded game, damaged copies of it
    (reversed, cut, a node repeated, two swapped, one mangled, one named twice), pairs of
    routes sharing track, trains of every kind and routes given with their pieces, on the
    check's view and on the graph, get the verdicts and messages of the check before."""
    import random

    from railyard.framework.eighteen import running
    from railyard.framework.routes import board_graph, validate
    from railyard.framework.routes.drawn import DrawnView
    from railyard.framework.routes.kinds import TrainSpec
    from railyard.framework.routes.result import Route
    from tests.framework.test_routes_drawn import _variants
    from tests.oracles import route_check

    game, actions = _recorded()
    rng = random.Random(8)
    where: list[Any] = []
    counts = {"checks": 0, "tries": 0, "refused": 0, "rules": set()}
    real_to_check = board_graph.graph_to_check

    def to_check(board: Any, title: Any, phase: str, nodes: Any = None) -> Any:
        board_graph._CACHE.clear()
        where[:] = [board, title, phase]
        return real_to_check(board, title, phase, nodes)

    def validating(view: Any, drafts: Any, company: str, rules: Any) -> Any:
        graph = board_graph.graph_for_board(*where)
        answer = validate.validate_routes(view, drafts, company, rules)
        kinds = [TrainSpec(f"{n}{k}", k, n, p) for k in validate.RouteRules.of(rules).train_kinds
                 for n, p in ((2, 0), (4, 2), (9, 0))]
        tries = [list(drafts)] + [[(t, v)] for t, d in drafts for v in _variants(d, rng)]
        tries += [[(t, [*d, d[-1]])] for t, d in drafts if isinstance(d, list)]
        tries += [[(t, [*d[:2], d[0]])] for t, d in drafts if isinstance(d, list)]  # back
        tries += [[(t, [*d[:3], d[1], *d[3:]])] for t, d in drafts if isinstance(d, list)]
        tries += [[(rng.choice(kinds), d)] for _, d in drafts]
        tries += [[(t, d), (t, d)] for t, d in drafts]  # the same track twice
        tries += [[(t, d), (t, d[::-1])] for t, d in drafts if isinstance(d, list)]
        tries += [list(reversed(drafts))]
        if len(drafts) > 1:
            tries.append([drafts[0], (drafts[1][0], drafts[0][1])])
        for runs in tries:
            nodes = [str(n) for _, d in runs for n in (d.nodes if hasattr(d, "nodes") else d)]
            on_view = DrawnView(view.layout, view.node_of, nodes)
            for g in (on_view, graph):
                new = validate.validate_routes(g, runs, company, rules)
                old = route_check.validate_routes(g, runs, company, rules)
                assert new == old, (company, runs)
                for c in new:
                    if c.route is not None:  # the same route with its pieces named
                        given = [(c.train, Route(c.route.nodes, (), c.route.pieces))]
                        assert validate.validate_routes(g, given, company, rules) == \
                            route_check.validate_routes(g, given, company, rules)
                counts["tries"] += 1
                counts["refused"] += sum(not c.ok for c in new)
                counts["rules"].update(r for c in new for r in c.rules)
        counts["checks"] += 1
        return answer

    monkeypatch.setattr(running, "graph_to_check", to_check)
    monkeypatch.setattr(running, "validate_routes", validating)
    for action in actions:
        game.process(action)
    assert [s for _, s in game.standings()] == [9532, 8304, 7398, 7352]
    assert counts["checks"] >= 200 and counts["refused"] >= 2000, counts
    assert {"track.reused", "track.reversed", "stop.twice", "train.distance", "route.ends",
            "trains.shared_track", "track.missing", "train.forbids", "train.requires",
            "train.min_counted", "route.station", "stop.blocked"} <= counts["rules"], counts["rules"]


@pytest.mark.parametrize("where", ["recorded", "greedy"])
def test_route_check_piece_ids_patched_from_the_parent_layout_are_counted_ones(
    where: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The first piece id of each hex (which numbers the route check's pieces as the graph
    does) is patched from the layout the board's was derived from when both have the same
    hexes: at every layout of the recorded game's route checks and of a greedy 1837 game's
    look-ahead and searches, equal to the ids counted over the whole board."""
    from railyard.framework.routes import drawn

    counts = {"patched": 0, "same": 0, "all": 0}
    real = drawn._patched_offsets

    def checked(layout: Any) -> Any:
        got = real(layout)
        if got is not None:
            want = drawn._counted_offsets(layout)
            assert got[0] is want[0] and got[1] == want[1] and got[2] == want[2]
            assert list(got[2]) == list(want[2])
            counts["patched"] += 1
            base = layout.base[0].get("offsets")
            counts["same"] += got is base
        counts["all"] += 1
        return got

    monkeypatch.setattr(drawn, "_patched_offsets", checked)
    if where == "recorded":
        from railyard.framework.routes import layout as layouts

        real_of = layouts.Family.layout

        def counted(family: Any, *args: Any) -> Any:
            found = real_of(family, *args)
            drawn._offsets(found)  # the check itself reads most layouts' ids from counts_base
            return found

        monkeypatch.setattr(layouts.Family, "layout", counted)
        game, actions = _recorded()
        for action in actions:
            game.process(action)
        assert [s for _, s in game.standings()] == [9532, 8304, 7398, 7352]
        assert counts["patched"] >= 80 and counts["same"] >= 20, counts
    else:
        from railyard.framework.routes import layout as layouts
        from railyard.framework.simulate import runner

        real_layout = layouts.Family.layout

        def numbered(family: Any, *args: Any) -> Any:
            found = real_layout(family, *args)
            drawn._offsets(found)  # every layout the bot's look-ahead and searches ask for
            return found

        monkeypatch.setattr(layouts.Family, "layout", numbered)
        config = runner.SimConfig("1837", 4, ("greedy",))
        runner.loaded(config)
        record = runner.play_game(runner.Job(config, 0, 3))
        assert record.get("error") is None
        assert counts["patched"] >= 200 and counts["all"] >= 300, counts


@pytest.mark.parametrize("title_id", ["1837", "1889", "1830"])
def test_or_after_each_action_only_the_steps_that_do_something_are_asked(title_id: str) -> None:
    """The operating round asks after each action only the steps whose ``after_action`` is
    not the base one (it does nothing): for each standard title those are the steps that
    override it, and a step given its own ``after_action`` is asked too."""
    from railyard.framework.eighteen import or_steps
    from railyard.framework.eighteen.steps import Step
    from railyard.framework.loader import find_title

    title = find_title(title_id, by_id=True)
    game = Game(title, ["A", "B", "C", "D"][: 4 if title_id == "1837" else 3], 1)
    rules = game.ruleset
    steps = or_steps.steps_of(rules)
    want = tuple(s for s in steps if type(s).after_action is not Step.after_action)
    assert or_steps.after_action_steps(rules) == want
    assert (title_id == "1837") == bool(want)  # 1837's decision step tidies up after choices
    other = type("Tidy", (Step,), {"name": "tidy", "after_action": lambda self, c, s: ["x"]})()
    or_steps._AFTER.clear()
    real = or_steps.steps_of
    try:
        or_steps.steps_of = lambda ctx: (*real(ctx), other)  # type: ignore[assignment]
        assert or_steps.after_action_steps(rules) == (*want, other)
    finally:
        or_steps.steps_of = real  # type: ignore[assignment]
        or_steps._AFTER.clear()
