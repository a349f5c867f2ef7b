"""A title's first replay in a process ends with what it built frozen out of the cyclic
collector's way (``core.game._settle``), in a command that opted in (``tuned_for_replays``:
replay and simulate): the collector ran with the replay paused and would
otherwise walk every object the replay made (the new game, the title's first-use tables) at its
first allocation after, finding nothing to free. Later replays of the title do not freeze."""

import gc

from railyard.framework.core import game as game_module
from railyard.framework.core.game import Game
from railyard.framework.eighteen.actions import Bid, Pass
from tests.framework.g18_helpers import TITLE


def _save() -> dict:
    game = Game(str(TITLE), ("ann", "bob", "cy"), 4)
    game.process(Bid("ann", "P2", 40))
    game.process(Pass("bob"))
    game.process(Pass("cy"))
    return game.to_dict()


def test_a_titles_first_replay_leaves_nothing_for_the_collector_to_walk(monkeypatch):
    data = _save()
    first = Game.from_dict(data, title=Game(str(TITLE), ("ann", "bob", "cy"), 4).title)
    title = first.title
    monkeypatch.setattr(game_module, "_SETTLED", {})
    monkeypatch.setattr(game_module, "_REPLAYED", {})
    monkeypatch.setattr(game_module, "_TUNED", True)
    frozen = []
    monkeypatch.setattr(game_module.gc, "freeze", lambda: frozen.append(gc.get_count()))

    replayed = Game.from_dict(data, title=title)
    # once when the title's first game starts (as before), once when its first replay ends
    assert len(frozen) == 2
    assert replayed.standings() == first.standings()

    Game.from_dict(data, title=title)
    assert len(frozen) == 2  # not again for the same title
    assert gc.isenabled()

