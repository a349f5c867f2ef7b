"""Suite-wide settings: no test ever needs a real display, and no Hypothesis test fails on a
wall-clock deadline (CI shares two cores; a slow example is not a wrong one). Tests that must
stay fast say so with a hard limit of their own (tests/fuzz/helpers.py)."""

import os

from hypothesis import settings

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

settings.register_profile("railyard", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "railyard"))
