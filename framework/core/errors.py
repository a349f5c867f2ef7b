"""The one exception a ruleset raises to refuse an action."""

from __future__ import annotations


class IllegalAction(Exception):
    """An action the rules forbid in the current position.

    ``rule`` cites the rule broken (a rulebook section such as "XIV", or a generic rule id such
    as "rule:stock_round.sold_this_round") so that a refusal can be traced to the rulebook.
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message

    def __str__(self) -> str:
        return f"{self.rule}: {self.message}"

    def __reduce__(self):  # keeps the exception picklable despite the two-argument init
        return (type(self), (self.rule, self.message))


class ReplayError(Exception):
    """A saved or replayed action was refused: names its index in the action log and the rule."""

    def __init__(self, index: int, action: object, cause: BaseException) -> None:
        self.index = index
        self.action = action
        self.cause = cause
        self.rule = getattr(cause, "rule", type(cause).__name__)
        super().__init__(f"action {index} ({action!r}) refused: {cause}")


class InvariantBroken(Exception):
    """The debug check found a broken invariant after an action (a bug in a ruleset)."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("invariants broken: " + "; ".join(problems))
