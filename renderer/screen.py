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

    def _side(self, top: float, bottom: float) -> pygame.Rect:
        h = self.height - STATUS_H
        y0 = STATUS_H + int(h * top)
        return pygame.Rect(self.width - SIDE_W, y0, SIDE_W, STATUS_H + int(h * bottom) - y0)

    @property
    def players(self) -> pygame.Rect:
        return self._side(0.0, 0.25)

    @property
    def companies(self) -> pygame.Rect:
        return self._side(0.25, 0.52)

    @property
    def depot(self) -> pygame.Rect:
        return self._side(0.52, 0.62)

    @property
    def actions(self) -> pygame.Rect:
        return self._side(0.62, 1.0)


def compose(game: Any, size: float = 44.0) -> pygame.Surface:
    """The whole screen for ``game`` with the board drawn whole at hex ``size``."""
    from renderer.app import App
    from renderer.layout import MapLayout

    w, h = MapLayout(game.title).size_px(size)
    width = max(w + SIDE_W, 1200)
    height = max(h + STATUS_H + BOTTOM_H, 900)
    app = App(game, surface=pygame.Surface((width, height)))
    app.camera.size = size
    app.camera.offset = (0.0, 0.0)
    return app.draw()
