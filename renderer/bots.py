"""Bots at the table: the framework's computer players (``framework.bots``), one per seat.

The client asks the seat's bot for a move and submits it like a human's. Without the bots
package (or for a title no bot supports) a seat plays a random legal action.
"""

from __future__ import annotations

import random
from typing import Any

from railyard.renderer import view

DEFAULT_BOT = "greedy"


class Seats:
    """The bots of one game, made on first use per player."""

    def __init__(self, game: Any, name: str = DEFAULT_BOT, seed: int = 0,
                 per_player: dict[str, str] | None = None) -> None:
        self.game = game
        self.name = name
        self.per_player = dict(per_player or {})  # a seat's own bot (from a save's table)
        self.seed = seed
        self._bots: dict[str, Any] = {}
        self._rngs: dict[str, random.Random] = {}
        self.note = ""

    def _bot(self, player: str) -> Any:
        if player not in self._bots:
            bot = None
            name = self.per_player.get(player, self.name)
            try:
                from railyard.framework.bots import UnknownBot, make_bot

                try:
                    bot = make_bot(name, self.game.ruleset)
                except UnknownBot:
                    bot = make_bot("random", self.game.ruleset)
                    self.note = f"no bot {name!r} for this title: random bots play"
            except Exception:  # no bots package, or a title no bot plays: random moves
                bot = None
                self.note = "random legal moves (no bot available)"
            self._bots[player] = bot
            index = list(self.game.players).index(player) if player in self.game.players else 0
            self._rngs[player] = random.Random(self.seed * 1000 + index)
        return self._bots[player]

    def choose(self, legal: list[Any]) -> Any:
        """The acting player's bot's pick among ``legal`` (never empty)."""
        player = view.acting_player(self.game) or "?"
        bot = self._bot(player)
        rng = self._rngs[player]
        if bot is None:
            return rng.choice(legal)
        return bot.choose(self.game.view(), legal, rng)
