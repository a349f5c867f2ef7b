"""Routes in the window: the best routes of a company on request (T), the run the engine
offers while a company runs its trains, and routes edited by clicking stops (E).

Everything shown comes from the route search or the route check; the app submits the run.
"""

from __future__ import annotations

from typing import Any

import pygame

from railyard.renderer import view
from railyard.renderer.ui.route_editor import RouteEditor, stop_at


class RouteControl:
    def __init__(self, app: Any) -> None:
        self.app = app
        self.company: str | None = None  # whose best routes T shows
        self.editor = RouteEditor()
        self._cache: tuple[Any, Any] = (None, None)

    def companies(self) -> list[str]:
        state = self.app.game.state
        return [cid for cid, c in getattr(state, "companies", {}).items()
                if getattr(c, "trains", None) and not getattr(c, "closed", False)]

    def toggle(self) -> None:
        """T: show the best routes of the company acting now, then of each company with
        trains in turn, then none."""
        options = self.companies()
        acting = [e for e in view.active(self.app.game) if e in options]
        order = acting + [c for c in options if c not in acting]
        if not order:
            self.company = None
            self.app.say("no company has trains to run", error=True)
            return
        if self.company in order:
            i = order.index(self.company) + 1
            self.company = order[i] if i < len(order) else None
        else:
            self.company = order[0]

    def offered_run(self) -> Any:
        """The engine's offered run (a legal action with routes), when running is the step."""
        for action in self.app.legal() if self.app.human_to_act() else []:
            if getattr(action, "runs", None):
                return action
        return None

    def shown(self) -> Any:
        """Routes to draw: routes being edited, the offered run while the company runs its
        trains, else the best routes of ``routes_company`` (T); cached per position."""
        offered = self.offered_run()
        edited = None
        if self.editor.active:
            edited = tuple((r.train, r.nodes, r.pieces) for r in self.editor.runs)
        if offered is None and self.company is None and edited is None:
            return None
        key = (self.app.version(), offered, self.company, edited)
        if self._cache[0] != key:
            from railyard.renderer.routes_view import best_routes_for, shown_from_runs

            try:
                if edited is not None:
                    runs = [r for r in self.editor.runs if len(r.stops) >= 2]
                    found = shown_from_runs(self.app.game, self.editor.offered.entity, runs)
                elif offered is not None:
                    found = shown_from_runs(self.app.game, offered.entity, offered.runs)
                else:
                    assert self.company is not None, "nothing edited, offered or chosen returned early"
                    found = best_routes_for(self.app.game, self.company)
            except Exception as error:
                self.app.say(f"route search failed: {error}", error=True)
                found = None
            self._cache = (key, found)
        return self._cache[1]

    def start_editing(self) -> None:
        """E: draw the company's routes by clicking stops (while it runs its trains)."""
        offered = self.offered_run() or self._empty_run()
        if offered is None:
            self.app.say("routes can be edited when a company runs its trains", error=True)
            return
        from railyard.framework.routes.board_graph import graph_for_board

        state = self.app.game.state
        trains = list(state.companies[offered.entity].trains)
        graph = graph_for_board(state.board, self.app.game.title, state.phase)
        self.editor.start(offered, trains, graph)
        self.app.say(f"editing routes of {offered.entity}: click stops; 1-9 pick a train, "
                 "Backspace takes back, Enter runs, Esc stops")

    def _empty_run(self) -> Any:
        for action in self.app.legal() if self.app.human_to_act() else []:
            if hasattr(action, "runs"):
                return action
        return None

    def editor_key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if pygame.K_1 <= key <= pygame.K_9:
            self.editor.select(key - pygame.K_1)
        elif key == pygame.K_BACKSPACE:
            self.editor.back()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.app.act(self.editor.action())
        elif key == pygame.K_ESCAPE:
            self.editor.stop()
            self.app.say("route editing stopped")
        else:
            return False
        return True

    def edit_click(self, pos: tuple[int, int]) -> None:
        coord = self.app.hex_at(pos)
        if coord is None:
            return
        b = self.app.layout.board
        map_xy = self.app.camera.to_map((pos[0] - b.x, pos[1] - b.y))
        stop = stop_at(self.app.board, self.app.snap(), coord, map_xy, self.app.camera.size)
        if stop is None:
            self.app.say(f"{coord} has no stop", error=True)
            return
        problem = self.editor.click(stop)
        if problem:
            self.app.say(problem, error=True)
        else:
            run = self.editor.runs[self.editor.current]
            self.app.say(f"train {self.editor.current + 1}: " + " - ".join(run.stops))

