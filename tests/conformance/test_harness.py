"""The referee harness itself: our state in the referee's shape, differences by kind, the
reproducer of a first disagreement, and the uniform bot's games ending."""

from __future__ import annotations

import json
from typing import Any

import pytest

from railyard.framework import autoplay
from railyard.framework.conformance.compare import compare_legal, compare_states, kinds_of
from railyard.framework.conformance.corpus import check_entry
from railyard.framework.conformance.play import GameSpec, referee_game
from railyard.framework.conformance.reproducer import read_corpus, write_corpus, write_reproducer
from railyard.framework.conformance.snapshot import Names, our_snapshot
from railyard.framework.core.game import Game
from railyard.framework.loader import load_title
from tests.conformance.fakes import AuctionExporter, MirrorReferee

SETUP = {"players": [{"id": 7, "name": "a"}, {"id": 8, "name": "b"}, {"id": 9, "name": "c"}, {"id": 5, "name": "d"}]}


def game_1889() -> Game[Any]:
    return Game(load_title("1889"), ("P1", "P2", "P3", "P4"), 1)


def spec(**kw: Any) -> GameSpec:
    return GameSpec(**{"title": "1889", "index": 0, "base_seed": 1, "players": 4, "bots": ("random",),
                       "max_actions": 6, **kw})


def test_snapshot_names_players_by_site_id_and_the_tosa_private_by_the_sites_symbol() -> None:
    game = game_1889()
    names = Names.of(game, SETUP)
    buy = next(a for a in game.legal_actions("P1") if type(a).__name__ == "BuyItem")
    game.process(buy)  # P1 buys Takamatsu (TER, 20): the site calls it TR
    snap = our_snapshot(game, names)
    assert snap["players"] == {"7": 400, "8": 420, "9": 420, "5": 420}
    assert snap["companies"]["TR"] == "7" and "TER" not in snap["companies"]
    assert snap["bank"] == 5340 and snap["phase"] == "2" and snap["acting"] == "8"
    assert snap["corporations"] == {} and snap["finished"] is False


def test_snapshot_leaves_out_the_companies_out_of_the_game_at_this_player_count() -> None:
    # 1889 at 2 players plays without SIR and UTF: the referee does not list them at all
    game = Game(load_title("1889"), ("P1", "P2"), 1)
    names = Names.of(game, {"players": SETUP["players"][:2]})
    companies = our_snapshot(game, names)["companies"]
    assert "SIR" not in companies and "UTF" not in companies and companies["TR"] is None


def test_differences_are_typed_by_the_fact_that_differs() -> None:
    ours = {"players": {"1": 100, "2": 50}, "corporations": {"AR": {"cash": 10, "price": 70, "trains": ["2"],
            "owner": "1"}}, "companies": {"TR": "1"}, "phase": "2", "bank": 10, "finished": False, "acting": "1"}
    theirs = {"players": {"1": 100, "2": 40}, "corporations": {"AR": {"cash": 10, "price": 65, "trains": [],
              "owner": "2"}, "IR": {"cash": 0}}, "companies": {"TR": "closed"}, "phase": "3", "bank": 20,
              "finished": False, "acting": "2"}
    diffs = compare_states(ours, theirs)
    assert kinds_of(diffs) == ["player_cash", "started", "price", "trains", "president", "private_owner",
                               "phase", "bank", "acting"]
    assert compare_states(ours, theirs, acting=False)[-1].kind == "bank"
    assert compare_states(ours, ours) == []
    legal = compare_legal(["bid", "pass"], ["bid", "buy_shares"])
    assert [(d.kind, d.ours, d.theirs) for d in legal] == [("legal_kinds", ["pass"], ["buy_shares"])]


def test_a_refused_site_action_stops_the_game_with_a_reproducer_that_replays(tmp_path: Any) -> None:
    referee = MirrorReferee(refuse_at=3)
    outcome = referee_game(spec(), referee, AuctionExporter, referee.make_game)  # type: ignore[arg-type]
    assert not outcome.agreed and outcome.actions == 3 and outcome.refereed == 3
    assert [d.kind for d in outcome.differences] == ["verdict"]
    repro = outcome.reproducer
    assert repro is not None and repro["action_index"] == 2
    assert repro["site_actions"] == [referee.sent[-1]] and repro["verdict"]["error"] == "GameError: not your turn"
    path = write_reproducer(tmp_path, repro)
    saved = json.loads(path.with_name(path.name.replace(".json", ".save.json")).read_text())
    assert len(Game.from_dict(saved).actions) == 3
    assert json.loads(path.read_text())["differences"][0]["kind"] == "verdict"


def test_a_differing_state_after_an_accepted_action_is_a_disagreement_of_its_kind() -> None:
    def poorer(state: dict[str, Any]) -> dict[str, Any]:
        players = dict(state["players"])
        if players["101"] != 420:  # once the first player has paid for something
            players["101"] -= 5
        return {**state, "players": players}

    referee = MirrorReferee(tamper=poorer)
    outcome = referee_game(spec(max_actions=20), referee, AuctionExporter, referee.make_game)  # type: ignore[arg-type]
    assert not outcome.agreed
    assert [d.kind for d in outcome.differences] == ["player_cash"]
    assert outcome.differences[0].key == "101"
    assert outcome.differences[0].ours - outcome.differences[0].theirs == 5


def test_an_agreeing_game_keeps_the_referees_states_every_k_actions_for_the_corpus(tmp_path: Any) -> None:
    referee = MirrorReferee()
    outcome = referee_game(spec(max_actions=4, check_every=2, corpus=True), referee, AuctionExporter,
                           referee.make_game)  # type: ignore[arg-type]
    assert outcome.agreed and outcome.actions == 4 and outcome.refereed == 4
    assert outcome.corpus is not None
    assert [count for count, _ in outcome.corpus["checkpoints"]] == [0, 2, 4]
    assert "acting" not in outcome.corpus["checkpoints"][-1][1]  # cut short: whose turn is not compared
    entry = read_corpus(write_corpus(tmp_path, outcome.corpus, 1, 0))
    assert check_entry(entry) == []
    entry["checkpoints"][1][1]["bank"] += 1  # a recorded fact our replay does not have
    assert [(count, [d.kind for d in diffs]) for count, diffs in check_entry(entry)] == [(2, ["bank"])]


@pytest.mark.parametrize("title", ["1889", "1830"])
def test_the_uniform_bot_ends_its_games(title: str) -> None:
    for seed in (1, 2):
        game = Game(load_title(title), ("P1", "P2", "P3", "P4"), seed)
        result = autoplay.play(game, "uniform", record=False)
        assert result.finished, result.reason
