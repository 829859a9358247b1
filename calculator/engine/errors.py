"""Why the engine refuses an action: one base class, one subclass per kind of refusal.

Every refusal names the rule (RULES.md id) it enforces, so a client can show the ruling.
"""

from __future__ import annotations

from calculator.core.errors import AlhambraError
from calculator.core.text import Text
from calculator.core.tiles import Cell

Path = tuple[str | int | Cell, ...]
"""Where in a game state a part lies or a problem is found: keys, indexes and cells."""


class ActionRefused(AlhambraError):
    """An action the rules do not allow now; the state it was tried on is unchanged."""

    def __init__(self, rule: str, message: Text) -> None:
        super().__init__(f"{rule}: {message!r}")
        self.rule = rule
        self.message = message


class IllegalAction(ActionRefused):
    """The action breaks a rule (a payment too small, a placement that breaks B2...)."""


class NotYourTurn(ActionRefused):
    """Another player must act now (T2), or the table must reveal a draw."""


class GameOver(ActionRefused):
    """The game has ended (T9): nothing more can happen."""
