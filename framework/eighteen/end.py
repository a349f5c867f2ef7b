"""Game end: the bank breaking, bankruptcy, net worth and the final ranking."""

from __future__ import annotations

from typing import TYPE_CHECKING

from railyard.framework.eighteen.state import G18State

if TYPE_CHECKING:
    from railyard.framework.eighteen.context import Context

#: what ``setup.game_end.bank_broken`` values mean
END_OF_ROUND = "end_of_round"  # the operating round in progress is the last
END_OF_SET = "end_of_set"  # the set of operating rounds in progress (or next) is the last
AFTER_NEXT_OR = "after_next_operating_round"  # the next operating round to finish is the last


def _rule_for(rules: Context, kind: str) -> str:
    broken = rules.spec.setup.game_end.bank_broken
    if kind == "operating":
        return broken.during_operating_round
    return broken.during_stock_round


def end_game(state: G18State, reason: str) -> list[str]:
    if state.game_over:
        return []
    state.game_over = True
    state.end_reason = reason
    return [f"-- game over: {reason} --"]


def after_round(rules: Context, state: G18State) -> list[str]:
    """Called after each round is recorded in the history: end the game if it is due."""
    reason = rules.hooks.check_game_end(state)
    if reason:
        return end_game(state, reason)
    if not state.bank_broken or state.bank_broken_during is None:
        return []
    finished = state.history[-1]
    if finished.kind != "operating":
        return []
    broke = state.bank_broken_during
    rule = _rule_for(rules, broke.kind)
    broke_in_this = broke.kind == "operating" and broke.number == finished.number
    set_done = state.operating_round_in_set >= state.operating_rounds_in_set
    if rule == END_OF_ROUND and broke_in_this:
        return end_game(state, "the bank is broken")
    if rule in (AFTER_NEXT_OR, END_OF_ROUND):
        # broken outside an operating round: the next operating round to finish is the last
        if not broke_in_this:
            return end_game(state, "the bank is broken")
        return []
    if rule == END_OF_SET and set_done:
        return end_game(state, "the bank is broken")
    return []


def declare_bankruptcy(rules: Context, state: G18State, player_id: str) -> list[str]:
    """A player cannot raise money owed: per ``setup.game_end.bankruptcy`` the game ends now
    (``ends_game``) or the player leaves play (``player_leaves``)."""
    state.player(player_id).bankrupt = True
    lines = [f"{player_id} is bankrupt"]
    if rules.spec.setup.game_end.bankruptcy == "ends_game":
        lines += end_game(state, f"{player_id} is bankrupt")
    elif all(p.bankrupt for p in state.players if p.id != player_id) or sum(
        1 for p in state.players if not p.bankrupt
    ) <= 1:
        lines += end_game(state, "only one player is left")
    return lines


def net_worth(rules: Context, state: G18State, player_id: str) -> int:
    """Cash plus the value of every certificate held (company treasuries do not count)."""
    total = state.player(player_id).cash
    for company in state.companies.values():
        for cert in company.certificates:
            if cert.owner == player_id:
                total += rules.hooks.certificate_value(state, cert)
    return total


def standings(rules: Context, state: G18State) -> list[tuple[str, int]]:
    """(player, net worth), richest first; equal worth keeps seat order. A player who went
    bankrupt has left the game and ranks below everyone still playing, whatever is left to
    their name."""
    bankrupt = {p.id for p in state.players if p.bankrupt}
    worth = [(p.id, net_worth(rules, state, p.id)) for p in state.players]
    return sorted(worth, key=lambda pw: (pw[0] in bankrupt, -pw[1]))


def ranking(table: list[tuple[str, int]]) -> list[tuple[int, str, int]]:
    """(rank, player, score) with equal scores sharing a rank (1, 1, 3...)."""
    ranked = []
    for i, (player, score) in enumerate(table):
        rank = ranked[-1][0] if ranked and ranked[-1][2] == score else i + 1
        ranked.append((rank, player, score))
    return ranked
