"""The palette: tile colours, track, terrain and text, and company colours from the title.

Colours are RGB tuples so that pygame and the pixel tests compare them directly.
"""

from __future__ import annotations

from typing import Any

Color = tuple[int, int, int]

TILE: dict[str, Color] = {
    "white": (236, 230, 208),
    "yellow": (250, 226, 90),
    "green": (104, 184, 92),
    "brown": (186, 128, 84),
    "gray": (176, 176, 176),
    "red": (214, 72, 64),
}

BACKGROUND: Color = (52, 70, 84)
HEX_OUTLINE: Color = (120, 116, 100)
TRACK: Color = (24, 24, 24)
TRACK_EDGE: Color = (255, 255, 255)
CITY_FILL: Color = (255, 255, 255)
CITY_OUTLINE: Color = (20, 20, 20)
TOWN: Color = (20, 20, 20)
MINE_FILL: Color = (60, 60, 60)
TEXT: Color = (20, 20, 20)
TEXT_LIGHT: Color = (250, 250, 250)
TEXT_DIM: Color = (110, 106, 96)
MOUNTAIN: Color = (140, 98, 60)
WATER: Color = (40, 110, 200)
PROVINCE_BORDER: Color = (200, 30, 40)
IMPASSABLE_BORDER: Color = (30, 30, 30)
REVENUE_FILL: Color = (255, 255, 255)
LEGAL_HEX: Color = (0, 200, 255)
SELECTED: Color = (255, 60, 200)

PANEL_BG: Color = (34, 38, 46)
PANEL_BORDER: Color = (80, 88, 100)
PANEL_TEXT: Color = (228, 228, 228)
PANEL_DIM: Color = (150, 156, 166)
HOLDINGS: Color = (196, 210, 226)  # a player's holdings under the name: read by everyone, not grey
PANEL_ACCENT: Color = (255, 196, 60)
BUTTON: Color = (62, 84, 112)
BUTTON_HOVER: Color = (86, 116, 152)
BUTTON_DISABLED: Color = (60, 62, 68)
ERROR: Color = (255, 110, 100)
OK: Color = (130, 220, 130)

# one colour per train when routes are shown
ROUTE_COLORS: tuple[Color, ...] = (
    (230, 40, 40),
    (40, 120, 230),
    (40, 170, 70),
    (200, 60, 200),
    (240, 150, 20),
    (20, 180, 180),
)

# region shading: (fill colour, alpha) while open / closed
REGION_OPEN: tuple[Color, int] = ((90, 160, 220), 40)
REGION_CLOSED: tuple[Color, int] = ((40, 40, 40), 110)


def parse(text: str | None, default: Color = (128, 128, 128)) -> Color:
    """An RGB tuple from ``#rrggbb`` (or ``#rgb``); ``default`` when missing or unreadable."""
    if not text:
        return default
    value = text.lstrip("#")
    if len(value) == 3:
        value = "".join(ch * 2 for ch in value)
    try:
        return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))
    except ValueError:
        return default


def contrast(color: Color) -> Color:
    """Black or white, whichever reads better on ``color``."""
    r, g, b = color
    return TEXT if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else TEXT_LIGHT


def company_colors(company: Any) -> tuple[Color, Color]:
    """(fill, text) colours of a company definition, from its title data."""
    fill = parse(getattr(company, "color", None))
    text_raw = getattr(company, "text_color", None)
    return fill, parse(text_raw) if text_raw else contrast(fill)


def tile_color(name: str) -> Color:
    return TILE.get(name, TILE["white"])
