"""Conformance: a real game of 1837 recorded on the 18xx.games site, replayed by our engine.

The recording (shared/reference/1837/games, 4 players, ended by the bank breaking) is
translated by ``framework.importers`` with the title's id map (titles/1837/import_18xxgames.yaml)
and replayed under the variant ``18xx_games`` (the site's readings of the rules, RULES.md).
Every recorded action our engine takes is legal in it; the first one it refuses ends the
replay. While the full game does not replay, the tests pin the exact prefix that does and
the full-game assertions are strict expected failures.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from framework.importers import effective_actions, import_game, read_recorded
from framework.importers.recorded import RecordedGame

GAME_FILE = "reference/1837/games/18xxgames_202234_game_end_bank.json"
RESULT = {"2072": 9532, "621": 8304, "2006": 7398, "5649": 7352}
SEATS = ("2006", "2072", "5649", "621")
#: recorded actions (after undo/redo) our engine replays today, and the first it refuses:
#: BH cannot pay 500 for the 4E at site id 869 (our BH has 430)
REPLAYED = 789
RUNS_REPLAYED = 162


def _game_file() -> Path | None:
    here = Path(__file__).resolve()
    for base in (here.parents[3] / "shared", Path("/work/shared")):
        if (base / GAME_FILE).is_file():
            return base / GAME_FILE
    return None


needs_game = pytest.mark.skipif(_game_file() is None, reason="recorded game not available")


@cache
def recorded() -> RecordedGame:
    path = _game_file()
    assert path is not None
    return read_recorded(path)


@cache
def replayed():  # noqa: ANN201 - an ImportResult
    return import_game(recorded())


# ---------------------------------------------------------------------- reading the record
def _a(i: int, kind: str = "pass", **more: object) -> dict:
    return {"type": kind, "id": i, "entity": 1, **more}


def test_undo_takes_back_the_latest_action_and_redo_restores_it() -> None:
    raw = [_a(1), _a(2), _a(3, "undo"), _a(4, "undo"), _a(5, "redo"), _a(6)]
    assert [a["id"] for a in effective_actions(raw)] == [1, 6]
    raw = [_a(1), _a(2), _a(3, "undo"), _a(4, "redo")]
    assert [a["id"] for a in effective_actions(raw)] == [1, 2]


def test_a_new_action_forgets_what_could_be_redone() -> None:
    raw = [_a(1), _a(2), _a(3, "undo"), _a(4), _a(5, "redo")]
    assert [a["id"] for a in effective_actions(raw)] == [1, 4]


def test_undo_to_an_action_id_takes_back_everything_after_it_and_redo_restores_it_all() -> None:
    raw = [_a(1), _a(2), _a(3), _a(4), _a(5, "undo", action_id=2)]
    assert [a["id"] for a in effective_actions(raw)] == [1, 2]
    raw.append(_a(6, "redo"))
    assert [a["id"] for a in effective_actions(raw)] == [1, 2, 3, 4]


def test_automatic_actions_follow_their_action_and_automation_settings_are_dropped() -> None:
    raw = [
        _a(1, "program_share_pass", auto_actions=[_a(0), _a(0, "program_disable")]),
        _a(2, "lay_tile", auto_actions=[_a(0, "pass")]),
    ]
    assert [a["type"] for a in effective_actions(raw)] == ["pass", "lay_tile", "pass"]


@needs_game
def test_the_recording_has_four_seats_and_its_result() -> None:
    game = recorded()
    assert game.players == SEATS
    assert game.result == RESULT
    assert game.end_reason == "bank"
    assert game.raw_count == 1146
    assert len(game.actions) == 1071


# ---------------------------------------------------------------------- replay
@needs_game
def test_start_packet_replays_with_each_winning_bid_paid() -> None:
    """Rule I: each item goes to the last bidder at the last bid; every player starts with
    555K (4 players). The winners and prices come from the record, not from our engine."""
    game = recorded()
    packet_end = next(i for i, a in enumerate(game.actions) if a["type"] not in ("bid", "pass"))
    winners: dict[str, tuple[str, int]] = {}
    for action in game.actions[:packet_end]:
        if action["type"] == "bid":
            winners[action["company"]] = (str(action["entity"]), int(action["price"]))
    assert len(winners) == 23
    result = import_game(game, stop=packet_end)
    assert result.divergence is None and result.handled == packet_end
    state = result.game.state
    for player in SEATS:
        paid = sum(price for who, price in winners.values() if who == player)
        assert state.player(player).cash == 555 - paid
    for item, (who, _) in winners.items():
        assert state.director(item) == who


@needs_game
def test_replay_reaches_the_known_prefix_with_every_action_legal() -> None:
    """Every tile lay, token, purchase, sale, par, dividend and run of the first REPLAYED
    recorded actions is accepted by our engine."""
    result = replayed()
    assert result.handled == REPLAYED, result.divergence
    assert result.divergence is not None  # the first refusal, reported in full
    assert result.divergence.index == REPLAYED


@needs_game
def test_every_replayed_run_earns_the_recorded_revenue_and_mine_income() -> None:
    runs = replayed().runs
    assert len(runs) == RUNS_REPLAYED
    wrong = [r for r in runs if not r.agrees]
    assert wrong == []


@needs_game
@pytest.mark.xfail(strict=True, reason="the replay stops at recorded action REPLAYED (see the test above)")
def test_the_whole_game_replays_to_the_bank_break_with_the_recorded_net_worths() -> None:
    result = replayed()
    assert result.complete
    game = result.game
    assert game.is_over() and game.state.bank_broken
    assert dict(game.standings()) == RESULT
