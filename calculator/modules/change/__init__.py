"""H2 Change [``change``]: overpaying earns one coin of value 1 per 2 units overpaid.

It changes no scoring round's points, so scoring a round only accepts it by name.
"""

from __future__ import annotations

from typing import Final

from calculator.core.module_scoring import ScoringModule
from calculator.engine.core import Module

NAME: Final[str] = "change"
RULE: Final[str] = "H2"

SCORING: Final[ScoringModule] = ScoringModule()

MODULE: Final[Module] = Module(NAME, RULE, scoring=SCORING)


__all__ = ["MODULE", "NAME", "RULE", "SCORING"]
