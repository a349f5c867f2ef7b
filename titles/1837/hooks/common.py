"""Small helpers the 1837 hook modules share: which edition is played, who sits where, what a
company's definition says, and moving money, certificates, trains and tokens between holders.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railyard.framework.eighteen.primitives import move_train, sync_tokens  # noqa: F401  (shared)
from railyard.framework.eighteen.state import G18State
from railyard.framework.memo import IdMemo

if TYPE_CHECKING:
    from railyard.framework.eighteen.context import Context

def option(rules: Context, name: str) -> Any:
    """One of 1837's named options (setup.yaml ``options``, which declares each with its
    default; the variants set them): the hooks never ask which variant is played."""
    options = rules.spec.setup.options
    if name not in options:
        raise KeyError(f"1837 declares no option {name!r} (setup.yaml options)")
    return options[name]


def check_options(rules: Context) -> None:
    """Every option the hooks read is declared, and nothing else is set (a misspelt option in
    a variant would otherwise be ignored)."""
    declared = set(rules.spec.setup.options)
    unknown = sorted(declared - set(KNOWN_OPTIONS))
    missing = sorted(set(KNOWN_OPTIONS) - declared)
    if unknown or missing:
        raise ValueError(f"1837 options: unknown {unknown}, not declared {missing} (setup.yaml options)")


#: the options 1837's hooks read (setup.yaml documents each)
KNOWN_OPTIONS = (
    "operating_round_after_packet",
    "minors_sold_in_stages",
    "priority_to_last_buyer",
    "goods_trains_wait_for_sell_out",
    "sold_out_rise",
    "fold_in_order",
    "national_opening",
    "privates_count_toward_certificate_limit",
    "must_sell_down",
    "packet_rule",
)


def cdef(rules: Context, company_id: str) -> Any:
    return rules.spec.companies[company_id]


def ctype(rules: Context, company_id: str) -> Any:
    return rules.spec.type_of(company_id)


def companies_of_type(rules: Context, *types: str) -> tuple[str, ...]:
    """Company ids of the given types, in companies.yaml order (the hooks ask at every lay
    and every decision: worked out once per title)."""
    spec = rules.spec
    key = (id(spec), types)
    found = _OF_TYPE.get(key)
    if found is None or found[0] is not spec:
        return _OF_TYPE.put(spec, key, tuple(cid for cid, c in spec.companies.items()
                                             if c.type in types))
    return found[1]


# spec, (id(spec), types) -> its companies of those types (a long run of titles empties it)
_OF_TYPE: IdMemo[tuple[str, ...]] = IdMemo(256)


def owner(state: G18State, company_id: str) -> str | None:
    """The player holding a company's director's (or only) certificate."""
    return state.director(company_id)


def phase_reached(rules: Context, state: G18State, phase: str) -> bool:
    order = rules.spec.phase_order
    return order.index(state.phase) >= order.index(phase)


def train_sold(state: G18State, name: str) -> bool:
    """Whether the first train of ``name`` has been bought."""
    return name in state.depot.sold_names


def train_price(rules: Context, state: G18State, train_id: str) -> int:
    return rules.spec.trains[state.trains[train_id].name].price


def board_tokens(state: G18State, company_id: str) -> list[tuple[str, int]]:
    board = state.board
    if board is None:
        return []
    return list(board.tokens_of(company_id))


def log_money(rules: Context, amount: int) -> str:
    return f"{amount}{rules.spec.currency}"


def operated_this_round(state: G18State, company_id: str) -> bool:
    """Whether ``company_id`` has had its turn in the operating round under way."""
    return state.round.kind == "operating" and company_id in getattr(state.round, "done", ())


def mark_unpaid(state: G18State, company_id: str, cert_id: str) -> None:
    """XII: an exchange share given for a company that already operated this round earns no
    dividend of ``company_id`` in this round (no double income)."""
    extra = state.companies[company_id].extra
    number = state.round.number
    if extra.get("unpaid_round") != number:
        extra["unpaid_round"] = number
        extra["unpaid"] = []
    extra["unpaid"].append(cert_id)


def unpaid(state: G18State, company_id: str, cert_id: str) -> bool:
    extra = state.companies[company_id].extra
    return (
        state.round.kind == "operating"
        and extra.get("unpaid_round") == state.round.number
        and cert_id in extra.get("unpaid", ())
    )
