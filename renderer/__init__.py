"""The pygame client: draws a game's state and submits the player's actions; holds no rules.

What may be done comes from ``game.legal_actions()``, what happens from ``game.process()``
(a refusal's message names the rule), what an action would do from the engine applied to a
copy of the state. The modules:

- drawing the board: ``layout`` (hex pixels, hit-testing), ``track`` (stop places and track
  curves in hex units), ``hexdraw`` (one hex), ``board`` (cached layers, overlays),
  ``snapshot`` (what the board shows, read from the state), ``routes_view``, ``colors``, ``fonts``;
- ``panels/``: players, companies, market, depot, log, status; ``view`` reads their rows;
- ``ui/``: widgets, the action menu and its words (``describe``), tile and token placement,
  the route editor, camera, help and tooltips;
- ``app`` (one window's state, input and frame), ``window`` (opening it), ``screens/`` (new
  game, standings), ``bots`` (seats played by ``framework.bots``), ``headless`` (PNG output)
  and ``client`` (what ``railyard play``/``render`` call, through an entry point).
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
