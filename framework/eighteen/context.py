"""What every rule module and round step works with: the title's spec, its hooks, its options.

A leaf: it imports only the data (``spec``, ``state``) and the hook points, never a rule
module or the ruleset, so any module of the family may depend on it without an import cycle.
``G18Ruleset`` is the one implementation; a test may pass any object with these members.
"""

from __future__ import annotations

from typing import Any, Protocol

from railyard.framework.eighteen.hooks import Hooks
from railyard.framework.eighteen.spec import GameSpec
from railyard.framework.eighteen.state import G18State, Train


class Context(Protocol):
    """The rules of one game as the steps see them."""

    @property
    def spec(self) -> GameSpec:
        """The title's definitions (companies, market, trains, phases, setup options)."""

    @property
    def hooks(self) -> Hooks:
        """The title's hook points (``framework/eighteen/hooks.py``)."""

    def round_type(self, kind: str) -> Any:
        """The round type of ``kind`` (``framework/eighteen/rounds.py``)."""

    def mint_train(self, state: G18State, name: str) -> Train:
        """One more train of ``name`` (titles with an unlimited last train)."""
