"""The engine's primitives (framework/eighteen/primitives.py): every change a title makes to
engine state goes through them, and each keeps money, certificates, trains and tokens whole."""

import ast
from pathlib import Path

import pytest

from railyard.framework.eighteen.primitives import (
    StateError,
    absorb,
    close_company,
    move_cash,
    move_certificate,
    move_train,
    place_token,
    return_token,
)
from railyard.framework.eighteen.state import CLOSED, DEPOT, IPO, SCRAPPED, TRAIN_POOL
from tests.framework.or_helpers import give_train, major, minor, position

ROOT = Path(__file__).resolve().parent.parent.parent

#: fields of the engine's state (G18State, Company, Certificate, Train, Player, Depot) that
#: only the engine and its primitives assign
ENGINE_FIELDS = {
    "owner", "floated", "closed", "operated", "cash", "tokens_left", "tokens", "trains",
    "certificates", "home", "market", "par_price", "par_cell", "phase", "priority", "bank",
    "packet_remaining", "offers", "pool", "stacks", "scrapped", "game_over",
}
#: engine collections a title must not edit in place
ENGINE_LISTS = {"trains", "certificates", "tokens", "pool", "stacks", "scrapped", "packet_remaining", "offers"}
MUTATORS = {"append", "remove", "pop", "extend", "insert", "clear", "update", "setdefault"}


def engine_writes(source: str) -> list[str]:
    """Where ``source`` writes an engine-owned field itself (line: what)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif isinstance(node, ast.Delete):
            targets = [t.value for t in node.targets if isinstance(t, ast.Subscript)]
        for target in targets:
            while isinstance(target, ast.Subscript):
                target = target.value
            if isinstance(target, ast.Attribute) and target.attr in ENGINE_FIELDS:
                found.append(f"{node.lineno}: .{target.attr} =")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            owner = node.func.value
            if node.func.attr in MUTATORS and isinstance(owner, ast.Attribute) and owner.attr in ENGINE_LISTS:
                found.append(f"{node.lineno}: .{owner.attr}.{node.func.attr}()")
            if node.func.attr == "pay":
                found.append(f"{node.lineno}: .pay() (use move_cash)")
    return found


def family_hook_files() -> list[Path]:
    """Hook modules of titles built on the 18xx family (those importing it)."""
    return [
        path
        for path in sorted(ROOT.glob("titles/*/hooks/*.py")) + sorted(ROOT.glob("titles/*/hooks.py"))
        if "railyard.framework.eighteen" in path.read_text(encoding="utf-8")
    ]


def test_no_title_hook_writes_engine_owned_fields():
    files = family_hook_files()
    assert files, "no 18xx-family title hooks found"
    offences = [f"{p.relative_to(ROOT)}:{w}" for p in files for w in engine_writes(p.read_text(encoding="utf-8"))]
    assert offences == []


def test_the_scan_sees_the_writes_titles_used_to_make():
    old = (
        "cert.owner = owner\n"
        "company.tokens_left = max(0, company.tokens_left - 1)\n"
        "state.companies[cid].trains.remove(train_id)\n"
        "state.companies[comp].tokens_left += count\n"
        "company.floated = True\n"
        "del state.offers[offer_id]\n"
        "state.pay(minor, national, company.cash)\n"
        "company.extra['formed'] = True\n"  # a title's own room: allowed
    )
    assert sorted(int(w.split(":")[0]) for w in engine_writes(old)) == [1, 2, 3, 4, 5, 6, 7]


def test_close_company_is_one_routine_trains_pool_tokens_off_cash_to_bank_certificates_out():
    rules, state = position()
    major(rules, state, "AR", (0, 3), {"ann": 60}, cash=120)
    train = give_train(rules, state, "AR", "2")
    place_token(state, "AR", "A3", 0)
    bank = state.bank
    close_company(rules, state, "AR")
    ar = state.companies["AR"]
    assert ar.closed and ar.cash == 0 and state.bank == bank + 120
    assert {c.owner for c in ar.certificates} == {CLOSED}
    assert state.trains[train].owner == TRAIN_POOL and train in state.depot.pool
    assert state.board.tokens_of("AR") == [] and "AR" not in state.stack_at((0, 3))
    assert rules.invariants(state) == []
    with pytest.raises(StateError):
        close_company(rules, state, "AR")


def test_absorb_moves_certificates_cash_trains_and_tokens_then_closes_the_minor():
    rules, state = position()
    minor(state, "M1", "cy", cash=50)
    major(rules, state, "AR", (0, 3), {"ann": 60}, cash=0)
    train = give_train(rules, state, "M1", "2")
    place_token(state, "M1", "A3", 0)
    share = next(c for c in state.companies["AR"].certificates if c.owner == IPO)
    move_certificate(state, share.id, "@reserved")
    done = absorb(rules, state, "M1", "AR", exchange_for=lambda cert: share.id, take_token=lambda h, s: True)
    assert state.cert(share.id).owner == "cy" and done.exchanged[0][0] == "cy"
    assert state.companies["AR"].cash == 50 and done.cash == 50
    assert state.trains[train].owner == "AR" and done.trains == (train,)
    assert state.board.tokens_of("AR") == [("A3", 0)] and done.tokens == (("A3", 0, True),)
    assert state.companies["M1"].closed


def test_primitives_refuse_what_would_create_or_lose_things():
    rules, state = position()
    major(rules, state, "AR", (0, 3), {"ann": 60}, cash=10)
    depot_train = next(t.id for t in state.trains.values() if t.owner == DEPOT)
    with pytest.raises(StateError, match="bought"):
        move_train(state, depot_train, "AR")  # a depot train is bought, with its phase effects
    move_train(state, depot_train, SCRAPPED)
    with pytest.raises(StateError):
        move_cash(state, "AR", "ann", -5)
    with pytest.raises(StateError):
        move_certificate(state, state.companies["AR"].certificates[0].id, "nobody")
    state.companies["AR"].tokens_left = 0
    with pytest.raises(StateError, match="no token left"):
        place_token(state, "AR", "A3", 0)


def test_a_returned_token_goes_back_to_the_charter():
    rules, state = position()
    major(rules, state, "AR", (0, 3), {"ann": 60})
    left = state.companies["AR"].tokens_left
    place_token(state, "AR", "A3", 0)
    return_token(state, "AR", "A3", 0)
    assert state.companies["AR"].tokens_left == left and state.board.tokens_of("AR") == []
