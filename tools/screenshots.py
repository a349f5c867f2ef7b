"""Screenshots of both clients in a real X window (Xvfb) at common laptop and desktop sizes.

    .venv/bin/python tools/screenshots.py [--out docs/images] [--sizes 1280x720,1366x768,1920x1080]

For each size an Xvfb server of that size is started, and each client opens its window there
the way ``railyard play`` does (the size that fits the screen), plays bots to a few positions
(the start packet, a stock round, an operating round with a hex selected, buying trains;
Imperial Steam's opening bid, a later round, the map zoomed), and saves what the window shows
as ``docs/images/<client>-<position>-<W>x<H>.png``: every position at 1280x720 (the pictures of
docs/playing-1837.md), one of each client at the other sizes (``--all``: every position at
every size). It also prints any button that lies outside the window and says whether the
window ``railyard play`` opens fits the screen; either problem makes the exit code 1.

Needs ``Xvfb`` (``apt-get install xvfb``). Without it, ``--dummy`` draws into SDL's dummy
driver at the same sizes (the same pixels, but no real window manager or screen size).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

SIZES = ((1280, 720), (1366, 768), (1920, 1080))


def _advance(game, wanted, limit: int = 3000, seed: int = 0, bot: str = "greedy") -> bool:
    """The framework's bots play every seat until ``wanted(game)`` holds."""
    from railyard.framework.bots import make_bot

    player = make_bot(bot, game.ruleset)
    rng = random.Random(seed)
    for _ in range(limit):
        if wanted(game):
            return True
        active = game.active_entities()
        legal = game.legal_actions(active[0]) if active else []
        if not legal:
            return False
        game.process(player.choose(game.view(), legal, rng))
    return wanted(game)


def _round(game) -> str:
    return getattr(game.state.round, "kind", "")


def _buying(game) -> bool:
    from railyard.framework.core.actions import tag_of

    return any(tag_of(a) in ("buy_shares", "par") for a in game.legal_actions())


def _outside(app, size: tuple[int, int]) -> list[str]:
    """Buttons drawn (partly) outside the window."""
    import pygame

    window = pygame.Rect((0, 0), size)
    buttons = list(getattr(app, "top_buttons", [])) + list(app.menu.buttons)
    return [f"{b.label!r} at {tuple(b.rect)}" for b in buttons if not window.contains(b.rect)]


def shots_1837(out: Path, size: tuple[int, int], wanted: set[str] | None = None) -> list[str]:
    import pygame

    from railyard.framework.core.actions import tag_of
    from railyard.framework.core.game import Game
    from railyard.framework.loader import load_title
    from railyard.renderer.app import App

    title = load_title("1837", None, ("setup.seating=as_given",))
    names = ["Anna", "Bela", "Carl", "Dora"]
    problems: list[str] = []
    display = pygame.display.get_surface()

    def shoot(app, name: str) -> None:
        app.surface = display
        pygame.mouse.set_pos((2, size[1] - 2))  # no tooltip over the picture
        pygame.event.pump()
        app.draw()
        pygame.display.flip()
        problems.extend(f"1837 {name}: {p}" for p in _outside(app, display.get_size()))
        if wanted is not None and name not in wanted:
            return
        path = out / f"1837-{name}-{size[0]}x{size[1]}.png"
        pygame.image.save(display, str(path))
        print(f"  {path}")

    game = Game(title, names, seed=3, overrides=("setup.seating=as_given",))
    app = App(game, surface=display)
    _advance(game, lambda g: len(g.actions) >= 3)
    shoot(app, "start-packet")
    _advance(game, lambda g: _round(g) == "stock" and _buying(g))
    shoot(app, "stock-round")
    _advance(game, lambda g: any(tag_of(a) == "lay_tile" for a in g.legal_actions()))
    app.set_game(game)
    lays = [a for a in game.legal_actions() if tag_of(a) == "lay_tile"]
    if lays:
        app.draw()
        app.placement.click(lays[0].hex)
    shoot(app, "operating-round")
    _advance(game, lambda g: any(tag_of(a) == "buy_train" for a in g.legal_actions()))
    shoot(app, "buy-trains")
    return problems


def shots_imperial_steam(out: Path, size: tuple[int, int], wanted: set[str] | None = None) -> list[str]:
    import pygame

    from railyard.framework.core.game import Game
    from railyard.framework.loader import load_title
    from railyard.renderer.imperial_steam.app import App

    title = load_title("imperial_steam")
    game = Game(title, ["Anna", "Bela", "Carl"], seed=1)
    display = pygame.display.get_surface()
    problems: list[str] = []

    def shoot(app, name: str) -> None:
        app.surface = display
        pygame.mouse.set_pos((2, size[1] - 2))  # no tooltip over the picture
        pygame.event.pump()
        app.draw()
        pygame.display.flip()
        problems.extend(f"imperial_steam {name}: {p}" for p in _outside(app, display.get_size()))
        if wanted is not None and name not in wanted:
            return
        path = out / f"imperial_steam-{name}-{size[0]}x{size[1]}.png"
        pygame.image.save(display, str(path))
        print(f"  {path}")

    app = App(game, surface=display)
    shoot(app, "opening-bid")
    _advance(game, lambda g: g.state.round >= 3 and g.state.phase == 7, seed=2, bot="random")
    shoot(app, "round-3")
    app.zoom_map(2.0, app.site_pos("WIE"))
    shoot(app, "map-zoomed")
    return problems


#: the pictures taken at sizes other than 1280x720 (without --all)
OTHER_SIZES = {"1837": {"operating-round"}, "imperial_steam": {"round-3"}}


def child(out: Path, size: tuple[int, int], every: bool = False) -> int:
    """Inside one X server: open the window as ``railyard play`` does, take the pictures."""
    import pygame

    from railyard.renderer.display import MINIMUM, open_display

    opened = open_display("railyard screenshots", MINIMUM).get_size()
    fits = opened[0] <= size[0] and opened[1] <= size[1]
    print(f"  the window opens at {opened[0]}x{opened[1]}" + ("" if fits else " - LARGER THAN THE SCREEN"))
    # the pictures: the window maximised on this screen (what a window manager would do)
    pygame.display.set_mode(size, pygame.RESIZABLE)
    small = every or size == SIZES[0]
    problems = (shots_1837(out, size, None if small else OTHER_SIZES["1837"])
                + shots_imperial_steam(out, size, None if small else OTHER_SIZES["imperial_steam"]))
    for line in problems:
        print("OUTSIDE THE WINDOW:", line)
    pygame.display.quit()
    return 1 if problems or not fits else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="docs/images")
    parser.add_argument("--sizes", default=",".join(f"{w}x{h}" for w, h in SIZES))
    parser.add_argument("--dummy", action="store_true", help="SDL's dummy driver, no Xvfb")
    parser.add_argument("--all", action="store_true", help="every position at every size")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    if args.child:
        w, h = (int(v) for v in args.child.split("x"))
        return child(out, (w, h), args.all)
    status = 0
    for spec in args.sizes.split(","):
        w, h = (int(v) for v in spec.split("x"))
        print(f"{w}x{h}:")
        env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
        server = None
        if args.dummy or shutil.which("Xvfb") is None:
            env["SDL_VIDEODRIVER"] = "dummy"
        else:
            server, display = _xvfb(w, h)
            env["DISPLAY"] = display
            env.pop("SDL_VIDEODRIVER", None)
        try:
            code = subprocess.call([sys.executable, __file__, "--out", str(out), "--child", f"{w}x{h}"]
                                   + (["--all"] if args.all else []), env=env)
        finally:
            if server is not None:
                server.terminate()
                server.wait()
        status = status or code
    return status


def _xvfb(w: int, h: int) -> tuple[subprocess.Popen[bytes], str]:
    """An Xvfb server on a display number it picks itself (``-displayfd``), so that two runs at
    once, or another X server on the machine, never clash; it reports the number once ready."""
    read_end, write_end = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0", f"{w}x{h}x24",
                               "-nolisten", "tcp"], pass_fds=(write_end,),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_end)
    with os.fdopen(read_end) as pipe:
        number = pipe.readline().strip()
    if not number:
        server.terminate()
        raise SystemExit("Xvfb did not start (no display number reported)")
    return server, f":{number}"


if __name__ == "__main__":
    sys.exit(main())
