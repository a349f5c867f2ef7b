"""The pygame client: draws a game's state and submits the player's actions; holds no rules.

``railyard play`` opens it (:mod:`renderer.window`); ``railyard render`` and the headless game
use :mod:`renderer.headless`.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
