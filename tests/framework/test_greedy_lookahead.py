"""The greedy bot's tile look-ahead skips a lay only when it could not have won.

A later lay (lower quick score) whose every route is a route after an earlier lay too
(``board_graph.track_within``) is not searched. These tests play whole greedy games and, at
every look-ahead, search every lay anyway: the lay picked is the one a search of every lay
picks, and a skipped lay earns no more than the lay it lies within, for its company's trains
and for other trains and companies too.
"""

from __future__ import annotations

from typing import Any

import pytest

from railyard.framework.bots import greedy
from railyard.framework.eighteen import running
from railyard.framework.routes import TrainSpec, best_routes
from railyard.framework.routes.board_graph import graph_for_board, track_within
from railyard.framework.simulate import runner

OTHER_TRAINS = (("2",), ("4", "3"), ("5+4",), ("4G",))


def _total(bot: Any, state: Any, board: Any, company: str, names: tuple[str, ...]) -> int:
    spec = bot.ruleset.spec
    trains = [TrainSpec(n, spec.trains[n].kind, spec.trains[n].distance, spec.trains[n].plus)
              for n in names if n in spec.trains]
    graph = graph_for_board(board, spec.title, state.phase)
    return int(best_routes(graph, trains, company, running.route_rules(bot.ruleset)).total)


@pytest.mark.parametrize("title,seed", [("1837", 1), ("1837", 4), ("1830", 2), ("1889", 3)])
def test_the_look_ahead_picks_what_searching_every_lay_picks(
        monkeypatch: pytest.MonkeyPatch, title: str, seed: int) -> None:
    contenders = greedy.GreedyBot._contenders
    seen = {"looks": 0, "skipped": 0}

    def checked(self: Any, state: Any, top: list[Any]) -> list[Any]:
        out = contenders(self, state, top)
        seen["looks"] += 1
        if len(out) == len(top):
            return out
        cid = top[0][1].entity
        every = [(self._revenue_on(state, cid, self._board_after(state, lay)), score, lay)
                 for score, lay in top]
        kept = [(self._revenue_on(state, cid, board), score, lay) for score, lay, board in out]
        assert max(kept, key=lambda t: (t[0], t[1]))[2] is max(
            every, key=lambda t: (t[0], t[1]))[2]
        boards = [(lay, board) for _, lay, board in out]
        for _, lay in top:
            if any(lay is other for other, _ in boards):
                continue
            seen["skipped"] += 1
            board = self._board_after(state, lay)
            wider = next(b for _, b in boards if track_within(board, b, self.ruleset.spec.title,
                                                                state.phase))
            companies = sorted({c for held in board.token_map().values() for c in held})
            for company in companies[:4]:
                for names in OTHER_TRAINS:
                    assert _total(self, state, board, company, names) <= _total(
                        self, state, wider, company, names), (lay, company, names)
        return out

    monkeypatch.setattr(greedy.GreedyBot, "_contenders", checked)
    config = runner.SimConfig(title, 4, ("greedy",))
    runner.loaded(config)
    record = runner.play_game(runner.Job(config, 0, seed))
    assert record.get("error") is None
    assert seen["looks"] > 50
    assert seen["skipped"] > 10
