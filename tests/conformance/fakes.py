"""Stand-ins for the site exporter and the referee, so the harness is tested without Ruby.

The fake exporter knows only the opening private auction of 1889 (buy, bid, pass), which is
all a few actions of a game need; the fake referee answers with our own state, refusing or
tampering where a test asks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from railyard.framework.conformance.play import GameSpec, new_game
from railyard.framework.conformance.referee import Verdict
from railyard.framework.conformance.snapshot import Names, our_snapshot
from railyard.framework.core.actions import Action, tag_of
from railyard.framework.core.game import Game

SITE_IDS = (101, 102, 103, 104, 105, 106)


class AuctionExporter:
    """1889's opening auction in the site's actions (a buy at face value is a site bid)."""

    def __init__(self, game: Game[Any]) -> None:
        self.ids = dict(zip(game.players, SITE_IDS, strict=False))
        self.players = len(game.players)
        self.seed = game.seed

    def setup(self) -> dict[str, Any]:
        return {"title": "1889", "seed": self.seed, "optional_rules": [],
                "players": [{"id": i, "name": f"Player {i}"} for i in SITE_IDS[: self.players]]}

    def translate(self, game: Game[Any], action: Action) -> list[dict[str, Any]]:
        who = {"entity": self.ids[action.entity], "entity_type": "player"}  # type: ignore[attr-defined]
        tag = tag_of(action)
        if tag == "pass":
            return [{"type": "pass", **who}]
        if tag in ("buy_item", "bid"):
            item = action.item  # type: ignore[attr-defined]
            return [{"type": "bid", **who, "company": "TR" if item == "TER" else item,
                     "price": action.price}]  # type: ignore[attr-defined]
        raise NotImplementedError(tag)

    def follow(self, game: Game[Any], action: Action) -> list[dict[str, Any]]:
        return []

    def site_ahead(self, game: Game[Any], entity: str) -> bool:
        return False


class MirrorReferee:
    """Answers with our own state (so it agrees), but refuses the ``refuse_at``-th site action
    and passes every state through ``tamper``."""

    def __init__(self, refuse_at: int | None = None,
                 tamper: Callable[[dict[str, Any]], dict[str, Any]] | None = None) -> None:
        self.refuse_at = refuse_at
        self.tamper = tamper or (lambda s: s)
        self.game: Game[Any] | None = None
        self.names: Names | None = None
        self.sent: list[dict[str, Any]] = []

    def make_game(self, spec: GameSpec) -> Game[Any]:
        self.game = new_game(spec)
        return self.game

    def _state(self) -> dict[str, Any]:
        assert self.game is not None and self.names is not None
        return self.tamper({**our_snapshot(self.game, self.names), "legal": [], "round": "?"})

    def new_game(self, setup: dict[str, Any]) -> Verdict:
        assert self.game is not None
        self.names = Names.of(self.game, setup)
        return Verdict(True, self._state())

    def send(self, action: dict[str, Any]) -> Verdict:
        self.sent.append(action)
        if len(self.sent) == self.refuse_at:
            return Verdict(False, self._state(), "GameError: not your turn")
        return Verdict(True, self._state())
