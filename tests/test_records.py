"""Records print, compare and hash as attrs would, with none of those compiled per class at
import."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

import attrs
import pytest

import railyard
from railyard.framework import records
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


# -- == and hash: compiled at the first call, as attrs would have ----------------------------

_KEEP_ATTRS_COMPARE = {"TileDef"}  # cache_hash needs attrs' own (compare="attrs")


def _twin(cls: type) -> type:
    """A class attrs builds with the same fields' compare settings and its own ``==`` and
    hash: what the record's must match."""
    these = {a.name: attrs.field(eq=a.eq_key or a.eq, hash=a.hash, default=a.default)
             for a in attrs.fields(cls)}
    frozen = records._frozen(cls)
    return attrs.make_class(cls.__name__, these, frozen=frozen, eq=True, repr=False)


def _code(method: Any, hash_number: bool = False) -> tuple[Any, ...]:
    """What a method does: its byte code, names and constants; a hash's per-class number (the
    one constant that is an int) left out."""
    code = method.__code__

    def plain(const: Any) -> Any:
        if type(const) is tuple:  # a hash of no fields: the tuple (number,) folded
            return tuple(plain(c) for c in const)
        return "number" if hash_number and type(const) is int else const

    consts = tuple(plain(c) for c in code.co_consts)
    return code.co_code, code.co_names, code.co_varnames, consts


def test_no_attrs_class_compiles_its_compare_methods_at_import() -> None:
    classes = _attrs_classes()
    compiled = sorted({c.__qualname__ for c in classes for name in ("__eq__", "__hash__")
                       if "attrs generated" in getattr(getattr(c, name), "__code__",
                                                       records._first_eq.__code__).co_filename})
    assert compiled == sorted(_KEEP_ATTRS_COMPARE)


def test_every_record_compares_and_hashes_with_attrs_code() -> None:
    """The methods compiled at the first call are attrs' own, class by class: the same byte
    code, names and constants (but the hash's per-class number), and hashable exactly when
    attrs would make the class so."""
    checked = 0
    for cls in _attrs_classes():
        if cls.__qualname__ in _KEEP_ATTRS_COMPARE or "__eq__" in vars(cls) and \
                vars(cls)["__eq__"] is not records._first_eq and "record" not in \
                vars(cls)["__eq__"].__code__.co_filename:
            continue  # a class with an ``__eq__`` of its own
        twin = _twin(cls)
        assert _code(records.eq_method(cls)) == _code(twin.__eq__), cls.__qualname__
        if twin.__hash__ is None:
            assert cls.__hash__ is None, cls.__qualname__
        else:
            assert _code(records.hash_method(cls), True) == _code(twin.__hash__, True), \
                cls.__qualname__
        checked += 1
    assert checked > 150


@attrs.frozen(repr=False)
class _Point(Record):
    x: int
    label: str = attrs.field(default="", eq=str.lower)
    note: str = attrs.field(default="", eq=False)
    _cached: int = attrs.field(default=0, hash=False)


@attrs.frozen(repr=False)
class _Point3(_Point):
    z: int = 0


@attrs.frozen(repr=False)
class _Empty(Record):
    pass


@attrs.define(repr=False)
class _Mutable(Record):
    items: list[int]


class _Plain(Record):
    pass


def test_record_compare_is_attrs_compare_field_by_field() -> None:
    twin = _twin(_Point)
    pairs = [((1, "A", "n", 5), (1, "a", "m", 5)), ((1, "A"), (2, "A")),
             ((1, "A", "", 1), (1, "A", "", 2)), ((1, "b"), (1, "c"))]
    for one, other in pairs:
        mine, theirs = (_Point(*one), _Point(*other)), (twin(*one), twin(*other))
        assert (mine[0] == mine[1]) is (theirs[0] == theirs[1])
        assert (mine[0] != mine[1]) is (theirs[0] != theirs[1])
    assert _Point(1, "A", "x") == _Point(1, "a", "y")
    assert hash(_Point(1, "A", "x", 1)) == hash(_Point(1, "a", "y", 1))
    assert _Point(1, "A", "x", 1) != _Point(1, "a", "y", 2)  # hash=False is still compared
    assert hash(_Point(1, "A", "x", 1)) == hash(_Point(1, "A", "x", 2))


def test_record_compare_checks_the_class_first() -> None:
    assert _Point(1) != _Point3(1)
    assert _Point3(1) != _Point(1)
    assert _Point3(1, z=2) == _Point3(1, z=2)
    assert _Point3(1, z=2) != _Point3(1, z=3)  # the subclass's own field is compared
    assert _Point(1).__eq__(object()) is NotImplemented
    assert _Empty() == _Empty()
    assert hash(_Empty()) == hash(_Empty())


def test_mutable_records_are_unhashable_and_plain_ones_compare_by_identity() -> None:
    assert _Mutable([1]) == _Mutable([1])
    assert _Mutable.__hash__ is None
    with pytest.raises(TypeError, match="unhashable"):
        hash(_Mutable([1]))
    one = _Plain()
    assert one == one
    assert one != _Plain()
    assert hash(one) == object.__hash__(one)


def test_a_record_compiles_its_compare_once() -> None:
    @attrs.frozen(repr=False)
    class Once(Record):
        n: int

    assert vars(Once)["__eq__"] is records._first_eq
    assert Once(1) == Once(1)
    built = vars(Once)["__eq__"]
    assert built is not records._first_eq
    assert Once(2) != Once(1)
    assert vars(Once)["__eq__"] is built
    assert hash(Once(1)) == hash(Once(1))
    assert "record __hash__" in vars(Once)["__hash__"].__code__.co_filename
