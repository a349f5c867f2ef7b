"""A company card drawn over the window (hover over a company's abbreviation anywhere: the
companies panel, the start packet, a menu button about it)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from railyard.renderer import colors
from railyard.renderer.fonts import font, rendered
from railyard.renderer.panels.base import wrapped
from railyard.renderer.ui.cards import Card

CARD_W = 340
TEXT = 16
LINE = 19


def train_chips(surface: pygame.Surface, x: int, y: int, trains: Sequence[str], right: int,
                size: int = 15) -> int:
    """Each train as its own small chip (so "1G 1G 2" never reads "1G1G2"); returns the x
    after the last chip (chips that do not fit before ``right`` are summed as "+n")."""
    f = font(size, True)
    for i, name in enumerate(trains):
        w = f.size(name)[0] + 8
        if x + w > right:
            more = rendered(f"+{len(trains) - i}", size, colors.PANEL_TEXT, True)
            surface.blit(more, (x, y))
            return x + more.get_width()
        chip = pygame.Rect(x, y, w, f.get_height() + 1)
        pygame.draw.rect(surface, (236, 230, 210), chip, border_radius=3)
        pygame.draw.rect(surface, (90, 80, 60), chip, 1, border_radius=3)
        image = f.render(name, True, (30, 30, 30))
        surface.blit(image, image.get_rect(center=chip.center))
        x += w + 3
    return x


def _lines(card: Card, width: int) -> list[tuple[str, colors.Color, bool]]:
    out: list[tuple[str, colors.Color, bool]] = []
    for fact in card.facts:
        out += [(line, colors.PANEL_TEXT, False) for line in wrapped(fact, width, TEXT)]
    for ability in card.abilities:
        out += [(line, colors.PANEL_ACCENT, False) for line in wrapped(ability, width, TEXT)]
    if card.holders:
        out += [(line, colors.PANEL_TEXT, False)
                for line in wrapped("Shares: " + ", ".join(card.holders), width, TEXT)]
    return out


def height(card: Card, width: int = CARD_W) -> int:
    trains = LINE + 4 if card.trains else 0
    return 8 + 2 * LINE + 6 + LINE * len(_lines(card, width - 16)) + trains + 8


def draw(surface: pygame.Surface, topleft: tuple[int, int], card: Card,
         fill: colors.Color, ink: colors.Color, width: int = CARD_W) -> pygame.Rect:
    """The card with its top left at ``topleft`` (moved to stay inside the window)."""
    box = pygame.Rect(topleft, (width, height(card, width)))
    box.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, (20, 22, 28), box, border_radius=6)
    band = pygame.Rect(box.x, box.y, box.width, 2 * LINE + 8)
    pygame.draw.rect(surface, fill, band, border_top_left_radius=6, border_top_right_radius=6)
    pygame.draw.rect(surface, colors.PANEL_BORDER if not card.closed else colors.PANEL_DIM, box, 2,
                     border_radius=6)
    head = rendered(card.label, 20, ink, True)
    surface.blit(head, (box.x + 8, box.y + 4))
    kind = rendered(card.kind + (" - closed" if card.closed else ""), 14, ink)
    surface.blit(kind, (box.right - kind.get_width() - 8, box.y + 8))
    name = card.name
    while font(TEXT, True).size(name)[0] > box.width - 16 and len(name) > 4:
        name = name[:-2]
    surface.blit(rendered(name if name == card.name else name + "...", TEXT, ink, True),
                 (box.x + 8, box.y + 4 + LINE + 2))
    y = band.bottom + 4
    for line, color, bold in _lines(card, box.width - 16):
        surface.blit(rendered(line, TEXT, color, bold), (box.x + 8, y))
        y += LINE
    if card.trains:
        label = rendered("Trains", TEXT, colors.PANEL_TEXT)
        surface.blit(label, (box.x + 8, y + 2))
        train_chips(surface, box.x + 14 + label.get_width(), y + 2, card.trains, box.right - 8)
    return box
