"""The action contract: frozen, tagged, round-tripped through one cattrs converter."""

import attrs
import pytest

from railyard.framework.core import Action, IllegalAction, action_type, from_json, to_json
from tests.framework.core_toy import Add


def test_action_json_carries_its_tag_and_fields():
    assert to_json(Add("ann", 3)) == {"type": "toy_add", "entity": "ann", "amount": 3}


def test_action_json_round_trip_gives_an_equal_action():
    assert from_json({"type": "toy_add", "entity": "bob", "amount": 2}) == Add("bob", 2)


def test_actions_are_frozen():
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        Add("ann", 1).amount = 2  # type: ignore[misc]


def test_unknown_tag_is_refused():
    with pytest.raises(KeyError, match="no_such"):
        from_json({"type": "no_such", "entity": "x"})


def test_a_tag_cannot_be_taken_twice():
    with pytest.raises(ValueError, match="toy_add"):

        @action_type("toy_add")
        @attrs.frozen
        class Other(Action):
            pass


def test_a_second_import_of_an_action_class_gets_the_first_registration_back():
    # what a title's hooks module, imported once by path and once as a package, declares twice
    again = attrs.frozen(type("Add", (Action,), {"__qualname__": "Add", "__annotations__": {"amount": "int"}}))
    assert again is not Add
    assert action_type("toy_add")(again) is Add
    assert type(from_json({"type": "toy_add", "entity": "ann", "amount": 1})) is Add


def test_illegal_action_names_rule_and_message():
    error = IllegalAction("XIV", "may not buy a share of a corporation sold this round")
    assert str(error) == "XIV: may not buy a share of a corporation sold this round"
    assert (error.rule, error.message) == ("XIV", "may not buy a share of a corporation sold this round")
