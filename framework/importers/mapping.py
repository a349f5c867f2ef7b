"""A title's map from another engine's ids to ours, read from the title's own YAML file.

Everything an importer needs to know about one title lives in that file, so the importer
itself stays generic. The file (``import_<site>.yaml`` in the title folder) may hold:

``variant``
    the variant the site's rules correspond to (used unless the caller names one)
``optional_rules``
    the site's optional rules (``settings.optional_rules`` of a game) -> the variant of ours
    that plays it; a game using one is replayed under that variant
``entities``
    company ids that differ (site id -> ours); unlisted ids are the same
``companies``
    private-company ids that differ, where the site gives a private and a corporation one
    symbol (1889's TR): used for the ``company`` field of an action and for an action whose
    ``entity_type`` is ``company``
``items``
    start-packet items and offers that differ (site id -> our item/offer id)
``trains``
    train names that differ (site name -> ours)
``tiles``
    tile names that differ (site name -> ours)
``stops``
    per hex or tile, the site's stop index -> ours where the orders differ
``actions``
    site action types that are one of ours under another name (``scrap_train: surrender_train``)
``choices``
    each answer to a site question (``choose``) as an action template: ``type`` is our
    action tag, ``entity`` is ``director`` (the director of the asking company) or
    ``entity``; other fields are values, where ``"{entity}"`` is the asking company and
    ``"{merges_into}"`` the company it merges into
``alternatives``
    per site action type, templates tried when the plain translation is refused (a home
    station the site records as a token, our engine as a choice); fields may also use
    ``"{hex}"`` and ``"{city}"``
``export``
    what only the export needs (``framework/exporters``): ``buy_item`` the site action that
    buys a start-packet item at its price (``bid``, the default, or ``buy_company``);
    ``printed`` per hex, the site's id of the tile printed there when it is not
    ``<hex>-0`` (the site numbers the hexes its map prints alike)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs

from railyard.framework.records import Record


@attrs.frozen(repr=False)
class ImportMap(Record):
    """Id maps of one title for one site; empty maps mean the ids are the same."""

    variant: str | None = None
    optional_rules: dict[str, str] = attrs.Factory(dict)
    entities: dict[str, str] = attrs.Factory(dict)
    companies: dict[str, str] = attrs.Factory(dict)
    items: dict[str, str] = attrs.Factory(dict)
    trains: dict[str, str] = attrs.Factory(dict)
    tiles: dict[str, str] = attrs.Factory(dict)
    stops: dict[str, dict[int, int]] = attrs.Factory(dict)
    actions: dict[str, str] = attrs.Factory(dict)
    choices: dict[str, dict[str, Any]] = attrs.Factory(dict)
    alternatives: dict[str, tuple[dict[str, Any], ...]] = attrs.Factory(dict)
    export: dict[str, Any] = attrs.Factory(dict)

    def entity(self, site_id: Any) -> str:
        text = str(site_id)
        return self.entities.get(text, text)

    def company(self, site_id: Any) -> str:
        """A private company named by the site (its ``company`` field, or an entity of type
        ``company``)."""
        text = str(site_id)
        return self.companies.get(text, self.entity(text))

    def variant_for(self, optional_rules: tuple[str, ...]) -> str | None:
        """Our variant for a game played with the site's ``optional_rules``: the one the map
        names for a rule the game uses, else the map's ``variant``."""
        chosen = [self.optional_rules[r] for r in optional_rules if r in self.optional_rules]
        if len(chosen) > 1:
            raise ValueError(f"several optional rules map to variants: {chosen}")
        return chosen[0] if chosen else self.variant

    def item(self, site_id: str) -> str:
        return self.items.get(site_id, self.company(site_id))

    def train_name(self, site_name: str) -> str:
        return self.trains.get(site_name, site_name)

    def tile(self, site_name: str) -> str:
        return self.tiles.get(site_name, site_name)

    def stop(self, where: str, site_index: int) -> int:
        return self.stops.get(where, {}).get(site_index, site_index)


def import_map_path(title: Any, site: str) -> Path | None:
    folder = getattr(title, "path", None)
    if folder is None:
        return None
    path = Path(folder) / f"import_{site}.yaml"
    return path if path.is_file() else None


def load_import_map(title: Any, site: str) -> ImportMap:
    """The title's map for ``site`` (an empty map when the title has no such file)."""
    path = import_map_path(title, site)
    if path is None:
        return ImportMap()
    from railyard.framework.loader.yamlio import load_yaml

    data = load_yaml(path).data or {}  # bounded like every title file; errors name the line
    if not isinstance(data, dict):
        raise ValueError(f"{path}: expected a mapping at the top level")
    known = {f.name for f in attrs.fields(ImportMap)}
    unknown = sorted(set(data) - known)
    if unknown:
        raise ValueError(f"{path}: unknown keys {unknown} (known: {sorted(known)})")
    stops = {
        str(where): {int(k): int(v) for k, v in (table or {}).items()}
        for where, table in (data.get("stops") or {}).items()
    }
    alternatives = {
        str(kind): tuple(dict(t) for t in (templates or ()))
        for kind, templates in (data.get("alternatives") or {}).items()
    }
    return ImportMap(
        variant=data.get("variant"),
        optional_rules={str(k): str(v) for k, v in (data.get("optional_rules") or {}).items()},
        entities={str(k): str(v) for k, v in (data.get("entities") or {}).items()},
        companies={str(k): str(v) for k, v in (data.get("companies") or {}).items()},
        items={str(k): str(v) for k, v in (data.get("items") or {}).items()},
        trains={str(k): str(v) for k, v in (data.get("trains") or {}).items()},
        tiles={str(k): str(v) for k, v in (data.get("tiles") or {}).items()},
        stops=stops,
        actions={str(k): str(v) for k, v in (data.get("actions") or {}).items()},
        choices={str(k): dict(v) for k, v in (data.get("choices") or {}).items()},
        alternatives=alternatives,
        export=dict(data.get("export") or {}),
    )
