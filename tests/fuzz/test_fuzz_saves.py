"""Fuzzing save files (issue 19, defects 4 and 5): every field corrupted, the text truncated,
nested, given wrong types. Each case ends in a clear refusal naming the field, or in the right
game; a wrong type is never accepted; the commands say one line and exit 1, never a traceback."""

from __future__ import annotations

import copy
import json
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from railyard.framework.core.errors import ReplayError
from railyard.framework.core.game import Game, SaveError
from railyard.framework.loader import TitleErrors
from tests.fuzz.helpers import assert_clear_failure, fuzz, run_command, within

REFUSALS = (SaveError, TitleErrors, ReplayError)


@cache
def base_save() -> dict[str, Any]:
    """A 1837 game 30 actions in (the first legal action each time)."""
    game = Game("1837", ["ann", "bob", "cy"], 5)
    for _ in range(30):
        game.process(game.legal_actions()[0])
    return game.to_dict()


@cache
def base_hash() -> str:
    return Game.from_dict(base_save()).state_hash()


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False) | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


def kind(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    return type(value).__name__


def load(data: Any) -> Game | BaseException:
    try:
        return Game.from_dict(data)
    except REFUSALS as error:
        assert str(error).strip(), "a refusal that says nothing"
        return error


# the fields a save must have, and those it may leave out
REQUIRED = ("format", "version", "title", "players", "seed", "actions")
OPTIONAL = ("variant", "overrides", "table")
VALID = {"format": {"str"}, "version": {"int"}, "title": {"str"}, "players": {"list"}, "seed": {"int"},
         "actions": {"list"}, "variant": {"str", "NoneType"}, "overrides": {"list"}, "table": {"dict"}}


@fuzz(80)
@given(st.sampled_from(REQUIRED + OPTIONAL), JSON)
def test_a_top_level_field_of_another_type_is_refused_naming_it(field: str, value: Any) -> None:
    data = copy.deepcopy(base_save())
    if kind(value) in VALID[field]:
        value = [value]  # always another type than the field's own
        if "list" in VALID[field]:
            value = {"x": value}
    data[field] = value
    with within(name="saves: a field of another type"):
        result = load(data)
    assert isinstance(result, SaveError), (field, value, result)
    assert str(result).startswith((field, "not a railyard save", "version")), str(result)


@fuzz(30)
@given(st.sampled_from(REQUIRED + OPTIONAL))
def test_a_missing_field_is_refused_or_defaulted(field: str) -> None:
    data = copy.deepcopy(base_save())
    data.pop(field, None)
    with within(name="saves: a field left out"):
        result = load(data)
    if field in OPTIONAL:
        assert isinstance(result, Game) and result.state_hash() == base_hash()
    else:
        assert isinstance(result, SaveError)


@fuzz(120)
@given(st.data())
def test_an_action_field_of_another_type_is_refused_naming_the_action_and_field(data: st.DataObject) -> None:
    save = copy.deepcopy(base_save())
    index = data.draw(st.integers(0, len(save["actions"]) - 1))
    action = save["actions"][index]
    field = data.draw(st.sampled_from(sorted(action)))
    value = data.draw(JSON.filter(lambda v: v is not None and kind(v) != kind(action[field])))
    action[field] = value
    with within(name="saves: an action field of another type"):
        result = load(save)
    assert isinstance(result, SaveError), (index, field, value, result)
    where = f"actions[{index}]"
    assert str(result).startswith(where), str(result)


@fuzz(100)
@given(st.data())
def test_an_action_with_a_field_added_or_removed_is_refused(data: st.DataObject) -> None:
    save = copy.deepcopy(base_save())
    index = data.draw(st.integers(0, len(save["actions"]) - 1))
    action = save["actions"][index]
    if data.draw(st.booleans()):
        action[data.draw(st.text(min_size=1, max_size=8).filter(lambda k: k not in action))] = 1
    else:
        field = data.draw(st.sampled_from(sorted(action)))
        del action[field]
    with within(name="saves: an action with a field added or removed"):
        result = load(save)
    # removing a field with a default would load; actions here have none but 'type'/'entity'
    assert isinstance(result, SaveError | ReplayError), result


@fuzz(80)
@given(st.data())
def test_an_action_value_of_the_right_type_loads_or_is_refused_by_a_rule(data: st.DataObject) -> None:
    save = copy.deepcopy(base_save())
    index = data.draw(st.integers(0, len(save["actions"]) - 1))
    action = save["actions"][index]
    field = data.draw(st.sampled_from(sorted(k for k in action if k != "type")))
    original = action[field]
    if isinstance(original, str):
        action[field] = data.draw(st.text(max_size=6))
    elif isinstance(original, int):
        action[field] = data.draw(st.integers(-10**6, 10**6))
    with within(name="saves: an action value changed"):
        result = load(save)
    if isinstance(result, ReplayError):
        assert result.index <= index
    elif isinstance(result, Game):
        assert len(result.actions) == len(save["actions"])


@fuzz(100)
@given(st.integers(0, 10**9))
def test_a_truncated_save_is_refused_or_whole(cut: int) -> None:
    text = json.dumps(base_save(), indent=1) + "\n"
    cut %= len(text)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "save.json"
        path.write_text(text[:cut])
        with within(name="saves: truncated"):
            try:
                game = Game.load(path)
            except SaveError as error:
                assert str(error)
            else:
                assert game.state_hash() == base_hash()  # only a cut of trailing space loads


@fuzz(40)
@given(st.integers(1, 300_000), st.sampled_from(["[", '{"a":']))
def test_a_deeply_nested_save_is_refused(depth: int, opener: str) -> None:
    closer = "]" if opener == "[" else "}"
    text = '{"format": "railyard-save", "version": 1, "actions": ' + opener * depth + "1" + closer * depth + "}"
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "save.json"
        path.write_text(text)
        with within(name="saves: nested"), pytest.raises(SaveError):
            Game.load(path)


@fuzz(100)
@given(JSON)
def test_any_json_is_refused_as_a_save_or_is_one(value: Any) -> None:
    with within(name="saves: any JSON"):
        result = load(value)
    assert isinstance(result, BaseException)


@fuzz(100)
@given(st.binary(max_size=300))
def test_any_bytes_are_refused_as_a_save(raw: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "save.json"
        path.write_bytes(raw)
        with within(name="saves: any bytes"), pytest.raises(SaveError):
            Game.load(path)


COMMANDS = [
    ["replay", "{save}"],
    ["routes", "{save}", "--all"],
    ["render", "{save}", "--out", "{folder}/board.png", "--board-only", "--size", "6"],
    ["play", "1837", "--load", "{save}", "--headless", "--max-actions", "0", "--save", "{folder}/after.json"],
]


def corrupt(data: st.DataObject) -> str:
    """A save corrupted in one of the ways above, as text."""
    save = copy.deepcopy(base_save())
    how = data.draw(st.sampled_from(["field", "action", "truncate", "json", "nest"]))
    if how == "field":
        save[data.draw(st.sampled_from(REQUIRED + OPTIONAL + ("title_path", "extra")))] = data.draw(JSON)
    elif how == "action":
        action = save["actions"][data.draw(st.integers(0, len(save["actions"]) - 1))]
        action[data.draw(st.sampled_from([*sorted(action), "extra"]))] = data.draw(JSON)
    elif how == "json":
        return json.dumps(data.draw(JSON))
    elif how == "nest":
        depth = data.draw(st.integers(50, 100_000))
        return "[" * depth + "]" * depth
    text = json.dumps(save)
    if how == "truncate":
        text = text[: data.draw(st.integers(0, len(text)))]
    return text


@fuzz(120)
@given(command=st.sampled_from(COMMANDS), data=st.data())
def test_every_command_reading_a_save_says_one_line_and_exits_1(command: list[str], data: st.DataObject,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    text = corrupt(data)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "save.json"
        path.write_text(text)
        argv = [a.format(save=path, folder=folder) for a in command]
        with within(name=f"saves: {command[0]} on a corrupted save"):
            code, _, err = run_command(argv)
        assert_clear_failure(code, err)
        if code == 1 and command[0] in ("routes", "render", "play"):
            assert len(err.strip().splitlines()) == 1, err
