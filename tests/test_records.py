"""Records print as attrs would, with no repr compiled per class at import."""

from __future__ import annotations

import importlib
import pkgutil

import attrs
import pytest
import railyard
from railyard.framework.eighteen.or_actions import LayTile
from railyard.framework.records import Record


def _attrs_classes() -> list[type]:
    """Every attrs class defined in the engine, the renderer and the titles' hooks."""
    found: list[type] = []
    names = [info.name for part in ("framework", "renderer", "titles")
             for info in pkgutil.walk_packages([f"{railyard.__path__[0]}/{part}"],
                                               f"railyard.{part}.")]
    for name in names:
        if ".tools" in name or name.endswith("__main__"):
            continue
        module = importlib.import_module(name)
        for value in vars(module).values():
            if isinstance(value, type) and attrs.has(value) and value.__module__ == name:
                found.append(value)
    return found


def test_no_attrs_class_compiles_its_own_repr() -> None:
    classes = _attrs_classes()
    assert len(classes) > 150  # the walk reached the package
    compiled = [c.__qualname__ for c in classes
                if "attrs generated" in c.__repr__.__code__.co_filename]
    assert compiled == []
    assert all(issubclass(c, Record) for c in classes)


@attrs.frozen
class _Compiled:
    number: int
    hidden: str = attrs.field(default="x", repr=False)
    shown: tuple[int, ...] = attrs.field(default=(), repr=lambda v: f"<{len(v)}>")
    later: int = attrs.field(init=False, default=7)


@attrs.frozen(repr=False)
class _Lazy(Record):
    number: int
    hidden: str = attrs.field(default="x", repr=False)
    shown: tuple[int, ...] = attrs.field(default=(), repr=lambda v: f"<{len(v)}>")
    later: int = attrs.field(init=False, default=7)


@attrs.define(repr=False)
class _Box(Record):
    inside: list[object]


def test_record_repr_is_the_text_attrs_would_print() -> None:
    compiled = repr(_Compiled(3, "secret", (1, 2)))
    assert compiled == "_Compiled(number=3, shown=<2>, later=7)"
    assert repr(_Lazy(3, "secret", (1, 2))) == compiled.replace("_Compiled", "_Lazy")


def test_record_met_inside_itself_prints_dots() -> None:
    box = _Box([1])
    box.inside.append(box)
    assert repr(box) == "_Box(inside=[1, ...])"
    assert repr(box) == "_Box(inside=[1, ...])"  # the guard is let go after each print


def test_an_action_of_a_refusal_message_reads_as_before() -> None:
    action = LayTile("SD", "F13", "7", 2)
    assert repr(action) == "LayTile(entity='SD', hex='F13', tile='7', rotation=2)"


@pytest.mark.parametrize("cls", [_Lazy])
def test_records_still_pickle_and_compare(cls: type) -> None:
    import pickle

    one = cls(1, "a", (2,))
    assert pickle.loads(pickle.dumps(one)) == one
    assert hash(one) == hash(cls(1, "a", (2,)))
