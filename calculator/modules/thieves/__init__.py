"""H1 Thieves [``thieves``]: 12 thief cards (3 per currency) let a player take a face-up money
card after another player's turn.

It changes no scoring round's points, so scoring a round only accepts it by name.
"""

from __future__ import annotations

from typing import Final

from calculator.core.module_scoring import ScoringModule
from calculator.engine.core import Module

NAME: Final[str] = "thieves"
RULE: Final[str] = "H1"

SCORING: Final[ScoringModule] = ScoringModule()

MODULE: Final[Module] = Module(NAME, RULE, scoring=SCORING)


__all__ = ["MODULE", "NAME", "RULE", "SCORING"]
