"""Conformance: a real game of 1837 recorded on the 18xx.games site, replayed by our engine.

The recording (shared/reference/1837/games, 4 players, ended by the bank breaking) is
translated by ``framework.importers`` with the title's id map (titles/1837/import_18xxgames.yaml)
and replayed under the variant ``18xx_games`` (the site's readings of the rules, RULES.md).
Every recorded action must be legal in our engine (the first refusal would end the replay
and be named), every run must earn what it earned there, and the game must end where and
as it ended there: by the bank breaking, with the recorded net worth of every player.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from railyard.framework.importers import effective_actions, import_game, read_recorded
from railyard.framework.importers.recorded import RecordedGame

GAME_FILE = "reference/1837/games/18xxgames_202234_game_end_bank.json"
RESULT = {"2072": 9532, "621": 8304, "2006": 7398, "5649": 7352}
SEATS = ("2006", "2072", "5649", "621")
RUNS = 209


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
    """The whole game, every run also searched by our best-routes search."""
    return import_game(recorded(), search_best=True)


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
@pytest.mark.slow
def test_every_recorded_action_is_legal_in_our_engine() -> None:
    """Every recorded bid, tile lay, token, purchase, sale, par, dividend, run and choice is
    accepted (the replay stops at the first refusal and names it)."""
    result = replayed()
    assert result.divergence is None, str(result.divergence)
    assert result.handled == len(recorded().actions) == 1071
    assert result.complete


@needs_game
@pytest.mark.slow
def test_every_run_earns_the_recorded_revenue_and_mine_income() -> None:
    runs = replayed().runs
    assert len(runs) == RUNS
    assert [r for r in runs if not r.agrees] == []


@needs_game
@pytest.mark.slow
def test_our_route_search_never_finds_less_than_the_recorded_routes() -> None:
    runs = replayed().runs
    assert all(r.best_total is not None for r in runs)
    assert [r for r in runs if r.best_total < r.recorded_revenue + r.recorded_subsidy] == []


@needs_game
@pytest.mark.slow
def test_the_game_ends_by_the_bank_breaking_after_the_last_recorded_action() -> None:
    """XV: the bank breaks during an operating round; the game ends when it is over, which is
    where the recording ends."""
    game = replayed().game
    assert game.state.bank_broken
    assert game.is_over()
    assert game.state.end_reason == "the bank is broken"


@needs_game
@pytest.mark.slow
def test_final_net_worth_of_each_player_equals_the_recorded_result() -> None:
    assert dict(replayed().game.standings()) == RESULT
    assert [p for p, _ in replayed().game.standings()] == ["2072", "621", "2006", "5649"]


@needs_game
@pytest.mark.slow
def test_the_default_rules_refuse_the_sites_readings() -> None:
    """Without the variant, our engine follows the second-edition rulebook and refuses the
    first action where the site reads it differently: the Ug #1 second certificate bought
    before the first operating round (rule I: "After the First Stock Round")."""
    result = import_game(recorded(), variant=None, stop=200)
    assert result.divergence is not None
    assert result.divergence.index == 165
    assert result.divergence.recorded["company"] == "UG1_share"


@needs_game
@pytest.mark.slow
def test_import_command_saves_a_game_that_replays_to_the_same_result(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    from railyard.framework.cli import main
    from railyard.framework.core.game import Game

    out = tmp_path / "game.json"
    assert main(["import-18xxgames", str(_game_file()), "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "1071 of 1071 recorded actions replayed" in printed
    game = Game.load(out)
    assert game.variant == "18xx_games"
    assert game.is_over()
    assert dict(game.standings()) == RESULT


@needs_game
def test_import_command_names_the_first_refused_action(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    from railyard.framework.cli import main

    assert main(["import-18xxgames", str(_game_file()), "--variant", "none"]) == 1
    assert "site id 168" in capsys.readouterr().err


@needs_game
@pytest.mark.slow
def test_the_site_scraps_the_1g_with_the_first_3g() -> None:
    """XII (variant 18xx_games): without the site's scrapping of the 1G by the first 3G (GT
    buys it, site id 808), RGTE still owns a 1G and operates where the recording goes on
    with MLB (site id 828)."""
    result = import_game(recorded(), overrides=("trains.1G.rusts_on=null",))
    assert result.divergence is not None
    assert result.divergence.site_id == 828
    assert "RGTE to act" in result.divergence.error


def test_the_title_map_names_the_variant_and_translates_the_sites_questions() -> None:
    from railyard.framework.importers import load_import_map
    from railyard.framework.loader import load_title

    imap = load_import_map(load_title("1837"), "18xxgames")
    assert imap.variant == "18xx_games"
    assert imap.actions == {"scrap_train": "surrender_train"}
    assert set(imap.choices) == {"Exchange", "form", "fold_in"}
    assert imap.entity(2006) == "2006" and imap.item("UG1_share") == "UG1_share"


def test_an_unknown_key_in_an_import_map_names_the_file(tmp_path: Path) -> None:
    from types import SimpleNamespace

    from railyard.framework.importers import load_import_map

    (tmp_path / "import_site.yaml").write_text("variant: x\nhexes: {}\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"import_site\.yaml: unknown keys \['hexes'\]"):
        load_import_map(SimpleNamespace(path=tmp_path), "site")
    assert load_import_map(SimpleNamespace(path=tmp_path / "none"), "site").variant is None
