"""`railyard replay SAVE.json`: standings and log tail, or exit 1 naming the refused action."""

import json

from railyard.framework.cli import main
from railyard.framework.core.game import Game
from railyard.framework.eighteen.actions import Bid, Pass
from tests.framework.g18_helpers import TITLE


def saved_game(tmp_path):
    game = Game(str(TITLE), ("ann", "bob", "cy"), 4)
    game.process(Bid("ann", "P2", 40))
    game.process(Pass("bob"))
    game.process(Pass("cy"))
    path = tmp_path / "game.json"
    game.save(path)
    return path


def test_replay_prints_standings_and_the_log_tail(tmp_path, capsys):
    path = saved_game(tmp_path)
    assert main(["replay", str(path), "--tail", "2", "--title", str(TITLE)]) == 0
    out = capsys.readouterr().out
    assert "packetrail: 3 of 3 actions replayed" in out
    assert "  ann buys P2 for 40\n" in out
    assert "1. bob 400\n  1. cy 400\n  3. ann 360" in out


def test_replay_exits_1_naming_the_refused_action_and_rule(tmp_path, capsys):
    path = saved_game(tmp_path)
    data = json.loads(path.read_text())
    data["actions"].append({"type": "bid", "entity": "bob", "item": "P1", "price": 10})
    path.write_text(json.dumps(data))
    assert main(["replay", str(path), "--title", str(TITLE)]) == 1
    err = capsys.readouterr().err
    assert "action 3 refused (rule:auction.min_bid)" in err
