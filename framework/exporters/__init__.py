"""Exporters: our games written in other engines' formats (the mirror of ``importers``).

``site_18xxgames`` writes a game as an 18xx.games record, action by action or whole;
``site_ids`` keeps the ids that site picks itself in step with our game; ``names`` reads
the title's import map backwards; ``site_routes`` writes a run as the site's connections.
"""

from railyard.framework.exporters.site_18xxgames import ExportError, SiteExporter, export_game

__all__ = ["ExportError", "SiteExporter", "export_game"]
