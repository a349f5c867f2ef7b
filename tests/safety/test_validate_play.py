"""Rule (issue 19, defect 7): a game that validates can start and reach its end.
``validate --play N`` plays N random games and reports the first failure as a title error."""

from __future__ import annotations

from pathlib import Path

from railyard.framework.cli import main
from tests.framework.sim_helpers import pile_title
from tests.framework.tinyrail import EXAMPLE


def test_a_title_whose_games_end_validates_with_play(capsys) -> None:
    assert main(["validate", str(EXAMPLE), "--play", "2"]) == 0
    assert capsys.readouterr().out == "tinyrail: ok (2 random game(s) played to their end)\n"


def test_a_broken_invariant_in_play_is_a_title_error_with_its_cause(tmp_path: Path, capsys) -> None:
    title = pile_title(tmp_path / "broken", broken=True)
    assert main(["validate", str(title), "--play", "3"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("pile: random game 1 of 3 (2 players, seed ")
    assert "broke an invariant at action 5: pile 14 passed 12 (injected by the test)" in out


def test_a_game_that_does_not_end_is_a_title_error(capsys) -> None:
    assert main(["validate", str(EXAMPLE), "--play", "1", "--max-actions", "30"]) == 1
    assert "random game 1 of 1 (2 players, seed" in capsys.readouterr().out


def test_imperial_steam_validates_with_random_games_played_to_their_end(capsys) -> None:
    assert main(["validate", "imperial_steam", "--play", "2"]) == 0
    assert capsys.readouterr().out == "imperial_steam: ok (2 random game(s) played to their end)\n"
