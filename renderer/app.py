"""The hotseat client: one window, the board and panels, every legal action by mouse or key.

The app holds no rule: what may be done comes from ``game.legal_actions()``; what is done goes
through ``game.process()``, and a refusal's message (which names the rule) is shown as is.
Everything is reachable without a window: ``handle(event)`` takes pygame events (tests post
synthetic ones), ``draw()`` renders a frame into the app's surface.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pygame

from railyard.framework.core.actions import Action
from railyard.framework.core.dry_run import DryRun, dry_run
from railyard.framework.core.errors import IllegalAction
from railyard.renderer import colors, view
from railyard.renderer.board import BoardRenderer
from railyard.renderer.bots import DEFAULT_BOT, Seats
from railyard.renderer.panels import companies as companies_panel
from railyard.renderer.panels import depot as depot_panel
from railyard.renderer.panels import log as log_panel
from railyard.renderer.panels import market as market_panel
from railyard.renderer.panels import packet as packet_panel
from railyard.renderer.panels import players as players_panel
from railyard.renderer.panels import status as status_panel
from railyard.renderer.screen import ScreenLayout
from railyard.renderer.session import GameFiles
from railyard.renderer.snapshot import Snapshot, snapshot
from railyard.renderer.ui import card_view
from railyard.renderer.ui.actions_menu import ActionMenu
from railyard.renderer.ui.camera import Camera
from railyard.renderer.ui.cards import card, companies_named
from railyard.renderer.ui.describe import describe, is_choice, tag, value_label, with_value
from railyard.renderer.ui.help import draw_help, draw_tooltip, hex_info
from railyard.renderer.ui.log_words import LogWords
from railyard.renderer.ui.placement import Placement
from railyard.renderer.ui.routes_control import RouteControl
from railyard.renderer.ui.widgets import Button, TextField

#: rows whose options are spelled out under them (the engine's dry run of each)
DETAIL_TAGS = frozenset({"dividend"})
BOT_DELAY = 0.25  # seconds between bot moves in a window, so a human can follow
TRAY_H = 72  # height of the tile tray above the menu
#: rounds that sell the start packet (their kinds as the engine names them)
PACKET_ROUNDS = frozenset({"auction", "fixed_price_columns"})
#: actions whose buttons say what they cost (a train's price is its value already)
COSTED = frozenset({"place_token", "lay_tile", "buy_shares"})
#: an operating turn's steps (the engine's names) as the prompt asks them
STEP_WORDS = {"home": "place the home token", "tile": "lay a tile", "token": "place a token",
              "run": "run trains", "dividend": "pay out or withhold", "trains": "buy trains"}


class App(GameFiles):
    def __init__(
        self,
        game: Any,
        *,
        surface: pygame.Surface | None = None,
        bots: Iterable[str] | dict[str, str] = (),
        autosave: str | Path | None = None,
        save_path: str | Path | None = None,
        seed: int = 0,
        bot_name: str = DEFAULT_BOT,
        save_to: str | Path | None = None,
    ) -> None:
        """``bots``: the seats bots play (a player -> bot mapping names each seat's bot;
        otherwise ``bot_name`` plays them all). ``save_to``: a file kept up to date after
        every action (``--save PATH``), besides the autosave."""
        self.surface = surface if surface is not None else pygame.Surface((1600, 1000))
        self.bot_names = dict(bots) if isinstance(bots, dict) else {b: bot_name for b in bots}
        self.bots = set(self.bot_names)
        self.bots_running = True
        self.autosave = Path(autosave) if autosave else None
        self.save_to = Path(save_to) if save_to else None
        self.save_path = Path(save_path) if save_path else self.save_to
        self.seed = seed
        self.bot_name = bot_name
        self.seats: Seats | None = None
        self.message = ""
        self.error = False
        self.quit = False
        self.menu = ActionMenu(self.act, self.name_value, self.row_details, self.button_label,
                               self.amount_typed)
        self.camera = Camera()
        self.prompt: tuple[str, TextField] | None = None
        self.top_buttons: list[Button] = []
        self.dragging: tuple[int, int] | None = None
        self.show_standings = True
        self.show_help = False
        self._last_bot = 0.0
        self._legal_key: Any = None
        self._legal: list[Action] = []
        self._previews: dict[Any, DryRun] = {}
        self.scroll = {"companies": 0, "log": 0}
        self.routes = RouteControl(self)
        #: drawn as a picture (``railyard render``): nothing that waits for a click
        self.still = False
        self.pinned: str | None = None  # a company whose card stays up (clicked), Esc closes
        self._followed_company: Any = None  # the position the companies panel last followed
        self._panel_cache: dict[str, tuple[Any, pygame.Surface]] = {}
        self.set_game(game)

    # ------------------------------------------------------------------ game
    def set_game(self, game: Any) -> None:
        self.game = game
        self.words = LogWords(game.title)
        self._log_key: Any = None
        self._log_lines: list[str] = []
        self.board = BoardRenderer(game.title)
        self.placement = Placement(self.board, self.preview, self.tokens_after)
        self._kept: tuple[Any, dict[int, list[str]]] | None = None
        self._snap_key: Any = None
        self._snap: Snapshot | None = None
        self._followed: frozenset[str] | None = None  # the legal hexes the view last followed
        self.fit()

    @property
    def layout(self) -> ScreenLayout:
        w, h = self.surface.get_size()
        return ScreenLayout(w, h, len(getattr(self.game.state, "players", ())) or 4)

    def fit(self) -> None:
        lay = self.board.layout
        units = (lay.max_x - lay.min_x, lay.max_y - lay.min_y)
        self.camera.fit(units, self.layout.board.size)

    def snap(self) -> Snapshot:
        key = (len(self.game.actions), id(self.game.state))
        if key != self._snap_key:
            self._snap = snapshot(self.game.title, self.game.state)
            self._snap_key = key
        assert self._snap is not None
        return self._snap

    def version(self) -> tuple[int, int, int]:
        """Changes whenever the position may have changed (actions, undo, a loaded game)."""
        return (id(self.game), len(self.game.actions), id(self.game.state))

    def legal(self) -> list[Action]:
        key = self.version()
        if self._legal_key != key:
            try:
                self._legal = list(self.game.legal_actions())
            except Exception as error:  # an engine bug must not take the window down
                self.say(f"legal actions failed: {error}", error=True)
                self._legal = []
            self._legal_key = key
        return self._legal

    def log_lines(self) -> list[str]:
        """The engine's log as the table reads it (places and trains by name)."""
        key = self.version()
        if key != self._log_key:
            self._log_lines = self.words.lines(self.game.log)
            self._log_key = key
        return self._log_lines

    def human_to_act(self) -> bool:
        player = view.acting_player(self.game)
        return player is not None and player not in self.bots

    def say(self, message: str, *, error: bool = False) -> None:
        self.message = message
        self.error = error

    def name_value(self, field: str, value: Any) -> str:
        """Ids in words for the menu: a train id names the train and where it is."""
        state = self.game.state
        trains = getattr(state, "trains", {})
        if field == "train" and isinstance(value, str) and value in trains:
            train = trains[value]
            owner = {"@depot": "the depot", "@pool": "the pool"}.get(train.owner, train.owner)
            return f"{train.name}-train from {owner}"  # as the log says it
        if field == "hex" and isinstance(value, str):
            hexdef = self.game.title.map.hexes.get(value) if hasattr(self.game.title, "map") else None
            return f"{value} ({hexdef.name})" if hexdef is not None and hexdef.name else value
        if field == "item" and isinstance(value, str):  # a packet item's id: "UG1_share"
            return value.replace("_", " ")
        return str(value)

    def row_details(self, row: Any) -> list[str]:
        """Under a dividend row or a choice: what each option would do (payout to each
        holder, the share price move), from the engine's own dry run."""
        first = row.actions[0]
        if not (tag(first) in DETAIL_TAGS or is_choice(first)) or len(row.actions) > 4:
            return []
        out = []
        for action in row.actions:
            lines = [line for line in self.preview(action) if line]
            label = value_label(action) or row.title
            out.append(f"{label}: " + "; ".join(lines[:10]))
        return out

    def amount_typed(self, row: Any) -> bool:
        """Whether the row's amount may be typed: the engine (in a dry run) takes one it did
        not list, one above the lowest listed. A par price or a packet item's fixed price then
        gets its buttons only, no field that could only be refused."""
        listed = sorted(getattr(a, row.free) for a in row.actions)
        probe = listed[0] + 1
        while probe in listed:
            probe += 1
        return self._dry_run(with_value(row.actions[0], row.free, probe)).refusal is None

    def _dry_run(self, action: Action) -> DryRun:
        """The engine's dry run of ``action`` (on a copy of the state), kept per position."""
        key = (self.version(), action)
        cached = self._previews.get(key)
        if cached is not None:
            return cached
        try:
            result = dry_run(self.game.ruleset, self.game.state, action)
        except Exception as error:
            result = DryRun((f"no preview: {type(error).__name__}",), None)
        if len(self._previews) > 256:
            self._previews.clear()
        self._previews[key] = result
        return result

    def preview(self, action: Action) -> list[str]:
        """What ``action`` would do, in the engine's own log lines: it is applied to a copy of
        the state (payouts of each dividend choice, price moves, costs), or its refusal."""
        return [self.words.line(line) for line in self._dry_run(action).lines]

    def tokens_after(self, action: Action) -> dict[int, list[str]]:
        """The tokens on ``action``'s hex once it is done, by stop (the engine applies it to
        a copy of the state): a previewed upgrade draws the tokens it keeps."""
        key = (self.version(), action)
        if self._kept is not None and self._kept[0] == key:
            return self._kept[1]
        import copy

        kept: dict[int, list[str]] = {}
        hex_id = getattr(action, "hex", None)
        try:
            state = copy.deepcopy(self.game.state)
            self.game.ruleset.apply(state, action)
            for (coord, stop), cids in snapshot(self.game.title, state).tokens.items():
                if coord == hex_id:
                    kept[stop] = list(cids)
        except Exception:  # a refused lay previews without tokens
            kept = {}
        self._kept = (key, kept)
        return kept

    def cost(self, action: Action) -> int | None:
        """What ``action`` costs the one acting, by the engine's dry run (None: unknown)."""
        return self._dry_run(action).cost

    def button_label(self, action: Action) -> str:
        """A button's text: its value and, for a token or a tile, what the engine says it
        costs ("city 1: 80K"), so that the price is read before the click."""
        label = value_label(action)
        if tag(action) in COSTED:
            cost = self.cost(action)
            if cost:
                cur = self.game.title.manifest.currency
                label = f"{label}: {cost}{cur}" if label else f"{cost}{cur}"
        return label

    def act(self, action: Action) -> bool:
        """Submit ``action``; a refusal is shown with the rule that refused it."""
        try:
            lines = self.game.process(action)
        except IllegalAction as refusal:
            self.say(str(refusal), error=True)
            return False
        except Exception as error:
            self.say(f"{type(error).__name__}: {error}", error=True)
            return False
        self.say(self.words.line(lines[-1]) if lines else describe(action))
        self.placement.clear()
        self.editor.stop()
        self.bots_running = True
        self._autosave()
        return True

    def bot_step(self) -> bool:
        """One bot move if a bot is to act; True if it moved."""
        if not self.bots_running or self.game.is_over() or self.human_to_act():
            return False
        player = view.acting_player(self.game)
        if player is None:
            return False
        legal = self.legal()
        if not legal:
            return False
        choice = self._bot_choice(legal)
        return self.act(choice)

    def _bot_choice(self, legal: list[Action]) -> Action:
        """The acting seat's bot's move (framework.bots; random moves without it)."""
        if self.seats is None or self.seats.game is not self.game:
            self.seats = Seats(self.game, self.bot_name, self.seed, self.bot_names)
        return self.seats.choose(legal)

    def undo(self) -> None:
        """Take back the last move of a person at this table, with every bot move made since
        (one action when every seat is a bot, or none is); the bots then wait (B runs them)."""
        action = self.game.undo()
        taken = 1 if action is not None else 0
        while action is not None and self.bots and self.bots != set(self.game.players) \
                and view.acting_player(self.game) in self.bots:
            action = self.game.undo()  # that move was a bot's: take back the one before too
            taken += action is not None
        self.bots_running = False  # let the human look before the bots move again
        if taken > 1:
            self.say(f"undone: {taken} moves back to {view.acting_player(self.game)}'s decision")
        else:
            self.say(f"undone: {describe(action)}" if action else "nothing to undo",
                     error=action is None)
        self.placement.clear()
        self._autosave()

    def redo(self) -> None:
        """Redo a person's move and the bot moves that followed it (as undo took them back)."""
        try:
            action = self.game.redo()
            while action is not None and self.bots and self.bots != set(self.game.players) \
                    and view.acting_player(self.game) in self.bots:
                if self.game.redo() is None:
                    break
        except IllegalAction as refusal:
            self.say(str(refusal), error=True)
            return
        self.say(f"redone: {describe(action)}" if action else "nothing to redo", error=action is None)
        self._autosave()

    # ------------------------------------------------------------------ input
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit = True
        elif event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self._mouse_down(event)
        elif event.type == pygame.MOUSEBUTTONUP:
            if event.button in (1, 2, 3):
                self.dragging = None
        elif event.type == pygame.MOUSEMOTION:
            if self.dragging is not None:
                self.camera.pan(event.pos[0] - self.dragging[0], event.pos[1] - self.dragging[1])
                self.dragging = event.pos
        elif event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            self._wheel(event.y, pos)
        elif event.type == pygame.VIDEORESIZE:
            self.fit()

    def _wheel(self, dy: int, pos: tuple[int, int]) -> None:
        lay = self.layout
        if self.menu_rect().collidepoint(pos):
            self.menu.wheel(dy)
        elif lay.companies.collidepoint(pos):
            self.scroll["companies"] = max(0, self.scroll["companies"] - dy)
        elif lay.log.collidepoint(pos):
            self.scroll["log"] = max(0, self.scroll["log"] + dy)
        elif lay.board.collidepoint(pos):
            anchor = (pos[0] - lay.board.x, pos[1] - lay.board.y)
            self.camera.zoom(1.15 ** dy, anchor)

    def _key(self, event: pygame.event.Event) -> None:
        if self.file_keys(event):
            return
        ctrl = bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)
        if self.editor.active and not ctrl and self.routes.editor_key(event):
            return
        key = event.key
        if self.placement_key(event):
            return
        field = self.menu.focused_field()
        if field is not None and not ctrl and field.key(event):
            return
        if key == pygame.K_ESCAPE:
            self.placement.clear()
            self.pinned = None
            self.show_standings = False
            self.show_help = False
        elif key == pygame.K_q:
            self.ask_quit()
        elif key == pygame.K_p:
            passes = [a for a in self.legal() if type(a).__name__ == "Pass"]
            if passes and self.human_to_act():
                self.act(passes[0])
        elif key == pygame.K_f:
            self.fit()
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.camera.zoom(1.15, self._board_centre())
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.camera.zoom(1 / 1.15, self._board_centre())
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            step = 60
            dx = {pygame.K_LEFT: step, pygame.K_RIGHT: -step}.get(key, 0)
            dy = {pygame.K_UP: step, pygame.K_DOWN: -step}.get(key, 0)
            self.camera.pan(dx, dy)
        elif key == pygame.K_t:
            self.toggle_routes()
        elif key == pygame.K_e:
            self.start_editing()
        elif key in (pygame.K_h, pygame.K_F1):
            self.show_help = not self.show_help
        elif key == pygame.K_b:
            self.bots_running = not self.bots_running
            self.say("bots " + ("running" if self.bots_running else "paused"))

    def placement_key(self, event: pygame.event.Event) -> bool:
        """Enter and R belong to the tile or token previewed on the map whenever one is:
        an amount typed into a field earlier (a bid in the packet) must not take the Enter
        that the prompt ("Enter lays") promised to the preview."""
        chosen = self.placement.current()
        if chosen is None or not self.human_to_act():
            return False
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.menu.unfocus()
            self.act(chosen)
            return True
        if event.key == pygame.K_r:
            self.menu.unfocus()
            self.placement.cycle(-1 if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else 1)
            return True
        return False

    def ask_quit(self) -> None:
        """Q (or the Quit button): the save prompt, whose Enter saves and closes the window;
        an emptied path closes it without saving (every move is autosaved anyway)."""
        self.open_prompt("quit")

    # routes: shown, offered and edited (renderer.ui.routes_control)
    @property
    def editor(self) -> Any:
        return self.routes.editor

    @property
    def routes_company(self) -> str | None:
        return self.routes.company

    @routes_company.setter
    def routes_company(self, company: str | None) -> None:
        self.routes.company = company

    def toggle_routes(self) -> None:
        self.routes.toggle()

    def start_editing(self) -> None:
        self.routes.start_editing()

    def offered_run(self) -> Any:
        return self.routes.offered_run()

    def shown_routes(self) -> Any:
        return self.routes.shown()

    def _board_centre(self) -> tuple[float, float]:
        b = self.layout.board
        return (b.width / 2, b.height / 2)

    def _mouse_down(self, event: pygame.event.Event) -> None:
        pos = event.pos
        if event.button in (4, 5):  # old-style wheel events
            self._wheel(1 if event.button == 4 else -1, pos)
            return
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
        if (lay.companies.collidepoint(pos) or lay.players.collidepoint(pos)) and event.button == 1:
            cids = self.cards_at(pos)  # a click keeps the company's card up (Esc closes it)
            self.pinned = None if not cids or cids[0] == self.pinned else cids[0]
            return
        tray = self.tray_rect()
        if tray is not None and tray.collidepoint(pos) and event.button == 1:
            self.placement.tray_click(pos)
            return
        if self.menu_rect().collidepoint(pos) and event.button == 1:
            if self.human_to_act():
                self.menu.click(pos)
            return
        if lay.board.collidepoint(pos):
            if event.button == 1 and self.editor.active:
                self.routes.edit_click(pos)
                return
            if event.button == 1:
                coord = self.hex_at(pos)
                if coord is not None and self.human_to_act() and self.placement.click(coord):
                    return
            self.dragging = pos

    def follow(self) -> None:
        """When the hexes the one to act may use change (a new company, a new step) and the
        zoomed map shows none of them, pan to bring them into view."""
        hexes = frozenset(self.placement.hexes) or self._acting_stations()
        if hexes == self._followed:
            return
        self._followed = hexes
        if not hexes:
            return
        b = self.layout.board
        centres = [self.board.layout.center(c, self.camera.size) for c in hexes]
        ox, oy = self.camera.offset
        if any(0 <= ox + x <= b.width and 0 <= oy + y <= b.height for x, y in centres):
            return
        mx = sum(x for x, _ in centres) / len(centres)
        my = sum(y for _, y in centres) / len(centres)
        self.camera.offset = (b.width / 2 - mx, b.height / 2 - my)

    def _acting_stations(self) -> frozenset[str]:
        """The hexes of the acting company's stations: with nothing to place, the zoomed view
        goes to the company now acting rather than staying where the last one acted."""
        companies = getattr(self.game.state, "companies", {})
        for entity in view.active(self.game):
            company = companies.get(entity) if isinstance(companies, dict) else None
            if company is not None and getattr(company, "tokens", None):
                return frozenset(h for h, _ in company.tokens)
        return frozenset()

    def hex_at(self, pos: tuple[int, int]) -> str | None:
        """The map hex under a window pixel."""
        b = self.layout.board
        mx, my = self.camera.to_map((pos[0] - b.x, pos[1] - b.y))
        return self.board.layout.hex_at(mx, my, self.camera.size)

    def hex_pos(self, coord: str) -> tuple[int, int]:
        """The window pixel of a hex's centre (tests click there)."""
        b = self.layout.board
        cx, cy = self.board.layout.center(coord, self.camera.size)
        return (round(b.x + self.camera.offset[0] + cx), round(b.y + self.camera.offset[1] + cy))

    # ------------------------------------------------------------------ drawing
    def draw(self) -> pygame.Surface:
        surface = self.surface
        lay = self.layout
        snap = self.snap()
        legal = self.legal() if self.human_to_act() else []
        self.placement.update(legal)
        self.follow()
        self.board.draw(surface, lay.board, self.camera.size, self.camera.offset, snap,
                        quick=self.camera.zooming())
        clip = surface.get_clip()
        surface.set_clip(lay.board)
        offset = (lay.board.x + self.camera.offset[0], lay.board.y + self.camera.offset[1])
        self.placement.draw(surface, self.camera.size, offset, snap.phase, snap)
        shown = self.shown_routes()
        if shown is not None:
            from railyard.renderer.routes_view import draw_legend, draw_routes

            draw_routes(surface, self.board, snap, shown, self.camera.size, offset)
            draw_legend(surface, lay.board, shown, self.game.title.manifest.currency)
        surface.set_clip(clip)
        version = self.version()
        self._panel(surface, "status", lay.status, (version, self.message, self.error),
                    lambda s, r: status_panel.draw(s, r, self.game, self.message, self.error))
        if not self.still:
            self._draw_top_buttons(surface, lay.status)
        self._panel(surface, "players", lay.players, version,
                    lambda s, r: players_panel.draw(s, r, self.game))
        if self._followed_company != version:  # the acting company's row comes into view
            self._followed_company = version
            self.scroll["companies"] = companies_panel.first_row_for(
                self.game, lay.companies, self.scroll["companies"])
        if self.packet_shown():  # the start packet, for everyone to read, while it sells
            self._panel(surface, "companies", lay.companies, ("packet", version, self.scroll["companies"]),
                        lambda s, r: packet_panel.draw(s, r, self.game, self.scroll["companies"]))
        else:
            self._panel(surface, "companies", lay.companies, (version, self.scroll["companies"]),
                        lambda s, r: companies_panel.draw(s, r, self.game, self.scroll["companies"]))
        self._panel(surface, "depot", lay.depot, version,
                    lambda s, r: depot_panel.draw(s, r, self.game))
        self._panel(surface, "market", lay.market, version,
                    lambda s, r: market_panel.draw(s, r, self.game))
        self._panel(surface, "log", lay.log, (version, self.scroll["log"]),
                    lambda s, r: log_panel.draw(s, r, self.game, self.scroll["log"],
                                                self.log_lines()))
        current = self.placement.current()
        self.menu.update(([current] if current is not None else [])
                         + [a for a in legal if not self.placement.owns(a)])
        who = view.acting_player(self.game)
        if self.game.is_over():
            title = "Game over"
        elif who is None:
            title = "Actions"
        elif who in self.bots:
            title = f"{who} (bot) is thinking" + ("" if self.bots_running else " - paused (B)")
        else:
            acting = [e for e in view.active(self.game) if e != who]
            title = f"{who}" + (f" for {acting[0]}" if acting else "") + ": " + self.step_text(legal)
            title += self.placement.hint()
            if self.editor.active:
                title = f"{who}: editing routes, train {self.editor.current + 1} (E)"
        if self.dialog_mode():
            w, h = surface.get_size()
            shade = pygame.Surface((w, h), pygame.SRCALPHA)
            shade.fill((0, 0, 0, 110))
            surface.blit(shade, (0, 0))
            title = f"{who}: choose" if who else "Choose"
        tray = self.tray_rect()
        if tray is not None:
            self.placement.draw_tray(surface, tray, snap.phase)
        self.menu.draw(surface, self.menu_rect(), title)
        if self.pinned is not None:
            self.draw_cards(surface, [self.pinned], (lay.board.x + 8, lay.board.y + 8))
        self._draw_hover(surface)
        if self.show_help:
            draw_help(surface)
        if self.game.is_over() and self.show_standings and not self.still:
            from railyard.renderer.screens.standings import draw as draw_standings

            draw_standings(surface, self.game)
        if self.prompt is not None:
            self.draw_file_prompt(surface)
        return surface

    def step_text(self, legal: list[Action]) -> str:
        """What the one to act is asked now: the step of the operating turn in words, with
        "(or pass)" when the engine also offers a pass."""
        step = getattr(getattr(self.game.state, "round", None), "step", "") or ""
        words = STEP_WORDS.get(step, "your move")
        empty = self.empty_step(step, legal)
        if empty:
            return f"{words}: {empty}"
        if step and any(tag(a) == "pass" for a in legal):
            words += " (or pass)"
        return words

    def empty_step(self, step: str, legal: list[Action]) -> str:
        """Why a step offers nothing but going on (no hex to highlight, no route to run), so
        the player is told rather than left looking for what to do; "" when it offers more."""
        if not legal:
            return ""
        if step == "token" and not self.placement.hexes and all(tag(a) == "pass" for a in legal):
            return "no city where a station can go - pass (P)"
        if step == "run" and not any(getattr(a, "runs", None) for a in legal):
            return "no route for its trains, so it does not run - the button goes on"
        return ""

    def packet_shown(self) -> bool:
        """The start packet takes the companies' panel during the round that sells it."""
        rnd = getattr(self.game.state, "round", None)
        kind = getattr(rnd, "kind", "")
        selling = kind in PACKET_ROUNDS or kind not in ("stock", "operating")  # 1889's waterfall
        return selling and bool(view.packet(self.game))

    def dialog_mode(self) -> bool:
        """Choices that interrupt play (an exchange, a national's formation) are asked in a
        dialog over the board rather than in the side menu."""
        legal = self.legal() if self.human_to_act() else []
        return bool(legal) and all(is_choice(a) for a in legal)

    def menu_rect(self) -> pygame.Rect:
        if self.dialog_mode():
            board = self.layout.board
            rows = self.menu.rows or []
            need = 40 + sum(26 + 17 * (len(self.row_details(r)) + 1) for r in rows)
            rect = pygame.Rect(0, 0, min(720, board.width - 40), min(max(120, need), board.height - 40))
            rect.center = board.center
            return rect
        rect = self.layout.actions
        if self.tray_rect() is not None:
            rect = pygame.Rect(rect.x, rect.y + TRAY_H, rect.width, rect.height - TRAY_H)
        return rect

    def tray_rect(self) -> pygame.Rect | None:
        """Room for the tile tray above the menu while a hex with tile choices is selected."""
        if self.placement.selected is None or not self.placement.tray_tiles():
            return None
        rect = self.layout.actions
        return pygame.Rect(rect.x, rect.y, rect.width, TRAY_H)

    def cards_at(self, pos: tuple[int, int]) -> list[str]:
        """The companies whose cards a hover at ``pos`` shows: a row of the companies panel
        or of the start packet, a holding in the players panel, or a menu button about one."""
        lay = self.layout
        if lay.companies.collidepoint(pos):
            scroll = self.scroll["companies"]
            if self.packet_shown():
                return packet_panel.item_at(lay.companies, self.game, scroll, pos)
            cid = companies_panel.company_at(lay.companies, self.game, scroll, pos)
            return [cid] if cid else []
        if lay.players.collidepoint(pos):
            cid = players_panel.company_at(lay.players, self.game, pos)
            return [cid] if cid else []
        for button in self.menu.buttons:
            if button.rect.collidepoint(pos) and button.action is not None:
                return companies_named(self.game, button.action)
        return []

    def draw_cards(self, surface: pygame.Surface, cids: list[str], at: tuple[int, int]) -> None:
        """Company cards side by side from ``at`` (kept inside the window)."""
        x, y = at
        width = card_view.CARD_W
        if x + width * len(cids) > surface.get_width():  # left of the pointer when no room
            x = max(0, at[0] - width * len(cids) - 24)
        for cid in cids:
            fill, ink = colors.company_colors(self.game.title.companies[cid])
            box = card_view.draw(surface, (x, y), card(self.game, cid), fill, ink, width)
            x = box.right + 6

    def _draw_hover(self, surface: pygame.Surface) -> None:
        """A tooltip: what a button does, or what a hex holds; a company's card over its
        abbreviation (a row of the companies panel or the packet, a button about it)."""
        if not pygame.display.get_init() or not pygame.mouse.get_focused():
            return
        pos = pygame.mouse.get_pos()
        self.draw_hover_at(surface, pos)

    def draw_hover_at(self, surface: pygame.Surface, pos: tuple[int, int]) -> None:
        lines: list[str] = []
        cids = self.cards_at(pos)
        if cids and not any(b.rect.collidepoint(pos) for b in self.menu.buttons):
            self.draw_cards(surface, cids, (pos[0] + 16, pos[1] + 16))
            return
        for button in self.menu.buttons:
            if button.rect.collidepoint(pos) and button.action is not None:
                lines = [describe(button.action, self.name_value)]
                lines += ["  " + line for line in self.preview(button.action)[:12]]
        for button in self.top_buttons:
            if button.rect.collidepoint(pos) and button.hint:
                lines = [button.hint]
        if not lines and self.layout.market.collidepoint(pos):
            market = self.game.title.market
            cell = market_panel.cell_at(market, self.layout.market, pos)
            if cell is not None:
                lines = market_panel.describe_cell(market, cell)
        if not lines and self.layout.board.collidepoint(pos):
            coord = self.hex_at(pos)
            if coord is not None:
                lines = hex_info(self.game.title, self.snap(), coord)
        if lines:
            box = draw_tooltip(surface, pos, lines)
            if cids:  # a button about a company: its card under what the button does
                self.draw_cards(surface, cids, (box.x, box.bottom + 4))

    def _panel(self, surface: pygame.Surface, name: str, rect: pygame.Rect, key: Any,
               draw: Any) -> None:
        """Blit a panel, redrawing it only when ``key`` (the position, the message) changed."""
        key = (key, rect.size)
        cached = self._panel_cache.get(name)
        if cached is None or cached[0] != key:
            image = pygame.Surface(rect.size)
            draw(image, pygame.Rect((0, 0), rect.size))
            cached = (key, image)
            self._panel_cache[name] = cached
        surface.blit(cached[1], rect.topleft)

    def _draw_top_buttons(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        specs = [("Undo", self.undo, "Ctrl+Z"), ("Redo", self.redo, "Ctrl+Y"),
                 ("Save", lambda: self.open_prompt("save"), "Ctrl+S"),
                 ("Load", lambda: self.open_prompt("load"), "Ctrl+O"),
                 ("Fit", self.fit, "F: fit the map; wheel zooms, drag pans"),
                 ("Help", lambda: setattr(self, "show_help", not self.show_help), "H: all keys"),
                 ("Quit", self.ask_quit, "Q: save (or not) and quit")]
        x = rect.right - 8
        self.top_buttons = []
        mouse = pygame.mouse.get_pos() if pygame.display.get_init() else (-1, -1)
        for label, fn, hint in reversed(specs):
            w = 62
            x -= w + 4
            button = Button(pygame.Rect(x, rect.y + 3, w, 20), label, fn, hint=hint)
            button.draw(surface, hover=button.rect.collidepoint(mouse), size=17)
            self.top_buttons.append(button)

    # ------------------------------------------------------------------ the loop
    def run(self, fps: int = 60) -> None:
        clock = pygame.time.Clock()
        display = pygame.display.get_surface()
        self._autosave()  # the table is remembered before the first move
        while not self.quit:
            for event in pygame.event.get():
                if event.type == pygame.VIDEORESIZE:
                    display = pygame.display.set_mode(event.size, pygame.RESIZABLE)
                    self.surface = display
                self.handle(event)
            now = time.monotonic()
            due = now - self._last_bot >= BOT_DELAY and self.prompt is None
            if due and self.bot_step():
                self._last_bot = now
            self.surface = display
            self.draw()
            pygame.display.flip()
            clock.tick(fps)
