"""Where each part of the window goes, for a window of any size; and the whole screen drawn
off-window (``compose``) for PNG output."""

from __future__ import annotations

from typing import Any

import attrs
import pygame

from railyard.framework.records import Record

STATUS_H = 46
SIDE_W = 540  # the side column at the window size asked for (1600 wide)
BOTTOM_H = 250
MARKET_W = 620


def _clamp(value: float, low: int, high: int) -> int:
    return int(max(low, min(high, value)))


@attrs.frozen(repr=False)
class ScreenLayout(Record):
    """Every part scales with the window: the side column and the bottom strip take a share of
    it between a floor (the text must fit) and a ceiling (the board gets the rest)."""

    width: int
    height: int
    players_count: int = 4

    @property
    def side_w(self) -> int:
        return _clamp(self.width * 0.36, 400, SIDE_W + 60)

    @property
    def bottom_h(self) -> int:
        """A low window (a 1280x720 or 1366x768 laptop) keeps more of its height for the map,
        whose Fit size the height decides there; the market's cells keep their face."""
        return _clamp(self.height * (0.23 if self.height < 800 else 0.26), 150, BOTTOM_H + 40)

    @property
    def status(self) -> pygame.Rect:
        return pygame.Rect(0, 0, self.width, STATUS_H)

    @property
    def board(self) -> pygame.Rect:
        return pygame.Rect(0, STATUS_H, self.width - self.side_w,
                           self.height - STATUS_H - self.bottom_h)

    @property
    def market(self) -> pygame.Rect:
        left = self.width - self.side_w
        w = min(MARKET_W, left - max(280, int(left * 0.42)))
        return pygame.Rect(0, self.height - self.bottom_h, w, self.bottom_h)

    @property
    def log(self) -> pygame.Rect:
        m = self.market
        return pygame.Rect(m.right, m.y, self.width - self.side_w - m.width, self.bottom_h)

    @property
    def _side_heights(self) -> tuple[int, int, int, int]:
        """Players (as tall as its rows), depot (fixed), actions (a third), companies (rest)."""
        total = self.height - STATUS_H
        players = min(int(total * 0.30), 40 + self.players_count * 34)
        # a laptop's 720 rows: the depot's lines and the menu give the companies room for
        # seven rows (the acting company is scrolled into view when there are more)
        depot = 160 if total > 760 else (140 if total > 640 else 110)
        actions = max(200, int(total * (0.33 if total > 760 else 0.28)))
        companies = max(60, total - players - depot - actions)
        return players, companies, depot, actions

    def _side(self, index: int) -> pygame.Rect:
        heights = self._side_heights
        y = STATUS_H + sum(heights[:index])
        return pygame.Rect(self.width - self.side_w, y, self.side_w, heights[index])

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
    width = max(w + SIDE_W + 60, 1200)
    height = max(h + STATUS_H + BOTTOM_H + 40, 900)
    app = App(game, surface=pygame.Surface((width, height)))
    app.still = True  # a picture: no buttons, no pointer, no "click or Esc" standings box
    app.camera.size = size
    app.camera.offset = (0.0, 0.0)
    return app.draw()
