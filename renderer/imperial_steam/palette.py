"""Colours of the things on an Imperial Steam table (RGB tuples, so pixel tests compare them)."""

from __future__ import annotations

from railyard.renderer.colors import Color

GOODS: dict[str, Color] = {
    "wood": (176, 112, 52),
    "stone": (178, 178, 168),
    "iron": (84, 118, 168),
    "coal": (30, 30, 30),
}
PLAYERS: tuple[Color, ...] = ((214, 56, 48), (52, 112, 220), (46, 168, 74), (236, 196, 40))
HUBS: dict[str, Color] = {
    "bronze": (184, 115, 51),
    "white": (240, 240, 240),
    "green": (60, 150, 80),
    "blue": (60, 100, 200),
}
CONNECTION: dict[str, Color] = {
    "plain": (90, 80, 66),
    "bridge": (150, 150, 156),
    "tunnel": (232, 128, 32),
}
MAP_BG: Color = (222, 214, 186)
REGION_TEXT: Color = (196, 186, 152)
CITY_FILL: Color = (250, 248, 238)
CITY_EDGE: Color = (30, 30, 30)
CROWN: Color = (212, 170, 30)
SELECTED: Color = (255, 60, 200)
LEGAL: Color = (0, 190, 240)
FREIGHT: Color = (120, 110, 96)
PASSENGER: Color = (90, 160, 220)
RESERVED: Color = (200, 60, 60)


def player_color(game_players: tuple[str, ...] | list[str], pid: str) -> Color:
    """A player's colour by seat (the order the game was started with, not turn order)."""
    seats = list(game_players)
    return PLAYERS[seats.index(pid) % len(PLAYERS)] if pid in seats else (128, 128, 128)
