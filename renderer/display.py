"""Opening the one window a client draws in, the same way for every client: a size that fits
the screen, and a refusal (NoWindow) when SDL can only draw nowhere."""

from __future__ import annotations

import os
import sys
from typing import Any

#: SDL video drivers that draw nowhere a person can see
NO_SCREEN_DRIVERS = frozenset({"dummy", "offscreen", "evdev"})

#: the size a client asks for; smaller screens get what fits, down to the client's minimum
WINDOW = (1600, 1000)
#: the smallest window both clients lay out in with every part reachable: a 1280x720 laptop
#: leaves about 1240x640 to a window once the title bar and the task bar are taken
MINIMUM = (1000, 600)


def _only_the_screen_named() -> None:
    """On Linux with only an X display named, ask SDL for X alone: its Wayland driver, tried
    first, would print "XDG_RUNTIME_DIR is invalid" before the one clear message we give when
    the X server cannot be reached."""
    if not sys.platform.startswith("linux") or os.environ.get("SDL_VIDEODRIVER"):
        return
    if os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ["SDL_VIDEODRIVER"] = "x11"


class NoWindow(RuntimeError):
    """The display could not be opened (an X server named but not reachable, say)."""


def open_display(caption: str, minimum: tuple[int, int], offscreen_ok: bool = False) -> Any:
    """The resizable window surface. ``offscreen_ok``: accept a driver that draws nowhere
    (tests run a client's loop under SDL's dummy driver); otherwise that is NoWindow."""
    import pygame

    from railyard.renderer.fonts import start

    _only_the_screen_named()
    try:
        pygame.display.init()
        driver = pygame.display.get_driver()
        if driver in NO_SCREEN_DRIVERS and not offscreen_ok:  # SDL fell back to drawing nowhere
            pygame.display.quit()
            raise NoWindow(f"SDL found no screen and chose its {driver!r} driver")
        start()
        info = pygame.display.Info()
        size = (min(WINDOW[0], max(minimum[0], info.current_w - 40)) if info.current_w > 0 else WINDOW[0],
                min(WINDOW[1], max(minimum[1], info.current_h - 80)) if info.current_h > 0 else WINDOW[1])
        display = pygame.display.set_mode(size, pygame.RESIZABLE)
    except pygame.error as error:
        if os.environ.get("SDL_VIDEODRIVER") == "x11" and os.environ.get("DISPLAY"):
            raise NoWindow(f"no X server answers at DISPLAY={os.environ['DISPLAY']}") from error
        raise NoWindow(str(error)) from error
    pygame.display.set_caption(caption)
    return display
