"""End of game: the players ranked by the engine's standings (equal scores share a rank)."""

from __future__ import annotations

from typing import Any

import pygame

from railyard.renderer import colors
from railyard.renderer.fonts import text


def ranked(game: Any) -> list[tuple[int, str, int]]:
    table = list(game.standings())
    out: list[tuple[int, str, int]] = []
    for i, (player, score) in enumerate(table):
        rank = out[-1][0] if out and out[-1][2] == score else i + 1
        out.append((rank, player, score))
    return out


def draw(surface: pygame.Surface, game: Any) -> None:
    w, h = surface.get_size()
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 150))
    surface.blit(shade, (0, 0))
    rows = ranked(game)
    box = pygame.Rect(0, 0, 520, 130 + 34 * len(rows))
    box.center = (w // 2, h // 2)
    pygame.draw.rect(surface, colors.PANEL_BG, box, border_radius=8)
    pygame.draw.rect(surface, colors.PANEL_ACCENT, box, 2, border_radius=8)
    reason = getattr(game.state, "end_reason", None) or "the game is over"
    text(surface, "Final standings", (box.centerx, box.y + 28), 34, colors.PANEL_ACCENT, bold=True)
    text(surface, reason, (box.centerx, box.y + 58), 20, colors.PANEL_DIM)
    cur = game.title.manifest.currency
    y = box.y + 90
    for rank, player, score in rows:
        color = colors.PANEL_ACCENT if rank == 1 else colors.PANEL_TEXT
        text(surface, f"{rank}.", (box.x + 40, y), 26, color, anchor="topleft", bold=True)
        text(surface, player, (box.x + 90, y), 26, color, anchor="topleft", bold=rank == 1)
        text(surface, f"{score}{cur}", (box.right - 40, y), 26, color, anchor="topright")
        y += 34
    text(surface, "click or Esc to look at the board", (box.centerx, box.bottom - 18), 18,
         colors.PANEL_DIM)
