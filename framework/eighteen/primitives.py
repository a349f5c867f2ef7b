"""The engine's primitives: every change a title's hooks make to engine-owned state.

Each does one move of money, a certificate, a train or a token (or opens, closes, merges a
company) and checks what must hold for it, so a hook cannot leave the state half changed or
create anything: a bad call raises ``StateError`` (an engine or title bug, never a player's
illegal action, which is ``IllegalAction``). The engine's own rule modules use the same
routines where they do the same thing (``close_company`` is the one way a company closes).
Title hooks never assign engine-owned fields (``.owner``, ``.floated``, ``.closed``,
``.cash``, ``.tokens_left``, ...) themselves: tests/framework/test_primitives.py scans them.
docs/hooks.md "Primitives" lists them.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from railyard.framework.eighteen import holdings
from railyard.framework.eighteen.certificates import pick_certificates, swap_director
from railyard.framework.eighteen.context import Context
from railyard.framework.eighteen.state import (
    BANK,
    CLOSED,
    DEPOT,
    IPO,
    POOL,
    RESERVED,
    SCRAPPED,
    TRAIN_POOL,
    Certificate,
    Company,
    G18State,
    Offer,
)
from railyard.framework.records import Record

#: where a certificate may be, besides a player or a company
CERT_PLACES = (IPO, POOL, RESERVED, CLOSED)


class StateError(RuntimeError):
    """A primitive was asked for something the state cannot do (a bug, not a rule)."""


def _company(state: G18State, company_id: str) -> Company:
    try:
        return state.companies[company_id]
    except KeyError:
        raise StateError(f"no company {company_id!r}") from None


# ---------------------------------------------------------------------- money
def move_cash(state: G18State, payer: str, payee: str, amount: int) -> None:
    """Move ``amount`` (>= 0) from one holder (player, company, the bank) to another."""
    if amount < 0:
        raise StateError(f"a payment of {amount} from {payer} to {payee}")
    for holder in (payer, payee):
        if holder != BANK and holder not in state.companies and not state.is_player(holder):
            raise StateError(f"{holder!r} cannot hold money")
    if amount:
        state.pay(payer, payee, amount)


# ---------------------------------------------------------------------- certificates
def _valid_holder(state: G18State, holder: str) -> bool:
    return holder in CERT_PLACES or holder in state.companies or state.is_player(holder)


def move_certificate(state: G18State, cert_id: str, to: str) -> Certificate:
    """Hand one certificate to ``to`` (a player, a company, the offering, the pool, the
    reserve); a closed certificate stays out of play."""
    cert = state.cert(cert_id)
    if not _valid_holder(state, to):
        raise StateError(f"{to!r} cannot hold certificate {cert_id}")
    if cert.owner == CLOSED and to != CLOSED:
        raise StateError(f"certificate {cert_id} is out of play")
    cert.owner = to
    return cert


def exchange_certificate(state: G18State, cert_id: str, holder: str) -> Certificate:
    """Give a reserved certificate (an exchange share) to ``holder``, a player handing in a
    certificate of a company that closes or merges."""
    cert = state.cert(cert_id)
    if cert.owner != RESERVED:
        raise StateError(f"certificate {cert_id} is not an exchange certificate in reserve")
    if not state.is_player(holder):
        raise StateError(f"{holder!r} is not a player")
    return move_certificate(state, cert_id, holder)


def change_director(
    state: G18State, company_id: str, director: str, give_back: list[str] | None = None
) -> None:
    """The director's certificate goes to ``director``. From a player, the usual swap (the
    old director receives the same percent in ordinary shares); from the reserve or the
    offering, ``director`` hands the same percent of ordinary shares there, or the
    certificates ``give_back`` names when a title's rule says which."""
    from_player = state.director(company_id)
    company = _company(state, company_id)
    cert = next(c for c in company.certificates if c.director)
    if cert.owner == director:
        return
    if from_player is not None:
        swap_director(state, company_id, director)
        return
    give: list[Certificate] | None
    if give_back is not None:
        give = [state.cert(c) for c in give_back]
        if any(c.owner != director or c.company != company_id or c.director for c in give):
            raise StateError(f"{director} does not hold {give_back} of {company_id}")
    else:
        give = pick_certificates(state.certs_held(director, company_id), cert.percent)
    if give is None:
        raise StateError(f"{director} cannot hand over {cert.percent}% of {company_id}")
    for each in give:
        each.owner = cert.owner
    cert.owner = director


def offer_for_sale(state: G18State, offer_id: str, cert_ids: tuple[str, ...], price: int) -> None:
    """Put certificates on sale together for a fixed price (``state.offers``), e.g. what a
    start packet releases after it."""
    if offer_id in state.offers:
        raise StateError(f"offer {offer_id} is already on sale")
    if price < 0 or any(state.cert(c).owner == CLOSED for c in cert_ids):
        raise StateError(f"offer {offer_id}: price {price}, certificates {cert_ids}")
    state.offers[offer_id] = Offer(offer_id, tuple(cert_ids), price)


def set_priority(state: G18State, seat: int) -> None:
    """The priority deal goes to the player in ``seat`` (0-based seating order)."""
    if not 0 <= seat < len(state.players):
        raise StateError(f"no seat {seat}")
    state.priority = seat


# ---------------------------------------------------------------------- trains
def move_train(state: G18State, train_id: str, to: str) -> None:
    """Move a train from a company or the bank pool to a company, the bank pool
    (``TRAIN_POOL``) or out of play (``SCRAPPED``). A train leaves the depot only by being
    bought (``trains.transfer``: phases, rusting, events)."""
    train = state.trains[train_id]
    source = train.owner
    if to not in state.companies and to not in (TRAIN_POOL, SCRAPPED):
        raise StateError(f"a train cannot go to {to!r}")
    if source == SCRAPPED:
        raise StateError(f"train {train_id} is out of play")
    if source == to:
        return
    if source == DEPOT:
        if to != SCRAPPED:
            raise StateError(f"train {train_id} is in the depot: it is bought (trains.transfer)")
        for stack in state.depot.stacks.values():
            if train_id in stack:
                stack.remove(train_id)
    elif source == TRAIN_POOL:
        state.depot.pool.remove(train_id)
    else:
        state.companies[source].trains.remove(train_id)
    train.owner = to
    if to == TRAIN_POOL:
        state.depot.pool.append(train_id)
    elif to == SCRAPPED:
        state.depot.scrapped.append(train_id)
    else:
        state.companies[to].trains.append(train_id)
    holdings.changed(state)


# ---------------------------------------------------------------------- tokens
def sync_tokens(state: G18State, company_id: str) -> None:
    """The company's record of its placed tokens follows the board."""
    board = state.board
    _company(state, company_id).tokens = list(board.tokens_of(company_id)) if board is not None else []


def place_token(state: G18State, company_id: str, coord: str, stop: int) -> None:
    """A token from the company's charter onto a stop (the board checks the slot)."""
    company = _company(state, company_id)
    if state.board is None:
        raise StateError("no board")
    if company.tokens_left <= 0:
        raise StateError(f"{company_id} has no token left on its charter")
    state.board.place_token(coord, stop, company_id)
    company.tokens_left -= 1
    sync_tokens(state, company_id)


def remove_token(state: G18State, company_id: str, coord: str, stop: int) -> None:
    """A token leaves the board and the game."""
    if state.board is None:
        raise StateError("no board")
    state.board.remove_token(coord, stop, company_id)
    sync_tokens(state, company_id)


def return_token(state: G18State, company_id: str, coord: str, stop: int) -> None:
    """A token leaves the board back to the company's charter."""
    remove_token(state, company_id, coord, stop)
    _company(state, company_id).tokens_left += 1


def replace_token(state: G18State, coord: str, stop: int, old: str, new: str) -> None:
    """``new`` takes over ``old``'s token in its slot (a merger)."""
    if state.board is None:
        raise StateError("no board")
    state.board.replace_token(coord, stop, old, new)
    sync_tokens(state, old)
    sync_tokens(state, new)


def set_charter_tokens(state: G18State, company_id: str, count: int) -> None:
    """The tokens on a company's charter, for titles that keep some aside (the title's
    ``token_supply`` hook then says what the invariant checks)."""
    if count < 0:
        raise StateError(f"{company_id} cannot have {count} tokens")
    _company(state, company_id).tokens_left = count


# ---------------------------------------------------------------------- companies
def set_home(state: G18State, company_id: str, home: str) -> None:
    """A company's chosen home (``hex`` or ``hex.city``); a choice is final."""
    company = _company(state, company_id)
    if company.home is not None and company.home != home:
        raise StateError(f"{company_id} has already chosen {company.home} as its home")
    company.home = home


def float_company(state: G18State, company_id: str) -> None:
    """A company is in play from now on (its capital and marker are the caller's rules)."""
    company = _company(state, company_id)
    if company.closed:
        raise StateError(f"{company_id} is closed")
    if company.floated:
        raise StateError(f"{company_id} has already floated")
    company.floated = True


def close_company(ctx: Context, state: G18State, company_id: str) -> None:
    """A company leaves play, the one way for the engine and every title: its certificates
    go out of play, its trains to the bank pool, its tokens off the board, its cash to the
    bank, its marker off the market, and whatever of it is still for sale (offers, packet
    items) is withdrawn. Move what a rule gives to someone else (trains, cash, tokens)
    first."""
    company = _company(state, company_id)
    if company.closed:
        raise StateError(f"{company_id} is already closed")
    company.closed = True
    for cert in company.certificates:
        cert.owner = CLOSED
    for train_id in list(company.trains):
        move_train(state, train_id, TRAIN_POOL)
    if state.board is not None:
        for coord, stop in list(state.board.tokens_of(company_id)):
            state.board.remove_token(coord, stop, company_id)
    company.tokens = []
    if company.cash:
        state.pay(company_id, BANK, company.cash)
    state.remove_marker(company_id)
    for offer_id, offer in list(state.offers.items()):
        if any(c.rsplit(".", 1)[0] == company_id for c in offer.certificates):
            del state.offers[offer_id]
    packet = ctx.spec.setup.start_packet
    if packet is not None:
        for item_id in list(state.packet_remaining):
            if company_id in packet.items[item_id].companies:
                state.packet_remaining.remove(item_id)


@attrs.frozen(repr=False)
class Absorbed(Record):
    """What ``absorb`` moved, in order, for the title's log."""

    exchanged: tuple[tuple[str, str, str], ...]  # (holder, handed-in cert, cert received)
    cash: int
    trains: tuple[str, ...]
    tokens: tuple[tuple[str, int, bool], ...]  # (hex, stop, taken over: else removed)


def absorb(
    ctx: Context,
    state: G18State,
    minor: str,
    into: str,
    *,
    exchange_for: Callable[[Certificate], str | None],
    take_token: Callable[[str, int], bool],
) -> Absorbed:
    """``minor`` merges into ``into``: each player's certificate of it is exchanged for the
    certificate ``exchange_for`` names (None: nothing), its cash and trains pass to ``into``,
    each token ``take_token(hex, stop)`` accepts becomes ``into``'s (the others leave the
    board), and ``minor`` closes."""
    company = _company(state, minor)
    _company(state, into)
    exchanged = []
    for cert in company.certificates:
        if state.is_player(cert.owner):
            received = exchange_for(cert)
            if received is not None:
                exchange_certificate(state, received, cert.owner)
                exchanged.append((cert.owner, cert.id, received))
    cash = company.cash
    move_cash(state, minor, into, cash)
    moved = tuple(company.trains)
    for train_id in moved:
        move_train(state, train_id, into)
    tokens = []
    if state.board is not None:
        for coord, stop in list(state.board.tokens_of(minor)):
            taken = take_token(coord, stop)
            if taken:
                replace_token(state, coord, stop, minor, into)
            else:
                remove_token(state, minor, coord, stop)
            tokens.append((coord, stop, taken))
        sync_tokens(state, into)
    close_company(ctx, state, minor)
    return Absorbed(tuple(exchanged), cash, moved, tuple(tokens))
