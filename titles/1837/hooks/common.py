"""Small helpers the 1837 hook modules share: which edition is played, who sits where, what a
company's definition says, and moving money, certificates, trains and tokens between holders.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railyard.framework.eighteen.state import BANK, CLOSED, G18State

if TYPE_CHECKING:
    from railyard.framework.eighteen.ruleset import G18Ruleset

FIRST_EDITION = "first_edition"


def first_edition(rules: G18Ruleset) -> bool:
    """True when the variant ``first_edition`` (the translated first-edition rules) is played."""
    return getattr(rules.spec.title, "variant", None) == FIRST_EDITION


def staged_packet(rules: G18Ruleset) -> bool:
    """True when the start packet is sold in fixed-price columns and the kk minors, then the
    Ug certificates, follow it before the majors (the first edition, and the second
    edition's appendix, variant ``fixed_packet``)."""
    return rules.spec.setup.start_packet.round == "fixed_price_columns"


def cdef(rules: G18Ruleset, company_id: str) -> Any:
    return rules.spec.companies[company_id]


def ctype(rules: G18Ruleset, company_id: str) -> Any:
    return rules.spec.type_of(company_id)


def companies_of_type(rules: G18Ruleset, *types: str) -> list[str]:
    """Company ids of the given types, in companies.yaml order."""
    return [cid for cid, c in rules.spec.companies.items() if c.type in types]


def owner(state: G18State, company_id: str) -> str | None:
    """The player holding a company's director's (or only) certificate."""
    return state.director(company_id)


def phase_reached(rules: G18Ruleset, state: G18State, phase: str) -> bool:
    order = rules.spec.phase_order
    return order.index(state.phase) >= order.index(phase)


def train_sold(state: G18State, name: str) -> bool:
    """Whether the first train of ``name`` has been bought."""
    return name in state.depot.sold_names


def train_price(rules: G18Ruleset, state: G18State, train_id: str) -> int:
    return rules.spec.trains[state.trains[train_id].name].price


def move_train(state: G18State, train_id: str, to: str) -> None:
    """Move a train from its holder (a company, the depot pool) to a company or the pool."""
    train = state.trains[train_id]
    if train.owner in state.companies:
        state.companies[train.owner].trains.remove(train_id)
    elif train_id in state.depot.pool:
        state.depot.pool.remove(train_id)
    if to in state.companies:
        state.companies[to].trains.append(train_id)
        train.owner = to
    else:
        state.depot.pool.append(train_id)
        train.owner = "@pool"


def close_company(state: G18State, company_id: str) -> None:
    """A company leaves play: its certificates are out of play, its cash returns to the bank."""
    company = state.companies[company_id]
    company.closed = True
    for cert in company.certificates:
        cert.owner = CLOSED
    if company.cash:
        state.pay(company_id, BANK, company.cash)
    state.remove_marker(company_id)


def board_tokens(state: G18State, company_id: str) -> list[tuple[str, int]]:
    board = state.board
    if board is None:
        return []
    return list(board.tokens_of(company_id))


def sync_tokens(state: G18State, company_id: str) -> None:
    """Keep the company's record of placed tokens equal to the board's."""
    state.companies[company_id].tokens = board_tokens(state, company_id)


def log_money(rules: G18Ruleset, amount: int) -> str:
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
