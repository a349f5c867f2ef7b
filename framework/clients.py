"""Where the engine finds a user interface, without importing one.

The engine knows no UI: a client (the window client in ``railyard.renderer``) announces itself
through entry points in its package metadata, read only when a command needs it:

- group ``railyard.client``: the window client (``play_window``, ``board_png``, ...), named
  ``window``;
- group ``railyard.views``: a family's own table view, by family name (a module offering
  ``play(title, args, game, headless)`` and ``render(title, game, args)``).

Entry points serve installed and editable installs alike; ``register_client`` and
``register_view`` do the same for a script or a test without package metadata.
"""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import Any

CLIENT_GROUP = "railyard.client"
VIEW_GROUP = "railyard.views"

_registered: dict[tuple[str, str], Any] = {}


def register_client(client: Any, name: str = "window") -> None:
    """Make ``client`` (a module or object) the window client, ahead of any entry point."""
    _registered[(CLIENT_GROUP, name)] = client


def register_view(family: str, view: Any) -> None:
    """Make ``view`` the table view of every title of ``family``, ahead of any entry point."""
    _registered[(VIEW_GROUP, family)] = view


def _lookup(group: str, name: str) -> Any | None:
    if (group, name) in _registered:
        return _registered[(group, name)]
    for point in entry_points(group=group, name=name):
        return point.load()
    return None


def client(name: str = "window") -> Any | None:
    """The installed window client, or None when only the engine is installed."""
    return _lookup(CLIENT_GROUP, name)


def view_for(family: str) -> Any | None:
    """The table view a client installed for ``family``, or None (the window client draws
    hex-map titles itself)."""
    return _lookup(VIEW_GROUP, family)
