"""Phase-dependent values: a number that may change as the game's phases advance.

A title writes either a plain integer or a map ``{phase_name: value}`` read as "from this phase
on". Both forms become one :class:`PhaseValue`, so the engine never branches on the YAML shape.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from railyard.framework.records import Record


@attrs.frozen(repr=False)
class PhaseValue(Record):
    """A value that holds from each listed phase on.

    ``steps`` is ordered as written; a step with phase ``None`` holds from the start of the game.
    Before the first listed phase, the first listed value applies (titles list the earliest
    phase first, so this is the value printed on the board or card).
    """

    steps: tuple[tuple[str | None, int], ...]

    @classmethod
    def of(cls, raw: int | Mapping[str, int] | PhaseValue) -> PhaseValue:
        """Build from the YAML form: an int, or a map phase name -> value."""
        if isinstance(raw, PhaseValue):
            return raw
        if isinstance(raw, bool):
            raise TypeError(f"expected integer or map of phase -> integer, got {raw!r}")
        if isinstance(raw, int):
            return cls(((None, raw),))
        if isinstance(raw, Mapping):
            if not raw:
                raise ValueError("a phase-dependent value needs at least one phase")
            steps = []
            for phase, value in raw.items():
                if isinstance(value, bool) or not isinstance(value, int):
                    raise TypeError(f"expected integer for phase {phase!r}, got {value!r}")
                steps.append((str(phase), value))
            return cls(tuple(steps))
        raise TypeError(f"expected integer or map of phase -> integer, got {raw!r}")

    @property
    def constant(self) -> int | None:
        """The value if it never changes, else None."""
        return self.steps[0][1] if len(self.steps) == 1 else None

    @property
    def first(self) -> int:
        """The value at the start of the game."""
        return self.steps[0][1]

    @property
    def phases(self) -> tuple[str, ...]:
        """The phase names this value refers to (for cross-reference checks)."""
        return tuple(p for p, _ in self.steps if p is not None)

    def at(self, phase_name: str, phase_order: Sequence[str]) -> int:
        """The value in phase ``phase_name``, given the title's phases in game order."""
        if self.constant is not None:
            return self.steps[0][1]
        index = {name: i for i, name in enumerate(phase_order)}
        if phase_name not in index:
            raise KeyError(f"unknown phase {phase_name!r}")
        now = index[phase_name]
        value = self.steps[0][1]
        best = -1
        for phase, step_value in self.steps:
            at = -1 if phase is None else index.get(phase)
            if at is None:
                raise KeyError(f"unknown phase {phase!r}")
            if best <= at <= now:
                best, value = at, step_value
        return value

    def to_raw(self) -> int | dict[str, int]:
        """The YAML form (for saving and JSON output)."""
        if len(self.steps) == 1 and self.steps[0][0] is None:
            return self.steps[0][1]
        return {str(p): v for p, v in self.steps}

    def __int__(self) -> int:
        if self.constant is None:
            raise TypeError("a phase-dependent value has no single integer value")
        return self.constant
