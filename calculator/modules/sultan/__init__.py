"""S2 Power of the Sultan [``sultan``]: a way to claim a tile and to earn money.

It changes no scoring round's points, so scoring a round only accepts it by name.
"""

from __future__ import annotations

from typing import Final

from calculator.core.module_scoring import ScoringModule
from calculator.engine.core import Module

NAME: Final[str] = "sultan"
RULE: Final[str] = "S2"

SCORING: Final[ScoringModule] = ScoringModule()

MODULE: Final[Module] = Module(NAME, RULE, scoring=SCORING)


__all__ = ["MODULE", "NAME", "RULE", "SCORING"]
