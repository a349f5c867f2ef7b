"""The hotseat client for Imperial Steam: one window, the map and boards, every legal action
by mouse (a click on a city or connection narrows the menu to the actions there) or key.

Like the hex-map client it holds no rule: the legal actions come from the game, a refusal's
message (naming the rule) is shown as is. ``handle(event)`` takes pygame events (tests post
synthetic ones) and ``draw()`` renders a frame into the app's surface.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import attrs
import pygame

from railyard.framework.core.actions import Action
from railyard.framework.core.errors import IllegalAction
from railyard.framework.records import Record
from railyard.renderer import colors
from railyard.renderer.fonts import rendered, text
from railyard.renderer.imperial_steam import boards, palette, words
from railyard.renderer.imperial_steam.compose import HireComposer, TrackComposer
from railyard.renderer.imperial_steam.mapview import MapView
from railyard.renderer.imperial_steam.menu import Menu
from railyard.renderer.imperial_steam.variants import with_returns
from railyard.renderer.panels import log as log_panel
from railyard.renderer.panels.base import fit_text, frame
from railyard.renderer.session import GameFiles
from railyard.renderer.ui.help import draw_tooltip
from railyard.renderer.ui.widgets import Button, TextField

STATUS_H = 40
BOT_DELAY = 0.3

KEYS: tuple[tuple[str, str], ...] = (
    ("mouse", "click a button to act; click a city or connection to see the actions there"),
    ("Shift+click", "a second connection for your own build (then pick workers and spending)"),
    ("Esc", "show every action again; close a dialog"),
    ("Enter", "End the turn (after the main action) or submit a typed amount"),
    ("Ctrl+Z / Ctrl+Y", "undo / redo"),
    ("Ctrl+S / Ctrl+O", "save / load (every action is also autosaved)"),
    ("wheel", "scroll the menu or the log; over the map, zoom"),
    ("right/middle drag, arrows", "move the zoomed map;  + / -  zoom;  F  fit the map"),
    ("B", "pause / run the bots"),
    ("H, F1", "this help"),
    ("Q", "quit (asks where to save first; Esc stays)"),
)


@attrs.frozen(repr=False)
class Layout(Record):
    """Where each part goes in a window of ``width`` x ``height``."""

    width: int
    height: int
    players: int = 4

    def _x(self) -> tuple[int, int]:
        map_w = int(self.width * 0.44)
        mid_w = int(self.width * 0.30)
        return map_w, map_w + mid_w

    @property
    def status(self) -> pygame.Rect:
        return pygame.Rect(0, 0, self.width, STATUS_H)

    @property
    def map(self) -> pygame.Rect:
        return pygame.Rect(0, STATUS_H, self._x()[0], int(self.height * 0.60))

    def _left(self, top: float, height: float) -> pygame.Rect:
        y = self.map.bottom + int((self.height - self.map.bottom) * top)
        return pygame.Rect(0, y, self._x()[0], int((self.height - self.map.bottom) * height))

    def _shares(self) -> tuple[float, float]:
        """Where the round track and the action tiles start under the map: a low window gives
        the influence track (values and markers in one short cell) a larger share."""
        return (0.31, 0.66) if self.compact else (0.25, 0.62)

    @property
    def influence(self) -> pygame.Rect:
        return self._left(0.0, self._shares()[0])

    @property
    def rounds(self) -> pygame.Rect:
        a, b = self._shares()
        return self._left(a, b - a)

    @property
    def tiles(self) -> pygame.Rect:
        b = self._shares()[1]
        r = self._left(b, 1 - b)
        r.height = self.height - r.y
        return r

    @property
    def compact(self) -> bool:
        """A window too low for every board in the middle column: the shipment market moves
        to the right column, between the actions and the log."""
        return self.height < 900

    def _mid(self, index: int) -> pygame.Rect:
        a, b = self._x()
        heights = [28 + self.players * 112, 84, 104, 108] + ([] if self.compact else [150])
        room = self.height - STATUS_H
        if sum(heights) > room:  # a small window: every board gives up the same share
            heights = [int(h * room / sum(heights)) for h in heights]
        heights[-1] = room - sum(heights[:-1])
        y = STATUS_H + sum(heights[:index])
        return pygame.Rect(a, y, b - a, heights[index])

    @property
    def boards(self) -> pygame.Rect:
        return self._mid(0)

    @property
    def contracts(self) -> pygame.Rect:
        return self._mid(1)

    @property
    def factories(self) -> pygame.Rect:
        return self._mid(2)

    @property
    def workers(self) -> pygame.Rect:
        r = self._mid(3)
        if self.compact:
            r.height = self.height - r.y
        return r

    @property
    def market(self) -> pygame.Rect:
        if self.compact:
            a = self.actions
            return pygame.Rect(a.x, a.bottom, a.width, 150)
        r = self._mid(4)
        r.height = self.height - r.y
        return r

    @property
    def actions(self) -> pygame.Rect:
        x = self._x()[1]
        share = 0.46 if self.compact else 0.62
        return pygame.Rect(x, STATUS_H, self.width - x, int(self.height * share))

    @property
    def log(self) -> pygame.Rect:
        top = self.market.bottom if self.compact else self.actions.bottom
        return pygame.Rect(self.actions.x, top, self.actions.width, self.height - top)


class App(GameFiles):
    default_save_name = "imperial_steam.json"

    def __init__(self, game: Any, *, surface: pygame.Surface | None = None,
                 bots: Iterable[str] | dict[str, str] = (),
                 autosave: str | Path | None = None, save_path: str | Path | None = None,
                 seed: int = 0, bot_name: str = "random", save_to: str | Path | None = None) -> None:
        self.surface = surface if surface is not None else pygame.Surface((1600, 1000))
        self.bot_names = dict(bots) if isinstance(bots, dict) else {b: bot_name for b in bots}
        self.bots = set(self.bot_names)
        self.bots_running = True
        self.autosave = Path(autosave) if autosave else None
        self.save_to = Path(save_to) if save_to else None
        self.save_path = Path(save_path) if save_path else self.save_to
        self.seed = seed
        self.bot_name = bot_name
        self.message = ""
        self.error = False
        self.quit = False
        self.selected: str | None = None
        self.refusal: IllegalAction | None = None  # the last refused action's rule, shown over the map
        self._previews: dict[Any, list[str]] = {}
        self.show_help = False
        self.show_returns = False  # offer every accepted choice of goods to return
        self.show_standings = True
        self.prompt: tuple[str, TextField] | None = None
        self.top_buttons: list[Button] = []
        self.menu = Menu(self.act)
        self.composer = TrackComposer()
        self.hiring = HireComposer()
        self.log_scroll = 0
        self.map_zoom = 1.0  # wheel over the map zooms, right or middle drag pans, F fits
        self.map_pan: tuple[float, float] = (0.0, 0.0)
        self.dragging: tuple[int, int] | None = None
        self._bots: dict[str, tuple[Any, random.Random]] = {}
        self._last_bot = 0.0
        self._legal_key: Any = None
        self._legal: list[Action] = []
        self.set_game(game)

    # ------------------------------------------------------------------ the game
    def set_game(self, game: Any) -> None:
        self.game = game
        self.data = game.ruleset.data
        self._bots = {}
        self.selected = None

    @property
    def layout(self) -> Layout:
        w, h = self.surface.get_size()
        return Layout(w, h, len(self.game.players))

    @property
    def map(self) -> MapView:
        return MapView(self.data, self.layout.map, self.map_zoom, self.map_pan,
                       moving=self.dragging is not None)

    def zoom_map(self, factor: float, at: tuple[int, int] | None = None) -> None:
        """Zoom the map by ``factor`` keeping the point under ``at`` (a window pixel; the
        map's middle by default) where it is."""
        rect = self.layout.map
        new = max(1.0, min(4.0, self.map_zoom * factor))
        mx, my = at if at is not None else rect.center
        cx, cy = rect.center
        k = new / self.map_zoom
        self.map_pan = (mx - cx - (mx - cx - self.map_pan[0]) * k,
                        my - cy - (my - cy - self.map_pan[1]) * k)
        self.map_zoom = new
        if new == 1.0:
            self.map_pan = (0.0, 0.0)

    def fit_map(self) -> None:
        self.map_zoom, self.map_pan = 1.0, (0.0, 0.0)

    def version(self) -> tuple[int, int, int]:
        return (id(self.game), len(self.game.actions), id(self.game.state))

    def acting(self) -> str | None:
        """Who acts now: the player on turn, else the first of those still to bid or store."""
        active = self.game.active_entities()
        return active[0] if active else None

    def legal(self) -> list[Action]:
        """The acting player's legal actions (the others' secret bids stay theirs)."""
        key = self.version()
        if key != self._legal_key:
            who = self.acting()
            try:
                self._legal = list(self.game.legal_actions(who)) if who else []
            except Exception as error:  # an engine bug must not take the window down
                self.say(f"legal actions failed: {error}", error=True)
                self._legal = []
            self._legal_key = key
        return self._legal

    def choices(self) -> list[Action]:
        """The legal actions and, beside each that returns cubes, the other returns allowed."""
        if not self.show_returns:
            return self.legal()
        key = self.version()
        if getattr(self, "_choices_key", None) != key:
            self._choices = with_returns(self.game, self.legal())
            self._choices_key = key
        return self._choices

    def human_to_act(self) -> bool:
        who = self.acting()
        return who is not None and who not in self.bots

    def say(self, message: str, *, error: bool = False) -> None:
        self.message = message
        self.error = error

    def act(self, action: Action) -> bool:
        """Submit ``action``; a refusal is shown with the rule that refused it."""
        try:
            lines = self.game.process(action)
        except IllegalAction as refusal:
            self.say(f"Refused - {refusal}", error=True)
            self.refusal = refusal
            return False
        except Exception as error:
            self.say(f"{type(error).__name__}: {error}", error=True)
            return False
        self.say(lines[-1] if lines else words.describe(action, self.data, self.game.state))
        self.refusal = None
        self.selected = None
        self.composer.clear()
        self.bots_running = True
        self._autosave()
        return True

    def undo(self) -> None:
        """Take back the last move of a person at this table with every bot move since (one
        action when all seats are bots, or none); the bots then wait (B runs them)."""
        action = self.game.undo()
        taken = 1 if action is not None else 0
        while action is not None and self.bots and self.bots != set(self.game.players) \
                and self.acting() in self.bots:
            action = self.game.undo()
            taken += action is not None
        self.bots_running = False  # let the human look before the bots move again
        shown = words.describe(action, self.data, self.game.state) if action else ""
        if taken > 1:
            self.say(f"undone: {taken} moves back to {self.acting()}'s decision")
        else:
            self.say(f"undone: {shown}" if action else "nothing to undo", error=action is None)
        self._autosave()

    def redo(self) -> None:
        try:
            action = self.game.redo()
        except IllegalAction as refusal:
            self.say(str(refusal), error=True)
            return
        self.say("redone" if action else "nothing to redo", error=action is None)
        self._autosave()

    # ------------------------------------------------------------------ bots
    def bot_step(self) -> bool:
        """One bot move if a bot is to act; True if it moved."""
        who = self.acting()
        if not self.bots_running or self.game.is_over() or who is None or who not in self.bots:
            return False
        legal = self.legal()
        bot = self.bot_names.get(who, self.bot_name)
        return bool(legal) and self.act(choose(self.game, who, legal, self._bots, bot, self.seed))

    # ------------------------------------------------------------------ input
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit = True
        elif event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            if event.button in (4, 5):
                self._wheel(1 if event.button == 4 else -1, event.pos)
            elif event.button == 1:
                shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT) or bool(getattr(event, "shift", False))
                self._click(event.pos, shift)
            elif event.button in (2, 3) and self.layout.map.collidepoint(event.pos):
                self.dragging = event.pos
        elif event.type == pygame.MOUSEBUTTONUP:
            self.dragging = None
        elif event.type == pygame.MOUSEMOTION and self.dragging is not None:
            dx, dy = event.pos[0] - self.dragging[0], event.pos[1] - self.dragging[1]
            self.map_pan = (self.map_pan[0] + dx, self.map_pan[1] + dy)
            self.dragging = event.pos
        elif event.type == pygame.MOUSEWHEEL:
            self._wheel(event.y, pygame.mouse.get_pos())

    def _wheel(self, dy: int, pos: tuple[int, int]) -> None:
        lay = self.layout
        if lay.actions.collidepoint(pos):
            self.menu.wheel(dy)
        elif lay.log.collidepoint(pos):
            self.log_scroll = max(0, self.log_scroll + dy)
        elif lay.map.collidepoint(pos):
            self.zoom_map(1.2 ** dy, pos)

    def _key(self, event: pygame.event.Event) -> None:
        if self.file_keys(event):
            return
        ctrl = bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)
        field = self.menu.focused_field()
        if field is not None and not ctrl and field.key(event):
            return
        key = event.key
        if key == pygame.K_ESCAPE:
            self.composer.clear()
            self.selected = None
            self.refusal = None
            self.show_help = False
            self.show_standings = False
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            ends = [a for a in self.legal() if words.kind(a) == "EndTurn"]
            if ends and self.human_to_act():
                self.act(ends[0])
        elif key in (pygame.K_h, pygame.K_F1):
            self.show_help = not self.show_help
        elif key == pygame.K_q:
            self.open_prompt("quit")
        elif key == pygame.K_b:
            self.bots_running = not self.bots_running
            self.say("bots " + ("running" if self.bots_running else "paused"))
        elif key == pygame.K_f:
            self.fit_map()
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.zoom_map(1.2)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.zoom_map(1 / 1.2)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            dx = {pygame.K_LEFT: 60, pygame.K_RIGHT: -60}.get(key, 0)
            dy = {pygame.K_UP: 60, pygame.K_DOWN: -60}.get(key, 0)
            self.map_pan = (self.map_pan[0] + dx, self.map_pan[1] + dy)

    def _click(self, pos: tuple[int, int], shift: bool = False) -> None:
        if self.prompt is not None:
            return
        if self.game.is_over() and self.show_standings:
            self.show_standings = False
            return
        for button in self.top_buttons:
            if button.hit(pos):
                button.on_click()
                return
        lay = self.layout
        if lay.actions.collidepoint(pos):
            if self.human_to_act():
                self.menu.click(pos)
            return
        if lay.map.collidepoint(pos):
            hit = self.map.at(pos)
            if (shift and hit is not None and hit in self.data.connections
                    and self.selected in self.data.connections):
                if self.composer.add(hit):
                    self.say(f"the build takes {' + '.join(self.composer.connections)}")
                return
            self.selected = None if hit == self.selected else hit
            self.composer.clear()
            if self.selected is not None and self.selected in self.data.connections:
                self.composer.start(self.selected)
            self.hiring.start(self.hub_at(self.selected))
            if hit is not None and not self.shown_actions():
                self.say(f"no legal action at {self.place_name(hit)}")

    def place_name(self, place: str) -> str:
        return words.site_name(self.data, place)

    def site_pos(self, place: str) -> tuple[int, int]:
        """The window pixel of a city, or of a connection's middle (tests click there)."""
        view = self.map
        return view.pos(place) if place in self.data.sites else view.connection_mid(place)

    # ------------------------------------------------------------------ what is shown
    def shown_actions(self) -> list[Action]:
        """The menu's actions: all legal ones, or those at the selected city or connection."""
        legal = self.choices() if self.human_to_act() else []
        if self.selected is None:
            return legal
        hub = self.hub_at(self.selected)
        return [a for a in legal if self.selected in words.mentions(a, self.data)
                or (hub is not None and hub in (getattr(a, "column", None), getattr(a, "bridge", None),
                                                getattr(a, "tunnel", None)))]

    def hub_at(self, site: str | None) -> str | None:
        """The hub colour (Worker board column) of the city at ``site``, if it is a hub city."""
        tile = self.game.state.sites[site].tile if site in self.data.sites else ""
        return tile[4:] if tile.startswith("hub:") else None

    def composer_tools(self) -> list:
        """The composers' buttons: a build while a connection is chosen, a hire while a hub
        city is (each only when that main action is legal now)."""
        if not self.human_to_act():
            return []
        rows = []
        if any(getattr(a, "discard", None) or getattr(a, "steps", 0) == -1 or hasattr(a, "level")
               or len(getattr(a, "factories", ())) > 2 for a in self.legal()):
            label = "hide other choices" if self.show_returns else "show other goods to return, workers, steps"
            rows.append(("More choices", [(label, self.toggle_returns, self.show_returns)]))
        return rows + self._composer_rows()

    def toggle_returns(self) -> None:
        self.show_returns = not self.show_returns

    def _composer_rows(self) -> list:
        if self.hiring.column is not None and self.selected is not None:
            template = next((a for a in self.legal() if words.kind(a) == "Hire"), None)
            return self.hiring.tools(template, self.act) if template is not None else []
        if not self.composer.connections:
            return []
        access = next((a for a in self.legal() if words.kind(a) == "BuyStateRailway"
                       and getattr(a, "connection", None) == self.composer.connections[0]), None)
        if access is not None:
            return self.composer.access_tools(access, self.act)
        template = next((a for a in self.legal() if words.kind(a) == "BuildTracks"), None)
        if template is None:
            return []
        player = self.game.state.players[template.entity]
        return self.composer.tools(player, template, self.act)

    def legal_places(self) -> set[str]:
        out: set[str] = set()
        for action in self.legal() if self.human_to_act() else []:
            if words.kind(action) in ("BuildTracks", "BuyStateRailway"):
                out |= {p for p in words.mentions(action, self.data) if p in self.data.connections}
        return out

    def menu_title(self) -> str:
        who = self.acting()
        state = self.game.state
        if self.game.is_over():
            return "Game over"
        if who is None:
            return "Actions"
        if who in self.bots:
            return f"{who} (bot) is thinking" + ("" if self.bots_running else " - paused (B)")
        where = f" at {self.place_name(self.selected)} (Esc: all)" if self.selected else ""
        if state.phase == 0:
            return f"{who}: your secret bid{where}"
        if state.phase == 7 and state.main_done:
            return f"{who}: free actions, then End turn (Enter){where}"
        return f"{who}: your move{where}"

    def status_text(self) -> str:
        state = self.game.state
        if self.game.is_over():
            return "Game over"
        phase = {0: "opening blind bid", 3: "take ordered goods", 7: "actions"}.get(state.phase, f"phase {state.phase}")
        who = self.acting() or "nobody"
        return f"Round {state.round}  |  {phase}  |  to act: {who}"

    # ------------------------------------------------------------------ drawing
    def draw(self) -> pygame.Surface:
        surface = self.surface
        surface.fill(colors.PANEL_BG)
        lay = self.layout
        game, state = self.game, self.game.state
        self.map.draw(surface, state, game.players, self.legal_places(), self.selected)
        boards.influence_track(surface, lay.influence, game)
        boards.round_track(surface, lay.rounds, game)
        self._tiles(surface, lay.tiles)
        boards.players(surface, lay.boards, game, self.acting())
        boards.contracts(surface, lay.contracts, game)
        boards.factory_board(surface, lay.factories, game)
        boards.worker_board(surface, lay.workers, game)
        boards.market(surface, lay.market, game)
        log_panel.draw(surface, lay.log, game, self.log_scroll)
        self._status(surface, lay.status)
        mouse = pygame.mouse.get_pos() if pygame.display.get_init() and pygame.mouse.get_focused() else (-1, -1)
        self.menu.update(self.shown_actions(), self.data, state, game.title.manifest.currency)
        self.menu.tools = self.composer_tools()
        self.menu.draw(surface, lay.actions, self.menu_title(), mouse)
        if self.refusal is not None:
            self._refused(surface, lay.map)
        self._hover(surface, mouse)
        if self.show_help:
            self._help(surface)
        if game.is_over() and self.show_standings:
            self._standings(surface)
        if self.prompt is not None:
            self.draw_file_prompt(surface)
        return surface

    def _status(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        pygame.draw.rect(surface, (26, 28, 34), rect)
        text(surface, self.status_text(), (rect.x + 10, rect.y + 4), 20, colors.PANEL_ACCENT,
             anchor="topleft", bold=True)
        room = rect.right - 8 - 5 * 66 - 18 - (rect.x + 10)  # left of the buttons
        if self.message:
            shown, size = fit_text(self.message, room, 17)
            text(surface, shown, (rect.x + 10, rect.y + 23), size,
                 colors.ERROR if self.error else colors.OK, anchor="topleft")
        specs = [("Undo", self.undo, "Ctrl+Z"), ("Redo", self.redo, "Ctrl+Y"),
                 ("Save", lambda: self.open_prompt("save"), "Ctrl+S"),
                 ("Load", lambda: self.open_prompt("load"), "Ctrl+O"),
                 ("Help", lambda: setattr(self, "show_help", not self.show_help), "H: all keys"),
                 ("Quit", lambda: self.open_prompt("quit"), "Q: save (or not) and quit")]
        x = rect.right - 8
        self.top_buttons = []
        for label, fn, hint in reversed(specs):
            x -= 66
            button = Button(pygame.Rect(x, rect.y + 8, 62, 24), label, fn, hint=hint)
            button.draw(surface, size=17)
            self.top_buttons.append(button)

    def _tiles(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The eleven Main Action tiles: hands on each (the acting player's own in brackets,
        each of which costs an influence step to place another there)."""
        area = frame(surface, rect, "Main Action tiles: hands (own)")
        state = self.game.state
        who = state.current
        names = ["build_tracks", "hire", "build_building", "produce", "buy_goods", "train", "contract",
                 "philanthropize", "share_value", "fundraise", "pass"]
        cols = 4
        w = area.width // cols
        for i, tile in enumerate(names):
            x = area.x + (i % cols) * w
            y = area.y + (i // cols) * 18
            own = state.players[who].placed.get(tile, 0) if who in state.players else 0
            content = f"{i + 1} {tile.replace('_', ' ')}: {state.hands_on.get(tile, 0)}" + (f" ({own})" if own else "")
            surface.blit(rendered(content, 15, colors.PANEL_TEXT if state.hands_on.get(tile) else colors.PANEL_DIM),
                         (x, y))

    def _refused(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The refused action's rule in a banner over the map (Esc or the next action clears it)."""
        assert self.refusal is not None
        box = pygame.Rect(rect.x + 10, rect.y + 8, rect.width - 20, 50)
        pygame.draw.rect(surface, (60, 24, 24), box, border_radius=6)
        pygame.draw.rect(surface, colors.ERROR, box, 2, border_radius=6)
        text(surface, f"Refused by the rule \"{self.refusal.rule}\"", (box.x + 10, box.y + 6), 20,
             colors.ERROR, anchor="topleft", bold=True)
        text(surface, self.refusal.message[:110], (box.x + 10, box.y + 28), 18, colors.PANEL_TEXT,
             anchor="topleft")

    def preview(self, action: Action) -> list[str]:
        """What ``action`` would do, in the engine's own log lines: it is applied to a copy of the
        state (costs, influence, Business tokens), or its refusal."""
        import copy

        key = (self.version(), action)
        if key not in self._previews:
            try:
                lines = list(self.game.ruleset.apply(copy.deepcopy(self.game.state), action) or [])
            except IllegalAction as refusal:
                lines = [f"refused: {refusal}"]
            except Exception as error:
                lines = [f"no preview: {type(error).__name__}"]
            if len(self._previews) > 64:
                self._previews.clear()
            self._previews[key] = lines
        return self._previews[key]

    def _hover(self, surface: pygame.Surface, mouse: tuple[int, int]) -> None:
        lines: list[str] = []
        for button in self.menu.buttons:
            if button.rect.collidepoint(mouse) and button.action is not None:
                lines = [words.describe(button.action, self.data, self.game.state)]
                if words.kind(button.action) != "Bid":  # a bid's effect waits for the others'
                    lines += ["  " + line for line in self.preview(button.action)[:10]]
        for button in self.top_buttons:
            if button.rect.collidepoint(mouse) and button.hint:
                lines = [button.hint]
        if not lines and self.layout.map.collidepoint(mouse):
            place = self.map.at(mouse)
            if place is not None:
                lines = self.place_info(place)
        if lines:
            draw_tooltip(surface, mouse, lines)

    def place_info(self, place: str) -> list[str]:
        """A city or connection in words (the tooltip)."""
        data, state = self.data, self.game.state
        if place in data.connections:
            conn = data.connections[place]
            owners = [p for p in self.game.players if place in state.players[p].tracks]
            crown = ", State Railway (crowned)" if place in state.crowned else ""
            return [f"{place}: {conn.kind}{crown}" + (", Semmering" if conn.semmering else ""),
                    "tracks: " + (", ".join(owners) or "none")]
        info = words.content(data, state, place)
        placed = state.sites[place]
        lines = [f"{data.sites[place].name} ({place}), effort {info.effort}, station {info.station_cost}",
                 f"stations: {', '.join(placed.stations) or 'none'} of {info.station_sites}"]
        for i, spec in enumerate(info.factory_sites):
            lines.append(f"factory site {i}: {spec.good} (owner {placed.factories[i] or '-'})")
        for i, good in enumerate(info.demands):
            lines.append(f"demand {i}: {good} (filled by {placed.demands[i] or '-'})")
        return lines

    def _help(self, surface: pygame.Surface) -> None:
        from railyard.renderer.ui.help import draw_help

        draw_help(surface, KEYS, width=760)

    def _standings(self, surface: pygame.Surface) -> None:
        """The engine's standings, then each player's final scoring sheet."""
        from railyard.renderer.screens.standings import draw as draw_standings

        draw_standings(surface, self.game)
        sheets = self.game.state.scoring
        if not sheets:
            return
        w, h = surface.get_size()
        box = pygame.Rect(0, 0, 900, 30 + 22 * len(sheets))
        box.midtop = (w // 2, h // 2 + 60 + 17 * len(sheets))
        pygame.draw.rect(surface, colors.PANEL_BG, box, border_radius=6)
        y = box.y + 8
        for pid, sheet in sheets.items():
            parts = ", ".join(f"{k.replace('_', ' ')} {v:+d}" for k, v in sheet.items())
            text(surface, f"{pid}: {parts}", (box.x + 12, y), 18, colors.PANEL_TEXT, anchor="topleft")
            y += 22

    # ------------------------------------------------------------------ the loop
    def run(self, fps: int = 30) -> None:
        clock = pygame.time.Clock()
        display = pygame.display.get_surface()
        self._autosave()  # the table is remembered before the first move
        while not self.quit:
            for event in pygame.event.get():
                if event.type == pygame.VIDEORESIZE:
                    display = pygame.display.set_mode(event.size, pygame.RESIZABLE)
                self.handle(event)
            now = time.monotonic()
            if now - self._last_bot >= BOT_DELAY and self.prompt is None and self.bot_step():
                self._last_bot = now
            self.surface = display
            self.draw()
            pygame.display.flip()
            clock.tick(fps)


def choose(game: Any, who: str, legal: list[Action], seats: dict[str, tuple[Any, random.Random]],
           name: str, seed: int) -> Action:
    """The bot of ``who``'s move: the named framework bot if it plays this title, else random."""
    if who not in seats:
        bot = None
        try:
            from railyard.framework.bots import UnknownBot, make_bot

            try:
                bot = make_bot(name, game.ruleset)
            except UnknownBot:
                bot = make_bot("random", game.ruleset)
        except Exception:
            bot = None
        index = list(game.players).index(who) if who in game.players else 0
        seats[who] = (bot, random.Random(seed * 1000 + index))
    bot, rng = seats[who]
    if bot is None:
        return rng.choice(legal)
    return bot.choose(game.view(), legal, rng)


__all__ = ["App", "Layout", "choose", "palette"]
