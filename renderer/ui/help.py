"""Help overlay (the keyboard shortcuts), tooltips, and what a hex holds in words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from railyard.renderer import colors
from railyard.renderer.fonts import font, text

KEYS: tuple[tuple[str, str], ...] = (
    ("mouse", "click a button to act; click a highlighted hex to place there"),
    ("hover, click", "a company's card: its row, a packet item, a holding, a button about it"),
    ("R / Shift+R", "next / previous tile or rotation for the selected hex"),
    ("Enter", "confirm the tile or token shown on the map, else a typed amount"),
    ("P", "pass"),
    ("T", "show best routes: the company acting, then each company with trains"),
    ("E", "edit routes while running trains: click stops; 1-9 train, Backspace, Enter"),
    ("Ctrl+Z / Ctrl+Y", "undo / redo (with bots: back to your own last move)"),
    ("Ctrl+S / Ctrl+O", "save / load (the table too; every action is also autosaved)"),
    ("wheel, + / -", "zoom the map (wheel over the menu scrolls it)"),
    ("drag, arrows", "pan the map"),
    ("F", "fit the whole map"),
    ("B", "pause / run the bots"),
    ("H, F1", "this help"),
    ("Esc", "cancel a selection, close a dialog or a kept card"),
    ("Q", "quit (asks where to save first; Esc stays)"),
)


def draw_help(surface: pygame.Surface, keys: Sequence[tuple[str, str]] = KEYS, width: int = 720) -> None:
    """The key overlay; each client passes its own keys."""
    w, h = surface.get_size()
    box = pygame.Rect(0, 0, width, 60 + 26 * len(keys))
    box.center = (w // 2, h // 2)
    pygame.draw.rect(surface, colors.PANEL_BG, box, border_radius=8)
    pygame.draw.rect(surface, colors.PANEL_ACCENT, box, 2, border_radius=8)
    text(surface, "Keys", (box.centerx, box.y + 22), 28, colors.PANEL_ACCENT, bold=True)
    y = box.y + 46
    for key, what in keys:
        text(surface, key, (box.x + 20, y), 20, colors.PANEL_ACCENT, anchor="topleft", bold=True)
        text(surface, what, (box.x + 190, y), 20, colors.PANEL_TEXT, anchor="topleft")
        y += 26


def draw_tooltip(surface: pygame.Surface, pos: tuple[int, int], lines: Sequence[str]) -> pygame.Rect:
    f = font(18)
    images = [f.render(line, True, colors.PANEL_TEXT) for line in lines]
    width = max(i.get_width() for i in images) + 12
    height = sum(i.get_height() for i in images) + 8
    box = pygame.Rect(pos[0] + 16, pos[1] + 16, width, height)
    box.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, (20, 22, 28), box, border_radius=4)
    pygame.draw.rect(surface, colors.PANEL_BORDER, box, 1, border_radius=4)
    y = box.y + 4
    for image in images:
        surface.blit(image, (box.x + 6, y))
        y += image.get_height()
    return box


def hex_info(title: Any, snap: Any, coord: str) -> list[str]:
    """A hex in words: coordinate and name, tile, terrain, stops with values and tokens."""
    hexdef = title.map.hexes[coord]
    placed = snap.tiles[coord]
    head = coord + (f" {hexdef.name}" if hexdef.name else "")
    tile = placed.tile
    where = "printed" if tile.id == hexdef.tile_id else f"tile {tile.id} rot {placed.rotation}"
    lines = [f"{head}: {tile.color}, {where}"]
    if hexdef.terrain and tile.id == hexdef.tile_id:
        lines.append("terrain: " + ", ".join(f"{t.kind} {t.cost}" for t in hexdef.terrain))
    for i, stop in enumerate(tile.stops):
        try:
            value = stop.revenue.at(snap.phase, title.phase_order)
        except KeyError:
            value = stop.revenue.first
        tokens = snap.tokens.get((coord, i), ())
        reserved = snap.homes.get((coord, i), ())
        parts = [f"{stop.kind} {value}"]
        if stop.slots and stop.kind != "town":
            parts.append(f"{len(tokens)}/{stop.slots} slots")
        if tokens:
            parts.append("tokens " + " ".join(tokens))
        if reserved:
            parts.append("home of " + " ".join(reserved))
        lines.append(f"  stop {i}: " + ", ".join(parts))
    for rid, region in title.map.regions.items():
        if coord in region.hexes:
            state = "closed" if rid in snap.closed_regions else "open"
            lines.append(f"region {rid}: {state}")
    return lines
