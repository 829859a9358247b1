"""The core's exceptions: one base class, one subclass per kind of refusal."""

from __future__ import annotations

from calculator.core.text import Text


class AlhambraError(Exception):
    """Base of every error the rules core raises."""


class PositionError(AlhambraError):
    """A described position cannot exist (e.g. two tiles on one cell).

    ``index`` is the position of the offending item in the caller's list, so the web layer
    can turn it into a JSON Pointer; ``rule`` is the RULES.md id it breaks.
    """

    def __init__(self, index: int, rule: str, message: Text) -> None:
        super().__init__(repr(message))
        self.index = index
        self.rule = rule
        self.message = message
