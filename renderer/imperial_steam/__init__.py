"""Imperial Steam's own client: a worker-placement board has no hexes, so it is drawn here
rather than by the hex-map client, on the same base (fonts, colours, widgets, panels' frames,
the standings screen, headless PNG output). It holds no rules: what may be done comes from
``game.legal_actions()``, what happens from ``game.process()``.

- ``palette``: colours of goods, players, hub cities and connection kinds;
- ``words``: actions in words, the menu's grouping, what place on the map an action names;
- ``mapview``: the map (cities, connections, tracks, crowns, stations, factories, demands);
- ``boards``: player boards, the shipment market, factory and worker boards, contracts,
  the round and influence tracks;
- ``menu``: the legal actions as buttons (an amount may be typed);
- ``app``: one window's state, input and frame; ``dispatch``: ``railyard play``/``render``.
"""
