"""One type contract for actions (issue 35, defect 6): an action object, a dict and a save's
action are held to the same field types; a wrong type is an IllegalAction naming the field,
never a coerced value, never a TypeError from deep in the rules, and never a game that saves
and then cannot be loaded. Player names and counts likewise (the smaller defects)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
import pytest

from railyard.framework.core.errors import IllegalAction
from railyard.framework.core.game import Game, SaveError, SeatingError
from railyard.framework.eighteen.actions import Par, SellShares
from railyard.framework.eighteen.or_actions import AnswerTrainOffer, LayTile
from railyard.framework.loader import load_title
from tests.framework.tinyrail import EXAMPLE


@pytest.fixture(scope="module")
def title() -> Any:
    return load_title(EXAMPLE)


def a_game(title: Any) -> Game[Any]:
    return Game(title, ["a", "b"], 1)


def par(game: Game[Any]) -> Par:
    return next(a for a in game.legal_actions() if isinstance(a, Par))


@pytest.mark.parametrize(("wrong", "field"), [
    (lambda p: attrs.evolve(p, price=float(p.price)), "price"),
    (lambda p: attrs.evolve(p, price=str(p.price)), "price"),
    (lambda p: attrs.evolve(p, price=True), "price"),
    (lambda p: attrs.evolve(p, company=7), "company"),
])
def test_an_action_object_with_a_field_of_the_wrong_type_is_refused_naming_the_field(
        title: Any, wrong: Any, field: str) -> None:
    game = a_game(title)
    before = game.state_hash()
    with pytest.raises(IllegalAction) as caught:
        game.process(wrong(par(game)))
    assert caught.value.rule == "rule:action.type"
    assert f"Par.{field}: expected" in str(caught.value)
    assert game.state_hash() == before and game.actions == ()


@pytest.mark.parametrize("action", [
    SellShares("a", "AR", "10"),  # type: ignore[arg-type]
    AnswerTrainOffer("a", "x"),  # type: ignore[arg-type]
    LayTile("a", "A1", "57", 5.7),  # type: ignore[arg-type]
])
def test_a_wrong_type_is_an_illegal_action_not_a_type_error_whatever_the_position(
        title: Any, action: Any) -> None:
    game = a_game(title)
    with pytest.raises(IllegalAction, match="rule:action.type: .*expected"):
        game.process(action)


@pytest.mark.parametrize(("field", "value"), [("price", "70"), ("price", 70.0), ("price", 70.5)])
def test_a_dict_is_read_as_a_save_reads_it_with_no_coercion(title: Any, field: str, value: Any) -> None:
    game = a_game(title)
    raw = {"type": "par", "entity": "a", "company": "AR", "price": 70, field: value}
    with pytest.raises(IllegalAction, match=f"{field}: expected an integer"):
        game.process(raw)
    assert game.actions == ()


def test_a_dict_rotation_of_a_fraction_is_refused_not_played_as_its_integer(title: Any) -> None:
    game = a_game(title)
    with pytest.raises(IllegalAction, match="rotation: expected an integer, got 5.7"):
        game.process({"type": "lay_tile", "entity": "a", "hex": "A1", "tile": "57", "rotation": 5.7})


def test_an_unknown_action_type_in_a_dict_is_an_illegal_action(title: Any) -> None:
    with pytest.raises(IllegalAction, match="unknown action type"):
        a_game(title).process({"type": "no_such_thing", "entity": "a"})


def test_whatever_the_api_plays_its_save_loads_back(title: Any, tmp_path: Path) -> None:
    game = a_game(title)
    game.process({"type": "par", "entity": "a", "company": "AR", "price": 70})
    game.save(tmp_path / "g.json")
    assert Game.load(tmp_path / "g.json", title=title).state_hash() == game.state_hash()


@pytest.mark.parametrize("name", ["a\x00b", "a\ud800", "line\nbreak"])
def test_a_player_name_no_file_or_screen_can_show_is_refused_by_game_and_by_the_save_reader(
        title: Any, tmp_path: Path, name: str) -> None:
    with pytest.raises(SeatingError, match="players: expected a player name without control"):
        Game(title, [name, "b"], 1)
    save = a_game(title).to_dict()
    save["players"] = [name, "b"]
    (tmp_path / "g.json").write_text(json.dumps(save), encoding="utf-8")
    with pytest.raises(SaveError, match="players: expected a player name without control"):
        Game.load(tmp_path / "g.json", title=title)


@pytest.mark.parametrize("count", [1, 8])
def test_a_save_with_a_player_count_the_title_cannot_seat_is_a_save_error_naming_players(
        title: Any, tmp_path: Path, count: int) -> None:
    save = a_game(title).to_dict()
    save["players"] = [f"p{i}" for i in range(count)]
    (tmp_path / "g.json").write_text(json.dumps(save), encoding="utf-8")
    with pytest.raises(SaveError, match=f"players: the title seats 2-4 players, got {count}"):
        Game.load(tmp_path / "g.json", title=title)


@pytest.mark.parametrize("count", [1, 8])
def test_a_save_of_a_packaged_title_with_a_count_it_cannot_seat_is_a_save_error(
        tmp_path: Path, count: int) -> None:
    save = {"format": "railyard-save", "version": 1, "title": "1889",
            "players": [f"p{i}" for i in range(count)], "seed": 1, "actions": []}
    (tmp_path / "g.json").write_text(json.dumps(save), encoding="utf-8")
    with pytest.raises(SaveError, match=f"players: the title seats 2-6 players, got {count}"):
        Game.load(tmp_path / "g.json")
