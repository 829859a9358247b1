"""S2 Power of the Sultan [``sultan``]: a way to claim a tile and to earn money.

It changes no scoring round's points, so scoring a round only accepts it by name.
"""

from __future__ import annotations

from typing import Final

from calculator.modules.scoring import ScoringModule

NAME: Final[str] = "sultan"
RULE: Final[str] = "S2"

SCORING: Final[ScoringModule] = ScoringModule(NAME, RULE)


__all__ = ["NAME", "RULE", "SCORING"]
