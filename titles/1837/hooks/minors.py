"""The minor companies of the three national railways (rule II): home tokens, Sd #5's choice
of Milan or Venice, and the 50/50 revenue split among the certificate holders."""

from __future__ import annotations

from typing import TYPE_CHECKING

from railyard.framework.core.errors import IllegalAction
from railyard.framework.eighteen.primitives import place_token, set_home
from railyard.framework.eighteen.state import G18State

from .common import cdef

if TYPE_CHECKING:
    from railyard.framework.eighteen.context import Context

NATIONAL_MINOR_TYPES = ("sd_minor", "kk_minor", "ug_minor")


def is_national_minor(rules: Context, company_id: str) -> bool:
    return cdef(rules, company_id).type in NATIONAL_MINOR_TYPES


def home_choices(rules: Context, company_id: str) -> list[tuple[str, int]]:
    return [(h.hex, h.city or 0) for h in cdef(rules, company_id).home]


def needs_home_choice(rules: Context, state: G18State, company_id: str) -> bool:
    company = state.companies[company_id]
    return (
        company.floated
        and not company.closed
        and len(home_choices(rules, company_id)) > 1
        and company.home is None
    )


def home_of(rules: Context, state: G18State, company_id: str) -> tuple[str, int] | None:
    choices = home_choices(rules, company_id)
    if len(choices) == 1:
        return choices[0]
    chosen = state.companies[company_id].home
    return next((c for c in choices if c[0] == chosen), None)


def place_home_token(rules: Context, state: G18State, company_id: str) -> list[str]:
    """I: a minor's home token goes on the map when it starts (a choice of homes waits for
    the owner's decision)."""
    home = home_of(rules, state, company_id)
    board = state.board
    if home is None or board is None:
        return []
    coord, stop = home
    if board.has_token(coord, company_id, stop):
        return []
    place_token(state, company_id, coord, stop)
    return [f"{company_id} places its home token on {coord}"]


def on_float(rules: Context, state: G18State, company_id: str) -> list[str]:
    if not is_national_minor(rules, company_id):
        return []
    return place_home_token(rules, state, company_id)


def choose_home(rules: Context, state: G18State, company_id: str, coord: str) -> list[str]:
    """I: Sd #5's owner picks Milan or Venice before the first tile is laid; final."""
    choices = [c[0] for c in home_choices(rules, company_id)]
    if coord not in choices:
        raise IllegalAction("I", f"{company_id}'s home is one of {', '.join(choices)}, not {coord}")
    if state.companies[company_id].home is not None:
        raise IllegalAction("I", f"{company_id} has already chosen its home")
    set_home(state, company_id, coord)
    return [f"{company_id} takes {coord} as its home"] + place_home_token(rules, state, company_id)


def bank_picks_home(rules: Context, state: G18State) -> list[str]:
    """I: "If Sd #5 is not sold during First Stock Round, the bank selects Milan" (the first
    home listed)."""
    lines = []
    for cid in rules.spec.companies:
        company = state.companies[cid]
        choices = home_choices(rules, cid)
        if len(choices) > 1 and company.home is None and state.director(cid) is None:
            set_home(state, cid, choices[0][0])
            lines.append(f"{cid} is unsold: the bank selects {choices[0][0]} as its home")
    return lines
