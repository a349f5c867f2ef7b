"""Bots in every seat, as far as the engine allows: the headless game.

Until the engine can play a whole game, this stops when the game ends, when nobody has a
legal action, after a bound on actions, or at an engine error, and says which.
"""

from __future__ import annotations

from typing import Any

from railyard.framework.core.errors import IllegalAction
from railyard.renderer import view
from railyard.renderer.bots import DEFAULT_BOT, Seats

STALL = 300  # this many passes in a row and nothing else: the game makes no progress


def autoplay(game: Any, *, seed: int = 0, max_actions: int = 2000,
             progress: Any = None, every: int = 1000, bot: str = DEFAULT_BOT) -> str:
    """Play bot moves until the game ends or cannot go on; returns how far it got.
    ``progress`` (optional) is called with a line every ``every`` actions."""
    seats = Seats(game, bot, seed)
    refused = 0
    played = 0
    passes = 0
    reason = f"stopped at the limit of {max_actions} actions"
    while played < max_actions:
        if game.is_over():
            reason = "the game is over"
            break
        try:
            legal = game.legal_actions()
        except Exception as error:
            reason = f"the engine failed to list legal actions: {type(error).__name__}: {error}"
            break
        if not legal:
            reason = "the engine offers no legal action here"
            break
        action = seats.choose(legal)
        try:
            game.process(action)
        except IllegalAction as refusal:
            refused += 1
            if refused > 50:
                reason = f"the engine refused its own legal actions ({refusal})"
                break
            continue
        except Exception as error:
            reason = f"the engine failed on {action!r}: {type(error).__name__}: {error}"
            break
        played += 1
        if progress is not None and played % every == 0:
            progress(f"  ... {played} actions, {view.round_text(game)}")
        passes = passes + 1 if type(action).__name__ == "Pass" else 0
        if passes >= STALL:
            reason = f"{STALL} passes in a row: the game makes no progress from here"
            break
    where = view.round_text(game)
    phase = getattr(game.state, "phase", "?")
    lines = [f"Played {len(game.actions)} actions; reached {where}, phase {phase}: {reason}."]
    if seats.note:
        lines.append(f"({seats.note})")
    if game.is_over():
        standings = ", ".join(f"{p} {s}" for p, s in game.standings())
        lines.append(f"Final standings: {standings}")
    else:
        lines.append("The game did not finish; the save holds every action played.")
    return "\n".join(lines)
