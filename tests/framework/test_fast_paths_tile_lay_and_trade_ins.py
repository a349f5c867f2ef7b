"""Shortcuts of the replay's operating-round flow (issue 17, seventh replay part) give what
the long way gives: bots play 1837 (two variants), 1889 and 1830, and the recorded 1837 game
is replayed; at their positions each shortcut is compared with the code it stands for."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from railyard.framework import autoplay
from railyard.framework.bots import make_bot
from railyard.framework.core.errors import IllegalAction
from railyard.framework.core.game import Game
from railyard.framework.core.savefile import action_from_json
from railyard.framework.eighteen import reach, tile_lay, trains
from railyard.framework.eighteen.or_actions import LayTile
from railyard.framework.eighteen.private_actions import BuyTrainTradeIn
from tests.framework.site_games import game_file

RECORDED = "reference/1837/games/18xxgames_202234_game_end_bank.json"

#: (title, variant, bots, seed, actions): the games played
GAMES = (
    ("1837", "18xx_games", "greedy", 5, 700),
    ("1837", "first_edition", "greedy", 3, 700),
    ("1837", None, "random", 5, 900),
    ("1889", None, "greedy", 5, 700),
    ("1830", None, "greedy", 5, 700),
)


def _played(title: str, variant: str | None, bots: str, seed: int, limit: int) -> Iterator[tuple[Game, Any]]:
    """Each position of a 4-player game the bots play, with the action about to be taken
    (the caller looks before it is processed)."""
    game = Game(title, ("P1", "P2", "P3", "P4"), seed, variant)
    players = [make_bot(bots, game.ruleset) for _ in game.players]
    rngs = autoplay.seat_rngs(seed, len(game.players))
    for _ in range(limit):
        if game.ruleset.is_over(game.state):
            return
        player, legal = autoplay.acting_player(game)
        seat = game.players.index(player)
        pick = players[seat].choose(game.view(), legal, rngs[seat])
        yield game, pick
        game.process(pick)


def _recorded() -> Iterator[tuple[Game, Any]]:
    path = game_file(RECORDED)
    if path is None:
        pytest.skip(f"{RECORDED} not available")
    from railyard.framework.importers import import_game, read_recorded

    data = import_game(read_recorded(path)).game.to_dict()
    game = Game.from_dict({**data, "actions": []})
    for raw in data["actions"]:
        action = action_from_json(raw)
        yield game, action
        game.process(action)
    assert [s for _, s in game.standings()] == [9532, 8304, 7398, 7352]


def _positions() -> Iterator[tuple[str, Game, Any]]:
    yield from (("recorded", game, action) for game, action in _recorded())
    for spec in GAMES:
        yield from ((str(spec), game, action) for game, action in _played(*spec))


def _whole_refusal(rules: Any, state: Any, cid: str, coord: str, tile: Any, upgrade: Any) -> Any:
    """The lay's verdict from the plain rule: the company's whole network, walked anew."""
    board = state.board
    starts = reach.stations(board, cid, tile_lay.home_stations(rules, state, cid))
    walked = reach._walk(board, cid, frozenset(starts), False)
    return tile_lay.refusal(rules, state, cid, coord, tile, upgrade, walked)


def _each_lay(check: Callable[[str, Game, LayTile], None]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for name, game, action in _positions():
        if isinstance(action, LayTile):
            check(name, game, action)
            counts[name] = counts.get(name, 0) + 1
    return counts


def test_v_a_lay_checked_with_the_walk_s_constants_worked_out_once_gets_the_whole_network_s_verdict() -> None:
    """``lay_refusal`` works out what the connection rule reads of the hex and the rules
    once per lay, not at each step of the walk: its verdict (reason included) is the plain
    rule's on the whole network for the lay taken and for every option on the hex laid and
    on two random hexes, at every lay of every game."""
    rng = random.Random(17)
    verdicts = {"legal": 0, "refused": 0}

    def check(name: str, game: Game, action: LayTile) -> None:
        rules, state = game.ruleset, game.state
        board = state.board
        coords = [action.hex, *rng.sample(sorted(board.coords()), 2)]
        for coord in coords:
            for tile, upgrade in board.lay_choices(coord):
                reach._WALKS.clear()  # the partial walk, not a remembered whole one
                got = tile_lay.lay_refusal(rules, state, action.entity, coord, tile, upgrade)
                assert got == _whole_refusal(rules, state, action.entity, coord, tile, upgrade), \
                    (name, len(game.actions), coord, tile.id, upgrade.rotation)
                verdicts["legal" if got is None else "refused"] += 1

    counts = _each_lay(check)
    assert counts["recorded"] >= 150 and all(counts.get(str(spec), 0) >= 10 for spec in GAMES), counts
    assert verdicts["legal"] >= 1000 and verdicts["refused"] >= 3000, verdicts


def test_v_a_lay_applied_with_the_fit_its_check_found_leaves_the_board_the_plain_lay_leaves() -> None:
    """The tile step hands the upgrade its check found to the lay (the board takes it without
    working out the fit again): the board after it, tokens moved and merged included, and the
    lay's result are those of the board's own checked lay, at every lay of every game."""

    def check(name: str, game: Game, action: LayTile) -> None:
        board = game.state.board
        _, upgrade, _ = tile_lay.check(game.ruleset, game.state, action)
        plain, given = board.copy(), board.copy()
        expected = plain.lay(action.hex, action.tile, action.rotation)
        got = given.lay(action.hex, action.tile, action.rotation, check=False, stop_map=upgrade.stop_map)
        assert got == expected, (name, len(game.actions), action)
        assert given.to_dict() == plain.to_dict() and given.state_key() == plain.state_key(), \
            (name, len(game.actions), action)

    counts = _each_lay(check)
    assert counts["recorded"] >= 150 and all(counts.get(str(spec), 0) >= 10 for spec in GAMES), counts


def _trade_ins_long(rules: Any, state: Any, cid: str) -> list[Any]:
    """Every depot offer weighed against each of the company's trains (the plain rule)."""
    out = []
    own = state.companies[cid].trains
    for train_id in trains.depot_offers(rules, state):
        rule = rules.spec.trains[state.trains[train_id].name].trade_in
        if rule is None:
            continue
        seen: set[str] = set()
        for traded in own:
            name = state.trains[traded].name
            if name in rule.trains and name not in seen:
                seen.add(name)
                action = BuyTrainTradeIn(cid, train_id, traded, trains.face_price(rules, state, train_id) - rule.discount)
                try:
                    trains.check_trade_in(rules, state, action)
                except IllegalAction:
                    continue
                out.append(action)
    return out


def test_trains_trade_ins_of_a_title_without_trade_in_trains_are_none_and_else_the_plain_rule_s() -> None:
    """The buy step's trade-in choices (none at once where no train of the title takes a
    trade-in, as in 1837) are the plain rule's for every company with trains at every
    operating-round position of every game; 1889 and 1830 (a 4, 5 or 6 traded in for a D)
    have such trains, so that the rule is walked there."""
    walked = {"none": 0, "some": 0}
    for name, game, _ in _positions():
        rules, state = game.ruleset, game.state
        if state.round.kind != "operating":
            continue
        for cid, company in state.companies.items():
            if company.closed or not company.trains:
                continue
            got = trains.trade_in_choices(rules, state, cid)
            assert got == _trade_ins_long(rules, state, cid), (name, len(game.actions), cid)
            walked["some" if trains._trade_in_names(rules) else "none"] += 1
    assert walked["none"] >= 1000 and walked["some"] >= 1000, walked
