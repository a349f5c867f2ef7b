"""Throwaway titles for the simulation tests: the pile toy game, with an optional invariant
that breaks once the pile passes 12, and title bots declared in the hooks' ``BOTS``."""

from __future__ import annotations

import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TINYRAIL = ROOT / "docs" / "examples" / "tinyrail"
PACKETRAIL = ROOT / "tests" / "fixtures" / "packetrail"

HOOKS = '''
import random

from tests.framework.core_toy import PileRuleset


class BrokenPile(PileRuleset):
    """The pile game with an invariant that fails once the pile passes 12."""

    def invariants(self, state):
        return ["pile " + str(state.pile) + " passed 12 (injected by the test)"] if state.pile > 12 else []


class Adder:
    """Always adds the most it may (a title's own bot)."""

    def __init__(self, ruleset):
        self.ruleset = ruleset

    def choose(self, view, legal, rng):
        adds = [a for a in legal if hasattr(a, "amount")]
        return max(adds, key=lambda a: a.amount) if adds else legal[0]


class Crasher(Adder):
    def choose(self, view, legal, rng):
        if view.pile >= 9:
            raise ValueError("the crasher gives up at 9")
        return super().choose(view, legal, rng)


RULESET = @RULESET@
BOTS = {"adder": Adder, "crasher": Crasher}
'''


def pile_title(folder: Path, broken: bool = False) -> Path:
    """A title folder whose hooks give the pile ruleset (broken: with the failing invariant)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "title.yaml").write_text(
        textwrap.dedent(
            """\
            id: pile
            name: "Pile (simulation tests)"
            family: pile_test
            players: {min: 2, max: 4}
            files: {}
            hooks: hooks
            """
        ),
        encoding="utf-8",
    )
    (folder / "hooks.py").write_text(HOOKS.replace("@RULESET@", "BrokenPile" if broken else "PileRuleset"), encoding="utf-8")
    return folder
