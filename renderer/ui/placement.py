"""Acting on the board: legal actions that name a hex (laying a tile, placing a token) are
chosen by clicking the hex rather than from the menu.

Legal hexes are outlined; clicking one selects it and previews its first legal choice
(a tile at a rotation, a token in a city); clicking it again or pressing R cycles through the
choices for that hex; Enter (or the menu's first row) confirms. Which fields an action has is
all this reads: ``hex``, and optionally ``tile``/``rotation`` (drawn as a preview) and
``city`` (a token's city).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
import pygame

from railyard.framework.core.actions import Action
from railyard.renderer import colors
from railyard.renderer.fonts import rendered


def _get(action: Action | None, name: str) -> Any:
    return getattr(action, name, None)


def board_action(action: Action) -> bool:
    """Placed by clicking its hex: names a hex and is not a question (a home to choose is
    asked in a dialog, with what each answer does)."""
    from railyard.renderer.ui.describe import is_choice

    return isinstance(_get(action, "hex"), str) and not is_choice(action)


class Placement:
    def __init__(self, board: Any, preview: Any = None, tokens_after: Any = None) -> None:
        self.board = board
        self.preview = preview  # action -> the engine's log lines for it (costs), optional
        #: action -> {stop index: company ids} on its hex after it (the engine's dry run), so a
        #: previewed upgrade shows the tokens it keeps where they will be; optional
        self.tokens_after = tokens_after
        self.actions: list[Action] = []
        self.hexes: set[str] = set()
        self.selected: str | None = None
        self.index = 0
        self.tray: list[tuple[pygame.Rect, str]] = []

    def clear(self) -> None:
        self.selected = None
        self.index = 0

    def update(self, legal: Sequence[Action]) -> None:
        actions = self._distinct([a for a in legal if board_action(a)])
        if actions != self.actions:
            self.actions = actions
            self.hexes = {a.hex for a in actions}  # type: ignore[attr-defined]
            if self.selected not in self.hexes:
                self.clear()

    def _distinct(self, actions: list[Action]) -> list[Action]:
        """One of each tile lay that leaves the same track (a straight at rotations 2 and 5):
        the tile's geometry says which rotations are alike, so the player turns through
        different layouts only."""
        from railyard.framework.tiles import connectivity

        tiles = getattr(self.board.title, "tiles", {}) or {}
        seen: set[Any] = set()
        out = []
        for a in actions:
            tile = tiles.get(_get(a, "tile")) if _get(a, "tile") is not None else None
            if tile is not None:
                key = (_get(a, "hex"), _get(a, "tile"),
                       connectivity(tile, int(_get(a, "rotation") or 0)).path_keys)
                if key in seen:
                    continue
                seen.add(key)
            out.append(a)
        return out

    def owns(self, action: Action) -> bool:
        return board_action(action)

    def choices(self) -> list[Action]:
        return [a for a in self.actions if _get(a, "hex") == self.selected]

    def current(self) -> Action | None:
        options = self.choices()
        if not options:
            return None
        return options[self.index % len(options)]

    def click(self, coord: str) -> bool:
        """Select ``coord`` (or cycle its choices if already selected); True if it is legal."""
        if coord not in self.hexes:
            return False
        if coord == self.selected:
            self.cycle(1)
        else:
            self.selected = coord
            self.index = 0
        return True

    # ----------------------------------------------------------------- the tile tray
    def tray_tiles(self) -> list[str]:
        """The distinct tiles legal on the selected hex, in the engine's order."""
        out: list[str] = []
        for a in self.choices():
            tile = _get(a, "tile")
            if tile is not None and str(tile) not in out:
                out.append(str(tile))
        return out

    def pick_tile(self, tile_id: str) -> None:
        """Show ``tile_id`` (its next legal rotation if it is already shown)."""
        options = self.choices()
        current = self.current()
        if current is not None and str(_get(current, "tile")) == tile_id:
            self.cycle(1)
            while str(_get(self.current(), "tile")) != tile_id:
                self.cycle(1)
            return
        for i, a in enumerate(options):
            if str(_get(a, "tile")) == tile_id:
                self.index = i
                return

    def draw_tray(self, surface: pygame.Surface, rect: pygame.Rect, phase: str) -> None:
        """Every legal tile for the selected hex as a small picture (the one shown ringed);
        click one to show it, again to turn it."""
        self.tray = []
        tiles = self.tray_tiles()
        pygame.draw.rect(surface, colors.PANEL_BG, rect)
        pygame.draw.rect(surface, colors.PANEL_BORDER, rect, 1)
        if not tiles:
            return
        current = self.current()
        size = min(30.0, (rect.height - 8) / 2)
        step = int(size * 2 + 34)
        x = rect.x + 6 + size
        cy = rect.centery
        for tile_id in tiles:
            if x + size > rect.right:
                break
            shown = [a for a in self.choices() if str(_get(a, "tile")) == tile_id]
            action = current if current in shown else shown[0]
            tile = self.board.title.tile(tile_id)
            self.board.painter.draw_tile(surface, (x, cy), size, tile, int(_get(action, "rotation") or 0),
                                         phase, show_coord=False)
            if action == current:
                self.board.painter.outline(surface, (x, cy), size, colors.SELECTED, 3)
            label = rendered(tile_id, 15, colors.PANEL_TEXT, True)  # beside it, on the panel
            surface.blit(label, (round(x + size + 3), round(cy + size - label.get_height())))
            box = pygame.Rect(0, 0, int(size * 1.8), int(size * 2))
            box.center = (round(x), round(cy))
            self.tray.append((box, tile_id))
            x += step

    def tray_click(self, pos: tuple[int, int]) -> bool:
        for box, tile_id in getattr(self, "tray", []):
            if box.collidepoint(pos):
                self.pick_tile(tile_id)
                return True
        return False

    def cycle(self, step: int) -> None:
        if self.selected is not None and self.choices():
            self.index = (self.index + step) % len(self.choices())

    def hint(self) -> str:
        if not self.hexes:
            return ""
        if self.selected is None:
            return " (click a highlighted hex)"
        n = len(self.choices())
        hexdef = self.board.title.map.hexes.get(self.selected)
        cost = hexdef.terrain_cost if hexdef is not None else 0
        extra = f", terrain {cost}" if cost else ""
        return f" ({self.selected} {self.index % n + 1}/{n}: R next, Enter lays{extra})"

    def draw(self, surface: pygame.Surface, size: float, offset: tuple[float, float],
             phase: str, snap: Any = None) -> None:
        if not self.hexes:
            return
        self.board.highlight(surface, sorted(self.hexes - {self.selected or ""}), size, offset)
        action = self.current()
        if action is None or self.selected is None:
            return
        tile_id, rotation = _get(action, "tile"), _get(action, "rotation")
        if tile_id is not None:
            tile = self.board.title.tile(str(tile_id))
            kept = self.tokens_after(action) if self.tokens_after is not None else None
            self.board.preview_tile(surface, self.selected, tile, int(rotation or 0), size, offset,
                                    phase, tokens=kept)
        else:
            self.board.highlight(surface, [self.selected], size, offset, colors.SELECTED, 4)
            city = _get(action, "city")
            if isinstance(city, int) and snap is not None:
                self._token_preview(surface, size, offset, snap, city, action.entity)
        cx, cy = self.board.layout.center(self.selected, size)
        label = _label(action, self.board.title.map.hexes.get(self.selected))
        if self.preview is not None:
            cost = cost_text(self.preview(action))
            if cost:
                label += f" | {cost}"
        # at the top of the map, not under the hex: the label must not lie over the
        # neighbours' names and values the player is weighing the tile against
        image = rendered(f"{self.selected}: {label}", 18, colors.TEXT_LIGHT, True, colors.SELECTED)
        clip = surface.get_clip()
        rect = image.get_rect(midtop=(clip.centerx, clip.y + 6))
        surface.blit(image, rect)


    def _token_preview(self, surface: pygame.Surface, size: float, offset: tuple[float, float],
                       snap: Any, city: int, company: str) -> None:
        """The company's token drawn in the chosen city, ringed."""
        from railyard.renderer.track import tile_shape

        placed = snap.tiles.get(self.selected)
        if placed is None or city >= len(placed.tile.stops):
            return
        place = tile_shape(self.board.grid, placed.tile, placed.rotation).stops[city]
        cx, cy = self.board.layout.center(self.selected, size)
        taken = len(snap.tokens.get((self.selected, city), ()))
        stop = placed.tile.stops[city]
        r = size * (0.25 if stop.slots <= 1 else 0.21)
        centres = self.board.painter.slot_centres(place.pos, r / size, stop.slots)
        sx, sy = centres[min(taken, len(centres) - 1)]
        pos = (cx + offset[0] + sx * size, cy + offset[1] + sy * size)
        self.board.painter.token(surface, pos, r, company)
        pygame.draw.circle(surface, colors.SELECTED, (round(pos[0]), round(pos[1])), round(r + 2), 3)


def cost_text(lines: Sequence[str]) -> str:
    """The money an action costs, from the engine's first log line for it ("... pays 70",
    "... for 40"), or its refusal."""
    if not lines:
        return ""
    first = lines[0]
    if first.startswith("refused"):
        return first
    if " pays " in first:
        return "pays " + first.rsplit(" pays ", 1)[1]
    if " for " in first:
        return "costs " + first.rsplit(" for ", 1)[1]
    return ""


def _label(action: Action, hexdef: Any) -> str:
    fields = {f.name: getattr(action, f.name) for f in attrs.fields(type(action))}
    parts = []
    if "tile" in fields:
        parts.append(f"tile {fields['tile']} rot {fields.get('rotation', 0)}")
    if "city" in fields and fields["city"] is not None:
        parts.append(f"city {fields['city']}")
    for name in ("cost", "price"):
        if isinstance(fields.get(name), int):
            parts.append(f"cost {fields[name]}")
    if hexdef is not None and hexdef.terrain_cost and "tile" in fields:
        parts.append(f"terrain {hexdef.terrain_cost}")
    return ", ".join(parts) or "here"
