"""``railyard routes``: loading a save, choosing companies, text and JSON output."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from railyard.framework.cli import main
from railyard.framework.commands.routes import companies_with_trains, company_routes, describe
from railyard.framework.core.game import Game
from railyard.framework.eighteen.state import Train


def _game_with_a_goods_run() -> tuple[Game, object]:
    """A fresh game whose state is then given the tiles and train of the first goods run."""
    game = Game("1837", ["a", "b", "c"], 7)
    state = copy.deepcopy(game.state)
    state.board.lay("D10", "4", 2)
    state.board.lay("C9", "9", 2)
    state.trains["1G#1"] = Train("1G#1", "1G", owner="EPP")
    state.companies["EPP"].trains.append("1G#1")
    return game, state


def test_company_routes_runs_the_companys_trains_on_the_saved_board() -> None:
    game, state = _game_with_a_goods_run()
    assert companies_with_trains(state) == ["EPP"]
    result = company_routes(game.title, state, "EPP")
    assert (result.revenue, result.treasury) == (20, 20)
    assert describe("EPP", result) == [
        "EPP: 20, 20 to the treasury",
        "  1G: E11.0 - D10.0 - B8.0 = 20 +20 treasury",
    ]


def test_routes_command_reads_a_save(tmp_path: Path, capsys) -> None:
    save = tmp_path / "game.json"
    Game("1837", ["a", "b", "c"], 7).save(save)
    assert main(["routes", str(save), "--all"]) == 0
    assert capsys.readouterr().out == "no company owns a train\n"
    assert main(["routes", str(save), "--company", "BK", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["BK"].pop("seconds") >= 0  # the search time, as the README promises
    assert out == {"BK": {"runs": [], "revenue": 0, "treasury": 0, "total": 0, "complete": True}}
    assert main(["routes", str(save), "--company", "NOPE"]) == 1
    assert "no company 'NOPE'" in capsys.readouterr().err
