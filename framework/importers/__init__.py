"""Importers: games recorded by other engines, translated into our actions and replayed.

``recorded`` reads a recorded game (undo/redo applied, automatic actions inlined),
``mapping`` holds a title's id maps (the title's own file), ``site_18xxgames`` translates and
replays a game recorded on the 18xx.games site.
"""

from railyard.framework.importers.mapping import ImportMap, load_import_map
from railyard.framework.importers.recorded import RecordedGame, effective_actions, read_recorded
from railyard.framework.importers.site_18xxgames import Divergence, ImportResult, import_game

__all__ = [
    "Divergence",
    "ImportMap",
    "ImportResult",
    "RecordedGame",
    "effective_actions",
    "import_game",
    "load_import_map",
    "read_recorded",
]
