"""H1 Thieves [``thieves``]: 12 thief cards (3 per currency) let a player take a face-up money
card after another player's turn.

It changes no scoring round's points, so scoring a round only accepts it by name.
"""

from __future__ import annotations

from typing import Final

from calculator.engine.hooks import Module
from calculator.modules.scoring import ScoringModule

NAME: Final[str] = "thieves"
RULE: Final[str] = "H1"

SCORING: Final[ScoringModule] = ScoringModule()

MODULE: Final[Module] = Module(NAME, RULE, scoring=SCORING)


__all__ = ["MODULE", "NAME", "RULE", "SCORING"]
