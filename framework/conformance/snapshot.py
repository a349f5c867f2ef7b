"""Our position in the referee's state shape, so that both engines' states compare key by key.

The referee names players by their site ids and companies, trains and privates by the site's
names; ours are mapped through the title's ``import_18xxgames.yaml`` (the same map the importer
reads, turned around) and the exporter's set-up line (its players, in our seat order).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from railyard.framework.core.game import Game
from railyard.framework.importers.mapping import ImportMap, load_import_map
from railyard.framework.records import Record

SITE = "18xxgames"


@attrs.frozen(repr=False)
class Names(Record):
    """Our ids -> the site's, for one game: players from the set-up, the rest from the map."""

    players: dict[str, str]
    entities: dict[str, str] = attrs.Factory(dict)
    companies: dict[str, str] = attrs.Factory(dict)
    trains: dict[str, str] = attrs.Factory(dict)

    @classmethod
    def of(cls, game: Game[Any], setup: Mapping[str, Any], imap: ImportMap | None = None) -> Names:
        """The names of ``game`` whose set-up line (players in our seat order) is ``setup``."""
        imap = imap if imap is not None else load_import_map(game.ruleset.title, SITE)
        site_players = [str(p.get("id", p.get("name"))) for p in setup.get("players", ())]
        ours = list(game.players)
        if len(site_players) != len(ours):
            raise ValueError(f"the set-up names {len(site_players)} players for {len(ours)} seats")
        return cls(
            players=dict(zip(ours, site_players, strict=True)),
            entities={v: k for k, v in imap.entities.items()},
            companies={v: k for k, v in imap.companies.items()},
            trains={v: k for k, v in imap.trains.items()},
        )

    def entity(self, ours: str) -> str:
        """A player, corporation or private by the site's id."""
        if ours in self.players:
            return self.players[ours]
        return self.companies.get(ours) or self.entities.get(ours, ours)

    def corporation(self, ours: str) -> str:
        return self.entities.get(ours, ours)


def holder_of(state: Any, company_id: str) -> str | None:
    """Who holds a private: the owner of its (director's) certificate, a player or a company."""
    for cert in state.companies[company_id].certificates:
        if cert.director:
            return str(cert.owner) if not str(cert.owner).startswith("@") else None
    return None


def price_of(game: Game[Any], company_id: str) -> int | None:
    company = game.state.companies[company_id]
    if company.market is None:
        return company.par_price
    spec: Any = getattr(game.ruleset, "spec")  # noqa: B009 - an 18xx ruleset's, not every ruleset's
    return int(spec.cell(company.market).price)


def our_snapshot(game: Game[Any], names: Names) -> dict[str, Any]:
    """``game``'s state in the referee's shape (the keys the referee's state has but ``round``
    and ``legal``, which :mod:`.compare` treats on their own)."""
    state = game.state
    corporations: dict[str, Any] = {}
    companies: dict[str, Any] = {}
    spec: Any = getattr(game.ruleset, "spec", None)  # noqa: B009 - an 18xx ruleset's, not every ruleset's
    # the referee drops a company out of the game at this player count; we keep it closed
    removed = set(spec.player_setup(len(state.players)).removed_companies) if spec is not None else set()
    for cid, company in state.companies.items():
        if cid in removed:
            continue
        if company.kind == "private":
            owner = "closed" if company.closed else holder_of(state, cid)
            companies[names.entity(cid)] = names.entity(owner) if owner not in (None, "closed") else owner
            continue
        if company.par_price is None and not company.floated:
            continue  # not started: the referee lists started corporations only
        director = state.director(cid)
        trains = sorted(names.trains.get(t.name, t.name) for t in state.trains_of(cid))
        corporations[names.corporation(cid)] = {
            "cash": company.cash, "price": price_of(game, cid), "trains": trains,
            "owner": names.players.get(director) if director else None,
        }
    over = game.is_over()
    active = game.active_entities() if not over else ()
    return {
        "players": {names.players[p.id]: p.cash for p in state.players},
        "corporations": corporations,
        "companies": companies,
        "phase": str(state.phase),
        "bank": state.bank,
        "finished": over,
        "result": {names.players[p]: v for p, v in game.standings()} if over else None,
        "acting": names.entity(active[0]) if active else None,
    }
