"""G2 Diamonds [``diamonds``]: a fifth money, diamonds, pays for a tile in any slot, never
mixed with other money; at the end of the game (T9) diamonds count for nothing.

It changes no scoring round's points, so scoring a round only accepts it by name.
"""

from __future__ import annotations

from typing import Final

from calculator.core.module_scoring import ScoringModule
from calculator.engine.core import Module

NAME: Final[str] = "diamonds"
RULE: Final[str] = "G2"

SCORING: Final[ScoringModule] = ScoringModule()

MODULE: Final[Module] = Module(NAME, RULE, scoring=SCORING)


__all__ = ["MODULE", "NAME", "RULE", "SCORING"]
