"""The boards around the map, each drawn into its own rectangle from the state and the title's
data: player boards, the shipment market, the factory and worker boards, the contract display,
the round track (engines, shipments) and the influence track."""

from __future__ import annotations

from typing import Any

import pygame

from railyard.renderer import colors
from railyard.renderer.fonts import font, rendered, text
from railyard.renderer.imperial_steam import palette
from railyard.renderer.panels.base import frame

SIZE = 16
ROW = 18


def _cube(surface: pygame.Surface, good: str, x: int, y: int, size: int = 10) -> None:
    pygame.draw.rect(surface, palette.GOODS[good], (x, y, size, size))
    pygame.draw.rect(surface, (230, 230, 230), (x, y, size, size), 1)


def _t(surface: pygame.Surface, content: str, x: int, y: int, color=colors.PANEL_TEXT,
       bold: bool = False, size: int = SIZE) -> int:
    """Text at (x, y) top-left; returns the x after it."""
    image = rendered(content, size, color, bold)
    surface.blit(image, (x, y))
    return x + image.get_width()


# ---------------------------------------------------------------------- player boards
def players(surface: pygame.Surface, rect: pygame.Rect, game: Any, acting: str | None) -> None:
    state, data = game.state, game.ruleset.data
    area = frame(surface, rect, "Players (turn order)")
    order = list(state.order)
    h = max(60, area.height // max(1, len(order)))
    cur = game.title.manifest.currency
    for i, pid in enumerate(order):
        box = pygame.Rect(area.x - 2, area.y + i * h, area.width + 4, h - 3)
        player_board(surface, box, game, pid, pid == acting, cur, data)


def player_board(surface: pygame.Surface, box: pygame.Rect, game: Any, pid: str, acting: bool,
                 cur: str, data: Any) -> None:
    clip = surface.get_clip()
    surface.set_clip(box.clip(clip) if clip else box)
    try:
        _board(surface, box, game, pid, acting, cur, data)
    finally:
        surface.set_clip(clip)


def _board(surface: pygame.Surface, box: pygame.Rect, game: Any, pid: str, acting: bool,
           cur: str, data: Any) -> None:
    state = game.state
    p = state.players[pid]
    seat = palette.player_color(game.players, pid)
    pygame.draw.rect(surface, (44, 50, 60) if acting else (38, 42, 50), box, border_radius=4)
    pygame.draw.rect(surface, colors.PANEL_ACCENT if acting else seat, box, 2, border_radius=4)
    pygame.draw.rect(surface, seat, (box.x + 4, box.y + 4, 12, 12))
    x, y = box.x + 20, box.y + 2
    share = data.share_rows[p.share_row].value
    bid = " (has bid)" if state.phase == 0 and pid in state.bids else ""
    head = f"{pid}{bid}"
    x = _t(surface, head, x, y, colors.PANEL_ACCENT if acting else colors.PANEL_TEXT, True, 18) + 10
    x = _t(surface, f"{p.cash}{cur}", x, y + 1, colors.OK, True) + 10
    x = _t(surface, f"influence {p.influence}", x, y + 1) + 10
    x = _t(surface, f"share {share}", x, y + 1) + 10
    x = _t(surface, f"hands {p.hands}", x, y + 1) + 10
    if p.semmering:
        x = _t(surface, "Semmering", x, y + 1, palette.CROWN, True) + 8
    if p.trieste:
        _t(surface, "Trieste!", x, y + 1, colors.OK, True)
    y += ROW + 2
    # workers by level, engineers
    x = _t(surface, "training", box.x + 6, y, colors.PANEL_DIM)
    for lvl in (1, 2, 3):
        x = _t(surface, f" L{lvl}:{p.training[lvl]}", x, y)
    x = _t(surface, "   working", x, y, colors.PANEL_DIM)
    for lvl in (1, 2, 3):
        x = _t(surface, f" L{lvl}:{p.working[lvl]}", x, y)
    eng = [n for n, has in (("Bridge Eng.", p.bridge), ("Tunnel Eng.", p.tunnel)) if has]
    x = _t(surface, "   " + (", ".join(eng) or "no engineers"), x, y, colors.PANEL_DIM)
    y += ROW
    # trains: an engine box and its cars (freight, passenger, reserved), then goods held
    x = box.x + 6
    for train in p.trains:
        x = _t(surface, train.engine, x, y, (240, 220, 160), True) + 2
        for kind, n in (("freight", train.freight), ("passenger", train.passenger), ("reserved", train.reserved)):
            col = {"freight": palette.FREIGHT, "passenger": palette.PASSENGER, "reserved": palette.RESERVED}[kind]
            for _ in range(n):
                pygame.draw.rect(surface, col, (x, y + 3, 8, 10))
                x += 10
        x += 8
    x = max(x, box.x + 6)
    x = _t(surface, " goods", x, y, colors.PANEL_DIM) + 4
    for good in ("wood", "stone", "iron", "coal"):
        _cube(surface, good, x, y + 3)
        x = _t(surface, f"{p.goods[good]}", x + 12, y) + 6
    if p.warehouse:
        x = _t(surface, f" warehouse {p.warehouse}", x, y, colors.PANEL_DIM)
    if any(p.landing.values()):
        x = _t(surface, " landing " + " ".join(f"{n}{g[0]}" for g, n in p.landing.items() if n), x, y,
               colors.PANEL_ACCENT)
    y += ROW
    # factories, contracts, keys, stations, shares
    fac = ", ".join(f"{f.good}@{f.site}({f.goods})" for f in p.factories) or "-"
    _t(surface, f"factories {fac}", box.x + 6, y)
    y += ROW
    contracts = ", ".join(f"{c}({'+'.join(data.contracts[c].factories)} {data.contracts[c].value})"
                          for c in p.contracts) or "-"
    _t(surface, f"contracts {contracts}", box.x + 6, y)
    y += ROW
    investors = " ".join(f"{data.share_rows[r].value}:{n}" for r, n in enumerate(p.investors) if n) or "-"
    keys = ", ".join(p.keys) or "-"
    _t(surface, f"investors {investors}  shareholders {p.shareholders}  keys {keys}  "
                f"stations {','.join(p.stations)} ({p.stations_left} left)", box.x + 6, y, colors.PANEL_DIM)


# ---------------------------------------------------------------------- market and boards
def market(surface: pygame.Surface, rect: pygame.Rect, game: Any) -> None:
    """The Shipment market: a column per good, cheapest row on top; cubes where they lie."""
    state, data = game.state, game.ruleset.data
    area = frame(surface, rect, "Shipment market")
    col_w = area.width // 4
    for i, good in enumerate(("wood", "stone", "iron", "coal")):
        x = area.x + i * col_w
        _cube(surface, good, x, area.y + 2)
        _t(surface, good, x + 14, area.y)
        _t(surface, f"supply {state.supply[good]}", x + 14, area.y + 16, colors.PANEL_DIM, size=14)
        prices = data.market_columns[good]
        step = max(12, min(19, (area.height - 34) // len(prices)))
        for row, price in enumerate(prices):  # bottom row first in the data
            y = area.y + 34 + (len(prices) - 1 - row) * step  # the cheapest row on top
            cell = pygame.Rect(x, y, col_w - 8, step - 2)
            has = row < state.market[good]
            pygame.draw.rect(surface, (60, 64, 74), cell)
            if has:
                _cube(surface, good, cell.x + 3, cell.y + 1, min(11, step - 4))
            _t(surface, f"{price}", cell.x + 20, cell.y, colors.PANEL_TEXT if has else colors.PANEL_DIM,
               size=min(SIZE, step))


def factory_board(surface: pygame.Surface, rect: pygame.Rect, game: Any) -> None:
    """A row per good: the cost of the next factory and the delivery payout now (both step with
    every factory of that type bought), and how many are left."""
    state, data = game.state, game.ruleset.data
    area = frame(surface, rect, "Factory board")
    cur = game.title.manifest.currency
    y = area.y
    _t(surface, "good      next cost   delivery pays   left", area.x, y, colors.PANEL_DIM)
    y += ROW
    for good in ("wood", "stone", "iron", "coal"):
        row = data.factory_rows[good]
        bought = state.factories_bought[good]
        left = state.factories_per_row - bought
        _cube(surface, good, area.x, y + 3)
        _t(surface, good, area.x + 14, y)
        _t(surface, f"{row.costs[bought]}{cur}" if left > 0 else "-", area.x + 86, y)
        _t(surface, f"{row.deliveries[bought]}{cur}", area.x + 176, y, colors.OK)
        for k in range(state.factories_per_row):
            col = palette.GOODS[good] if k >= bought else (70, 70, 76)
            pygame.draw.rect(surface, col, (area.x + 250 + k * 9, y + 4, 7, 9))
        y += ROW


def worker_board(surface: pygame.Surface, rect: pygame.Rect, game: Any) -> None:
    """A column per hub city: its influence, the next worker's price, engineers left."""
    state, data = game.state, game.ruleset.data
    area = frame(surface, rect, "Worker board (hubs)")
    cur = game.title.manifest.currency
    y = area.y
    _t(surface, "hub       site  infl  next  bridge tunnel growth", area.x, y, colors.PANEL_DIM)
    y += ROW
    for colour, hub in state.hubs.items():
        pygame.draw.circle(surface, palette.HUBS.get(colour, (200, 200, 200)), (area.x + 6, y + 8), 6)
        _t(surface, colour, area.x + 16, y)
        _t(surface, hub.site, area.x + 74, y)
        _t(surface, str(hub.influence), area.x + 116, y, colors.PANEL_ACCENT, True)
        price = data.hire_prices[min(hub.hire_row, len(data.hire_prices) - 1)]
        _t(surface, f"{price}{cur}", area.x + 150, y)
        _t(surface, str(hub.engineers["bridge"]), area.x + 200, y)
        _t(surface, str(hub.engineers["tunnel"]), area.x + 246, y)
        growth = data.growth_tiles[hub.growth]
        _t(surface, " ".join(str(g) for g in growth[hub.delivered:]) or "-", area.x + 290, y, colors.PANEL_DIM)
        y += ROW


def contracts(surface: pygame.Surface, rect: pygame.Rect, game: Any) -> None:
    state, data = game.state, game.ruleset.data
    area = frame(surface, rect, "Contract display")
    cur = game.title.manifest.currency
    y = area.y
    for deck, cards in state.display.items():
        x = _t(surface, f"{deck}:", area.x, y, colors.PANEL_DIM, True) + 6
        for cid in cards:
            card = data.contracts[cid]
            label = f"{cid} "
            # measured, not assumed: four contracts of a deck fit one line of a 1280-wide window
            w = 3 + font(SIZE).size(label)[0] + 13 * len(card.factories) \
                + font(SIZE).size(f" {card.value}{cur}")[0] + 4
            if x + w > area.right:
                x, y = area.x + 24, y + ROW + 2
            pygame.draw.rect(surface, (70, 64, 52), (x, y, w, ROW), border_radius=3)
            xx = _t(surface, label, x + 3, y + 1)
            for good in card.factories:
                _cube(surface, good, xx, y + 4)
                xx += 13
            _t(surface, f" {card.value}{cur}", xx, y + 1, colors.OK)
            x += w + 4
        y += ROW + 4


def round_track(surface: pygame.Surface, rect: pygame.Rect, game: Any) -> None:
    """Rounds 1-8: the current one marked, engines on the track, Shipment tiles and goods
    waiting above each round, the hands of each round. The title line also counts the Unbuilt
    Train Station tiles not on a player board (in the box, and discarded from beneath a station
    built), which the components list as part of the game."""
    state, data = game.state, game.ruleset.data
    area = frame(surface, rect, f"Round track    unbuilt station tiles: box {state.unbuilt_box}, "
                                f"discarded {state.unbuilt_discarded}")
    rounds = int(data.rules["rounds"])
    w = area.width // rounds
    for r in range(1, rounds + 1):
        cell = pygame.Rect(area.x + (r - 1) * w, area.y, w - 4, area.height)
        now = r == state.round
        pygame.draw.rect(surface, (80, 70, 40) if now else (50, 54, 62), cell, border_radius=3)
        if now:
            pygame.draw.rect(surface, colors.PANEL_ACCENT, cell, 2, border_radius=3)
        _t(surface, f"R{r}", cell.x + 3, cell.y + 1, colors.PANEL_ACCENT if now else colors.PANEL_TEXT, True)
        _t(surface, f"{data.hands(r)}h", cell.x + 30, cell.y + 2, colors.PANEL_DIM, size=14)
        y = cell.y + 18
        engines = [e for e in data.engines.values() if e.round == r]
        for e in engines:
            _t(surface, f"{e.id} x{state.engines_track.get(e.id, 0)}", cell.x + 3, y, size=14)
            y += 14
        tile = state.shipment_tiles.get(r)
        if tile:
            _t(surface, f"order {tile}", cell.x + 3, y, colors.PANEL_DIM, size=14)
            y += 14
        waiting = state.shipments.get(r)
        if waiting:
            x = cell.x + 3
            for good, n in waiting.items():
                if n:
                    _cube(surface, good, x, y + 2, 8)
                    x = _t(surface, str(n), x + 9, y, size=14) + 3


def influence_track(surface: pygame.Surface, rect: pygame.Rect, game: Any) -> None:
    """Steps 0 to the end: the gold value under each step, silver flags, the hub markers and
    the player markers (stacked: later arrivals on top). The rows of a cell are laid out from
    its height: in a short track (a small window) the step numbers go, the values and the
    markers stay, none drawn over another."""
    state, data = game.state, game.ruleset.data
    area = frame(surface, rect, "Influence track")
    steps = data.influence_steps
    w = area.width / len(steps)
    top = area.y + 20  # the hub markers' row above the cells
    cell_h = max(20, area.bottom - top)
    row = 10  # a line of the 13-14 px faces
    stacks: dict[int, list[Any]] = {}
    for p in sorted(state.players.values(), key=lambda p: p.stamp, reverse=True):  # top first
        stacks.setdefault(p.influence, []).append(p)
    marker_h = 6 if cell_h < 40 else 8
    markers = max((len(s) for s in stacks.values()), default=0) * (marker_h + 1)
    silver = any(step.silver is not None for step in steps)
    show_index = cell_h >= 2 + row + markers + (row if silver else 0) + row + 2
    for i, step in enumerate(steps):
        x = round(area.x + i * w)
        cell = pygame.Rect(x, top, round(w) - 2, cell_h)
        pygame.draw.rect(surface, (56, 60, 70), cell)
        if show_index:
            text(surface, str(i), (cell.centerx, cell.y + 7), 14, colors.PANEL_DIM)
        text(surface, str(step.gold), (cell.centerx, cell.bottom - 6), 13, palette.CROWN)
        if step.silver is not None:
            text(surface, str(step.silver), (cell.centerx, cell.bottom - 6 - row), 13, (120, 200, 120))
    for colour, hub in state.hubs.items():
        x = round(area.x + hub.influence * w + w / 2)
        tri = [(x - 6, area.y + 3), (x + 6, area.y + 3), (x, area.y + 17)]
        pygame.draw.polygon(surface, palette.HUBS.get(colour, (200, 200, 200)), tri)
        pygame.draw.polygon(surface, (10, 10, 10), tri, 1)
    first = top + (2 + row if show_index else 2)
    for step, stack in stacks.items():
        x = round(area.x + step * w + 2)
        values = 2 if 0 <= step < len(steps) and steps[step].silver is not None else 1
        room = top + cell_h - values * row - 3 - first  # above the cell's values
        h = max(3, min(marker_h, room // max(1, len(stack)) - 1))
        for k, p in enumerate(stack):
            y = first + k * (h + 1)
            pygame.draw.rect(surface, palette.player_color(game.players, p.id), (x, y, round(w) - 6, h))
            pygame.draw.rect(surface, (10, 10, 10), (x, y, round(w) - 6, h), 1)
