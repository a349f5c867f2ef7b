"""Saves (issue 19, defects 2, 3 and 5): nothing lost when a save is cut short, nothing in a
save guessed at, and no code run that the user did not choose."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

from railyard.framework.cli import main
from railyard.framework.core.errors import ReplayError
from railyard.framework.core.game import Game, SaveError
from railyard.framework.core.savefile import atomic_write_text
from railyard.framework.eighteen.actions import Bid, Pass

REPO = Path(__file__).resolve().parents[2]


def a_game() -> Game:
    game = Game("1837", ["ann", "bob", "cy"], 1)
    first = game.active_entities()[0]
    game.process(Bid(first, "EPP", 45))
    return game


def save_data(**changes: Any) -> dict[str, Any]:
    data = a_game().to_dict()
    data.update(changes)
    return data


def refusal(data: Any) -> str:
    with pytest.raises(SaveError) as caught:
        Game.from_dict(data)
    return str(caught.value)


# ------------------------------------------------------------------ defect 5: strict reading
def test_a_saved_game_loads_back_to_the_same_hash_and_keeps_its_table(tmp_path: Path) -> None:
    game = a_game()
    game.table = {"names": ["Ann", "Bob", "Cy"], "bots": {"2": "greedy"}}
    game.save(tmp_path / "s.json")
    again = Game.load(tmp_path / "s.json")
    assert again.state_hash() == game.state_hash()
    assert again.table == {"names": ["Ann", "Bob", "Cy"], "bots": {"2": "greedy"}}
    assert "title_path" not in json.loads((tmp_path / "s.json").read_text())


@pytest.mark.parametrize(
    ("price", "kind"), [(45.7, "45.7"), ("45", "'45'"), (True, "true"), (None, "null")]
)
def test_a_price_is_an_integer_and_nothing_else(price: Any, kind: str) -> None:
    data = save_data()
    data["actions"][0]["price"] = price
    assert refusal(data) == f"actions[0].price: expected an integer, got {kind}"


def test_players_are_a_list_of_names_not_a_string_of_letters() -> None:
    assert refusal(save_data(players="abcd")) == (
        "players: expected a list of player names, got 'abcd'"
    )


def test_an_unknown_version_is_refused_naming_the_version_read() -> None:
    assert refusal(save_data(version=999)) == "version 999: this railyard reads save version 1"


def test_an_unknown_field_is_named() -> None:
    assert refusal(save_data(colour="red")).startswith("colour: unknown field")


def test_an_unknown_field_inside_an_action_is_named() -> None:
    data = save_data()
    data["actions"][0]["bonus"] = 1
    assert refusal(data).startswith("actions[0].bonus: unknown field (allowed: entity, item, price)")


def test_a_seed_that_is_text_is_refused() -> None:
    assert refusal(save_data(seed="1")) == "seed: expected an integer seed, got '1'"


@pytest.mark.parametrize("title", ["../titles/1837", "/etc", "1837/../1837", "", "Imperial Steam"])
def test_a_title_is_an_id_never_a_path(title: str) -> None:
    assert refusal(save_data(title=title)).startswith("title: expected an id of a-z, 0-9 and _")


def test_a_title_given_as_a_number_is_refused() -> None:
    assert refusal(save_data(title=1837)) == "title: expected an id of a-z, 0-9 and _, got 1837"


def test_a_save_claiming_another_title_does_not_load_as_1837() -> None:
    from railyard.framework.loader import TitleErrors

    with pytest.raises(TitleErrors, match="no title with id 'nosuch'"):
        Game.from_dict(save_data(title="nosuch"))
    # imperial_steam exists: the game is set up as one, and its rules refuse 1837's bid
    with pytest.raises(ReplayError) as caught:
        Game.from_dict(save_data(title="imperial_steam"))
    assert caught.value.index == 0


# ------------------------------------------------------------------ defect 3: no code run
HOOK = """
from pathlib import Path
Path({marker!r}).write_text("ran")
"""


def crafted_title(folder: Path, marker: Path) -> Path:
    """A copy of 1837 whose hooks, if ever imported, write ``marker``."""
    import shutil

    shutil.copytree(REPO / "titles" / "1837", folder)
    (folder / "hooks" / "__init__.py").write_text(HOOK.format(marker=str(marker)))
    return folder


@pytest.mark.parametrize("command", ["replay", "routes", "render", "play"])
def test_a_save_next_to_a_crafted_folder_never_imports_its_code(
    command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    marker = tmp_path / "MARKER"
    crafted = crafted_title(tmp_path / "1837", marker)  # named like the title, in the cwd
    save = tmp_path / "game.json"
    data = save_data(title_path=str(crafted))  # an old-style save pointing at the folder
    save.write_text(json.dumps(data))
    monkeypatch.chdir(tmp_path)
    argv = {
        "replay": ["replay", str(save)],
        "routes": ["routes", str(save), "--all"],
        "render": ["render", str(save), "--out", str(tmp_path / "b.png"), "--board-only", "--size", "8"],
        "play": ["play", "1837", "--load", str(save), "--headless", "--max-actions", "1",
                 "--save", str(tmp_path / "after.json")],
    }[command]
    # play names the title beside --load: a bare id is the packaged title, not the cwd folder
    if command == "play":
        argv[1] = "1837"
        monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    main(argv)
    assert not marker.exists(), "the crafted folder's hooks ran"


def test_a_title_folder_is_used_only_when_given_on_the_command_line(tmp_path: Path) -> None:
    from tests.framework.g18_helpers import TITLE

    game = Game(str(TITLE), ("ann", "bob", "cy"), 4)
    game.process(Pass(game.active_entities()[0]))
    save = tmp_path / "g.json"
    game.save(save)
    assert main(["replay", str(save)]) == 1  # packetrail is no packaged title
    assert main(["replay", str(save), "--title", str(TITLE)]) == 0


def test_a_title_given_on_the_command_line_must_be_the_saves_title(tmp_path: Path, capsys) -> None:
    save = tmp_path / "g.json"
    a_game().save(save)
    assert main(["replay", str(save), "--title", str(REPO / "titles" / "imperial_steam")]) == 1
    assert "the save is a game of '1837', not of 'imperial_steam'" in capsys.readouterr().err


# ------------------------------------------------------------------ defect 2: atomic saves
def test_saving_over_a_save_keeps_the_previous_one_beside_it(tmp_path: Path) -> None:
    game = a_game()
    path = tmp_path / "s.json"
    game.save(path)
    first = path.read_text()
    game.process(Pass(game.active_entities()[0]))
    game.save(path)
    assert (tmp_path / "s.json.bak").read_text() == first
    assert len(Game.load(path).actions) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.json", "s.json.bak"]  # no temp left


WRITER = textwrap.dedent(
    """
    # A fork server: for each line read, a child saves in a loop until it is killed; the
    # parent says the child's pid and reaps it. Forking skips Python's start-up per kill.
    import os, sys
    from railyard.framework.core.savefile import atomic_write_text
    path, body = sys.argv[1], open(sys.argv[2]).read()
    for round_ in map(int, sys.stdin):
        pid = os.fork()
        if pid == 0:
            n = round_ * 1_000_000
            while True:
                n += 1
                atomic_write_text(path, body.replace("COUNTER", str(n)), keep_previous=True)
        print(pid, flush=True)
        os.waitpid(pid, 0)
        print("reaped", flush=True)
    """
)


def test_a_save_killed_at_random_200_times_always_leaves_a_whole_save(tmp_path: Path) -> None:
    """Rule: whenever the process dies, the save on disk is a whole save (the old or the new),
    and so is the previous one kept beside it."""
    game = a_game()
    for _ in range(40):
        game.process(game.legal_actions()[0])
    body = json.dumps({**game.to_dict(), "table": {"n": "COUNTER"}}, indent=1)
    template = tmp_path / "template.txt"
    template.write_text(body)
    path = tmp_path / "save.json"
    atomic_write_text(path, body.replace("COUNTER", "0"))
    script = tmp_path / "writer.py"
    script.write_text(WRITER)
    rng = random.Random(19)
    seen: set[str] = set()
    started = time.perf_counter()
    server = subprocess.Popen([sys.executable, str(script), str(path), str(template)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert server.stdin is not None and server.stdout is not None
    try:
        for kill in range(200):
            server.stdin.write(f"{kill}\n")
            server.stdin.flush()
            child = int(server.stdout.readline())
            time.sleep(rng.uniform(0, 0.03))
            os.kill(child, signal.SIGKILL)
            assert server.stdout.readline() == "reaped\n"  # dead: nothing writes any more
            for file in (path, path.with_name(path.name + ".bak")):
                if not file.exists():
                    assert file != path, "the save is gone"
                    continue
                data = json.loads(file.read_text())  # whole: it parses, and it is the template's
                seen.add(data["table"]["n"])
                assert json.dumps({**data, "table": {"n": "COUNTER"}}, indent=1) == body
    finally:
        server.stdin.close()
        server.wait(timeout=30)
    assert time.perf_counter() - started < 60
    assert len(seen) > 100  # most kills fell after some writes, at every point of the loop


def test_a_saved_actions_fields_are_read_as_the_types_typing_resolves_for_every_action_type() -> None:
    """The save reader takes a field annotated with builtins alone (``str``, ``tuple[int, ...]``)
    as that type without ``typing.get_type_hints``; for every action type every title
    registers, that is the type ``get_type_hints`` gives, or the reader asks it instead."""
    import typing

    import attrs

    from railyard.framework.core import savefile
    from railyard.framework.core.actions import registered_types

    for title in ("1837", "1889", "1830", "imperial_steam"):
        Game(title, ["ann", "bob", "cy"], 1)  # registers the title's actions
    todo, seen = list(registered_types().values()), set()
    checked = plain = 0
    while todo:
        cls = todo.pop()
        if cls in seen:
            continue
        seen.add(cls)
        fields = [f for f in attrs.fields(cls) if f.init]
        hints = typing.get_type_hints(cls)
        todo += [a for f in fields for a in typing.get_args(hints[f.name]) if attrs.has(a)]
        found = savefile._plain_hints(cls, fields)
        if found is not None:
            assert found == {f.name: hints[f.name] for f in fields}, cls
            plain += 1
        attrs.resolve_types(cls)  # as cattrs does: the annotations become the types themselves
        resolved = savefile._plain_hints(cls, [f for f in attrs.fields(cls) if f.init])
        assert resolved is None or resolved == {f.name: hints[f.name] for f in fields}, cls
        checked += 1
    assert checked >= 20 and plain >= checked // 2  # most are read without get_type_hints
