"""What the 18xx.games site puts into a recording besides its players' moves, through the importer.

The site inserts passes of its own (``original_id: null``, added when a newer engine needed
them), records a private's special lay and token with the private as the acting entity, and
keeps its automation: ``program_*`` settings and the moves they made (``auto_actions``). Each
test edits a real recording the way the site does and imports it.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from railyard.framework.importers import import_game
from railyard.framework.importers.recorded import recorded_from_dict
from tests.framework.site_games import game_file, require

GAME_962 = "reference/1889/games/962.json"
BANK_1830 = "reference/1830/games/1830_game_end_bank.json"


def _raw(relative: str) -> dict[str, Any]:
    require(relative)
    path = game_file(relative)
    assert path is not None
    return json.loads(path.read_text(encoding="utf-8"))


def _unfinished(data: dict[str, Any], actions: list[dict[str, Any]]) -> dict[str, Any]:
    cut = copy.deepcopy(data)
    cut["actions"] = actions
    cut.pop("result", None)
    cut["status"] = "active"
    return cut


def test_a_pass_the_site_inserted_before_a_token_is_absorbed_and_the_token_placed() -> None:
    data = _raw(GAME_962)
    raw = data["actions"]
    lay, token = raw[39], raw[40]  # TR lays 57 on its home hex, then places a token on it
    assert (lay["type"], token["type"], lay["entity"], token["entity"]) == ("lay_tile", "place_token", "TR", "TR")
    inserted = {"type": "pass", "entity": "TR", "entity_type": "corporation", "original_id": None, "id": 9999}
    result = import_game(recorded_from_dict(_unfinished(data, [*raw[:40], inserted, *raw[40:45]])))
    assert result.complete, result.divergence
    at = next(i for i, a in enumerate(result.recorded.actions) if a.get("id") == 9999)
    assert result.absorbed == [at]
    assert result.game.state.board.tokens_at(lay["hex"], 0) == ("TR",)


def test_a_private_teleport_lay_names_its_tile_copy_and_its_token_is_free() -> None:
    # ERIE bought DH, laid 57 on F16 with DH's ability ("57-1", entity DH) and placed DH's
    # token on that copy ("57-1-0"); its players undid this branch, so it is cut out here.
    # ERIE's home token (E11, asked first by our engine) is named by its later lay there,
    # which ends the import (its turn's lay was the teleport).
    data = _raw(BANK_1830)
    raw = data["actions"]
    branch = [a for a in raw if a["id"] <= 229]
    assert [(a["type"], a["entity"]) for a in branch[-3:]] == [
        ("buy_company", "ERIE"), ("lay_tile", "DH"), ("place_token", "DH")]
    home = [dict(a, id=a["id"] + 1000) for a in raw if a["id"] in (236, 237)]
    result = import_game(recorded_from_dict(_unfinished(data, branch + home)))
    game = result.game
    assert [type(a).__name__ for a in game.actions[-4:]] == ["ChooseHome", "BuyPrivate", "AbilityLay", "AbilityToken"]
    assert game.state.board.tokens_at("F16", 0) == ("ERIE",)
    # ERIE had 1000 from its float, paid 140 for DH and 120 for F16's mountain: the token cost nothing
    assert game.state.companies["ERIE"].cash == 740
    assert result.divergence is not None and result.divergence.site_id == 1236


def test_programmed_moves_are_played_and_the_settings_skipped() -> None:
    data = _raw(GAME_962)
    plain = import_game(recorded_from_dict(_unfinished(data, data["actions"][:30])))
    assert plain.complete, plain.divergence
    moves = [dict(a) for a in plain.recorded.actions]  # undone moves left out
    # the same moves, the last two recorded as the automatic moves of the one before them,
    # after the setting that made them
    automatic = [{k: v for k, v in move.items() if k != "id"} for move in moves[-2:]]
    programmed = [*moves[:-3], dict(moves[-3], auto_actions=automatic),
                  {"type": "program_share_pass", "entity": moves[-3]["entity"], "entity_type": "player", "id": 5000}]
    result = import_game(recorded_from_dict(_unfinished(data, programmed)))
    assert result.complete, result.divergence
    assert result.recorded.raw_count == len(moves) - 1
    assert len(result.recorded.actions) == len(moves)
    assert result.game.actions == plain.game.actions
