"""Conformance: the games of 18Chesapeake recorded on 18xx.games (shared/reference/18Chesapeake/games),
imported with the title's id map (titles/18Chesapeake/import_18xxgames.yaml) and replayed.

Each game must replay every recorded action, every run earning the recorded revenue, to the
recorded net worth of every player. Where our engine still refuses a recorded action, the
full-replay test is an expected failure naming that action, and a second test holds the
replay to at least the actions it reaches today (so a regression shows).
"""

from __future__ import annotations

from tests.framework.site_games import recorded_game_tests

GAMES = {
    # file: (effective actions, recorded result, actions replayed at least)
    "reference/18chesapeake/games/1277.json": (
        424, {"439": 1216, "421": 1153, "438": 1045, "218": 1028, "790": 600}, 424),
    "reference/18chesapeake/games/1905.json": (
        543, {"91": 6214, "524": 4848, "289": 4604, "634": 4210}, 543),
    "reference/18chesapeake/games/14377.json": (
        487, {"5149": 6756, "429": 6399, "5147": 5998}, 487),
    "reference/18chesapeake/games/22383.json": (83, {"4985": 1344, "5107": 1275}, 83),
}
# Games that do not replay to the end yet: file -> where and why they stop.
STOPS: dict[str, str] = {}


TestRecordedGames = recorded_game_tests("18chesapeake", GAMES, STOPS)
