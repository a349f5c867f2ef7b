"""The memo helper (framework/memo.py): bounded, and unable to go stale."""

from __future__ import annotations

import copy
import pickle
import re
from pathlib import Path

import attrs
import pytest

from railyard.framework.memo import MISSING, FrozenMap, IdMemo, Listing, Memo, frozen
from railyard.framework.model.phases import PhaseDef
from railyard.framework.positions import clear_game_caches

ROOT = Path(__file__).resolve().parents[2]


@attrs.frozen
class _Frozen:
    value: int


class _Plain:
    pass


def test_a_phase_s_train_limits_cannot_be_changed_once_made() -> None:
    phase = PhaseDef(name="2", train_limits={"major": 4})
    with pytest.raises(TypeError):
        phase.train_limits["major"] = 3  # type: ignore[index]
    with pytest.raises(TypeError):
        phase.train_limits.update({"minor": 2})
    with pytest.raises(TypeError):
        del phase.train_limits["major"]
    assert phase.train_limits == {"major": 4}


def test_a_board_s_printed_map_which_memos_key_on_cannot_be_changed() -> None:
    from railyard.framework.board import Board
    from railyard.framework.loader import load_title

    board = Board.from_title(load_title("1837"))
    printed = board.printed_map()
    assert isinstance(printed, FrozenMap) and frozen(printed)
    coord = next(iter(printed))
    with pytest.raises(TypeError):
        printed[coord] = printed[coord]  # type: ignore[index]
    assert board.copy().printed_map() is printed  # copies share it: one memo entry for all


def test_an_identity_memo_refuses_an_anchor_that_could_change() -> None:
    memo: IdMemo[int] = IdMemo(8)
    for mutable in ({"a": 1}, [1], {1}, _Plain()):
        with pytest.raises(TypeError, match="could change"):
            memo.put(mutable, id(mutable), 1)
    with pytest.raises(TypeError):
        memo.put((_Frozen(1), {"a": 1}), 0, 1)  # every anchor of a tuple is checked
    assert not memo


def test_a_content_memo_refuses_a_key_holding_what_could_change() -> None:
    memo: Memo[object, int] = Memo(8)
    with pytest.raises(TypeError, match="could change"):
        memo.put(("x", _Plain()), 1)
    assert memo.put(("x", 1, (_Frozen(2), frozenset({3})), FrozenMap({"a": 1})), 5) == 5


def test_identity_only_memos_may_name_a_mutable_object_by_identity() -> None:
    memo: IdMemo[int] = IdMemo(8, identity_only=True)
    store: dict[str, int] = {}
    assert memo.put(store, id(store), 3) == 3
    assert memo.lookup(store, id(store)) == 3


def test_an_identity_entry_counts_only_for_the_very_object_it_was_stored_for() -> None:
    memo: IdMemo[str] = IdMemo(8)
    a, b = _Frozen(1), _Frozen(1)
    memo.put(a, 42, "a's")
    assert memo.lookup(a, 42) == "a's"
    assert memo.lookup(b, 42) is MISSING  # an equal object under the same key is another one
    memo.put((a, b), 7, "pair")
    assert memo.lookup((a, b), 7) == "pair"
    assert memo.lookup((b, a), 7) is MISSING
    calls: list[int] = []
    assert memo.cached(a, lambda: calls.append(1) or "made") == "made"
    assert memo.cached(a, lambda: calls.append(1) or "again") == "made"
    assert calls == [1]


def test_a_full_memo_is_emptied_or_loses_its_oldest_entry() -> None:
    cleared: Memo[int, int] = Memo(3)
    for n in range(4):
        cleared.put(n, n)
    assert dict(cleared) == {3: 3}
    oldest: Memo[int, int] = Memo(3, oldest=True)
    for n in range(4):
        oldest.put(n, n)
    assert dict(oldest) == {1: 1, 2: 2, 3: 3}


def test_a_per_game_memo_is_emptied_between_games() -> None:
    memo: Memo[int, int] = Memo(3, per_game=True)
    memo.put(1, 1)
    clear_game_caches()
    assert not memo


def test_a_listing_remembers_only_while_it_is_open() -> None:
    listing = Listing()
    state = _Frozen(0)
    calls: list[int] = []

    def work() -> int:
        calls.append(1)
        return len(calls)

    assert listing.remember("n", state, None, work) == 1
    assert listing.remember("n", state, None, work) == 2  # closed: nothing is kept
    with listing.open():
        assert listing.remember("n", state, None, work) == 3
        with listing.open():  # nested: the outer block's memo
            assert listing.remember("n", state, None, work) == 3
        assert listing.remember("n", _Frozen(0), None, work) == 4  # another state
    assert listing.remember("n", state, None, work) == 5


def test_a_frozen_map_reads_compares_copies_and_pickles_as_a_dict() -> None:
    m = FrozenMap({"a": 1, "b": 2})
    assert m == {"a": 1, "b": 2} and m["a"] == 1 and m.get("c") is None and list(m) == ["a", "b"]
    assert hash(m) == hash(FrozenMap({"b": 2, "a": 1}))
    again = pickle.loads(pickle.dumps(m))
    assert type(again) is FrozenMap and again == m
    assert copy.copy(m) is m and copy.deepcopy(m) is m
    assert frozen(m) and frozen(_Frozen(1)) and not frozen({}) and not frozen(_Plain())


def test_no_module_bounds_a_memo_by_hand() -> None:
    """Every bounded memo of the engine and the titles is a Memo or IdMemo: no module empties
    or trims a dict of its own when it grows (the pattern the helper replaced)."""
    pattern = re.compile(r"if len\(_[A-Z_]+\) >=? ")
    found = []
    for folder in ("framework", "titles"):
        for path in (ROOT / folder).rglob("*.py"):
            if path.name == "memo.py":
                continue
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if pattern.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert found == []
