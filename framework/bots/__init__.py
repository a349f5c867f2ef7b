"""Computer players for simulations: a registry of bots by name (see :mod:`framework.bots.base`)."""

from railyard.framework.bots.base import Bot, UnknownBot, bot_names, make_bot, register_bot, seat_of

__all__ = ["Bot", "UnknownBot", "bot_names", "make_bot", "register_bot", "seat_of"]
