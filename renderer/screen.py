"""Where each part of the window goes, for a window of any size; and the whole screen drawn
off-window (``compose``) for PNG output."""

from __future__ import annotations

from typing import Any

import attrs
import pygame

STATUS_H = 46
SIDE_W = 540
BOTTOM_H = 250
MARKET_W = 620


@attrs.frozen
class ScreenLayout:
    width: int
    height: int
    players_count: int = 4

    @property
    def status(self) -> pygame.Rect:
        return pygame.Rect(0, 0, self.width, STATUS_H)

    @property
    def board(self) -> pygame.Rect:
        return pygame.Rect(0, STATUS_H, self.width - SIDE_W, self.height - STATUS_H - BOTTOM_H)

    @property
    def market(self) -> pygame.Rect:
        w = min(MARKET_W, self.width - SIDE_W)
        return pygame.Rect(0, self.height - BOTTOM_H, w, BOTTOM_H)

    @property
    def log(self) -> pygame.Rect:
        m = self.market
        return pygame.Rect(m.right, m.y, self.width - SIDE_W - m.width, BOTTOM_H)

    @property
    def _side_heights(self) -> tuple[int, int, int, int]:
        """Players (as tall as its rows), depot (fixed), actions (a third), companies (rest)."""
        total = self.height - STATUS_H
        players = min(int(total * 0.34), 50 + self.players_count * 34)
        depot = 118
        actions = max(220, int(total * 0.34))
        companies = max(80, total - players - depot - actions)
        return players, companies, depot, actions

    def _side(self, index: int) -> pygame.Rect:
        heights = self._side_heights
        y = STATUS_H + sum(heights[:index])
        return pygame.Rect(self.width - SIDE_W, y, SIDE_W, heights[index])

    @property
    def players(self) -> pygame.Rect:
        return self._side(0)

    @property
    def companies(self) -> pygame.Rect:
        return self._side(1)

    @property
    def depot(self) -> pygame.Rect:
        return self._side(2)

    @property
    def actions(self) -> pygame.Rect:
        r = self._side(3)
        r.height = self.height - r.y
        return r


def compose(game: Any, size: float = 44.0) -> pygame.Surface:
    """The whole screen for ``game`` with the board drawn whole at hex ``size``."""
    from railyard.renderer.app import App
    from railyard.renderer.layout import MapLayout

    w, h = MapLayout(game.title).size_px(size)
    width = max(w + SIDE_W, 1200)
    height = max(h + STATUS_H + BOTTOM_H, 900)
    app = App(game, surface=pygame.Surface((width, height)))
    app.camera.size = size
    app.camera.offset = (0.0, 0.0)
    return app.draw()
