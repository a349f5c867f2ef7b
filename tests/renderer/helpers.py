"""Shared fixtures for the renderer tests: the title loaded once, pygame started windowless."""

from __future__ import annotations

import functools
import os
from types import SimpleNamespace

import pygame

from railyard.framework.loader import load_title
from railyard.renderer.headless import init_headless

# SDL must not take SIGINT/SIGTERM from Python: Ctrl+C stops the suite (see init_headless)
os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")

#: the tests name who acts first, so players sit as listed (the rules seat them at random);
#: games pass it on so that their saves reload with the same seats
SEATED = ("setup.seating=as_given",)


@functools.lru_cache(maxsize=1)
def title_1837():
    return load_title("1837", None, SEATED)


def start_pygame() -> None:
    init_headless()


def fake_state(phase: str = "2", tokens: dict[str, list[tuple[str, int]]] | None = None,
               board=None):
    """A minimal state for the board snapshot: the phase, companies' tokens, a board."""
    companies = {cid: SimpleNamespace(tokens=list(places), closed=False)
                 for cid, places in (tokens or {}).items()}
    return SimpleNamespace(phase=phase, companies=companies, board=board)


def pixel(surface: pygame.Surface, x: float, y: float) -> tuple[int, int, int]:
    c = surface.get_at((round(x), round(y)))
    return (c.r, c.g, c.b)
