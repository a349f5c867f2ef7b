"""The only source of randomness a ruleset may use; it lives in (and is copied with) the state."""

from __future__ import annotations

import hashlib
import random
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")


class GameRng:
    """A seeded random generator whose position is part of the game state.

    Copying the state copies the generator, so undo and replay draw the same numbers again.
    """

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.draws = 0
        self._random = random.Random(seed)

    def randint(self, low: int, high: int) -> int:
        self.draws += 1
        return self._random.randint(low, high)

    def random(self) -> float:
        self.draws += 1
        return self._random.random()

    def choice(self, items: Sequence[T]) -> T:
        self.draws += 1
        return self._random.choice(items)

    def shuffle(self, items: MutableSequence[Any]) -> None:
        self.draws += 1
        self._random.shuffle(items)

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        self.draws += 1
        return self._random.sample(items, k)

    def __deepcopy__(self, memo: dict[int, Any]) -> GameRng:
        # the generator's state is an immutable tuple: copying it is cheaper than deepcopy
        new = object.__new__(GameRng)
        new.seed = self.seed
        new.draws = self.draws
        new._random = random.Random()
        new._random.setstate(self._random.getstate())
        return new

    def to_dict(self) -> dict[str, Any]:
        """A canonical form for hashing: the seed, the number of draws and a digest of the state."""
        digest = hashlib.sha256(repr(self._random.getstate()).encode()).hexdigest()[:16]
        return {"seed": self.seed, "draws": self.draws, "state": digest}

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, GameRng)
            and self.seed == other.seed
            and self._random.getstate() == other._random.getstate()
        )

    def __hash__(self) -> int:
        return hash((self.seed, self.draws))

    def __repr__(self) -> str:
        return f"GameRng(seed={self.seed}, draws={self.draws})"
