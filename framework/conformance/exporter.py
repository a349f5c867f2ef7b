"""The translator of our actions into the site's: the exporter's interface, and where it lives.

The translation itself is :mod:`framework.exporters.site_18xxgames` (not this package's job);
the harness needs only these three calls, so tests can stand in a fake with the same shape.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, Protocol

from railyard.framework.core.actions import Action
from railyard.framework.core.game import Game


class Exporter(Protocol):
    def setup(self) -> dict[str, Any]:
        """The referee's set-up line (title, players in our seat order, seed, optional rules)."""

    def translate(self, game: Game[Any], action: Action) -> list[dict[str, Any]]:
        """Site actions for ``action``, asked in the position it is played from."""

    def follow(self, game: Game[Any], action: Action) -> list[dict[str, Any]]:
        """Site actions that follow ``action`` once played (moves the site records and we do
        not, such as a pass the site needs and our engine makes by itself)."""

    def site_ahead(self, game: Game[Any], entity: str) -> bool:
        """Whether the site is past where ``entity`` stands with us: our engine waits for a
        pass the site makes by itself (an empty step), and the site may have gone on to what
        follows it (a company without trains withholds nothing and its price moves), so the
        two states are not to be compared yet."""


ExporterFactory = Callable[[Game[Any]], Exporter]


EXPORTER_MODULE = "railyard.framework.exporters.site_18xxgames"


class ExporterMissing(RuntimeError):
    """No site exporter in this checkout yet."""


def site_exporter(game: Game[Any]) -> Exporter:
    """The site exporter for ``game`` (ExporterMissing if the checkout has none)."""
    try:  # imported by name: the harness runs (with a fake) in a checkout without one
        module = importlib.import_module(EXPORTER_MODULE)
    except ImportError as error:
        raise ExporterMissing(f"{EXPORTER_MODULE} is not in this checkout: "
                              "the harness cannot translate our actions") from error
    exporter: Exporter = module.SiteExporter(game)
    return exporter
